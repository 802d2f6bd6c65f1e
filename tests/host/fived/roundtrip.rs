//! Random legal 5D games on every catalogue board, written as canonical
//! 5dpgn, read back and replayed: the replay must reach the same multiverse
//! (issue 4 item 3).

use std::ops::ControlFlow;

use crate::support::{canonical_move, SplitMix64};
use chronochess::fived::boards::{self, Variant, CATALOGUE};
use chronochess::fived::search::for_each_legal_action;
use chronochess::fived::{Budget, Game, Move, Multiverse};
use chronochess::notation::ast::{ActionText, GameText, JumpText, Span};
use chronochess::notation::{reader, resolve, writer};

/// How many legal actions are looked at before one is picked (keeps wide
/// multi-timeline positions cheap); the pick is uniform among those seen.
const PICK_CAP: u64 = 2000;
/// Search budget per enumeration.
const BUDGET: Budget = Budget::nodes(200_000);

/// Plays up to `actions` random legal actions from the start of `variant`;
/// returns the 5dpgn text and the final multiverse.
fn random_game(variant: &Variant, actions: usize, rng: &mut SplitMix64) -> (String, Multiverse) {
    let start = Multiverse::from_variant(variant).expect("catalogue boards build");
    let mut game = Game::new(start);
    let mut texts = Vec::new();
    for i in 0..actions {
        // Reservoir sampling (Algorithm R) over the enumeration.
        let mut seen = 0u64;
        let mut chosen: Option<Vec<Move>> = None;
        let _ = for_each_legal_action(game.multiverse(), BUDGET, |moves, _| {
            seen += 1;
            if rng.below(seen as usize) == 0 {
                chosen = Some(moves.to_vec());
            }
            if seen >= PICK_CAP {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let Some(action) = chosen else {
            break; // mate, stalemate or an exhausted budget: the game ends here
        };
        let color = game.to_move();
        let turn = u32::try_from(game.multiverse().present().div_euclid(2)).ok();
        let mut moves = Vec::new();
        for mv in &action {
            moves.push(canonical_move(game.multiverse(), mv));
            game.play(*mv).expect("an enumerated move plays");
        }
        game.submit().expect("an enumerated action submits");
        texts.push(ActionText {
            span: Span::default(),
            color,
            turn_label: if i == 0 { turn } else { None },
            moves,
            comments: Vec::new(),
        });
    }
    let text = writer::write(&GameText {
        tags: vec![("Board".to_string(), variant.name.to_string())],
        fen_boards: Vec::new(),
        actions: texts,
        result: None,
    });
    (text, game.multiverse().clone())
}

/// Reads `text` back and replays it; the final multiverse, and the replayed
/// actions written canonically again (which must give `text` back).
fn replayed(text: &str, board: &str) -> Result<(Multiverse, String), String> {
    let read = reader::read(text).map_err(|e| e.to_string())?;
    let r = resolve::replay(&read.game, |_, _| {}).map_err(|e| e.to_string())?;
    if let Some(e) = r.error {
        return Err(e.to_string());
    }
    let mut again = Game::new(resolve::start_position(&read.game).map_err(|e| e.to_string())?);
    let mut actions = Vec::new();
    for (i, action) in r.game.actions().enumerate() {
        let color = again.to_move();
        let turn = u32::try_from(again.multiverse().present().div_euclid(2)).ok();
        let mut moves = Vec::new();
        for mv in &action {
            moves.push(canonical_move(again.multiverse(), mv));
            again.play(*mv).map_err(|e| e.to_string())?;
        }
        again.submit().map_err(|e| e.to_string())?;
        actions.push(ActionText {
            span: Span::default(),
            color,
            turn_label: if i == 0 { turn } else { None },
            moves,
            comments: Vec::new(),
        });
    }
    let rewritten = writer::write(&GameText {
        tags: vec![("Board".to_string(), board.to_string())],
        fen_boards: Vec::new(),
        actions,
        result: None,
    });
    Ok((r.game.multiverse().clone(), rewritten))
}

/// What one round-tripped game covered.
#[derive(Default)]
struct Coverage {
    games: usize,
    actions: usize,
    hops: usize,
    branches: usize,
}

/// Plays, writes, reads and replays one game; panics on any difference.
fn assert_round_trip(variant: &Variant, actions: usize, seed: u64, cov: &mut Coverage) {
    let mut rng = SplitMix64(seed);
    let (text, original) = random_game(variant, actions, &mut rng);
    let (back, rewritten) = replayed(&text, variant.name)
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}\n{text}", variant.name));
    assert_eq!(
        rewritten, text,
        "{} seed {seed}: canonical text is not stable",
        variant.name
    );
    assert_eq!(
        back.to_move(),
        original.to_move(),
        "{}\n{text}",
        variant.name
    );
    assert_eq!(
        back.present(),
        original.present(),
        "{}\n{text}",
        variant.name
    );
    assert_eq!(
        back.timeline_range(),
        original.timeline_range(),
        "{}\n{text}",
        variant.name
    );
    assert!(
        back == original,
        "{} seed {seed}: multiverse differs\n{text}",
        variant.name
    );
    let read = reader::read(&text).expect("read above");
    cov.games += 1;
    cov.actions += read.game.actions.len();
    for m in read.game.actions.iter().flat_map(|a| &a.moves) {
        match m.jump {
            JumpText::Hop => cov.hops += 1,
            JumpText::Branch => cov.branches += 1,
            JumpText::None => {}
        }
    }
}

#[test]
fn every_board_round_trips_a_short_random_game() {
    let mut cov = Coverage::default();
    for (i, variant) in CATALOGUE.iter().enumerate() {
        for seed in 0..3u64 {
            let actions = 6 + (seed as usize + i) % 5; // 6 to 10 actions
            assert_round_trip(
                variant,
                actions,
                0x5EED_0000 + 97 * i as u64 + seed,
                &mut cov,
            );
        }
    }
    eprintln!(
        "{} games, {} actions, {} hops, {} branching jumps",
        cov.games, cov.actions, cov.hops, cov.branches
    );
    assert!(
        cov.hops > 0 && cov.branches > 0,
        "the games should travel in time"
    );
}

/// Number of Standard games of [`standard_random_games_round_trip`]; the
/// issue asks 10 000, run by hand with `ROUNDTRIP_GAMES=10000`.
fn standard_games() -> u64 {
    std::env::var("ROUNDTRIP_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

#[test]
fn standard_random_games_round_trip() {
    let standard = boards::lookup("Standard").expect("Standard is in the catalogue");
    let n = standard_games();
    let t = std::time::Instant::now();
    let mut cov = Coverage::default();
    for seed in 0..n {
        assert_round_trip(standard, 6 + (seed as usize % 5), 0xC0FFEE ^ seed, &mut cov);
    }
    eprintln!(
        "{n} Standard games round-tripped in {:.1?}: {} actions, {} hops, {} branching jumps",
        t.elapsed(),
        cov.actions,
        cov.hops,
        cov.branches
    );
}
