//! The slow checkmates of the lead's unseen suites s20261215..20 kept in
//! `stress/holdout10-bg.tsv` (session 30, branch `bg`; `stress/README.md`
//! "Where holdout10-bg's nodes go"). The budgets pin the answers and
//! today's node counts (main ec21a96: 59 028, 18 114, 13 457 and 10 816
//! nodes; the first 35 135 since the set test of `sets.rs` runs in phase 1
//! only), so that a change that makes them worse shows, and a fix can
//! tighten them.

use super::stress::checkmates_within;

/// Each row is checkmate within its budget of `outcome`'s nodes.
/// `misctimelinebattlegrounds-2-branching` 9 is checkmate by
/// ftxi/5dchess_engine too (`5dtools checkmate` on the custom-header file,
/// with the three start timelines' 5DFEN lines).
#[test]
fn holdout10_checkmates_within_their_budgets() {
    checkmates_within(
        "holdout10-bg.tsv",
        &[
            ("misctimelinebattlegrounds-2-branching", 9, 40_000),
            ("focusedjustunicorns-0-random", 12, 20_000),
            ("simplenoknights-1-checks", 28, 15_000),
            ("simpleknightsvsbishops-1-checks", 26, 12_000),
        ],
    );
}
