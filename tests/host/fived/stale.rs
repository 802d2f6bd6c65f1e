//! Old inactive timelines that cannot pull the present back (issue 14,
//! `src/fived/search/stale.rs`): a position that main's search (9ae881c)
//! left undecided within 300 000 nodes (also at 3 000 000) is decided, with
//! the answer pinned, within a small node budget.

use super::stress::{load, row_index};
use chronochess::fived::search::{count_legal_actions, outcome_traced};
use chronochess::fived::{Answer, Budget, Outcome};

/// `positions.tsv simplenorooks-4-random` 22 (34 timelines, White in check
/// on 5 boards): checkmate. Black's timeline -17 is inactive and ends at T6
/// with White to move; White's first new timeline reactivates it and the
/// present falls back there, onto a board no completion can play (each of
/// its moves, its one jump and any hop onto it gives a check). So an action
/// with a branching jump needs a new timeline starting before T6, and none
/// can; the mandatory board of timeline 11 (its every move, jump and hop
/// onto it a check) then has no way out at the root. Main's `stuck` gave up
/// on every position with such a timeline, and phase 1 tried the
/// combinations of the other early boards' choices (1 764 phase-1 leaves
/// reached phase 2 within 300 000 nodes).
#[test]
fn an_unplayable_stale_end_is_no_way_out() {
    let (suite, positions) = load("positions.tsv");
    let i = row_index(&suite, "simplenorooks-4-random", 22);
    let m = &positions[i];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(BUDGET));
    println!("positions simplenorooks-4-random 22: {o:?}, nodes {nodes:?}");
    assert_eq!(
        o,
        Answer::Known(Outcome::Checkmate),
        "within {BUDGET} nodes ({nodes:?})"
    );
    // The count, a separate run of the search, agrees: no action.
    assert_eq!(
        count_legal_actions(m, Some(1000), Budget::nodes(BUDGET)),
        Answer::Known(0)
    );
}

/// The node budget of the test above (2 measured; main: undecided within
/// 3 000 000).
const BUDGET: u64 = 1_000;
