//! Reasons between sibling jumps in phase 2 (issue 14,
//! `src/fived/search/siblings.rs`, `nogood.rs`): a jump checked through
//! the timeline it creates itself, and a present held by a timeline the
//! jump reactivates, no longer make a phase-2 node's reason unknown
//! (`src/fived/search/cuts.md`, "The jump's own new timeline").

use super::stress::{load, row_index};
use chronochess::fived::search::{any_legal_action, outcome_traced};
use chronochess::fived::{Answer, Budget, Game, Outcome};

/// `holdout9.tsv misckingofkings-0-kings` 13 (Black, 40 timelines, in
/// check; Black's next seven timelines are all active): main ec21a96 left
/// it undecided within 300 000 nodes (about 309 first jumps that pull the
/// present back, each child testing some 950 sibling jumps, none of the
/// children with a known reason). Now an action within 40 000 nodes
/// (37 254 measured). ftxi's `5dtools checkmate` says checkmate, but the
/// action below, one the search finds, replays in ftxi and leaves White no
/// royal capture there (`stress/README.md`, the ninth holdout suite): it
/// plays and submits here through the staging API.
#[test]
fn a_check_through_the_jumps_own_timeline_keeps_the_reason() {
    let (suite, positions) = load("holdout9.tsv");
    let m = &positions[row_index(&suite, "misckingofkings-0-kings", 13)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(BUDGET));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { .. })),
        "{o:?} within {BUDGET} nodes ({nodes:?})"
    );
    let Answer::Known(Some(action)) = any_legal_action(m, Budget::nodes(BUDGET)) else {
        panic!("no action found within {BUDGET} nodes");
    };
    let mut game = Game::new(m.clone());
    for mv in &action {
        game.play(*mv).unwrap_or_else(|e| panic!("{mv:?}: {e:?}"));
    }
    game.submit().unwrap_or_else(|e| panic!("{e:?}"));
}

/// The node budget of the test above.
const BUDGET: u64 = 40_000;

/// `holdout14-m17.tsv focusedjustqueens-12-checks` 17 (session 33, branch
/// `m17`; found by branch `hunt`'s steered suite h8fjq): Black, 41
/// timelines, in check on 7 boards. One board waits at the present, with
/// no move but its king's jumps; Black's first jump makes the next timeline
/// inactive, so no later jump pulls the present back. That board's own
/// jump moves the present on (T3 to T3 White), which made every phase-2
/// node's reason unknown, so the free boards' jumps were walked in every
/// order, eight deep: main 6ed3855 unknown within 5 000 000 nodes. Now the
/// present after such a jump is pinned by naming the other boards at the
/// present played (`cuts.md`, "The present a waiting board's own jump
/// moves on"): checkmate (ftxi's `5dtools checkmate` agrees) in 221 597
/// nodes (main 06f82bc: 166 403). Since branch `m18` `stuck` answers it
/// once phase 1 has passed (20T3), in 129 nodes (`target.rs`, pinned in
/// `tests/host/fived/target.rs`); this budget stays the upper bound.
#[test]
fn a_waiting_boards_own_jump_that_moves_the_present_on_keeps_the_reason() {
    super::stress::checkmates_within(
        "holdout14-m17.tsv",
        &[("focusedjustqueens-12-checks", 17, 240_000)],
    );
}
