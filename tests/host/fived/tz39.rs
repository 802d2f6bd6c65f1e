//! The slowest row of the lead's unseen suite of seed 20261304 (session 32,
//! branch `tz39`; `stress/holdout13-tz.tsv`): `standardturnzero-1-checks`
//! 39, Black in check with 1 000+ legal actions, where `outcome`'s first
//! search took 23 546 nodes on main d1c9b8f and 13 725 on `kok5` to find
//! one. Two thirds of those nodes were phase 1's reason tests (`explained`
//! in `phases.rs`): every choice of a board after one had failed was made,
//! without a check test but charged a node, only to see whether an earlier
//! failure's reason held after it. Most such reasons are settled without
//! the move (a condition on another board is as it is now; one on a board
//! the move makes asks only whether that board exists): 11 235 nodes, the
//! same walk.

use super::stress::ongoing_within;

/// The row is decided (legal actions exist) within 12 000 of `outcome`'s
/// nodes; `kok5` ran out of them (13 725).
#[test]
fn reasons_are_settled_without_making_the_move() {
    ongoing_within(
        "holdout13-tz.tsv",
        &[("standardturnzero-1-checks", 39, 12_000)],
    );
}
