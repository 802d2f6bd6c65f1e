//! `stress/holdout13-count.tsv` `standardprincess-2-branching` 49 (the lead's
//! unseen suite of seed 20261301; session 32, branch `count`): Black, in
//! check on 9 boards of 29 timelines, has over 1 000 legal actions, almost
//! all of them two branching jumps, the first pulling the present back to
//! an old timeline's end (15T8) that one move then plays. Every third jump
//! fails, for one reason ("(-11T23) unplayed"), and main made that walk
//! again at every node with two jumps: after phase 3 there visited its
//! action, each of the ~950 other jumps was tested against the reason of the
//! first (one node each). The capped count (cap 1 000) took 300 000 nodes
//! and more (main d1c9b8f: about 913 000 without the order hint's probe).
//! Now the reason why every jump of such a node failed is kept per context
//! (`orders.rs` `loop_failed`), and a node of the same context where it
//! holds skips its jumps after phase 3: 29 441 nodes. The budget pins that.

use super::stress::{load, row_index};
use chronochess::fived::search::{
    count_legal_actions_traced, fast_legal_actions, for_each_legal_action, plain_legal_actions,
};
use chronochess::fived::{Answer, Budget, Game};
use std::ops::ControlFlow;

/// The capped count finishes within 60 000 nodes (main: undecided there,
/// and at the stress budget of 300 000).
#[test]
fn prin49_capped_count_within_budget() {
    let (suite, positions) = load("holdout13-count.tsv");
    let m = &positions[row_index(&suite, "standardprincess-2-branching", 49)];
    assert!(m.in_check());
    let (c, nodes) = count_legal_actions_traced(m, Some(1000), Budget::nodes(60_000));
    println!("count {c:?} in {nodes} nodes");
    assert_eq!(c, Answer::Known(1000), "within 60 000 nodes ({nodes})");
}

/// Each of the 1 000 actions the capped count visits is legal: replayed
/// move by move through the staging API it can be submitted, and no two
/// are the same.
#[test]
fn prin49_counted_actions_are_legal_and_distinct() {
    let (suite, positions) = load("holdout13-count.tsv");
    let m = &positions[row_index(&suite, "standardprincess-2-branching", 49)];
    let mut actions: Vec<Vec<chronochess::fived::Move>> = Vec::new();
    let r = for_each_legal_action(m, Budget::nodes(60_000), |moves, _| {
        actions.push(moves.to_vec());
        if actions.len() >= 1000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(r, Answer::Known(false), "stopped at the cap");
    assert_eq!(actions.len(), 1000);
    for a in &actions {
        let mut g = Game::new(m.clone());
        for mv in a {
            g.play(*mv).expect("each move of the action plays");
        }
        assert!(g.can_submit().is_ok(), "the action can be submitted");
    }
    let distinct: std::collections::BTreeSet<_> = actions.iter().collect();
    assert_eq!(distinct.len(), 1000);
}

/// Rows whose count walked the same failing jumps below each of phase 1's
/// leaves (session 33, branch `cnt2`): each jump's reason is now kept per
/// context (`orders.rs` `JumpReasons`) and skips it at the next leaf
/// unmade. Capped count (cap 1 000) and the nodes it now fits in; main
/// 6ed3855 took 25 510, 28 964 and 30 364 nodes (now 2 416, 7 964, 8 775).
#[test]
fn capped_counts_reuse_each_jumps_reason_across_leaves() {
    let rows = [
        ("holdout.tsv", "focusedjustqueens-0-swarm", 7, 5_000),
        (
            "holdout6-slow.tsv",
            "standardprincess-2-branching",
            13,
            12_000,
        ),
        ("holdout6.tsv", "checkmatepracticerook-3-swarm", 11, 12_000),
    ];
    for (file, game, pos, budget) in rows {
        let (suite, positions) = load(file);
        let m = &positions[row_index(&suite, game, pos)];
        let (c, nodes) = count_legal_actions_traced(m, Some(1000), Budget::nodes(budget));
        println!("{file} {game} {pos}: count {c:?} in {nodes} nodes");
        assert_eq!(c, Answer::Known(1000), "{game} {pos} within {budget} nodes");
    }
}

/// `stress/holdout12.tsv` `checkmatepracticebishop-3-kings` 7 (915
/// actions, all counted): the jumps' reasons kept across leaves cut the
/// full count from 6 064 nodes (main 6ed3855) to 1 990, and the search
/// with every reuse finds the same actions as the one reusing nothing
/// (`plain_legal_actions`).
#[test]
fn jumps_reasons_kept_across_leaves_lose_no_action() {
    let (suite, positions) = load("holdout12.tsv");
    let m = &positions[row_index(&suite, "checkmatepracticebishop-3-kings", 7)];
    let (c, nodes) = count_legal_actions_traced(m, None, Budget::nodes(3_000));
    println!("count {c:?} in {nodes} nodes");
    assert_eq!(c, Answer::Known(915), "within 3 000 nodes ({nodes})");
    let plain = plain_legal_actions(m, Budget::UNLIMITED).expect("no budget limit");
    assert_eq!(plain.len(), 915, "the search without reuse");
    assert_eq!(fast_legal_actions(m), plain);
}
