//! The 5D stress suite (`stress/positions.tsv`, `stress/slow.tsv`, and the
//! out-of-sample `stress/fresh.tsv`, made by `chronochess stress generate`):
//! the files describe the positions they claim, the fast search agrees with
//! their labels on a sample, the brute-force oracle agrees with the fast
//! search action by action on small positions, and on the hardest fresh
//! positions whatever the search answers within a small budget holds.
//!
//! The whole suite is checked by `chronochess stress check stress/*.tsv`
//! (release build); a test build only samples it, with node budgets: an
//! `Unknown` answer is tolerated there (the budget is small), a wrong one
//! never is.

#[allow(dead_code)]
#[path = "../../../src/bin/chronochess/stress/data.rs"]
mod data;
#[allow(dead_code)]
#[path = "../../../src/bin/chronochess/stress/oracle.rs"]
pub(super) mod oracle;

use chronochess::fived::search::{count_legal_actions, outcome, outcome_traced};
use chronochess::fived::{Answer, Budget, Multiverse, Outcome};
use data::{LabelledBy, Suite, CAP};

/// A stress data file and its positions (also for `softmate.rs`).
pub(super) fn load(name: &str) -> (Suite, Vec<Multiverse>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("stress")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the stress data file exists");
    let suite = Suite::parse(&text).expect("the stress data file reads");
    let positions = suite.positions().expect("every position replays");
    (suite, positions)
}

/// The index of row `game` `pos` in `suite` (panics if it has none).
pub(super) fn row_index(suite: &Suite, game: &str, pos: usize) -> usize {
    suite
        .positions
        .iter()
        .position(|r| r.game == game && r.pos == pos)
        .unwrap_or_else(|| panic!("{game} {pos} is a row of the file"))
}

/// The rows `cases` (game, position, node budget) of stress file `file`, each
/// decided by `outcome` as checkmate within its budget; returned in the order
/// given, for further checks. The budgets pin today's node counts with a
/// margin, so that a change that makes a slow row dearer shows.
pub(super) fn checkmates_within(file: &str, cases: &[(&str, usize, u64)]) -> Vec<Multiverse> {
    answered_within(file, cases, "checkmate", |o| *o == Outcome::Checkmate)
}

/// The rows `cases` of stress file `file`, each found by `outcome` to have a
/// legal action within its budget (slow rows where the search walks long
/// before its first action); as `checkmates_within`.
pub(super) fn ongoing_within(file: &str, cases: &[(&str, usize, u64)]) -> Vec<Multiverse> {
    answered_within(file, cases, "a legal action", |o| {
        matches!(o, Outcome::Ongoing { .. })
    })
}

/// The rows `cases` of `file`, each decided by `outcome` within its budget
/// with an answer that `want` accepts (`what` names it).
fn answered_within(
    file: &str,
    cases: &[(&str, usize, u64)],
    what: &str,
    want: impl Fn(&Outcome) -> bool,
) -> Vec<Multiverse> {
    let (suite, positions) = load(file);
    cases
        .iter()
        .map(|&(game, pos, budget)| {
            let m = positions[row_index(&suite, game, pos)].clone();
            let (o, nodes) = outcome_traced(&m, Budget::nodes(budget));
            println!("{file} {game} {pos}: {o:?}, nodes {nodes:?}");
            assert!(
                matches!(&o, Answer::Known(found) if want(found)),
                "{file} {game} {pos}: {what} within {budget} nodes ({o:?}, {nodes:?})"
            );
            m
        })
        .collect()
}

/// How many catalogue boards the suite's games start from.
fn board_count(suite: &Suite) -> usize {
    suite
        .games
        .values()
        .filter_map(|g| g.lines().find_map(|l| l.strip_prefix("[Board \"")))
        .collect::<std::collections::BTreeSet<&str>>()
        .len()
}

/// Positions with at least `n` timelines.
fn with_timelines(positions: &[Multiverse], n: usize) -> usize {
    positions.iter().filter(|m| data::timelines(m) >= n).count()
}

