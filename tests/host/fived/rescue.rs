//! Passed reserved boards need distinct rescuers (issue 14,
//! `src/fived/search/rescue.rs`): phase 3 stops as soon as two reserved
//! boards it passed can only be played by hops from the same board, instead
//! of below every combination of the boards decided between them.

use super::stress::{load, row_index};
use chronochess::fived::search::{count_legal_actions, outcome_traced};
use chronochess::fived::{Answer, Budget, Outcome};

/// `holdout.tsv smallcentered-2-checks` 13 (Black in check on 11 boards,
/// labelled ongoing with at least 1 000 actions): main 4b70c81 needed 437 +
/// 6 nodes, the matching test 137 + 6.
#[test]
fn passed_reserved_boards_need_distinct_rescuers() {
    let (suite, positions) = load("holdout.tsv");
    let m = &positions[row_index(&suite, "smallcentered-2-checks", 13)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(250));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "{o:?} ({nodes:?})"
    );
    assert!(nodes[0] <= 200, "first search: {nodes:?}");
    // The enumeration goes through the same cut: the count is the label's.
    assert_eq!(
        count_legal_actions(m, Some(1000), Budget::nodes(300_000)),
        Answer::Known(1000)
    );
}
