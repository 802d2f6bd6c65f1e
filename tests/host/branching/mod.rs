//! Multiverse Time Travel Chess (`games::branching`).

use chronochess::chess::Move2d;
use chronochess::games::branching::{BranchId, BranchTurn, Game, Travel};

use crate::support::sq;

mod memory;
mod options;
mod props;
mod scenarios;

/// The original branch.
const B0: BranchId = BranchId(0);
/// The first branch a journey creates.
const B1: BranchId = BranchId(1);

/// A move in SAN on the latest board of branch `b`.
fn mv(game: &Game, b: BranchId, san: &str) -> Move2d {
    game.branch(b)
        .unwrap()
        .latest()
        .position()
        .parse_san(san)
        .unwrap_or_else(|e| panic!("{san} on branch {b}: {e}"))
}

/// Plays a move in SAN on branch `b`, without travel.
fn play(game: &mut Game, b: BranchId, san: &str) {
    let m = mv(game, b, san);
    game.play(&BranchTurn::plain(b, m))
        .unwrap_or_else(|e| panic!("{san} on branch {b}: {e}"));
}

/// A time travel from `from` to board `to_t`, landing on `landing`.
fn time(from: &str, to_t: u32, landing: &str) -> Travel {
    Travel::Time {
        from: sq(from),
        to_t,
        landing: sq(landing),
    }
}