/// Positions flagged `f` (or a flag starting so).
fn flagged(suite: &Suite, f: &str) -> usize {
    suite
        .positions
        .iter()
        .filter(|p| p.flags.iter().any(|x| x.starts_with(f)))
        .count()
}

/// Positions labelled checkmate.
fn checkmates(suite: &Suite) -> usize {
    suite
        .positions
        .iter()
        .filter(|p| p.label.status == "checkmate")
        .count()
}

/// The `check` flag says what the position shows.
fn check_flags_hold(suite: &Suite, positions: &[Multiverse]) {
    for (row, m) in suite.positions.iter().zip(positions) {
        assert_eq!(row.has("check"), m.in_check(), "{} {}", row.game, row.pos);
    }
}

fn status_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Checkmate => "checkmate",
        Outcome::Stalemate => "stalemate",
        Outcome::Ongoing { .. } => "none",
    }
}

/// The committed suite is what the issue asks for: at least 2 000 positions,
/// from many boards, many with 10–60 timelines, with checks on several boards,
/// kings that changed timeline, timelines without a royal piece, and
/// checkmates.
#[test]
fn the_suite_covers_what_it_claims() {
    let (suite, positions) = load("positions.tsv");
    assert!(suite.positions.len() >= 2000, "{}", suite.positions.len());
    let boards = board_count(&suite);
    assert!(boards >= 40, "only {boards} boards");
    let many = with_timelines(&positions, 10);
    assert!(
        many >= 500,
        "only {many} positions with 10 or more timelines"
    );
    for f in ["check", "checkboards", "kingtravel", "noroyal"] {
        let n = flagged(&suite, f);
        assert!(n >= 20, "only {n} positions flagged {f}");
    }
    let mates = checkmates(&suite);
    assert!(mates >= 10, "only {mates} checkmates");
    check_flags_hold(&suite, &positions);
    let (slow, _) = load("slow.tsv");
    assert!(!slow.positions.is_empty());
    let (real, _) = load("real.tsv");
    assert!(!real.positions.is_empty());
}

/// Labels hold: a sample of the oracle-labelled positions (and every
/// checkmate and stalemate among the first rows) is decided and counted by
/// the fast search, within a small budget, to exactly the label.
#[test]
fn fast_search_agrees_with_the_oracle_labels_on_a_sample() {
    oracle_labels_hold_on_a_sample("positions.tsv");
}

/// The same on `fresh.tsv`, the suite made after the search was tuned on
/// the files above (another seed, the `swarm` style): the search was never
/// tuned on these labels.
#[test]
fn fast_search_agrees_with_the_fresh_oracle_labels_on_a_sample() {
    oracle_labels_hold_on_a_sample("fresh.tsv");
}

/// The same on `holdout.tsv`, made by the lead while the search branches
/// of that session were being written and first shown to the search only
/// when they were merged (seed 20261127).
#[test]
fn fast_search_agrees_with_the_holdout_oracle_labels_on_a_sample() {
    oracle_labels_hold_on_a_sample("holdout.tsv");
}

fn oracle_labels_hold_on_a_sample(file: &str) {
    let (suite, positions) = load(file);
    let budget = Budget::nodes(if cfg!(debug_assertions) {
        50_000
    } else {
        500_000
    });
    let rows: Vec<usize> = (0..suite.positions.len())
        .filter(|&i| suite.positions[i].label.by == LabelledBy::Oracle)
        .collect();
    let step = (rows.len() / 60).max(1);
    let mut sample: Vec<usize> = rows.iter().copied().step_by(step).collect();
    sample.extend(
        rows.iter()
            .copied()
            .filter(|&i| suite.positions[i].label.status != "none")
            .take(20),
    );
    sample.sort_unstable();
    sample.dedup();
    let mut known = 0;
    for &i in &sample {
        let (row, m) = (&suite.positions[i], &positions[i]);
        if let Answer::Known(o) = outcome(m, budget) {
            known += 1;
            let what = format!("{file} {} {}", row.game, row.pos);
            assert_eq!(status_word(o), row.label.status, "{what}");
        }
        if let Answer::Known(c) = count_legal_actions(m, Some(CAP), budget) {
            assert_eq!(Some(c), row.label.count, "{file} {} {}", row.game, row.pos);
        }
    }
    assert!(
        known * 10 >= sample.len() * 8,
        "{file}: only {known} of {} decided within the budget",
        sample.len()
    );
}

