//! Checks whose line no choice left can lift (issue 14, branch `hold4`,
//! `src/fived/search/lines.rs`): when every board a check of passing
//! everywhere crosses must be played and none of the choices left to them
//! changes what its points hold, the search fails there at once instead of
//! once the last of those boards is played, below every combination of the
//! boards decided between them.

use super::stress::{load, row_index};
use chronochess::fived::search::{any_legal_action, count_legal_actions, outcome_traced};
use chronochess::fived::{Answer, Budget, Game, Multiverse, Outcome};

fn row(file: &str, game: &str, pos: usize) -> Multiverse {
    let (suite, positions) = load(file);
    positions[row_index(&suite, game, pos)].clone()
}

/// `m` is proved checkmate, and its legal actions counted as none, each
/// within 1 000 nodes (`what` names the row in a failure).
fn mate_within_1000(m: &Multiverse, what: &str) {
    let (o, nodes) = outcome_traced(m, Budget::nodes(1_000));
    assert_eq!(o, Answer::Known(Outcome::Checkmate), "{what}: {nodes:?}");
    assert_eq!(
        count_legal_actions(m, Some(1000), Budget::nodes(1_000)),
        Answer::Known(0),
        "{what}"
    );
}

/// `holdout4.tsv standarddefendedpawn-4-kings` 27 (55 timelines, Black to
/// move at T19 with 39 boards at the present, no new timeline active): a
/// White bishop's line through the next boards of four of them that no
/// Black move can block. Main a7266ef: undecided within 300 000 nodes
/// (checkmate in 524 836 given 5 000 000); now checkmate at the root.
#[test]
fn an_unblockable_line_through_boards_that_must_be_played_is_checkmate() {
    let m = row("holdout4.tsv", "standarddefendedpawn-4-kings", 27);
    assert!(m.in_check());
    mate_within_1000(&m, "the row");
}

/// Two checkmates of the older holdout files that main proved only after
/// tens of thousands of nodes (`holdout2.tsv simplenorooks-1-checks` 15:
/// 32 709; `holdout3.tsv small-2-branching` 19, labelled checkmate: 22 437).
#[test]
fn older_checkmates_of_the_same_shape_are_proved_at_once() {
    for (file, game, pos) in [
        ("holdout2.tsv", "simplenorooks-1-checks", 15),
        ("holdout3.tsv", "small-2-branching", 19),
    ] {
        let m = row(file, game, pos);
        let (o, nodes) = outcome_traced(&m, Budget::nodes(1_000));
        assert_eq!(
            o,
            Answer::Known(Outcome::Checkmate),
            "{file} {game} {pos}: {nodes:?}"
        );
    }
}

/// `holdout4.tsv standardreversedroyalty-2-checks` 20 (50 timelines, White
/// in check on 6 boards): main a7266ef found an action in 18 062 nodes, now
/// in 2 356. The action is played and submitted through the staging API.
#[test]
fn an_action_is_found_sooner_when_lines_close_early() {
    let m = row("holdout4.tsv", "standardreversedroyalty-2-checks", 20);
    let Answer::Known(Some(action)) = any_legal_action(&m, Budget::nodes(5_000)) else {
        panic!("no action found within 5 000 nodes");
    };
    let mut game = Game::new(m.clone());
    for mv in &action {
        game.play(*mv).unwrap_or_else(|e| panic!("{mv:?}: {e:?}"));
    }
    game.submit().unwrap_or_else(|e| panic!("{e:?}"));
}

/// Softmate (no action keeps the present, so every board at the present
/// must be played): main a7266ef ran into `SOFTMATE_NODES` (4 000) on these
/// and reported it unproven; with the bound lifted its search proved
/// softmate in 32 315 and 21 189 nodes. Now proved at the root.
#[test]
fn softmate_is_proved_when_a_line_cannot_be_lifted() {
    for (file, game, pos) in [
        ("slow.tsv", "standardreversedroyalty-2-branching", 18),
        ("holdout3-slow.tsv", "standardturnzero-2-branching", 21),
    ] {
        let m = row(file, game, pos);
        let (o, nodes) = outcome_traced(&m, Budget::nodes(300_000));
        assert_eq!(
            o,
            Answer::Known(Outcome::Ongoing {
                in_check: true,
                softmate: true
            }),
            "{file} {game} {pos}: {nodes:?}"
        );
        assert!(nodes[1] <= 100, "{file} {game} {pos}: {nodes:?}");
    }
}

/// A line that one move can still block is no cut: `fresh.tsv
/// standard-2-swarm` 18 (a queen's line through the next boards of five
/// boards at the present, blocked by `(-18T6)d2d3`) has actions.
#[test]
fn a_line_one_move_can_block_is_no_cut() {
    let m = row("fresh.tsv", "standard-2-swarm", 18);
    let (o, nodes) = outcome_traced(&m, Budget::nodes(300_000));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
        "{o:?} ({nodes:?})"
    );
}

