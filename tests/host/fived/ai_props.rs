#![cfg(not(target_arch = "wasm32"))]
//! The computer never plays an illegal action: whole self-play games, every
//! action submitted through `Game::play` / `Game::submit` (the checks a
//! human's action passes), between every kind of level, on several boards.

use chronochess::chess::Color;
use chronochess::fived::ai::selfplay::play_game;
use chronochess::fived::ai::{choose_action, Level, Limits};
use chronochess::fived::{boards, Multiverse};
use proptest::prelude::*;

const LEVELS: [Level; 5] = [
    Level::Random,
    Level::Ucb,
    Level::Depth(1),
    Level::Depth(2),
    Level::Depth(3),
];
const BOARDS: [&str; 4] = [
    "Standard",
    "Standard - Turn Zero",
    "Very Small - Open",
    "Standard - Two Timelines",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn self_play_actions_are_always_legal(
        seed in any::<u64>(),
        white in 0..LEVELS.len(),
        black in 0..LEVELS.len(),
        board in 0..BOARDS.len(),
    ) {
        let variant = boards::lookup(BOARDS[board]).unwrap();
        let start = Multiverse::from_variant(variant).unwrap();
        let played = play_game(start, 16, |pos, side, i| {
            let level = if side == Color::White { LEVELS[white] } else { LEVELS[black] };
            choose_action(pos, level, seed.wrapping_add(i as u64), &Limits::nodes(3_000))
        });
        prop_assert!(played.is_ok(), "{:?}", played.err());
    }
}
