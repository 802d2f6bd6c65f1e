//! Old inactive timelines that cannot pull the present back (issue 14,
//! `src/fived/search/stale.rs`): a position that main's search (4b70c81)
//! left undecided within 300 000 nodes (also at 3 000 000) is decided, with
//! the answer pinned, within a small node budget; and on the corpus game
//! whose test failed when the cut was first made, every verdict after a
//! checking action is the oracle's and the computer still plays the mate.

use std::ops::ControlFlow;

use super::stress::{load, oracle, row_index};
use chronochess::fived::ai::selfplay::play_checked;
use chronochess::fived::ai::{choose_action, Level, Limits, Scan};
use chronochess::fived::search::{
    count_legal_actions, for_each_legal_action, outcome, outcome_traced,
};
use chronochess::fived::{Answer, Budget, Outcome};
use chronochess::notation;

/// `positions.tsv simplenorooks-4-random` 22 (34 timelines, White in check
/// on 5 boards): checkmate. Black's timeline -17 is inactive and ends at T6
/// with White to move; White's first new timeline reactivates it and the
/// present falls back there, onto a board no completion can play (each of
/// its moves, its one jump and any hop onto it gives a check). So an action
/// with a branching jump needs a new timeline starting before T6, and none
/// can; the mandatory board of timeline 11 (its every move, jump and hop
/// onto it a check) then has no way out at the root. Main's `stuck` gave up
/// on every position with such a timeline, and phase 1 tried the
/// combinations of the other early boards' choices (1 764 phase-1 leaves
/// reached phase 2 within 300 000 nodes).
#[test]
fn an_unplayable_stale_end_is_no_way_out() {
    let (suite, positions) = load("positions.tsv");
    let i = row_index(&suite, "simplenorooks-4-random", 22);
    let m = &positions[i];
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(m, Budget::nodes(BUDGET));
    println!("positions simplenorooks-4-random 22: {o:?}, nodes {nodes:?}");
    assert_eq!(
        o,
        Answer::Known(Outcome::Checkmate),
        "within {BUDGET} nodes ({nodes:?})"
    );
    // The count, a separate run of the search, agrees: no action.
    assert_eq!(
        count_legal_actions(m, Some(1000), Budget::nodes(BUDGET)),
        Answer::Known(0)
    );
}

/// The node budget of the test above (2 measured; main: undecided within
/// 3 000 000).
const BUDGET: u64 = 1_000;

/// `tools__dead-timeline` position 24 (White to move, mate in one:
/// `13. (0T9)Bxe7 (1T9)Qg4`): White's timeline 2 is inactive and ends at T2
/// with Black to move, so after each White action Black's search meets an
/// old end of its own colour that its first new timeline reactivates (the
/// structure `stale.rs` cuts on). Every White action that gives check is
/// decided within a small budget, the brute-force oracle finds no action
/// within 50 000 staged moves where the search finds a checkmate (a wrong
/// cut could only hide actions), and the computer plays a mate with its scan complete. This
/// is the position on which the host test `every_corpus_mate_in_one_is_played`
/// failed when this cut was first made (c27f490): see `stale.rs`.
#[test]
fn dead_timeline_mates_are_exact_and_played() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/games/tools__dead-timeline.5dpgn");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is absent", path.display());
        return;
    };
    let read = notation::read(&text).expect("the corpus game reads");
    let mut games = Vec::new();
    let _ = notation::resolve::replay(&read.game, |_, g| games.push(g.clone()));
    let game = &games[24];
    let mut actions = Vec::new();
    let r = for_each_legal_action(game.multiverse(), Budget::nodes(2_000_000), |moves, _| {
        actions.push(moves.to_vec());
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(r, Answer::Known(true));
    assert_eq!(actions.len(), 4_573);
    let (mut checks, mut mates) = (0, 0);
    for a in &actions {
        let mut g = game.clone();
        play_checked(&mut g, a).expect("a listed action plays");
        let after = g.multiverse();
        if !after.in_check() {
            continue;
        }
        checks += 1;
        let mate = match outcome(after, Budget::nodes(DEAD_BUDGET)) {
            Answer::Known(Outcome::Checkmate) => true,
            Answer::Known(Outcome::Ongoing { in_check: true, .. }) => false,
            o => panic!("{a:?}: {o:?} within {DEAD_BUDGET} nodes"),
        };
        if mate {
            // A wrong cut can only hide actions: the oracle finds none
            // within its limit either.
            let (found, _) = oracle::count(after, 1, ORACLE_NODES);
            assert!(
                matches!(found, oracle::Found::Count(0) | oracle::Found::GaveUp(0)),
                "{a:?}: the oracle found an action"
            );
        }
        mates += usize::from(mate);
    }
    println!("{checks} checking actions, {mates} mate");
    assert!(mates > 0);
    let c = choose_action(
        game.multiverse(),
        Level::Strongest,
        1,
        &Limits::nodes(60_000_000),
    )
    .expect("White has an action");
    assert_eq!(c.scan, Scan::Mate);
    let mut g = game.clone();
    play_checked(&mut g, &c.moves).expect("the choice plays");
    assert_eq!(
        outcome(g.multiverse(), Budget::UNLIMITED),
        Answer::Known(Outcome::Checkmate)
    );
}

/// The search's node budget of the test above.
const DEAD_BUDGET: u64 = 100_000;
/// The oracle's limit (staged moves) there.
const ORACLE_NODES: u64 = 50_000;
