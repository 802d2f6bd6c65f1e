//! Two rows that `kok4`'s cut made dearer (session 32, branch `kok5`):
//! `stress/holdout9-slow.tsv standardreversedroyalty-2-checks` 18 (572
//! nodes before `kok4`, 8 507 on main d1c9b8f) and `stress/holdout8-slow.tsv
//! standardtwotimelines-1-checks` 18 (2 750, then 5 607). Both have legal
//! actions; the nodes went to the pair test (`pair.rs`), which asked
//! `fails_after_target_leaves` about every jump of the first board of each
//! pair before making it, one probe per jump of the board it lands on,
//! where the test failed anyway at the first jump of the second board left
//! open. Now it asks only about a first jump that leaves one open (`cuts.md`
//! "A jump that waits for its target to leave"): 572 and 2 751 nodes.

use super::stress::ongoing_within;

/// Each row is decided (legal actions exist) within its budget of
/// `outcome`'s nodes; main d1c9b8f ran out of both.
#[test]
fn the_pair_test_asks_about_a_waiting_jump_only_when_it_matters() {
    ongoing_within(
        "holdout9-slow.tsv",
        &[("standardreversedroyalty-2-checks", 18, 2_000)],
    );
    ongoing_within(
        "holdout8-slow.tsv",
        &[("standardtwotimelines-1-checks", 18, 4_000)],
    );
}