/// `fresh.tsv` is a second suite, not a copy of the first: 1 000 positions
/// or more from at least 40 boards, hardly any of its games among those of
/// `positions.tsv`, with the shapes of issue 14 (20+ timelines, checks on
/// several boards, kings that changed timeline, timelines without a royal
/// piece, checkmates), and flags that say what the position shows.
#[test]
fn the_fresh_suite_is_new_and_covers_the_hard_shapes() {
    let (suite, positions) = load("fresh.tsv");
    assert!(suite.positions.len() >= 1000, "{}", suite.positions.len());
    let (old, _) = load("positions.tsv");
    let old_games: std::collections::BTreeSet<&String> = old.games.values().collect();
    let reused = suite
        .games
        .values()
        .filter(|g| old_games.contains(g))
        .count();
    // Two or three moves on the checkmate-practice and focused boards can
    // coincide by chance (2 of 176 games do); a copied suite would share
    // nearly all.
    assert!(
        reused * 50 <= suite.games.len(),
        "{reused} of {} games of fresh.tsv are in positions.tsv",
        suite.games.len()
    );
    let boards = board_count(&suite);
    assert!(boards >= 40, "only {boards} boards");
    let many = with_timelines(&positions, 20);
    assert!(
        many >= 250,
        "only {many} positions with 20 or more timelines"
    );
    for f in ["check", "checkboards", "kingtravel", "noroyal"] {
        let n = flagged(&suite, f);
        assert!(n >= 300, "only {n} positions flagged {f}");
    }
    let mates = checkmates(&suite);
    assert!(mates >= 50, "only {mates} checkmates");
    check_flags_hold(&suite, &positions);
}

