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
use chronochess::fived::search::first_action_walk;
use chronochess::fived::{Answer, Budget};

/// The row is decided (legal actions exist) within 12 000 of `outcome`'s
/// nodes; `kok5` ran out of them (13 725).
#[test]
fn reasons_are_settled_without_making_the_move() {
    ongoing_within(
        "holdout13-tz.tsv",
        &[("standardturnzero-1-checks", 39, 12_000)],
    );
}

/// The pair test keeps, per jump of one board and square the other board's
/// jump leaves, the nogood it found (`pair.rs` `AfterJumps`; branch
/// `tz40`: most of this row's time was those look-ups, 40 × 40 per pair).
/// Looking each one up afresh walks the same nodes, with the same cuts.
#[test]
fn kept_pair_lookups_walk_as_fresh_ones() {
    let positions = ongoing_within(
        "holdout13-tz.tsv",
        &[("standardturnzero-1-checks", 39, 12_000)],
    );
    let budget = Budget::nodes(40_000);
    let kept = first_action_walk(&positions[0], budget, false);
    let fresh = first_action_walk(&positions[0], budget, true);
    println!("kept {kept:?}, fresh {fresh:?}");
    assert!(matches!(kept.0, Answer::Known(true)), "{kept:?}");
    assert!(kept.2 + kept.3 > 0, "the pair or set test cut: {kept:?}");
    assert_eq!(kept, fresh);
}
