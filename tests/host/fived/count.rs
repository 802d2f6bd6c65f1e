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
use chronochess::fived::search::{count_legal_actions_traced, for_each_legal_action};
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
