//! Phase 1's reasons kept per level (issue 14, `src/fived/search/levels.rs`):
//! positions that main's search (736a562) left undecided within 300 000
//! nodes are decided, with the answer pinned, within a node budget.
//!
//! `stress/selfplay-standard-undecided.5dpgn` position 48 is the blow-up a
//! game of our own computer found (`stress/README.md`): checkmate by
//! ftxi/5dchess_engine (`5dtools checkmate balanced`, run as an oracle);
//! main's search ran out of 300 000 nodes there, and `analyze` gave up
//! after 2.5 minutes.

use super::stress::{load, row_index};
use chronochess::fived::search::outcome_traced;
use chronochess::fived::{Answer, Budget, Multiverse, Outcome};

/// Every position of a 5dpgn file of the stress directory.
fn game_positions(name: &str) -> Vec<Multiverse> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("stress")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the game file exists");
    let read = chronochess::notation::read(&text).expect("the game reads");
    let mut out = Vec::new();
    let r = chronochess::notation::resolve::replay(&read.game, |_, g| out.push(g.committed()))
        .expect("the game replays");
    assert!(r.error.is_none(), "the game replays to its end");
    out
}

/// Whether `m` is checkmate, or has a legal action, within `budget` nodes
/// of `outcome`'s first search (panics if undecided).
fn decided(m: &Multiverse, budget: u64, what: &str) -> bool {
    let (o, nodes) = outcome_traced(m, Budget::nodes(budget));
    println!("{what}: {o:?}, nodes {nodes:?}");
    match o {
        Answer::Known(Outcome::Checkmate) => true,
        Answer::Known(Outcome::Ongoing { .. }) => false,
        other => panic!("{what}: {other:?} within {budget} nodes ({nodes:?})"),
    }
}

/// The selfplay game's position 48 (40 timelines, White in check, 16
/// boards at the present, 39 decided in phase 1): checkmate. Main's
/// search re-searched the same deep failure (two passed boards waiting
/// for hops from boards decided late) below every pass/move combination
/// of the boards in between; kept per level, each reason is found once.
#[test]
fn selfplay_standard_position_48_is_checkmate() {
    let positions = game_positions("selfplay-standard-undecided.5dpgn");
    let m = &positions[48];
    assert!(m.in_check());
    assert!(decided(m, 4_600_000, "selfplay-standard 48"));
    // Every earlier position of the game is decided at once.
    for (i, m) in positions.iter().enumerate().take(48).skip(1) {
        assert!(!decided(m, 20_000, &format!("selfplay-standard {i}")));
    }
}

/// Positions of the holdout and fresh suites that main left undecided
/// within 300 000 nodes (`stress/README.md`): unlabelled (neither the
/// oracle nor main's search finished), decided now (nodes measured: 7 613,
/// 122 655, 46 476 and 5 943).
#[test]
fn holdout_positions_once_undecided_are_decided() {
    let cases: [(&str, &str, usize, u64, bool); 4] = [
        (
            "holdout.tsv",
            "standardhalfreflected-0-swarm",
            18,
            12_000,
            true,
        ),
        (
            "holdout.tsv",
            "standardreversedroyalty-0-swarm",
            15,
            160_000,
            true,
        ),
        ("holdout.tsv", "simplenoqueens-1-kings", 37, 70_000, false),
        ("fresh.tsv", "simplenorooks-1-checks", 16, 10_000, false),
    ];
    for (file, game, pos, budget, mate) in cases {
        let (suite, positions) = load(file);
        let i = row_index(&suite, game, pos);
        let what = format!("{file} {game} {pos}");
        assert_eq!(decided(&positions[i], budget, &what), mate, "{what}");
    }
}
