//! A phase-2 node's reason, gathered while an early board waits, does not
//! name "`j` unplayed" for a free board `j` that one of its jumps reserved
//! (a jump onto `j`'s end, branching once `j` moves in phase 3). It is
//! reused at nodes where `j` was played, where the same jump branches
//! without reserving anything (`cuts.md`, "A reservation where the reason
//! is reused": exact, since a played board's reservation constrains
//! nothing). `stress/holdout12.tsv` `focusedjustqueens-4-random` 9 is the
//! one row of `stress/*.tsv` where that happens (session 32, branch
//! `audit2`: with the condition added, the capped count takes 507 nodes
//! instead of 506, the one reuse that failed being at a node where `j`
//! was played). The search with every reuse on and the one with none
//! (`plain_legal_actions`) find the same 204 actions.

use super::stress::{load, row_index};
use chronochess::fived::search::{count_legal_actions, fast_legal_actions, plain_legal_actions};
use chronochess::fived::{Answer, Budget};

#[test]
fn a_reason_reused_where_its_reserved_board_was_played_loses_no_action() {
    let (suite, positions) = load("holdout12.tsv");
    let m = &positions[row_index(&suite, "focusedjustqueens-4-random", 9)];
    let plain = plain_legal_actions(m, Budget::UNLIMITED).expect("no budget limit");
    assert_eq!(plain.len(), 204, "the search without reuse");
    let fast = fast_legal_actions(m);
    let missed: Vec<_> = plain.difference(&fast).collect();
    assert!(missed.is_empty(), "missed: {missed:?}");
    assert_eq!(fast, plain);
    assert_eq!(
        count_legal_actions(m, None, Budget::UNLIMITED),
        Answer::Known(204)
    );
}
