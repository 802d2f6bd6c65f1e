//! Long proofs restart in the hop-linked board order (`src/fived/search/
//! linked.rs`), and phase 1 keeps each failure's reason at the earliest
//! level where it holds (`src/fived/search/levels.rs`): the slowest
//! checkmates of the stress suite are proven within node bounds that main
//! (a7266ef) misses.

use super::stress::{load, row_index};
use chronochess::fived::search::{count_legal_actions, outcome_traced};
use chronochess::fived::{Answer, Budget, Outcome};

/// The checkmate proven within `bound` nodes of `outcome`'s first search
/// (of which the first `HINT_PROBE_NODES` go to the probe in the old
/// order), and the enumeration finds no action either.
fn checkmate_within(file: &str, game: &str, pos: usize, bound: u64) {
    let (suite, positions) = load(file);
    let m = &positions[row_index(&suite, game, pos)];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(bound));
    assert_eq!(
        o,
        Answer::Known(Outcome::Checkmate),
        "{game} {pos}: {nodes:?}"
    );
    assert_eq!(
        count_legal_actions(m, Some(1), Budget::nodes(bound)),
        Answer::Known(0)
    );
}

/// `holdout2.tsv standardreversedroyalty-3-random` 30 (36 timelines, White
/// in check, 21 boards at the present): a black piece on timeline 10
/// attacks White's royal queen on timeline 7 through the next boards of
/// timelines 8 and 9, four boards that hop onto each other but were
/// decided at levels 0, 4, 7 and 20. Main: 192 307 nodes (144 ms); now
/// 1 000 in the probe and 15 548 in the linked order.
#[test]
fn hop_linked_boards_decided_together_prove_the_worst_checkmate() {
    checkmate_within(
        "holdout2.tsv",
        "standardreversedroyalty-3-random",
        30,
        20_000,
    );
}

/// `holdout3.tsv small-2-branching` 19 (labelled checkmate by the search)
/// and `holdout2.tsv simplenorooks-1-checks` 15 (checkmate, unlabelled):
/// main 22 437 and 32 709 nodes; with reasons kept at the earliest level
/// alone 5 986 and 19 944, with the linked order too 1 790 and 10 552.
#[test]
fn reasons_kept_at_the_earliest_level_shorten_other_checkmates() {
    checkmate_within("holdout3.tsv", "small-2-branching", 19, 3_000);
    checkmate_within("holdout2.tsv", "simplenorooks-1-checks", 15, 15_000);
}
