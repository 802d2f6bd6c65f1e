//! Order only (issue 14, `stress/holdout14-q12.tsv`): the actions made of
//! one branching jump alone that pulls the present back, visited before a
//! long search starts again.
//!
//! Where the budget went: `focusedjustqueens-0-checks` 12 (White in check
//! on 6 boards, 26 timelines) has a legal action that is a single jump into
//! the past, `(-3T3)Kc1>>(-2T2)c2` (ftxi/5dchess_engine's answer): its new
//! timeline is active and starts before the present, so the present moves
//! back to the opponent and no other board has to be played, while the
//! checks of the boards left unplayed need the opponent to move there.
//! Phase 1 tries every board's own moves and arrivals before its pass
//! (`phases.rs`), so the path where every early board passes, which that
//! action needs, comes last of all; below the first choices of the boards
//! decided first, the combinations of the others' moves took all of
//! 20 000 000 nodes.
//!
//! Such an action is cheap to test: one move applied, then "is the present
//! the opponent's, and can the opponent take no royal piece". So a search
//! that found nothing within its probe (`blockers.rs` `run_search`) first
//! tries each jump into the past from a playable board that makes an active
//! timeline (a handful per position, one node each), visits those that are
//! legal actions on their own, and then runs the restarted search, which
//! skips those same actions when it reaches them (each action is reached
//! once there, as the one branching move `[m]`). Every action is still
//! visited exactly once, so the answer, the count and every enumeration are
//! unchanged; only the order differs, and only in searches longer than the
//! probe.

use std::ops::ControlFlow;

use super::super::coords::{color_of, Move};
use super::super::multiverse::Multiverse;
use super::{Stop, Visitor};

/// Visits each action of `position` that is one branching jump into the
/// past alone (a new active timeline starting before the present), in the
/// order of the playable boards and their moves, while at most `budget`
/// jumps are applied. Returns how it ended (`Break(Stop::Visitor)` if the
/// visitor stopped, `Break(Stop::Budget)` if the budget ran out), the
/// jumps visited, and the jumps applied (one node each).
pub(super) fn visit_solo_pulls(
    position: &Multiverse,
    budget: u64,
    visit: &mut Visitor<'_>,
) -> (ControlFlow<Stop>, Vec<Move>, u64) {
    let mover = position.to_move();
    let present = position.present();
    let mut visited = Vec::new();
    let mut nodes = 0u64;
    // A jump pulls the present back only through an active new timeline
    // (a reactivated old one is left to the search); and a check that
    // exists before any move stays whatever is played.
    if !position.next_timeline_active(mover)
        || color_of(present) != mover
        || position.any_royal_capture(!mover)
    {
        return (ControlFlow::Continue(()), visited, nodes);
    }
    let mut mv = position.clone();
    for b in position.playable_boards(mover) {
        for m in position.board_moves(b) {
            if m.is_physical() || m.to.board.v >= present || !position.is_branching(&m) {
                continue;
            }
            nodes += 1;
            if nodes > budget {
                return (ControlFlow::Break(Stop::Budget), visited, budget);
            }
            let Some(u) = mv.apply(&m) else { continue };
            let flow = if mv.can_end_action() {
                visited.push(m);
                visit(&[m], &mv)
            } else {
                ControlFlow::Continue(())
            };
            mv.undo(u);
            if flow.is_break() {
                return (ControlFlow::Break(Stop::Visitor), visited, nodes);
            }
        }
    }
    (ControlFlow::Continue(()), visited, nodes)
}
