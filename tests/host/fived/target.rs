//! A jump that waits for a board still to play (session 34, branch `m18`,
//! `src/fived/search/target.rs`; `cuts.md`, "A jump that waits for a board
//! still to play").

use super::stress::{load, row_index};
use chronochess::fived::search::count_legal_actions_traced;
use chronochess::fived::{Answer, Budget};

/// `holdout14-m17.tsv focusedjustqueens-12-checks` 17 (Black, 41
/// timelines, in check on 7 boards): the one board at the present, (20T3),
/// has no move but its king's three jumps, each onto the end of the free
/// board (19T4); that board's every way to be played first (its moves, the
/// hops onto it, its own jumps) then leaves a check from (20T3)'s next
/// board, and no jump pulls the present back. `stuck` now says so as soon
/// as phase 1 has passed (20T3): checkmate (ftxi's `5dtools checkmate`
/// agrees) in 129 nodes, and the count is 0 in as many. Before, the free
/// boards' jumps were walked in every order until kept reasons covered
/// them: 166 403 nodes on main 06f82bc, ~190 ms in WASM.
#[test]
fn a_jump_whose_target_cannot_be_played_first_is_no_way_out() {
    super::stress::checkmates_within(
        "holdout14-m17.tsv",
        &[("focusedjustqueens-12-checks", 17, BUDGET)],
    );
    let (suite, positions) = load("holdout14-m17.tsv");
    let m = &positions[row_index(&suite, "focusedjustqueens-12-checks", 17)];
    let (c, nodes) = count_legal_actions_traced(m, Some(1000), Budget::nodes(BUDGET));
    assert_eq!(c, Answer::Known(0), "count within {BUDGET} nodes ({nodes})");
}

/// The node budget of the test above (129 measured).
const BUDGET: u64 = 1_000;