/// The hardest positions of `fresh.tsv` for main's search at 0348e6c (all in
/// check, 10-58 timelines): the first eight were undecided within 300 000
/// nodes, the others decided but their softmate search (an action keeping
/// the present) ran out (`stress/README.md`); the last, from
/// `fresh-slow.tsv`, is the slowest per node (about 50 µs, 14 s for 300 000
/// nodes). Kept as
/// regression data for the search: within a small budget an `Unknown` is
/// tolerated, a wrong answer never is. An action found is played and
/// submitted through the staging API; a verdict of no action must agree with
/// the outcome and the count; a known label must match.
#[test]
fn hard_fresh_positions_get_no_wrong_answer() {
    use chronochess::fived::search::any_legal_action;
    use chronochess::fived::Game;
    let fresh = load("fresh.tsv");
    let fresh_slow = load("fresh-slow.tsv");
    let budget = Budget::nodes(10_000);
    let mut decided = 0;
    let mut tried = 0;
    for (game, pos) in [
        ("standard-2-swarm", 18),
        ("simplenorooks-1-checks", 16),
        ("standardreversedroyalty-0-swarm", 16),
        ("standardtwotimelines-1-checks", 13),
        ("smallopen-1-checks", 19),
        ("smallcentered-3-kings", 29),
        ("verysmall-1-checks", 14),
        ("checkmatepracticequeen-3-kings", 8),
        ("standardhalfreflected-0-swarm", 15),
        ("standardreversedroyalty-1-checks", 19),
        ("focusedjustqueens-1-checks", 15),
        ("simplesimpleset-3-kings", 16),
        ("focusedjustqueens-3-kings", 10),
        ("smallcentered-0-swarm", 21),
        ("misctimelinebattlegrounds-1-checks", 12),
        ("misctimelinestrategos-1-checks", 13),
        ("smallcentered-0-swarm", 19),
        ("standardhalfreflected-2-swarm", 24),
        ("standarddefendedpawn-0-swarm", 23),
    ] {
        let (suite, positions) = if game == "standarddefendedpawn-0-swarm" {
            &fresh_slow
        } else {
            &fresh
        };
        let i = row_index(suite, game, pos);
        let (row, m) = (&suite.positions[i], &positions[i]);
        tried += 1;
        assert!(m.in_check(), "{game} {pos}: the hard positions are checks");
        let o = outcome(m, budget);
        if let Answer::Known(o) = o {
            decided += 1;
            if row.label.status != "unknown" {
                assert_eq!(status_word(o), row.label.status, "{game} {pos}");
            }
        }
        match any_legal_action(m, budget) {
            Answer::Known(Some(action)) => {
                let mut g = Game::new(m.clone());
                for mv in action {
                    g.play(mv).expect("the action's moves play");
                }
                assert!(
                    g.can_submit().is_ok(),
                    "{game} {pos}: the action found cannot be submitted"
                );
                assert!(
                    !matches!(o, Answer::Known(Outcome::Checkmate | Outcome::Stalemate)),
                    "{game} {pos}: an action exists but the outcome says mate"
                );
                assert_ne!(row.label.count, Some(0), "{game} {pos}");
            }
            Answer::Known(None) => {
                assert!(
                    matches!(o, Answer::Unknown | Answer::Known(Outcome::Checkmate)),
                    "{game} {pos}: no action, in check, but the outcome is {o:?}"
                );
                assert!(row.label.count.is_none_or(|c| c == 0), "{game} {pos}");
            }
            Answer::Unknown => {}
        }
    }
    // The eleven whose first search found an action within 600 nodes at
    // 0348e6c stay decided: a legal action found makes the verdict exact
    // even when the softmate search runs out.
    assert!(
        decided >= 11,
        "only {decided} of {tried} decided within 10 000 nodes"
    );
}

/// The oracle and the fast search find the same actions, move for move, on
/// the smallest labelled positions (this also checks the oracle's saving of
/// repeated states: a hash collision there would drop actions).
#[test]
fn oracle_and_fast_search_find_the_same_actions_on_small_positions() {
    let (suite, positions) = load("positions.tsv");
    let mut compared = 0;
    let mut nonzero = 0;
    for (row, m) in suite.positions.iter().zip(&positions) {
        if compared >= 25 {
            break;
        }
        if row.label.by != LabelledBy::Oracle || row.label.count.is_none_or(|c| c > 40) {
            continue;
        }
        let brute = oracle::actions(m, 200_000).expect("small positions finish");
        let fast = oracle::search_actions(m, 1_000_000).expect("small positions finish");
        assert_eq!(brute, fast, "{} {}", row.game, row.pos);
        assert_eq!(Some(brute.len() as u64), row.label.count);
        compared += 1;
        nonzero += usize::from(!brute.is_empty());
    }
    assert!(compared >= 10 && nonzero >= 5, "{compared} compared");
}

/// Positions of `slow.tsv` that main's search left undecided within
/// 300 000 nodes, now decided within a small budget by the phase-2 cuts of
/// issue 14 (a waiting board in a position where no new timeline can be
/// active is stuck once its jumps fail, even with the mover's own inactive
/// timelines ending before the present). Their labels are unknown (too big
/// for the oracle), so the two searches must at least agree: no action
/// counted exactly when the outcome is mate or stalemate.
#[test]
fn once_undecided_slow_positions_are_decided() {
    let (suite, positions) = load("slow.tsv");
    let budget = Budget::nodes(20_000);
    for (game, pos) in [
        ("simpleknightsvsbishops-2-branching", 24),
        ("miscexcessive-3-kings", 13),
    ] {
        let i = row_index(&suite, game, pos);
        let m = &positions[i];
        let Answer::Known(o) = outcome(m, budget) else {
            panic!("{game} {pos}: undecided within 20 000 nodes");
        };
        let Answer::Known(c) = count_legal_actions(m, Some(1), Budget::nodes(200_000)) else {
            panic!("{game} {pos}: count undecided");
        };
        let over = matches!(o, Outcome::Checkmate | Outcome::Stalemate);
        assert_eq!(over, c == 0, "{game} {pos}: outcome {o:?}, count {c}");
    }
}

