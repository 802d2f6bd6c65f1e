//! `stress/holdout11-fjk.tsv` `focusedjustkings-5-checks` 6 (the lead's
//! unseen suite of seed 20261228): White must play three boards at the
//! present, (-2T2), (-4T2) and (2T2). Every jump of (-4T2) gives a check
//! except those onto the free end board (-3T3), which has no move of its
//! own: they are branching jumps only once (-2T2) has hopped onto (-3T3), a
//! hop phase 1 decides. In phase 2, below a phase-1 choice where (-3T3) was
//! still unplayed, such a jump was skipped (`phase3_playable` false) without
//! a word in the node's reason, so the reason ("(-4T2)'s jumps all fail")
//! was kept per level and per jump order and reused where (-3T3) had been
//! hopped onto: the search counted 217 actions, brute force 267 (all 50
//! missed have the hop (-2T2)→(-3T3) and the jump (-4T2)→(-3T3)). The
//! reason now names (-3T3)'s successor and the free boards that could hop
//! onto it (`phases.rs`, `cuts.md` "Phase 2 reasons name a skipped hop's
//! target").

use super::stress::{load, row_index};
use chronochess::fived::search::{
    count_legal_actions, fast_legal_actions, naive_legal_actions, plain_legal_actions,
};
use chronochess::fived::{Answer, Budget};

#[test]
fn a_jump_onto_a_free_board_an_early_board_hops_onto_is_counted() {
    let (suite, positions) = load("holdout11-fjk.tsv");
    let m = &positions[row_index(&suite, "focusedjustkings-5-checks", 6)];
    let naive = naive_legal_actions(m);
    assert_eq!(naive.len(), 267, "brute force");
    let fast = fast_legal_actions(m);
    let missed: Vec<String> = naive
        .difference(&fast)
        .map(|(nb, br)| {
            let t = |v: &Vec<chronochess::fived::Move>| {
                v.iter()
                    .map(|x| x.long_text(m.even()))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("{{{}}} then [{}]", t(nb), t(br))
        })
        .collect();
    assert!(missed.is_empty(), "missed: {missed:?}");
    assert_eq!(fast.len(), 267);
    assert_eq!(
        count_legal_actions(m, None, Budget::UNLIMITED),
        Answer::Known(267)
    );
}

/// The search that reuses no reason (`plain_legal_actions`, the second
/// oracle of `stress crosscheck --plain`) finds every action on the
/// position where a reason missing a condition once lost 50 of them: each
/// of its skips is decided where it is made, so the bug class it checks
/// for cannot touch it. Also pins that it stops within a budget.
#[test]
fn the_search_without_reason_reuse_agrees_with_brute_force() {
    let (suite, positions) = load("holdout11-fjk.tsv");
    let m = &positions[row_index(&suite, "focusedjustkings-5-checks", 6)];
    let naive = naive_legal_actions(m);
    let plain = plain_legal_actions(m, Budget::UNLIMITED).expect("no budget limit");
    assert_eq!(plain.len(), 267);
    assert_eq!(plain, naive);
    assert_eq!(plain_legal_actions(m, Budget::nodes(3)), None);
}
