//! The two undecided positions of the lead's suite of seed 20261228
//! (`stress/holdout12-slow.tsv`; session 31, branch `uni`): both are
//! checkmate once the pair test of `pair.rs` runs wherever no jump of the
//! searched position can pull the present back (`cuts.md`, "The pair
//! test wherever the present stays"). Main 3a5b90f left both undecided
//! within 300 000 nodes (`focusedjustunicorns-1-checks` 10 also within
//! 60 000 000); now 4 054 and 327 nodes with `kok4`'s cut merged beside
//! it (2 471 and 327 on branch `uni` alone). The budgets pin that. With
//! the line cut on the same premise (session 32, branch `bish2`) `outcome`
//! takes 143 and 0 (`lines.rs`'s test pins those); this test turns the line
//! cut off for its `pair_cuts` check.

use super::stress::checkmates_within;
use chronochess::fived::search::pair_cuts;
use chronochess::fived::{Answer, Budget};

/// Each row is checkmate within its budget of `outcome`'s nodes. In both,
/// White's next timeline is active (so the old premise of the pair test
/// failed) but every jump lands at or after the present, and two boards at
/// the present must each jump while every jump of either gives a check,
/// for good, once the other has jumped.
#[test]
fn holdout12_pairs_decided_where_the_present_stays() {
    let cases: [(&str, usize, u64); 2] = [
        ("focusedjustunicorns-1-checks", 10, 5_000),
        ("focusedjustbishops-2-branching", 8, 500),
    ];
    let positions = checkmates_within("holdout12-slow.tsv", &cases);
    for ((game, pos, budget), m) in cases.into_iter().zip(&positions) {
        // The cut that decides it is the pair (or set) test.
        let (cuts, found) = pair_cuts(m, Budget::nodes(budget));
        assert_eq!(found, Answer::Known(false), "{game} {pos}: no action");
        assert!(cuts > 0, "{game} {pos}: the pair test cuts");
    }
}
