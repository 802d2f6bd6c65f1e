//! The order hint in check (issue 14, `src/fived/search/blockers.rs`): each
//! board's non-branching moves that touch a line of the check of passing
//! everywhere are tried first, for at most `HINT_PROBE_NODES` nodes before
//! an action is found (then the search starts again without it). Order
//! only: the set of actions is the same with and without the hint.

use super::stress::{load, row_index};
use chronochess::fived::search::{actions_in_order, outcome_traced, HINT_PROBE_NODES};
use chronochess::fived::{Answer, Budget, Outcome};

/// `fresh.tsv standard-2-swarm` 18 (White in check, 21 boards at the
/// present): a black queen's line crosses the next boards of five of them,
/// and the way out is one blocking move of the fourth board decided. With
/// the hint an action comes within 1 000 nodes (229 measured); without it,
/// 58 856 before the line cut of `lines.rs` (below the first choices of
/// the line boards, the others were combined until the line closed), now
/// between 100 and 300.
#[test]
fn the_hint_finds_the_blocking_move_at_once() {
    let (suite, positions) = load("fresh.tsv");
    let m = &positions[row_index(&suite, "standard-2-swarm", 18)];
    assert!(m.in_check());
    let hinted = actions_in_order(m, Budget::nodes(1_000), true, 1);
    assert!(
        hinted.as_ref().is_some_and(|a| a.len() == 1),
        "hinted: {hinted:?}"
    );
    // Without the hint: not within 100 nodes. (Not within 20 000 before the
    // line cut of `lines.rs`, which now closes the subtrees where a line
    // board passed the blocking move: within 300.)
    assert_eq!(actions_in_order(m, Budget::nodes(100), false, 1), None);
    let (o, nodes) = outcome_traced(m, Budget::nodes(1_000));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "{o:?} {nodes:?}"
    );
    assert!(nodes[0] < HINT_PROBE_NODES, "{nodes:?}");
}

/// On every position in check of `fresh-slow.tsv` and `holdout2-slow.tsv`
/// (positions chosen because the search was slow there), the hint changes
/// only the order: where both orders enumerate within the budget, the same
/// actions (up to 1 000 of them; the same number when both reach it).
#[test]
fn the_hint_changes_only_the_order() {
    const CAP: usize = 1_000;
    let (mut compared, mut reordered) = (0, 0);
    for file in ["fresh-slow.tsv", "holdout2-slow.tsv"] {
        let (suite, positions) = load(file);
        for (row, m) in suite.positions.iter().zip(&positions) {
            if !m.in_check() {
                continue;
            }
            let budget = Budget::nodes(60_000);
            let (Some(a), Some(b)) = (
                actions_in_order(m, budget, true, CAP),
                actions_in_order(m, budget, false, CAP),
            ) else {
                continue;
            };
            let what = format!("{file} {} {}", row.game, row.pos);
            assert_eq!(a.len(), b.len(), "{what}");
            if a != b {
                reordered += 1;
            }
            if a.len() < CAP {
                let mut sa = a.clone();
                let mut sb = b.clone();
                sa.sort();
                sb.sort();
                assert_eq!(sa, sb, "{what}");
            }
            compared += 1;
        }
    }
    println!("{compared} compared, {reordered} in another order");
    assert!(
        compared >= 20 && reordered > 0,
        "{compared} compared, {reordered} reordered"
    );
}
