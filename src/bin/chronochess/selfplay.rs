//! `chronochess selfplay --white LEVEL --black LEVEL --games N [--board NAME]
//! [--seed S] [--save DIR] [--ms N] [--nodes N[,N]] [--opening K] [--swap]`:
//! computer against computer.
//!
//! White is `--white` (with `--swap`, every second game the two levels
//! change sides, the same opening as the game before). A game ends in
//! checkmate, stalemate, or a draw after `ACTION_CAP` (200) actions. Prints
//! one line per game, then the Elo difference (the `--white` level minus the
//! `--black` one) with its 95 % interval, the average time per action of
//! each level, and last `W-D-L: a-b-c` from the `--white` level's side
//! (White's side unless `--swap`).
//!
//! Each action's limit: `--ms` milliseconds (default 100 without
//! `--nodes`), `--nodes N` actions visited (a limit that does not depend on
//! the machine's load: the figures of the README use it; `--nodes A,B`
//! gives the `--white` level A and the `--black` one B), or both.
//! `--opening K` plays the first K actions of each game (pair) as the
//! `random` level with the game's seed, so that levels that are
//! deterministic play different games. `--from K` starts at game K (the
//! games a full run plays from there on). `--save DIR` writes
//! `DIR/game-001.5dpgn` … in the form `convert` writes.

use std::time::Instant;

use chronochess::chess::Color;
use chronochess::fived::ai::selfplay::{elo, play_game, GameEnd, PlayedGame, ACTION_CAP};
use chronochess::fived::ai::{choose_action, Level, Limits, CLOCK_SCAN};
use chronochess::fived::coords::turn_of;
use chronochess::fived::{boards, Game, Multiverse};
use chronochess::notation;
use chronochess::notation::ast::{ActionText, GameText, Span};

use crate::bestmove::{deadline, flag};

const USAGE: &str = "usage: chronochess selfplay --white LEVEL --black LEVEL --games N \
[--board NAME] [--seed S] [--save DIR] [--ms N] [--nodes N[,N]] [--opening K] [--swap] [--from K]";

fn number(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    flag(args, name)?.map_or(Ok(default), |v| {
        v.parse().map_err(|_| format!("{name} needs a number"))
    })
}

/// The game as 5dpgn in the form `convert` writes.
fn game_text(
    board: &str,
    white: Level,
    black: Level,
    played: &PlayedGame,
) -> Result<String, String> {
    let mut game = Game::new(start_of(&played.game));
    let mut actions = Vec::new();
    for (i, action) in played.game.actions().enumerate() {
        let color = game.to_move();
        let turn = u32::try_from(turn_of(game.multiverse().present())).ok();
        let mut moves = Vec::new();
        for mv in &action {
            moves.push(notation::export::move_text(game.multiverse(), mv)?);
            game.play(*mv).map_err(|e| e.to_string())?;
        }
        game.submit().map_err(|e| e.to_string())?;
        actions.push(ActionText {
            span: Span::default(),
            color,
            turn_label: if i == 0 { turn } else { None },
            moves,
            comments: Vec::new(),
        });
    }
    let text = GameText {
        tags: vec![
            ("Board".to_string(), board.to_string()),
            ("Mode".to_string(), "5D".to_string()),
            ("White".to_string(), format!("chronochess {white}")),
            ("Black".to_string(), format!("chronochess {black}")),
            ("Termination".to_string(), played.end.to_string()),
        ],
        fen_boards: Vec::new(),
        actions,
        result: Some(played.end.result().to_string()),
    };
    Ok(notation::writer::write(&text))
}

/// The start position of a game (every action taken back).
fn start_of(game: &Game) -> Multiverse {
    let mut g = game.clone();
    while g.take_back_action() {}
    g.committed()
}

