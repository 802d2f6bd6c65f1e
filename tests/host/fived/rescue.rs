//! Passed reserved boards need distinct rescuers, by hops no nogood rules
//! out (issue 14, `src/fived/search/rescue.rs`): phase 3 stops as soon as
//! the reserved boards it passed cannot all be played, instead of below
//! every combination of the boards decided between them.

use super::stress::{load, row_index};
use chronochess::fived::search::{any_legal_action, count_legal_actions, outcome_traced};
use chronochess::fived::{Answer, Budget, Game, Outcome};

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

/// `holdout3.tsv focusedjustqueens-0-checks` 12 (50 timelines, White in
/// check on 22 boards): main 4b70c81 left it undecided within 300 000
/// nodes (its phase 3 below an 18-jump sequence); now an action in 1 006 +
/// 29 nodes. The action found is played and submitted, and the count
/// agrees with main's given 3 000 000 nodes (at least 1 000).
#[test]
fn a_reserved_board_whose_only_rescue_gives_a_check_fails_at_once() {
    let (suite, positions) = load("holdout3.tsv");
    let m = &positions[row_index(&suite, "focusedjustqueens-0-checks", 12)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(5_000));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "{o:?} ({nodes:?})"
    );
    let Answer::Known(Some(action)) = any_legal_action(m, Budget::nodes(5_000)) else {
        panic!("no action found within 5 000 nodes");
    };
    let mut game = Game::new(m.clone());
    for mv in &action {
        game.play(*mv).unwrap_or_else(|e| panic!("{mv:?}: {e:?}"));
    }
    game.submit().unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        count_legal_actions(m, Some(1000), Budget::nodes(300_000)),
        Answer::Known(1000)
    );
}
