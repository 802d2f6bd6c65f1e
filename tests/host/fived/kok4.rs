//! `stress/holdout11.tsv` `misckingofkings-3-kings` 14 (session 31, branch
//! `kok4`): White, to move on 38 active timelines of a King of Kings game,
//! must play the end boards of timelines -19 and -18, at the present, by a
//! branching jump each. Their jumps that do not give a check at once land on
//! the end boards of timelines -20 and -17 (one turn later), early boards
//! passed in phase 1: such a jump is a hop there, and a branching jump only
//! once that board has left by its own jump, after which it gives a check
//! (a black common king of the board the leaving jump leaves behind next to
//! a royal king of the board the jump leaves behind). `stuck` and the pair
//! test counted those jumps as ways out, so phase 2 enumerated the free
//! boards' jump sequences below every phase-1 leaf: undecided within
//! 300 000 nodes (main 3a5b90f). Now `stuck` (`fails_after_target_leaves`)
//! and the pair test, which also runs while every jump that could pull the
//! present back fails, see it: checkmate in 5 625 nodes (`cuts.md` "A jump
//! that waits for its target to leave"; 5 506 nodes since session 32's
//! `kok5`, which asks that test last).

use super::stress::checkmates_within;

/// Checkmate within 10 000 nodes of `outcome` (5 506 today; main 3a5b90f: unknown
/// at 300 000).
#[test]
fn a_jump_waiting_for_its_target_to_leave_is_no_way_out() {
    checkmates_within("holdout11.tsv", &[("misckingofkings-3-kings", 14, 10_000)]);
}
