//! Host tests of the 5D play layer: the save payload (round trip, older
//! records, every restore error), the verdicts and how a session records
//! them, the worker's job (rounds, wire format, answers) and the page's view
//! of a running check (when to ask, what to say).

use super::mate_check::{grouped, MateCheck, Reaction, Stage, ASK_AFTER_MS};
use super::outcome_job::{
    round_budgets, run, JobReply, JobRequest, FIRST_ROUND, ROUND_GROWTH, WORKER_CAP,
};
use super::payload::{Payload, RestoreError, SavedOutcome, StoredMove, Verdict, PAYLOAD_FORMAT};
use super::session::{display_label, Session, Status};
use super::words::{ending_detail, side_name, status_words, submit_reason};
use crate::chess::{Color, PieceKind, Placement, Square};
use crate::fived::coords::{half_turn, Coord, Move};
use crate::fived::{boards, Answer, Budget, InitialBoard, Multiverse, Outcome};
use crate::storage::GameResult;

pub(super) const PLENTY: Budget = Budget::nodes(1_000_000);

pub(super) fn c(l: i32, turn: i32, color: Color, sq: &str) -> Coord {
    Coord::new(l, half_turn(turn, color), Square::parse(sq).unwrap())
}

pub(super) fn mv(from: Coord, to: Coord) -> Move {
    Move {
        from,
        to,
        promotion: None,
    }
}

fn standard() -> Session {
    Session::new(boards::standard()).unwrap()
}