/// Runs the command.
///
/// # Errors
/// A message for bad flags, an unknown board, or an illegal action.
pub fn main(args: &[String]) -> Result<std::process::ExitCode, String> {
    let white: Level = flag(args, "--white")?.ok_or(USAGE)?.parse()?;
    let black: Level = flag(args, "--black")?.ok_or(USAGE)?.parse()?;
    let games = number(args, "--games", 1)?;
    let seed = number(args, "--seed", 1)?;
    // `--nodes N` for both levels, or `--nodes A,B` (the `--white` level's, the `--black` one's).
    let nodes = match flag(args, "--nodes")? {
        None => [u64::MAX; 2],
        Some(v) => {
            let parsed: Result<Vec<u64>, _> = v.split(',').map(str::parse).collect();
            match parsed
                .map_err(|_| "--nodes needs a number or two")?
                .as_slice()
            {
                [n] => [*n; 2],
                [a, b] => [*a, *b],
                _ => return Err("--nodes needs a number or two".to_string()),
            }
        }
    };
    let ms = number(args, "--ms", if nodes[0] == u64::MAX { 100 } else { 0 })?;
    let opening = usize::try_from(number(args, "--opening", 0)?).map_err(|e| e.to_string())?;
    let swap = args.iter().any(|a| a == "--swap");
    // `--from K`: start at game K (1-based), the same games as a full run's.
    let from = number(args, "--from", 1)?.max(1) - 1;
    let board_name = flag(args, "--board")?.unwrap_or("Standard");
    let variant = boards::lookup(board_name).map_err(|e| e.to_string())?;
    let save = flag(args, "--save")?;
    let verbose = args.iter().any(|a| a == "--verbose");
    if let Some(dir) = save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    }
    let start = Multiverse::from_variant(variant).map_err(|e| e.to_string())?;
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    // Per level (the `--white` one first): total seconds, actions.
    let mut time = [(0.0f64, 0u64); 2];
    for g in from..games {
        let swapped = swap && g % 2 == 1;
        // Both games of a swapped pair share their seed (and so their opening).
        let pair = if swap { g / 2 } else { g };
        let (white_level, black_level) = if swapped {
            (black, white)
        } else {
            (white, black)
        };
        let played = play_game(start.clone(), ACTION_CAP, |pos, side, i| {
            let first = (side == Color::White) != swapped;
            let level = if i < opening {
                Level::Random
            } else if first {
                white
            } else {
                black
            };
            let stop = deadline(ms);
            let clock = || ms > 0 && stop();
            let limits = Limits {
                nodes: nodes[usize::from(!first)],
                stop: &clock,
                // With a clock, the root scan is bounded as in the page.
                scan: if ms > 0 { CLOCK_SCAN } else { u64::MAX },
            };
            let game_seed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(pair * 1_000_003 + i as u64);
            let t = Instant::now();
            let c = choose_action(pos, level, game_seed, &limits);
            let slot = &mut time[usize::from(!first)];
            let secs = t.elapsed().as_secs_f64();
            if verbose {
                let (lmin, lmax) = pos.timeline_range();
                eprintln!(
                    "  {} {level}: {:.0} ms, {} timelines, {}",
                    i + 1,
                    secs * 1000.0,
                    lmax - lmin + 1,
                    c.as_ref().map_or_else(
                        || "no action".to_string(),
                        |c| format!(
                            "depth {} score {:?} nodes {} scan {:?}",
                            c.depth, c.score, c.nodes, c.scan
                        )
                    )
                );
            }
            if i >= opening {
                slot.0 += secs;
                slot.1 += 1;
            }
            c
        })
        .map_err(|e| format!("game {}: {e}", g + 1))?;
        match played.end {
            GameEnd::Checkmate { winner } if (winner == Color::White) != swapped => w += 1,
            GameEnd::Checkmate { .. } => l += 1,
            _ => d += 1,
        }
        println!(
            "game {}: {white_level} - {black_level} {} {} after {} actions",
            g + 1,
            played.end.result(),
            played.end,
            played.choices.len()
        );
        if let Some(dir) = save {
            let path = std::path::Path::new(dir).join(format!("game-{:03}.5dpgn", g + 1));
            let text = game_text(variant.name, white_level, black_level, &played)?;
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let (e, lo, hi) = elo(w, d, l);
    println!(
        "Elo difference ({white} - {black}): {} (95 % interval {} to {}) over {} games on {}",
        show(e),
        show(lo),
        show(hi),
        games.saturating_sub(from),
        variant.name
    );
    for (i, level) in [white, black].into_iter().enumerate() {
        let (secs, n) = time[i];
        let avg = if n == 0 {
            0.0
        } else {
            secs * 1000.0 / n as f64
        };
        println!("average time per action, {level}: {avg:.1} ms over {n} actions");
    }
    println!("W-D-L: {w}-{d}-{l}");
    Ok(std::process::ExitCode::SUCCESS)
}

fn show(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:+.0}")
    }
}
