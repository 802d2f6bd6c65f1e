//! Helpers shared by this module's unit tests: squares by name, moves by SAN, and
//! the position of scenario C.7.2 (`shared/rules/seed-variants.md`).

use super::{BranchId, BranchTurn, Config, Game, Travel, TravelOrder};
use crate::chess::{Move2d, Square};

/// The original branch.
pub(super) const B0: BranchId = BranchId(0);
/// The first branch a journey creates.
pub(super) const B1: BranchId = BranchId(1);

/// A square by its name.
pub(super) fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A move in SAN on the latest board of `b`.
pub(super) fn mv(game: &Game, b: BranchId, san: &str) -> Move2d {
    game.branch(b)
        .unwrap()
        .latest()
        .position()
        .parse_san(san)
        .unwrap_or_else(|e| panic!("{san} on branch {b}: {e}"))
}

/// Plays a move in SAN on `b`, without travel.
pub(super) fn play(game: &mut Game, b: BranchId, san: &str) {
    let m = mv(game, b, san);
    game.play(&BranchTurn::plain(b, m))
        .unwrap_or_else(|e| panic!("{san} on branch {b}: {e}"));
}

/// 1.e4 e5 2.Nf3 Nc6 under `config`.
pub(super) fn opening(config: Config) -> Game {
    let mut game = Game::new(config).unwrap();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        play(&mut game, B0, san);
    }
    game
}

/// A time travel from `from` to board `to_t`, landing on `landing`.
pub(super) fn time(from: &str, to_t: u32, landing: &str) -> Travel {
    Travel::Time {
        from: sq(from),
        to_t,
        landing: sq(landing),
    }
}

/// Scenario C.7.2: after the opening, 3.Bc4 and the f3 knight back to board 2, c3.
pub(super) fn forked() -> Game {
    let mut game = opening(Config::default());
    let m = mv(&game, B0, "Bc4");
    game.play(&BranchTurn::with_travel(
        B0,
        m,
        TravelOrder::MoveFirst,
        time("f3", 2, "c3"),
    ))
    .unwrap();
    game
}