/// Standard after 1. e4 e5 with White's Nf3 staged.
fn short_game() -> Session {
    let mut s = standard();
    s.play(mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")))
        .unwrap();
    s.submit().unwrap();
    s.decide_outcome(PLENTY);
    s.play(mv(c(0, 1, Color::Black, "e7"), c(0, 1, Color::Black, "e5")))
        .unwrap();
    s.submit().unwrap();
    s.decide_outcome(PLENTY);
    s.play(mv(c(0, 2, Color::White, "g1"), c(0, 2, Color::White, "f3")))
        .unwrap();
    s
}

/// One board: `fen` with `to_move` to play, turn 1.
fn one_board(fen: &str, to_move: Color) -> Session {
    let placement = Placement::from_fen(fen, 8, 8).unwrap();
    let start = [InitialBoard {
        l: 0,
        turn: 1,
        to_move,
        placement,
    }];
    let m = Multiverse::from_boards(8, 8, false, &[PieceKind::Queen], &start).unwrap();
    Session::from_position("Custom".to_string(), m)
}

/// White to move and mated on the back rank (no action played).
fn back_rank_mate() -> Session {
    one_board("4k3/8/8/8/8/8/6PP/r6K", Color::White)
}

/// Black to move mates in one (Ra8-a1); the mating action submitted, outcome pending.
fn mated_after_one_action() -> Session {
    let mut s = one_board("r3k3/8/8/8/8/8/6PP/7K", Color::Black);
    s.play(mv(c(0, 1, Color::Black, "a8"), c(0, 1, Color::Black, "a1")))
        .unwrap();
    s.submit().unwrap();
    s
}

fn request(id: u64, s: &Session) -> String {
    serde_json::to_string(&JobRequest {
        id,
        game: s.payload(),
        think: None,
    })
    .unwrap()
}

// --- the save payload ---

#[test]
fn a_payload_reads_back_through_json_and_restores_the_same_game() {
    let s = short_game();
    let payload = s.payload();
    assert_eq!(payload.format, PAYLOAD_FORMAT);
    assert_eq!(payload.actions.len(), 2);
    assert_eq!(payload.staged.len(), 1);
    let text = serde_json::to_string(&payload).unwrap();
    let back: Payload = serde_json::from_str(&text).unwrap();
    assert_eq!(back, payload);
    let restored = Session::restore("Standard", &back, PLENTY).unwrap();
    assert_eq!(restored.payload(), payload);
    assert_eq!(restored.pgn(), s.pgn());
    assert_eq!(restored.staged(), s.staged());
    assert_eq!(restored.status, s.status);
    assert_eq!(restored.game().to_move(), Color::White);
}

/// A custom start whose `InitialMultiverses` header makes all four
/// timelines initial (without it only timeline 0 is): the rules differ (a
/// jump into the past can pull the present back only with the header), so
/// the payload keeps the range and a reload plays by the same rules.
#[test]
fn the_initial_multiverses_header_survives_a_reload() {
    let text = |header: &str| {
        format!(
            "[Size \"4x4\"]\n[Board \"custom\"]\n{header}[k3/4/4/R2K:0:1:w]\n[k3/4/4/1R1K:0:1:b]\n\
             [k3/4/4/1R1K:0:2:w]\n[k3/4/4/3K:-1:2:w]\n[k3/4/4/3K:1:2:w]\n[k3/4/4/4:2:2:w]\n"
        )
    };
    let with = Session::import(&text("[InitialMultiverses \"-1 0 1 2\"]\n")).unwrap();
    assert_eq!(with.multiverse().initial_timelines(), (-1, 2));
    let payload = with.payload();
    assert_eq!(payload.initial, Some([-1, 2]));
    let json = serde_json::to_string(&payload).unwrap();
    let back: Payload = serde_json::from_str(&json).unwrap();
    let restored = Session::restore("custom", &back, PLENTY).unwrap();
    assert_eq!(restored.multiverse().initial_timelines(), (-1, 2));
    assert_eq!(restored.payload(), payload);
    // Without the header the default holds and nothing extra is saved.
    let without = Session::import(&text("")).unwrap();
    assert_eq!(without.multiverse().initial_timelines(), (0, 0));
    assert_eq!(without.payload().initial, None);
    assert!(!serde_json::to_string(&without.payload())
        .unwrap()
        .contains("initial"));
}

#[test]
fn a_record_older_than_the_staged_moves_and_the_saved_verdict_still_reads() {
    let mut payload = short_game().payload();
    payload.staged.clear();
    payload.outcome = None;
    let mut value = serde_json::to_value(&payload).unwrap();
    let fields = value.as_object_mut().unwrap();
    fields.remove("staged");
    assert!(!fields.contains_key("outcome"), "no verdict, no field");
    let old: Payload = serde_json::from_value(value).unwrap();
    assert_eq!(old, payload);
    let s = Session::restore("Standard", &old, PLENTY).unwrap();
    assert_eq!(s.action_count(), 2);
    assert_eq!(
        s.status,
        Status::Known(Outcome::Ongoing {
            in_check: false,
            softmate: false
        })
    );
}

#[test]
fn the_payload_saves_the_engines_verdict_with_its_position() {
    let mut s = short_game();
    assert_eq!(
        s.payload().outcome,
        Some(SavedOutcome {
            actions: 2,
            verdict: Verdict::Ongoing {
                in_check: false,
                softmate: false
            }
        })
    );
    s.submit().unwrap();
    assert_eq!(s.payload().outcome, None, "pending after a submit");
    s.record_outcome(Answer::Unknown);
    assert_eq!(
        s.payload().outcome,
        Some(SavedOutcome {
            actions: 3,
            verdict: Verdict::Unknown
        })
    );
    assert!(s.take_back());
    assert_eq!(s.payload().outcome, None, "a takeback forgets it");
}

#[test]
fn a_saved_unknown_is_restored_unknown_without_a_search_and_checked_again_later() {
    let mut s = standard();
    s.play(mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")))
        .unwrap();
    s.submit().unwrap();
    // The player stopped the check.
    s.record_outcome(Answer::Unknown);
    let payload = s.payload();
    // Even with plenty of budget the page does not repeat the search: the
    // screen hands it to the worker (status Unknown), and never guesses.
    let restored = Session::restore("Standard", &payload, PLENTY).unwrap();
    assert_eq!(restored.status, Status::Unknown);
    assert_eq!(restored.result, GameResult::Ongoing);
    // The verdict belongs to the position after one action: cut short for
    // review, the payload's outcome is decided afresh.
    let mut cut = payload.clone();
    cut.actions.clear();
    assert_eq!(cut.saved_verdict(), None);
    // Once the worker answers, the answer is saved instead.
    let mut again = restored;
    again.decide_outcome(PLENTY);
    assert!(matches!(
        again.payload().saved_verdict(),
        Some(Verdict::Ongoing { .. })
    ));
}

#[test]
fn a_saved_engine_verdict_is_used_only_when_the_search_on_opening_runs_out() {
    let mut s = standard();
    s.play(mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")))
        .unwrap();
    s.submit().unwrap();
    s.decide_outcome(PLENTY);
    let ongoing = Outcome::Ongoing {
        in_check: false,
        softmate: false,
    };
    assert_eq!(s.status, Status::Known(ongoing));
    let payload = s.payload();
    // No budget on opening: the saved verdict (the engine's) is taken back.
    let r = Session::restore("Standard", &payload, Budget::nodes(0)).unwrap();
    assert_eq!(r.status, Status::Known(ongoing));
    // Without a saved verdict the same opening stays unknown: never guessed.
    let mut bare = payload.clone();
    bare.outcome = None;
    let r = Session::restore("Standard", &bare, Budget::nodes(0)).unwrap();
    assert_eq!(r.status, Status::Unknown);
    // With budget, the engine decides again, whatever was saved.
    let mut wrong = payload;
    wrong.outcome = Some(SavedOutcome {
        actions: 1,
        verdict: Verdict::Checkmate,
    });
    let r = Session::restore("Standard", &wrong, PLENTY).unwrap();
    assert_eq!(r.status, Status::Known(ongoing));
    assert_eq!(r.result, GameResult::Ongoing);
    // A mate saved and found again.
    let mut m = mated_after_one_action();
    m.decide_outcome(PLENTY);
    assert_eq!(m.payload().saved_verdict(), Some(Verdict::Checkmate));
    let r = Session::restore("Custom", &m.payload(), PLENTY).unwrap();
    assert!(matches!(r.result, GameResult::BlackWins { .. }));
}

#[test]
fn restore_refuses_a_newer_format() {
    let mut payload = standard().payload();
    payload.format = PAYLOAD_FORMAT + 1;
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert!(matches!(e, RestoreError::Payload(_)), "{e:?}");
    assert!(e.to_string().contains("newer"), "{e}");
}

#[test]
fn restore_refuses_broken_start_boards() {
    let mut payload = standard().payload();
    payload.start[0].fen = "not a fen".to_string();
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert!(matches!(e, RestoreError::Setup(_)), "{e:?}");
    let mut payload = standard().payload();
    payload.start[0].color = 'x';
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert_eq!(e, RestoreError::Setup("bad colour 'x'".to_string()));
    assert!(e.to_string().starts_with("the start position is broken"));
}

#[test]
fn restore_names_the_action_it_could_not_replay() {
    let good = short_game().payload();
    // An illegal move in the second action (Black moves White's pawn).
    let mut payload = good.clone();
    payload.actions[1][0] = StoredMove::of(&mv(
        c(0, 1, Color::Black, "d2"),
        c(0, 1, Color::Black, "d4"),
    ));
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert!(matches!(e, RestoreError::Move { action: 1, .. }), "{e:?}");
    assert!(e.to_string().starts_with("action 2 could not be replayed"));
    // A square off the board.
    let mut payload = good.clone();
    payload.actions[0][0].to[2] = 9;
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert_eq!(
        e,
        RestoreError::Move {
            action: 0,
            reason: "a square is off the board".to_string()
        }
    );
    // An action that cannot be submitted (nothing in it).
    let mut payload = good.clone();
    payload.actions[1].clear();
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert!(matches!(e, RestoreError::Move { action: 1, .. }), "{e:?}");
    // A staged move the engine refuses.
    let mut payload = good;
    payload.staged[0].to = payload.staged[0].from;
    let e = Session::restore("Standard", &payload, PLENTY).unwrap_err();
    assert_eq!(
        e,
        RestoreError::Move {
            action: 2,
            reason: "a staged move was refused".to_string()
        }
    );
}

#[test]
fn committed_game_leaves_the_staged_moves_out() {
    let s = short_game();
    let g = s.payload().committed_game().unwrap();
    assert_eq!(g.actions().count(), 2);
    assert_eq!(g.staged().count(), 0);
}

#[test]
fn stored_moves_keep_the_promotion_letter() {
    let m = Move {
        from: c(0, 5, Color::White, "b7"),
        to: c(0, 5, Color::White, "b8"),
        promotion: Some(PieceKind::Knight),
    };
    let stored = StoredMove::of(&m);
    assert_eq!(stored.promotion, Some('N'));
    assert_eq!(stored.to_move(), Some(m));
    let bad = StoredMove {
        promotion: Some('?'),
        ..stored
    };
    assert_eq!(bad.to_move(), None);
}

// --- verdicts and results ---

#[test]
fn verdicts_map_to_and_from_the_engines_answers() {
    for v in [
        Verdict::Checkmate,
        Verdict::Stalemate,
        Verdict::Ongoing {
            in_check: true,
            softmate: true,
        },
        Verdict::Ongoing {
            in_check: false,
            softmate: false,
        },
        Verdict::Unknown,
    ] {
        assert_eq!(Verdict::of(&v.answer()), v);
    }
    assert_eq!(Verdict::of(&Answer::Unknown), Verdict::Unknown);
    assert_eq!(
        Verdict::of(&Answer::Known(Outcome::Stalemate)),
        Verdict::Stalemate
    );
}

#[test]
fn outcomes_become_results_for_the_side_that_did_not_lose() {
    let mut s = back_rank_mate();
    s.record_outcome(Answer::Known(Outcome::Checkmate));
    assert_eq!(
        s.result,
        GameResult::BlackWins {
            reason: "checkmate".to_string()
        }
    );
    assert!(s.is_over());
    let mut s = one_board("4k3/8/8/8/8/8/6PP/r6K", Color::Black);
    s.record_outcome(Answer::Known(Outcome::Checkmate));
    assert_eq!(
        s.result,
        GameResult::WhiteWins {
            reason: "checkmate".to_string()
        }
    );
    s.record_outcome(Answer::Known(Outcome::Stalemate));
    assert_eq!(
        s.result,
        GameResult::Draw {
            reason: "stalemate".to_string()
        }
    );
    s.record_outcome(Answer::Unknown);
    assert_eq!(s.result, GameResult::Ongoing, "unknown is never a result");
    assert_eq!(s.status, Status::Unknown);
}

#[test]
fn a_mating_action_is_marked_with_hash_once_decided() {
    let mut s = mated_after_one_action();
    assert_eq!(s.status, Status::Pending);
    s.decide_outcome(PLENTY);
    assert!(s.pgn().contains('#'), "{}", s.pgn());
    assert!(s.pgn().contains("0-1"), "{}", s.pgn());
}

#[test]
fn labels_carry_their_sign() {
    assert_eq!(display_label(0, false), "0");
    assert_eq!(display_label(1, false), "+1");
    assert_eq!(display_label(-1, false), "-1");
}

// --- the worker's job ---

#[test]
fn rounds_grow_by_the_factor_and_stop_at_the_cap() {
    let rounds = round_budgets();
    assert_eq!(rounds[0], FIRST_ROUND);
    assert_eq!(rounds[1], FIRST_ROUND * ROUND_GROWTH);
    assert_eq!(rounds.iter().sum::<u64>(), WORKER_CAP);
    assert!(rounds[..rounds.len() - 1]
        .windows(2)
        .all(|w| w[1] == w[0] * ROUND_GROWTH));
    assert!(rounds.len() < 12, "{rounds:?}");
}

#[test]
fn a_job_answers_a_mate_with_its_request_id_and_no_progress() {
    let mut progress = Vec::new();
    let reply = run(&request(7, &back_rank_mate()), |r| progress.push(r.clone()));
    assert_eq!(
        reply,
        JobReply::Done {
            id: 7,
            verdict: Verdict::Checkmate,
            searched: FIRST_ROUND
        }
    );
    assert!(progress.is_empty(), "answered in the first round");
}

#[test]
fn a_job_searches_the_submitted_position_not_the_staged_moves() {
    let reply = run(&request(3, &short_game()), |_| {});
    assert_eq!(
        reply,
        JobReply::Done {
            id: 3,
            verdict: Verdict::Ongoing {
                in_check: false,
                softmate: false
            },
            searched: FIRST_ROUND,
        }
    );
}

#[test]
fn a_job_that_cannot_be_read_or_rebuilt_fails_with_a_reason() {
    match run("{ not json", |_| {}) {
        JobReply::Failed { id: None, reason } => assert!(reason.contains("unreadable")),
        other => panic!("expected a failure, got {other:?}"),
    }
    let mut payload = standard().payload();
    payload.start[0].fen = "x".to_string();
    let text = serde_json::to_string(&JobRequest {
        id: 9,
        game: payload,
        think: None,
    })
    .unwrap();
    match run(&text, |_| {}) {
        JobReply::Failed {
            id: Some(9),
            reason,
        } => assert!(reason.contains("start position"), "{reason}"),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn replies_keep_their_wire_format() {
    // The page and a worker of the same build read each other's JSON; its
    // shape is pinned so a change is deliberate (a cached older worker is
    // recognised by a reply the page cannot read).
    assert_eq!(JobReply::Ready.to_json(), r#""Ready""#);
    assert_eq!(
        JobReply::Progress {
            id: 2,
            searched: 1000
        }
        .to_json(),
        r#"{"Progress":{"id":2,"searched":1000}}"#
    );
    let done = JobReply::Done {
        id: 1,
        verdict: Verdict::Ongoing {
            in_check: true,
            softmate: false,
        },
        searched: 5,
    };
    assert_eq!(
        done.to_json(),
        r#"{"Done":{"id":1,"verdict":{"Ongoing":{"in_check":true,"softmate":false}},"searched":5}}"#
    );
    for reply in [JobReply::Ready, done] {
        assert_eq!(
            serde_json::from_str::<JobReply>(&reply.to_json()).unwrap(),
            reply
        );
    }
}

// --- the page's view of a running check ---

#[test]
fn the_player_is_asked_after_ten_seconds_and_not_before() {
    let mut check = MateCheck::new(4, 1_000, 0);
    assert_eq!(check.ask_in(1_000), Some(ASK_AFTER_MS));
    assert!(!check.tick(1_000 + ASK_AFTER_MS - 1));
    assert_eq!(check.stage, Stage::Searching);
    assert_eq!(check.ask_in(1_000 + ASK_AFTER_MS - 1), Some(1));
    assert!(check.tick(1_000 + ASK_AFTER_MS));
    assert!(check.asking());
    assert_eq!(check.ask_in(1_000 + ASK_AFTER_MS), None);
    assert!(!check.tick(1_000 + 2 * ASK_AFTER_MS), "asked once");
    assert_eq!(check.words(), "Not decided yet after 10 s.");
}

#[test]
fn keep_searching_is_not_asked_again_and_stop_stays_offered() {
    let mut check = MateCheck::new(4, 0, 5_000);
    check.keep_searching();
    assert_eq!(
        check.stage,
        Stage::Searching,
        "nothing to keep before asking"
    );
    assert!(check.tick(ASK_AFTER_MS + 400));
    check.keep_searching();
    assert_eq!(check.stage, Stage::KeptSearching);
    assert!(!check.asking());
    assert_eq!(check.ask_in(10 * ASK_AFTER_MS), None);
    assert!(!check.tick(10 * ASK_AFTER_MS));
    assert_eq!(
        check.words(),
        "Checking for checkmate… 5\u{2009}000 moves searched"
    );
}

#[test]
fn replies_about_the_check_are_told_apart_from_stale_ones() {
    let mut check = MateCheck::new(4, 0, 5_000);
    assert_eq!(check.on_reply(&JobReply::Ready), Reaction::Ignore);
    assert_eq!(
        check.on_reply(&JobReply::Progress {
            id: 3,
            searched: 9_999_999
        }),
        Reaction::Ignore
    );
    assert_eq!(check.searched, 5_000);
    assert_eq!(
        check.on_reply(&JobReply::Progress {
            id: 4,
            searched: 1_000_000
        }),
        Reaction::Progress
    );
    assert_eq!(check.searched, 1_000_000);
    assert_eq!(
        check.words(),
        "Checking for checkmate… 1\u{2009}000\u{2009}000 moves searched"
    );
    check.tick(ASK_AFTER_MS);
    assert_eq!(
        check.words(),
        "Not decided yet after 10 s (1\u{2009}000\u{2009}000 moves searched)."
    );
    let done = |id| JobReply::Done {
        id,
        verdict: Verdict::Unknown,
        searched: WORKER_CAP,
    };
    assert_eq!(check.on_reply(&done(3)), Reaction::Ignore);
    assert_eq!(
        check.on_reply(&done(4)),
        Reaction::Verdict(Verdict::Unknown)
    );
    let failed = |id| JobReply::Failed {
        id,
        reason: "r".to_string(),
    };
    assert_eq!(check.on_reply(&failed(Some(5))), Reaction::Ignore);
    assert_eq!(
        check.on_reply(&failed(Some(4))),
        Reaction::Failed("r".to_string())
    );
    assert_eq!(
        check.on_reply(&failed(None)),
        Reaction::Failed("r".to_string())
    );
}

#[test]
fn counts_are_grouped_by_thousands() {
    assert_eq!(grouped(0), "0");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1_000), "1\u{2009}000");
    assert_eq!(grouped(68_000_000), "68\u{2009}000\u{2009}000");
}

// --- the screen's sentences ---

#[test]
fn the_status_line_follows_the_outcome_and_never_claims_a_result_it_lacks() {
    let mut s = standard();
    assert_eq!(status_words(&s), ("White to move".to_string(), "normal"));
    s.play(mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")))
        .unwrap();
    s.submit().unwrap();
    assert_eq!(
        status_words(&s),
        ("Black to move · checking…".to_string(), "pending")
    );
    s.record_outcome(Answer::Unknown);
    assert_eq!(
        status_words(&s),
        ("Black to move · outcome unknown".to_string(), "unknown")
    );
    s.record_outcome(Answer::Known(Outcome::Ongoing {
        in_check: true,
        softmate: false,
    }));
    assert_eq!(
        status_words(&s),
        ("Black to move · check".to_string(), "check")
    );
    s.record_outcome(Answer::Known(Outcome::Ongoing {
        in_check: true,
        softmate: true,
    }));
    assert_eq!(status_words(&s).1, "check");
    assert!(status_words(&s)
        .0
        .contains("every way out moves the present back"));
    let mut m = mated_after_one_action();
    m.decide_outcome(PLENTY);
    assert_eq!(
        status_words(&m),
        ("Black wins by checkmate".to_string(), "over")
    );
}

#[test]
fn submit_reasons_speak_to_the_player() {
    let s = standard();
    let e = s.can_submit().unwrap_err();
    assert_eq!(
        submit_reason(&e, false),
        "Make a move on an outlined board."
    );
    assert_eq!(submit_reason(&e, true), "The game is over.");
    let mut s = back_rank_mate();
    s.play(mv(c(0, 1, Color::White, "g2"), c(0, 1, Color::White, "g3")))
        .unwrap();
    let e = s.can_submit().unwrap_err();
    assert_eq!(
        submit_reason(&e, false),
        "Your royal piece could be captured (1 red arrow): undo or block."
    );
    assert_eq!(side_name(Color::Black), "Black");
}

#[test]
fn a_flag_fall_is_not_undone_by_the_outcome_search() {
    let mut s = back_rank_mate();
    s.result = GameResult::ended(Some(Color::White), "time");
    s.record_outcome(Answer::Known(Outcome::Ongoing {
        in_check: false,
        softmate: false,
    }));
    assert_eq!(s.result, GameResult::ended(Some(Color::White), "time"));
}

#[test]
fn the_game_over_sentence_says_how_the_game_ended() {
    let s = standard();
    assert_eq!(ending_detail(&s), "");
    let mut m = mated_after_one_action();
    m.decide_outcome(PLENTY);
    assert_eq!(
        ending_detail(&m),
        "By checkmate: White has no legal action and is in check."
    );
    let mut t = standard();
    t.result = GameResult::ended(Some(Color::Black), "time");
    assert_eq!(ending_detail(&t), "White ran out of time.");
    t.result = GameResult::ended(None, "time");
    assert!(ending_detail(&t).contains("no piece left that could checkmate"));
    t.result = GameResult::ended(Some(Color::Black), "resignation");
    assert_eq!(ending_detail(&t), "White resigned.");
    t.result = GameResult::ended(None, "stalemate");
    assert_eq!(
        ending_detail(&t),
        "By stalemate: White has no legal action but is not in check."
    );
}
