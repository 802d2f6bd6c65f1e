//! Early boards with no way of their own pass first (branch `strat`,
//! `src/fived/search/stuck.rs` `pull_first_for_bare`, order only): a board
//! at the present with no move and no jump can be played only by an arrival
//! (a hop from a board decided after it) or left to a pulled-back present.
//! When a board decided after it has a jump into the past not known to
//! fail, phase 1 now tries its pass before its arrivals (in the search after
//! the probe only, so short searches are unchanged).
//!
//! And in phase 2 (branch `fjd`, `src/fived/search/phases.rs`
//! `pull_back_first`, order only): while an early board waits at the
//! present, the free boards' jumps that pull the present back come right
//! after the early boards' jumps, before the free boards' other jumps.

use super::stress::{load, row_index};
use chronochess::fived::search::{any_legal_action, outcome_traced};
use chronochess::fived::{Answer, Budget, Game, Outcome};

/// `holdout8-strat.tsv misctimelinestrategos-1-checks` 20 (the lead's y08
/// suite, seed 20261208; 40 timelines, White to move at T3, in check on 6
/// boards): the game goes on. ftxi's `5dtools checkmate` gives
/// `(-19T3)Kd2e2 (-3T3)Ne1>>(-5T2)e1`: one jump into the past pulls the
/// present back to T2 (Black), so every other board at T3 passes, and the
/// king of the inactive timeline -19 steps out of its check. Before, phase 1
/// tried the hops onto the two boards at the present with no move and no
/// jump (`-0` and `+2`) first, and below that leaf phase 2 spent the whole
/// budget on jump sequences (int, 679701b: undecided within 300 000 nodes).
#[test]
fn bare_boards_pass_first_when_a_jump_can_pull_the_present_back() {
    let (suite, positions) = load("holdout8-strat.tsv");
    let m = &positions[row_index(&suite, "misctimelinestrategos-1-checks", 20)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(BUDGET));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "within {BUDGET} nodes: {o:?} ({nodes:?})"
    );
}

/// The node budget of the test above (1 073 measured: the order applies only
/// after the probe of `run_search`, whose 1 000 nodes come first; int:
/// undecided within 300 000).
const BUDGET: u64 = 5_000;

/// `holdout10-fjd.tsv focusedjustdragons-2-branching` 16 (the lead's suite
/// of seed 20261215; White to move, 32 timelines, in check on 8 boards, over
/// 1 000 legal actions): the one board at the present (timeline -16) has no
/// move of its own and its jumps land on a board no move can play, so every
/// action pulls the present back. Main ec21a96 made the free boards' jumps
/// in board order and extended each sequence, up to nine jumps deep, until
/// its pull-back came: the first action after 139 478 nodes. With the free
/// boards' pull-back jumps first, one jump into the past is an action (16
/// nodes measured); it is played and submitted through the staging API.
#[test]
fn jumps_that_pull_the_present_back_come_first_while_a_board_waits() {
    let (suite, positions) = load("holdout10-fjd.tsv");
    let m = &positions[row_index(&suite, "focusedjustdragons-2-branching", 16)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(PULL_BACK_BUDGET));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "within {PULL_BACK_BUDGET} nodes: {o:?} ({nodes:?})"
    );
    let Answer::Known(Some(action)) = any_legal_action(m, Budget::nodes(PULL_BACK_BUDGET)) else {
        panic!("no action found within {PULL_BACK_BUDGET} nodes");
    };
    let mut game = Game::new(m.clone());
    for mv in &action {
        game.play(*mv).unwrap_or_else(|e| panic!("{mv:?}: {e:?}"));
    }
    game.submit().unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        game.multiverse().present() < m.present(),
        "the action pulls the present back"
    );
}

/// The node budget of the test above (16 measured for the first action;
/// main ec21a96: 139 478).
const PULL_BACK_BUDGET: u64 = 200;