/// `holdout5.tsv smallopen-4-checks` 21 (Black to move, 39 timelines, in
/// check on 11 boards): not checkmate, `(-3T4)Bd5>>(-3T2)d3` is legal
/// (ftxi's `5dtools checkmate` names that action; `Game::submit` accepts
/// it), and every legal action pulls the present back (softmate). Main
/// 94cc397 left it undecided at 5 000 000 nodes: after phase 2 made
/// `(-3T4)->(-2T4)` (one of the only two sources of a pull-back, reserving
/// the other) `stuck` still counted the reserved board's jump as a way out.
/// A reserved board makes a non-branching move, so it is not.
#[test]
fn a_reserved_board_jumps_no_more_so_it_is_no_way_out() {
    let m = row("holdout5.tsv", "smallopen-4-checks", 21);
    assert!(m.in_check());
    let (o, nodes) = outcome_traced(&m, Budget::nodes(5_000));
    assert!(
        matches!(o, Answer::Known(Outcome::Ongoing { softmate: true, .. })),
        "{o:?} {nodes:?}"
    );
    let action = any_legal_action(&m, Budget::nodes(5_000));
    assert!(matches!(action, Answer::Known(Some(_))), "{action:?}");
}

/// `tests/data/hidden-royal.5dpgn` (the sixth holdout suite's
/// `standardturnzero-5-branching` 21, seed 20261204; Black to move, 41
/// timelines): a White queen on `e3` of timeline 13's next board looks
/// along timelines 12 to 8 at a Black king on `e6` of timeline 10's next
/// board and, behind it, at a king on `e8` of timeline 8's board at T16,
/// which exists already. Timelines 10, 12 and 13 must all be played and
/// none of their choices blocks `e4` of 12 or takes the queen, so the king
/// of 10 leaving `e6` only lays bare the king behind it. ftxi's `5dtools
/// checkmate`: checkmate. Main 163c340 left it undecided within 300 000
/// nodes (each king move lifted the line to the king of 10, and phase 2
/// tried the jumps of 10 and 13 after one another through new timelines);
/// the line the front king hides is now a line of its own: checkmate at
/// the root.
#[test]
fn a_royal_that_hides_a_royal_does_not_lift_the_line_by_moving() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hidden-royal.5dpgn");
    let text = std::fs::read_to_string(path).expect("the data file exists");
    let read = chronochess::notation::read(&text).expect("the game reads");
    let replay =
        chronochess::notation::resolve::replay(&read.game, |_, _| {}).expect("the game replays");
    assert!(replay.error.is_none(), "{:?}", replay.error);
    let m = replay.game.multiverse().clone();
    assert!(m.in_check());
    mate_within_1000(&m, "the row");
}

/// Two older rows of the same shape, checkmates that main 163c340 proved
/// in 12 397 and 3 703 nodes: a royal hides another on the attacker's
/// line. Now within 1 000 nodes (at the root).
#[test]
fn older_checkmates_behind_a_royal_are_proved_at_once() {
    for (file, game, pos) in [
        ("holdout2.tsv", "standardreversedroyalty-3-random", 30),
        ("fresh.tsv", "standardreversedroyalty-0-swarm", 16),
    ] {
        let m = row(file, game, pos);
        let (o, nodes) = outcome_traced(&m, Budget::nodes(1_000));
        assert_eq!(
            o,
            Answer::Known(Outcome::Checkmate),
            "{file} {game} {pos}: {nodes:?}"
        );
    }
}

/// The line cut wherever the present stays (session 32, branch `bish2`;
/// `cuts.md` "The line cut wherever the present stays"). In each row the
/// mover's next timeline is active, so the cut's old premise failed, but no
/// jump lands before the present: the line's boards must all be played.
/// `outcome`'s nodes, main d1c9b8f -> now: `holdout12.tsv`
/// `focusedjustbishops-2-branching` 8, 327 -> 0 (checkmate);
/// `focusedjustunicorns-1-checks` 10, 4 054 -> 143 (checkmate);
/// `holdout7.tsv focusedjustqueens-3-checks` 5, 255 -> 0 (checkmate; brute
/// force agrees, `stress crosscheck --oracle-nodes 3000000`); `holdout.tsv focusedjustbishops-2-checks`
/// 6, 184 -> 0 (checkmate); `holdout11.tsv misckingofkings-1-checks` 21,
/// 2 457 -> 495 (actions exist). Each budget lies between the two.
#[test]
fn a_line_is_cut_where_no_jump_lands_before_the_present() {
    let mate = Outcome::Checkmate;
    let cases: [(&str, &str, usize, u64, Option<Outcome>); 5] = [
        (
            "holdout12.tsv",
            "focusedjustbishops-2-branching",
            8,
            100,
            Some(mate),
        ),
        (
            "holdout12.tsv",
            "focusedjustunicorns-1-checks",
            10,
            1_000,
            Some(mate),
        ),
        (
            "holdout7.tsv",
            "focusedjustqueens-3-checks",
            5,
            50,
            Some(mate),
        ),
        (
            "holdout.tsv",
            "focusedjustbishops-2-checks",
            6,
            50,
            Some(mate),
        ),
        ("holdout11.tsv", "misckingofkings-1-checks", 21, 1_000, None),
    ];
    for (file, game, pos, budget, want) in cases {
        let m = row(file, game, pos);
        let what = format!("{file} {game} {pos}");
        assert!(m.in_check(), "{what}");
        assert!(m.next_timeline_active(m.to_move()), "{what}");
        let (o, nodes) = outcome_traced(&m, Budget::nodes(budget));
        println!("{what}: {o:?}, nodes {nodes:?}");
        match want {
            Some(w) => assert_eq!(o, Answer::Known(w), "{what}: {nodes:?}"),
            None => assert!(
                matches!(o, Answer::Known(Outcome::Ongoing { in_check: true, .. })),
                "{what}: {o:?} {nodes:?}"
            ),
        }
    }
}