/// Positions of `slow.tsv` that main's search left undecided within
/// 300 000 nodes because phase 3 enumerated every combination of the free
/// boards before a board that must be played failed, or phase 2 went on
/// extending jump sequences under a reservation no completion can honour
/// (issue 14, `src/fived/search/phases.rs`): now decided within 5 000
/// nodes. Most are too big for the oracle, so the verdict is checked
/// independently: the action the search finds is played through the
/// staging API and can be submitted; a labelled row must match its label.
#[test]
fn positions_once_lost_in_phase_three_are_decided() {
    use chronochess::fived::search::any_legal_action;
    use chronochess::fived::Game;
    let (suite, positions) = load("slow.tsv");
    let budget = Budget::nodes(5_000);
    for (game, pos) in [
        ("simplenorooks-0-random", 30),
        ("simplesimpleset-3-kings", 14),
        ("smallflipped-3-kings", 18),
        ("smallcentered-1-checks", 15),
        ("smallopen-1-checks", 16),
        ("smallopen-1-checks", 18),
        ("smallopen-1-checks", 20),
        ("verysmallopen-4-random", 34),
        ("misctimelinefragments-1-checks", 17),
        ("focusedjustunicorns-2-branching", 11),
        ("checkmatepracticeknight-0-random", 9),
    ] {
        let i = row_index(&suite, game, pos);
        let (row, m) = (&suite.positions[i], &positions[i]);
        let Answer::Known(o) = outcome(m, budget) else {
            panic!("{game} {pos}: undecided within 5 000 nodes");
        };
        if row.label.status != "unknown" {
            assert_eq!(status_word(o), row.label.status, "{game} {pos}");
        }
        let Answer::Known(found) = any_legal_action(m, budget) else {
            panic!("{game} {pos}: no answer within 5 000 nodes");
        };
        assert_eq!(
            found.is_none(),
            matches!(o, Outcome::Checkmate | Outcome::Stalemate),
            "{game} {pos}: outcome {o:?}"
        );
        if let Some(action) = found {
            let mut g = Game::new(m.clone());
            for mv in action {
                g.play(mv).expect("the action's moves play");
            }
            assert!(
                g.can_submit().is_ok(),
                "{game} {pos}: the action found cannot be submitted"
            );
        }
    }
}

/// The pair test of issue 14 (`src/fived/search/pair.rs`: two boards that
/// must both jump and whose jumps exclude each other):
/// `standardreversedroyalty-1-checks` 22 of `slow.tsv`, left undecided by
/// main within 300 000 nodes (and within 5 000 000), is decided within
/// 1 000 nodes through it. Too big for the oracle: the outcome must agree
/// with the count, and the count with its own search without the outcome's
/// early exit (no action counted exactly when the game is over).
#[test]
fn pair_test_decides_a_once_undecided_slow_position() {
    use chronochess::fived::search::pair_cuts;
    let (suite, positions) = load("slow.tsv");
    let (game, pos) = ("standardreversedroyalty-1-checks", 22);
    let i = row_index(&suite, game, pos);
    let m = &positions[i];
    let (cuts, found) = pair_cuts(m, Budget::nodes(1_000));
    assert!(cuts > 0, "{game} {pos}: the pair test did not cut");
    let Answer::Known(o) = outcome(m, Budget::nodes(1_000)) else {
        panic!("{game} {pos}: undecided within 1 000 nodes");
    };
    println!("{game} {pos}: {o:?}");
    let Answer::Known(c) = count_legal_actions(m, Some(1), Budget::nodes(1_000)) else {
        panic!("{game} {pos}: count undecided");
    };
    let over = matches!(o, Outcome::Checkmate | Outcome::Stalemate);
    assert_eq!(over, c == 0, "{game} {pos}: outcome {o:?}, count {c}");
    assert_eq!(found, Answer::Known(!over), "{game} {pos}");
}

