//! A row no build before branch `q12` decided (`stress/holdout14-q12.tsv`,
//! from a helper's adversarial generator, session 33):
//! `focusedjustqueens-0-checks` 12, White in check on 6 boards of 26
//! timelines. Main 6ed3855 found no legal action within 20 000 000 nodes;
//! ftxi/5dchess_engine answers "not checkmate" with `(-3T3)Kc1>>(-2T2)c2`,
//! one jump into the past alone: it makes an active timeline before the
//! present, so no other board must be played. Phase 1 tries every early
//! board's pass last, so the path of such an action came last of all; now a
//! search that finds nothing within its probe first visits the actions of
//! one such jump alone (`src/fived/search/solo.rs`), then starts again with
//! every early board passing first, skipping the actions already visited.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use chronochess::fived::puzzle::action_key;
use chronochess::fived::search::{count_legal_actions, for_each_legal_action};
use chronochess::fived::{Answer, BoardId, Budget, Move};

use super::stress::ongoing_within;

/// The row has a legal action within 1 100 of `outcome`'s nodes (1 002:
/// the probe's 1 000, then the jumps into the past tried alone).
#[test]
fn one_jump_into_the_past_alone_is_found() {
    ongoing_within(
        "holdout14-q12.tsv",
        &[("focusedjustqueens-0-checks", 12, 1_100)],
    );
}

/// The capped count (1 000) is reached within 3 000 nodes (2 463), and
/// the first 3 000 actions visited are all different, the jump of ftxi's
/// answer among them once: the restarted search skips the actions the
/// jumps tried alone already visited.
#[test]
fn the_count_goes_on_and_visits_each_action_once() {
    let m = ongoing_within(
        "holdout14-q12.tsv",
        &[("focusedjustqueens-0-checks", 12, 1_100)],
    )
    .remove(0);
    assert_eq!(
        count_legal_actions(&m, Some(1000), Budget::nodes(3_000)),
        Answer::Known(1000)
    );
    let mut seen = BTreeSet::new();
    let mut visited = 0usize;
    let mut ftxi = 0usize;
    let jump = |mv: &Move| {
        mv.from.board == BoardId { l: -3, v: 6 }
            && mv.to.board == BoardId { l: -2, v: 4 }
            && (mv.to.square.x, mv.to.square.y) == (2, 1)
    };
    let r = for_each_legal_action(&m, Budget::nodes(20_000), |moves, _| {
        visited += 1;
        if moves.len() == 1 && jump(&moves[0]) {
            ftxi += 1;
        }
        seen.insert(action_key(&m, moves).expect("the action applies"));
        if visited >= 3_000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(r, Answer::Known(false), "3 000 actions within 20 000 nodes");
    assert_eq!(seen.len(), visited, "no action visited twice");
    assert_eq!(ftxi, 1, "ftxi's action visited once");
}

/// `miscexcessive-1-kings` 14 (`stress/holdout14-undec.tsv`), White in
/// check on 6 boards of 23 timelines, has the same shape: main 6ed3855
/// needed 419 548 nodes for a first action (ftxi's is
/// `(-11T4)Bc2xb3 (-1T4)De1>>(-2T3)d2`, ending in a jump to the past); the
/// jumps tried alone find one within 1 100 (1 006).
#[test]
fn a_second_check_on_six_boards_is_answered_by_a_jump_back() {
    ongoing_within(
        "holdout14-undec.tsv",
        &[("miscexcessive-1-kings", 14, 1_100)],
    );
}
