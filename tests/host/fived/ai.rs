#![cfg(not(target_arch = "wasm32"))]
//! The computer opponent against the corpus and through the CLI:
//! every corpus position with a checkmating action for the side to move
//! (found here by our own exact search: every legal action listed, each
//! checking one tested with `outcome`) is answered with a mating action;
//! `chronochess bestmove` prints a line that extends the game.

use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;

use chronochess::fived::ai::selfplay::play_checked;
use chronochess::fived::ai::{choose_action, Level, Limits, Scan};
use chronochess::fived::search::{for_each_legal_action, outcome};
use chronochess::fived::{Answer, Budget, Game, Move, Outcome};
use chronochess::notation;

/// The mating actions of the side to move, or `None` if the exact search
/// could not decide within its budget.
fn mating_actions(game: &Game, max_actions: usize, budget: u64) -> Option<Vec<Vec<Move>>> {
    let pos = game.multiverse();
    let mut actions = Vec::new();
    let r = for_each_legal_action(pos, Budget::nodes(budget), |moves, _| {
        actions.push(moves.to_vec());
        if actions.len() > max_actions {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if r != Answer::Known(true) {
        return None;
    }
    let mut mates = Vec::new();
    for a in actions {
        let mut g = game.clone();
        play_checked(&mut g, &a).ok()?;
        let after = g.multiverse();
        if !after.in_check() {
            continue;
        }
        match outcome(after, Budget::nodes(5_000_000)) {
            Answer::Known(Outcome::Checkmate) => mates.push(a),
            Answer::Known(_) => {}
            Answer::Unknown => return None,
        }
    }
    Some(mates)
}

/// Positions with up to 5 000 legal actions (fast enough for a debug
/// `cargo test`).
#[test]
fn every_corpus_mate_in_one_is_played() {
    corpus_mates(5_000, 2_000_000, &EVERY_LEVEL);
}

/// Positions with up to 200 000 legal actions: `cargo test --release --test
/// ai -- --ignored`.
#[test]
#[ignore = "slow outside a release build"]
fn every_corpus_mate_in_one_is_played_in_larger_positions() {
    corpus_mates(200_000, 50_000_000, &[Level::Strongest]);
}

/// The node limit of the choice above. The root's listing may use a
/// sixth of a level's limit (at least 2 000 nodes: actions listed plus the
/// mate tests' cost), so only a level without a limit of its own
/// (`strongest`) can be given one that lets it list every action of the
/// larger positions: 10 000 000 nodes of scan, an enumeration of 20 000 000
/// applied moves. Past its share, every level's scan goes on with 20 000
/// nodes of its own, enough for the positions with up to 5 000 actions.
/// (Before that, level 1 and 2's scans stopped after about 2 000 nodes, and
/// `tools__dead-timeline` position 24, with 4 573 actions and its mating
/// action the 1 964th, was answered with a mate only while the mate tests
/// before it cost under 36 nodes: branch `stale`, issue 14.)
const SCAN: u64 = 60_000_000;

/// Every level that searches: each plays a mate in one it has.
const EVERY_LEVEL: [Level; 5] = [
    Level::Depth(1),
    Level::Depth(2),
    Level::Depth(3),
    Level::Depth(4),
    Level::Strongest,
];

fn corpus_mates(max_actions: usize, budget: u64, levels: &[Level]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/games");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("skipped: {} is absent", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    let (mut positions, mut undecided, mut found) = (0, 0, 0);
    for path in files {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let Ok(read) = notation::read(&text) else {
            continue;
        };
        let mut games = Vec::new();
        let _ = notation::resolve::replay(&read.game, |_, g| games.push(g.clone()));
        for (pos, game) in games.iter().enumerate() {
            positions += 1;
            let Some(mates) = mating_actions(game, max_actions, budget) else {
                undecided += 1;
                continue;
            };
            if mates.is_empty() {
                continue;
            }
            found += 1;
            for &level in levels {
                let c = choose_action(game.multiverse(), level, 1, &Limits::nodes(SCAN)).unwrap();
                assert_eq!(
                    c.scan,
                    Scan::Mate,
                    "{} pos {pos} level {level}",
                    path.display()
                );
                assert!(
                    mates.iter().any(|m| {
                        let mut a = m.clone();
                        let mut b = c.moves.clone();
                        a.sort();
                        b.sort();
                        a == b
                    }) || {
                        let mut g = game.clone();
                        play_checked(&mut g, &c.moves).is_ok()
                            && outcome(g.multiverse(), Budget::UNLIMITED)
                                == Answer::Known(Outcome::Checkmate)
                    },
                    "{} pos {pos} level {level}: {:?} does not mate",
                    path.display(),
                    c.moves
                );
            }
        }
    }
    println!("{positions} positions, {found} with a mate in one (all played), {undecided} too large to decide here");
    // The corpus has games that end in checkmate: their last but one
    // position has a mate in one.
    assert!(found >= 5, "only {found} mate-in-one positions found");
}

fn bestmove_extends(text: &str, level: &str) {
    let dir = std::env::temp_dir().join(format!("chronochess-ai-{}-{level}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.5dpgn");
    std::fs::write(&file, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chronochess"))
        .args([
            "bestmove",
            file.to_str().unwrap(),
            "--level",
            level,
            "--ms",
            "300",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    let line = line.trim_end();
    assert_eq!(line.lines().count(), 1, "{line}");
    let before = notation::read(text).unwrap();
    let replayed = notation::resolve::replay(&before.game, |_, _| {}).unwrap();
    let n = replayed.played;
    let game = replayed.game;
    let longer = match game.to_move() {
        chronochess::chess::Color::White => {
            let turn = chronochess::fived::coords::turn_of(game.multiverse().present());
            format!("{}\n{turn}. {line}\n", text.trim_end())
        }
        chronochess::chess::Color::Black => format!("{} / {line}\n", text.trim_end()),
    };
    let read = notation::read(&longer).unwrap();
    let r = notation::resolve::replay(&read.game, |_, _| {}).unwrap();
    assert!(r.error.is_none(), "{longer}: {:?}", r.error);
    assert_eq!(r.played, n + 1, "{longer}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bestmove_prints_a_line_that_extends_the_game() {
    bestmove_extends("[Board \"Standard\"]\n[Mode \"5D\"]\n\n1. (0T1)e2e4\n", "2");
    bestmove_extends(
        "[Board \"Standard\"]\n[Mode \"5D\"]\n\n1. (0T1)e2e4 / (0T1)d7d5\n2. (0T2)Ng1f3 / (0T2)Nb8>>(0T1)b6\n",
        "strongest",
    );
    bestmove_extends(
        "[Board \"Standard\"]\n[Mode \"5D\"]\n\n1. (0T1)e2e4 / (0T1)d7d5\n2. (0T2)Ng1f3 / (0T2)Nb8>>(0T1)b6\n3. (-1T2)Ng1f3 (0T3)e4xd5\n",
        "ucb",
    );
}

/// Standard - Princess, White (strongest) to move after 18 actions of each
/// side of a game against random (`stress/selfplay2.tsv`'s `pr-s-r-003`,
/// cut there: `tests/data/princess-many-timelines.5dpgn`): 20 timelines,
/// far more actions than any listing reaches. Main 3a5b90f's strongest used
/// 14 812 nodes for a limit of 3 000 here, and 58 121 with a clock that had
/// already run out: the root's mate scan went on past the level's share
/// with budgets of its own.
fn many_timelines() -> Game {
    read_game(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/princess-many-timelines.5dpgn"
    ))
}

/// The game of the 5dpgn file at `path`, every action replayed.
fn read_game(path: &str) -> Game {
    let text = std::fs::read_to_string(path).unwrap();
    let read = notation::read(&text).unwrap();
    let r = notation::resolve::replay(&read.game, |_, _| {}).unwrap();
    assert!(r.error.is_none(), "{:?}", r.error);
    r.game
}

#[test]
fn a_node_limit_bounds_the_whole_think() {
    let game = many_timelines();
    let (lmin, lmax) = game.multiverse().timeline_range();
    assert_eq!(lmax - lmin + 1, 20);
    // Levels 2 and 4 have limits of their own (3 000, 20 000) below or
    // above the caller's; the caller's bounds everything.
    for (level, limit) in [
        (Level::Strongest, 3_000),
        (Level::Strongest, 12_000),
        (Level::Depth(2), 3_000),
        (Level::Depth(4), 6_000),
    ] {
        let c = choose_action(game.multiverse(), level, 1, &Limits::nodes(limit)).unwrap();
        assert!(
            c.nodes <= limit + limit / 4,
            "level {level}, limit {limit}: {} nodes",
            c.nodes
        );
        let mut g = game.clone();
        play_checked(&mut g, &c.moves).unwrap();
    }
}

#[test]
fn a_clock_that_has_run_out_ends_the_think_soon() {
    // The root's listing may count 2 000 nodes before it asks the clock,
    // and the safety check runs after the clock with at most 10 000.
    let game = many_timelines();
    let stop = || true;
    let c = choose_action(
        game.multiverse(),
        Level::Strongest,
        1,
        &Limits::clock(&stop),
    )
    .unwrap();
    assert!(c.nodes <= 15_000, "{} nodes", c.nodes);
    let mut g = game.clone();
    play_checked(&mut g, &c.moves).unwrap();
}

/// Standard, White (strongest) to move at action 21 of a game against
/// random that main d1c9b8f lost (`selfplay --white strongest --black
/// random --board Standard --ms 0 --nodes 30000 --swap --seed 14`, game 1;
/// `tests/data/standard-runaway.5dpgn`): 15 timelines, strongest 6 000 to
/// 10 000 cp ahead by its evaluation. Main played a jump back that made
/// one more timeline here (and three more at action 23); random's reply at
/// action 24 left every action of strongest allowing a mate in one at 19
/// timelines. A jump back copies the lead of the board it lands on into
/// the new timeline, which the summed evaluation counted as a gain; ahead
/// in a large multiverse, strongest now takes that off (and its root also
/// gets the greedy actions that do not branch), so it plays on the boards
/// it has (and won that game).
#[test]
fn ahead_in_a_large_multiverse_strongest_does_not_branch() {
    let game = read_game(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/standard-runaway.5dpgn"
    ));
    let before = game.multiverse().timeline_range();
    assert_eq!(before.1 - before.0 + 1, 15);
    let c = choose_action(
        game.multiverse(),
        Level::Strongest,
        1,
        &Limits::nodes(30_000),
    )
    .unwrap();
    let mut g = game.clone();
    play_checked(&mut g, &c.moves).unwrap();
    assert_eq!(
        g.multiverse().timeline_range(),
        before,
        "{:?} (score {:?})",
        c.moves,
        c.score
    );
}
