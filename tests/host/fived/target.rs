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

/// `holdout15-fjd.tsv` (session 34, branch `hunt2`'s steered continuations
/// on Focused - Just Dragons): four positions with 51–55 timelines, White
/// in check on 9–13 boards, that main 06f82bc left undecided within
/// 300 000 nodes (one within 30 000 000). The same cut answers each of them
/// checkmate within a few hundred nodes (176, 56, 29 and 44 measured).
/// No outside oracle finishes them (ftxi: no answer within 600 s), so this
/// pins the search's own answer: a change that loses the cut leaves them
/// undecided within this budget, one that breaks it finds an action.
#[test]
fn dragon_positions_once_undecided_are_checkmates_within_a_few_hundred_nodes() {
    super::stress::checkmates_within(
        "holdout15-fjd.tsv",
        &[
            ("focusedjustdragons-0-checks", 22, BUDGET),
            ("focusedjustdragons-1-kings", 22, BUDGET),
            ("b83-focusedjustdragons-0-checks", 22, BUDGET),
            ("b83-focusedjustdragons-1-checks", 22, BUDGET),
        ],
    );
}