/// The verdict on row `game` `pos` of `file`, which must come within
/// `nodes` (outcome, any legal action and the capped count), checked
/// without the oracle (too big for it): the outcome agrees with the count
/// and with the action found, and that action plays and submits through
/// the staging API.
fn decided_within(file: &str, game: &str, pos: usize, nodes: u64) -> Outcome {
    use chronochess::fived::search::any_legal_action;
    use chronochess::fived::Game;
    let (suite, positions) = load(file);
    let i = row_index(&suite, game, pos);
    let m = &positions[i];
    let budget = Budget::nodes(nodes);
    let Answer::Known(o) = outcome(m, budget) else {
        panic!("{game} {pos}: undecided within {nodes} nodes");
    };
    let Answer::Known(found) = any_legal_action(m, budget) else {
        panic!("{game} {pos}: no answer within {nodes} nodes");
    };
    let Answer::Known(c) = count_legal_actions(m, Some(1), budget) else {
        panic!("{game} {pos}: count undecided within {nodes} nodes");
    };
    let over = matches!(o, Outcome::Checkmate | Outcome::Stalemate);
    assert_eq!(over, c == 0, "{game} {pos}: outcome {o:?}, count {c}");
    assert_eq!(over, found.is_none(), "{game} {pos}: outcome {o:?}");
    if let Some(action) = found {
        let mut g = Game::new(m.clone());
        for mv in action {
            g.play(mv).expect("the action's moves play");
        }
        assert!(
            g.can_submit().is_ok(),
            "{game} {pos}: the action found cannot be submitted"
        );
    }
    o
}

/// Reasons between sibling jumps in phase 2 (issue 14,
/// `src/fived/search/siblings.rs`): two `fresh.tsv` positions left
/// undecided within 300 000 nodes (main at 42880ff), where every jump of
/// the free boards was made and found `stuck` for the same reason below
/// every phase-1 leaf, are decided: `smallcentered-3-kings` 29 is
/// checkmate (15 508 nodes when made), `verysmall-1-checks` 14 has an
/// action (138 117 nodes).
#[test]
fn positions_once_lost_among_sibling_jumps_are_decided() {
    assert_eq!(
        decided_within("fresh.tsv", "smallcentered-3-kings", 29, 20_000),
        Outcome::Checkmate
    );
    assert!(matches!(
        decided_within("fresh.tsv", "verysmall-1-checks", 14, 200_000),
        Outcome::Ongoing { .. }
    ));
}

/// Longer reasons (issue 14, `src/fived/search/why.rs`: up to 160
/// conditions instead of 40): on positions with 30–60 timelines the
/// reasons phase 1 gathers outgrew 40 conditions and became unknown, so
/// nothing was skipped and no backjump was made.
/// `standardprincess-1-checks` 25 of `slow.tsv` (undecided within 1 000 000
/// nodes on main at 42880ff) has an action, found in 167 823 nodes.
#[test]
fn a_position_once_lost_to_short_reasons_is_decided() {
    assert!(matches!(
        decided_within("slow.tsv", "standardprincess-1-checks", 25, 250_000),
        Outcome::Ongoing { .. }
    ));
}

/// Arrivals decided at the target and `stuck` over the boards still to
/// decide (issue 14, `src/fived/search/phases.rs`, `stuck.rs`): the
/// out-of-sample `holdout.tsv` positions that main (736a562) left
/// undecided within 300 000 nodes are decided. Before, a passed board
/// waited for a hop from any board decided after it and each of those
/// boards' choices doubled the walk (`standardreversedroyalty-0-swarm` 15,
/// `standardhalfreflected-0-swarm` 18: undecided within 3 000 000 nodes;
/// now checkmate in 1 670 and 5 508), or one mandatory board had lost
/// every move to the boards decided before it, found only when it was
/// reached, below every combination of the boards in between
/// (`standardturnzero-1-kings` 21: an action after 986 473 nodes, now 281;
/// `simplenoqueens-1-kings` 37: 690 586, now 72 149).
/// The actions found play and submit through the staging API; the two
/// checkmates agree with the count (none) and, where it reads the board,
/// with ftxi (see `stress/README.md`).
#[test]
fn holdout_positions_once_lost_to_hop_sources_are_decided() {
    assert!(matches!(
        decided_within("holdout.tsv", "standardturnzero-1-kings", 21, 2_000),
        Outcome::Ongoing { .. }
    ));
    assert_eq!(
        decided_within("holdout.tsv", "standardreversedroyalty-0-swarm", 15, 5_000),
        Outcome::Checkmate
    );
    assert_eq!(
        decided_within("holdout.tsv", "standardhalfreflected-0-swarm", 18, 15_000),
        Outcome::Checkmate
    );
    assert!(matches!(
        decided_within("holdout.tsv", "simplenoqueens-1-kings", 37, 150_000),
        Outcome::Ongoing { .. }
    ));
    // And two of the other files, undecided within 300 000 nodes on main
    // (`standardtwotimelines-1-checks` 22 also within 1 000 000 at 47e6862):
    // 300 and 770 nodes now.
    assert!(matches!(
        decided_within("fresh.tsv", "simplenorooks-1-checks", 16, 2_000),
        Outcome::Ongoing { .. }
    ));
    assert!(matches!(
        decided_within("slow.tsv", "standardtwotimelines-1-checks", 22, 2_000),
        Outcome::Ongoing { .. }
    ));
}

/// The three positions where the fast search once counted fewer actions
/// than the oracle (it missed every action that leaves a board at the
/// present unplayed by reactivating an old timeline ending with the
/// mover to move: `tests/host/fived/reactivation.rs`). Too big for the
/// sample above (counts 1 000+), small enough for the oracle.
#[test]
fn oracle_and_fast_search_agree_where_a_jump_reactivates_its_own_timeline() {
    let (suite, positions) = load("positions.tsv");
    let cases = [
        ("checkmatepracticebishop-3-kings", 5, 2278),
        ("checkmatepracticepawns-3-kings", 13, 3203),
        ("checkmatepracticepawns-3-kings", 15, 2267),
    ];
    for (game, pos, count) in cases {
        let m = suite
            .positions
            .iter()
            .zip(&positions)
            .find(|(row, _)| row.game == game && row.pos == pos)
            .map(|(_, m)| m)
            .expect("the position is in the suite");
        let brute = oracle::actions(m, 200_000).expect("the oracle finishes");
        let fast = oracle::search_actions(m, 1_000_000).expect("the search finishes");
        assert_eq!(brute.len(), count, "{game} {pos}: brute force");
        assert_eq!(
            fast.len(),
            count,
            "{game} {pos}: search ({} only in brute force)",
            brute.difference(&fast).count()
        );
        assert_eq!(brute, fast, "{game} {pos}");
    }
}

/// `stress generate --help` prints the usage and writes nothing: before, it
/// ran a default generate that rewrote `stress/positions.tsv` and `slow.tsv`
/// in the working directory.
#[test]
fn stress_help_runs_no_command() {
    let dir = std::env::temp_dir().join(format!("cc-stress-help-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for args in [["stress", "generate", "--help"], ["stress", "check", "-h"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chronochess"))
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("run chronochess stress");
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("chronochess stress generate"),
            "{args:?}: {text}"
        );
    }
    let written: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(written.is_empty(), "files written: {written:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
