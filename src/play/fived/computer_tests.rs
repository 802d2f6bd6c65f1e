//! Host tests of playing the computer: who moves, the pair takeback, the
//! opponent in the save payload (and older payloads reading as games
//! between two players), the 5dpgn names, the worker's thinking job and the
//! page's view of it.

use super::computer::{
    level_name, level_number, levels, takeback_actions, think_ms, Opponent, StoredOpponent,
    ThinkReaction, ThinkSpec, Thinking, MIN_SHOWN_MS,
};
use super::outcome_job::{run_job, JobReply, JobRequest};
use super::payload::{Payload, RestoreError, StoredMove, Verdict};
use super::session::Session;
use super::tests::{c, mv, PLENTY};
use crate::chess::{Color, PieceKind, Placement};
use crate::fived::ai::Level;
use crate::fived::coords::Move;
use crate::fived::{boards, InitialBoard, Multiverse};
use crate::storage::GameResult;

fn vs(color: Color, level: Level) -> Session {
    Session::new(boards::standard()).unwrap().against(Opponent {
        color,
        level,
        seed: 42,
    })
}

/// Plays and submits one single-move action, deciding the outcome.
fn act(s: &mut Session, m: Move) {
    s.play(m).unwrap();
    s.submit().unwrap();
    s.decide_outcome(PLENTY);
}

fn e4(s: &mut Session) {
    act(
        s,
        mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")),
    );
}

fn e5(s: &mut Session) {
    act(
        s,
        mv(c(0, 1, Color::Black, "e7"), c(0, 1, Color::Black, "e5")),
    );
}

#[test]
fn the_player_moves_only_on_their_own_turn() {
    let mut s = vs(Color::Black, Level::Depth(3));
    let pawn = c(0, 1, Color::White, "e2");
    assert!(!s.computer_to_move());
    assert!(s.is_movable(pawn));
    e4(&mut s);
    assert!(s.computer_to_move(), "Black is the computer");
    assert!(!s.is_movable(c(0, 1, Color::Black, "e7")));
    // The computer's action goes through the same session calls.
    e5(&mut s);
    assert!(!s.computer_to_move());
    assert!(s.is_movable(c(0, 2, Color::White, "g1")));

    let computer_white = vs(Color::White, Level::Random);
    assert!(computer_white.computer_to_move());
    assert!(!computer_white.is_movable(pawn));

    // Never after the end.
    let mut over = vs(Color::White, Level::Random);
    over.result = GameResult::ended(Some(Color::Black), "resignation");
    assert!(!over.computer_to_move());
    // Two players: never.
    assert!(!Session::new(boards::standard()).unwrap().computer_to_move());
}

#[test]
fn a_takeback_removes_the_computers_reply_and_the_players_action() {
    // The rule, all cases.
    let o = |color| Opponent {
        color,
        level: Level::Random,
        seed: 0,
    };
    let (w, b) = (Color::White, Color::Black);
    assert_eq!(takeback_actions(None, w, 0), 0);
    assert_eq!(takeback_actions(None, b, 5), 1);
    // Computer Black: the player (White) to move after 2 actions.
    assert_eq!(takeback_actions(Some(&o(b)), w, 0), 0);
    assert_eq!(takeback_actions(Some(&o(b)), w, 2), 2);
    assert_eq!(
        takeback_actions(Some(&o(b)), b, 1),
        1,
        "the computer to move"
    );
    // Computer White: its first action is not the player's to take back.
    assert_eq!(takeback_actions(Some(&o(w)), b, 1), 0);
    assert_eq!(takeback_actions(Some(&o(w)), b, 3), 2);
    assert_eq!(takeback_actions(Some(&o(w)), w, 2), 1);

    // On a session.
    let mut s = vs(Color::Black, Level::Depth(2));
    e4(&mut s);
    e5(&mut s);
    assert_eq!(s.takeback_count(), 2);
    assert!(s.take_back_turn());
    assert_eq!(s.action_count(), 0);
    assert!(!s.take_back_turn(), "nothing left");
    e4(&mut s);
    assert_eq!(s.takeback_count(), 1, "while the computer thinks");
    assert!(s.take_back_turn());
    assert_eq!((s.action_count(), s.game().to_move()), (0, Color::White));
}

#[test]
fn the_opponent_round_trips_through_the_payload() {
    let mut s = vs(Color::Black, Level::Depth(3));
    e4(&mut s);
    let payload = s.payload();
    assert_eq!(
        payload.computer,
        Some(StoredOpponent {
            color: 'b',
            level: "3".to_string(),
            seed: 42
        })
    );
    let text = serde_json::to_string(&payload).unwrap();
    assert!(text.contains(r#""computer":{"color":"b","level":"3","seed":42}"#));
    let back: Payload = serde_json::from_str(&text).unwrap();
    let r = Session::restore("Standard", &back, PLENTY).unwrap();
    assert_eq!(r.opponent, s.opponent);
    assert!(
        r.computer_to_move(),
        "a reload mid-thought: the computer is to move again"
    );
    for level in levels() {
        let o = Opponent {
            color: Color::White,
            level,
            seed: u64::MAX,
        };
        assert_eq!(o.stored().opponent(), Ok(o));
    }
}

#[test]
fn an_older_payload_reads_as_a_game_between_two_players() {
    // What versions before the computer wrote: no `computer` field (and a
    // game between two players still writes none).
    let mut s = Session::new(boards::standard()).unwrap();
    e4(&mut s);
    let value = serde_json::to_value(s.payload()).unwrap();
    assert!(!value.as_object().unwrap().contains_key("computer"));
    let old: Payload = serde_json::from_value(value).unwrap();
    assert_eq!(old.computer, None);
    let r = Session::restore("Standard", &old, PLENTY).unwrap();
    assert_eq!(r.opponent, None);
    assert_eq!(r.takeback_count(), 1);
    assert!(r.is_movable(c(0, 1, Color::Black, "e7")));
}

#[test]
fn an_unknown_level_is_refused_with_its_name() {
    let mut payload = vs(Color::White, Level::Strongest).payload();
    payload.computer.as_mut().unwrap().level = "9".to_string();
    match Session::restore("Standard", &payload, PLENTY) {
        Err(RestoreError::Payload(why)) => assert!(why.contains("\"9\""), "{why}"),
        other => panic!("expected a payload error, got {other:?}"),
    }
}

/// A game saved against the removed level 5 (Expert) resumes against
/// `strongest`, the level closest to it.
#[test]
fn a_game_saved_against_the_removed_level_five_resumes_against_strongest() {
    let mut payload = vs(Color::White, Level::Strongest).payload();
    payload.computer.as_mut().unwrap().level = "5".to_string();
    let r = Session::restore("Standard", &payload, PLENTY).unwrap();
    let opponent = r.opponent.unwrap();
    assert_eq!(opponent.level, Level::Strongest);
    assert_eq!(opponent.color, Color::White);
    assert_eq!(level_name(opponent.level), "Strongest");
    assert_eq!(opponent.stored().level, "strongest");
}

#[test]
fn the_export_names_the_players_and_reads_back() {
    let mut s = vs(Color::Black, Level::Depth(3));
    e4(&mut s);
    let pgn = s.pgn();
    assert!(
        pgn.contains("[White \"You\"]\n[Black \"Chronochess (Intermediate)\"]"),
        "{pgn}"
    );
    let back = Session::import(&pgn).unwrap();
    assert_eq!(back.action_count(), 1);
    let white = vs(Color::White, Level::Random).pgn();
    assert!(
        white.contains("[White \"Chronochess (Random mover)\"]\n[Black \"You\"]"),
        "{white}"
    );
    // Two players: no names, as before.
    assert!(!Session::new(boards::standard())
        .unwrap()
        .pgn()
        .contains("White"));
}

#[test]
fn levels_have_player_names_numbers_and_time_budgets() {
    let all = levels();
    assert_eq!(all.first(), Some(&Level::Random));
    assert_eq!(all.last(), Some(&Level::Strongest));
    let names: Vec<&str> = all.iter().map(|&l| level_name(l)).collect();
    let mut unique = names.clone();
    unique.dedup();
    assert_eq!(unique, names, "distinct names");
    for (i, &l) in all.iter().enumerate() {
        assert_eq!(level_number(l), i + 1);
        assert!(think_ms(l) <= 5_000);
    }
    assert!(all.windows(2).all(|w| think_ms(w[0]) <= think_ms(w[1])));
    assert_eq!(think_ms(Level::Random), 0);
}

fn think_request(s: &Session, level: Level, ms: u64) -> String {
    let o = Opponent {
        color: s.game().to_move(),
        level,
        seed: 7,
    };
    let game = s.payload();
    let spec = ThinkSpec {
        ms,
        ..ThinkSpec::for_game(&o, &game)
    };
    serde_json::to_string(&JobRequest {
        id: 3,
        think: Some(spec),
        game,
    })
    .unwrap()
}

fn moves(stored: &[StoredMove]) -> Vec<Move> {
    stored.iter().map(|m| m.to_move().unwrap()).collect()
}

/// Plays `stored` on `s` as the page does: each move, then submit.
fn legal_on(s: &Session, stored: &[StoredMove]) -> bool {
    let mut s = s.clone();
    moves(stored).into_iter().all(|m| s.play(m).is_ok()) && s.submit().is_ok()
}

#[test]
fn the_worker_thinks_reports_its_best_and_moves_legally() {
    let mut s = vs(Color::Black, Level::Depth(4));
    e4(&mut s);
    // A clock that advances 1 ms each time it is read: the search stops at
    // its budget and the reports are paced by it.
    let t = std::cell::Cell::new(0.0);
    let now = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let mut reports = Vec::new();
    let reply = run_job(&think_request(&s, Level::Depth(4), 1_000), &now, &mut |r| {
        reports.push(r.clone());
    });
    let JobReply::Moved {
        id: 3, moves: m, ..
    } = &reply
    else {
        panic!("expected a move, got {reply:?}");
    };
    assert!(legal_on(&s, m));
    let bests: Vec<&Vec<StoredMove>> = reports
        .iter()
        .filter_map(|r| match r {
            JobReply::Thinking { id: 3, best, .. } => best.as_ref(),
            _ => None,
        })
        .collect();
    assert!(
        !bests.is_empty(),
        "a best action reported before the answer"
    );
    assert!(bests.iter().all(|b| legal_on(&s, b)));

    // The weakest level needs no clock.
    let reply = run_job(&think_request(&s, Level::Random, 0), &|| 0.0, &mut |_| {});
    let JobReply::Moved { moves: m, .. } = &reply else {
        panic!("expected a move, got {reply:?}");
    };
    assert!(legal_on(&s, m));
}

#[test]
fn a_computer_with_no_action_gets_the_exact_outcome() {
    // White to move and mated on the back rank.
    let placement = Placement::from_fen("4k3/8/8/8/8/8/6PP/r6K", 8, 8).unwrap();
    let start = [InitialBoard {
        l: 0,
        turn: 1,
        to_move: Color::White,
        placement,
    }];
    let m = Multiverse::from_boards(8, 8, false, &[PieceKind::Queen], &start).unwrap();
    let s = Session::from_position("Custom".to_string(), m);
    let reply = run_job(
        &think_request(&s, Level::Depth(2), 500),
        &|| 0.0,
        &mut |_| {},
    );
    assert_eq!(
        reply,
        JobReply::NoMove {
            id: 3,
            verdict: Verdict::Checkmate
        }
    );
    let bad = think_request(&s, Level::Depth(2), 500).replace(r#""level":"2""#, r#""level":"x""#);
    assert!(matches!(
        run_job(&bad, &|| 0.0, &mut |_| {}),
        JobReply::Failed { id: Some(3), .. }
    ));
}

#[test]
fn new_replies_keep_their_wire_format() {
    let best = StoredMove {
        from: [0, 2, 4, 1],
        to: [0, 2, 4, 3],
        promotion: None,
    };
    let thinking = JobReply::Thinking {
        id: 1,
        depth: 2,
        nodes: 300,
        best: Some(vec![best]),
    };
    assert_eq!(
        thinking.to_json(),
        r#"{"Thinking":{"id":1,"depth":2,"nodes":300,"best":[{"from":[0,2,4,1],"to":[0,2,4,3]}]}}"#
    );
    let moved = JobReply::Moved {
        id: 1,
        moves: vec![best],
        depth: 3,
        nodes: 9,
    };
    let none = JobReply::NoMove {
        id: 1,
        verdict: Verdict::Stalemate,
    };
    for reply in [thinking, moved, none] {
        assert_eq!(
            serde_json::from_str::<JobReply>(&reply.to_json()).unwrap(),
            reply
        );
    }
    // A mate check's request is written as before (no `think`).
    let text = serde_json::to_string(&JobRequest {
        id: 1,
        game: Session::new(boards::standard()).unwrap().payload(),
        think: None,
    })
    .unwrap();
    assert!(!text.contains("think"));
}

#[test]
fn the_page_follows_the_thinking_and_can_hurry_it() {
    let best = StoredMove::of(&mv(
        c(0, 1, Color::Black, "e7"),
        c(0, 1, Color::Black, "e5"),
    ));
    let mut t = Thinking::new(5, 1_000);
    assert_eq!(t.words(), "Thinking…");
    assert_eq!(t.draw_in(1_100), MIN_SHOWN_MS - 100);
    assert_eq!(t.draw_in(9_000), 0);
    // Another job's reply, the worker's greeting: nothing.
    let other = JobReply::Thinking {
        id: 4,
        depth: 9,
        nodes: 9,
        best: None,
    };
    assert_eq!(t.on_reply(&other), ThinkReaction::Ignore);
    assert_eq!(t.on_reply(&JobReply::Ready), ThinkReaction::Ignore);
    // Hurried before any best action: played when the first one arrives.
    assert_eq!(t.hurry(), None);
    assert_eq!(t.words(), "Moving now…");
    let first = JobReply::Thinking {
        id: 5,
        depth: 1,
        nodes: 1_234,
        best: Some(vec![best]),
    };
    assert_eq!(t.on_reply(&first), ThinkReaction::Play(moves(&[best])));

    let mut t = Thinking::new(6, 0);
    let progress = JobReply::Thinking {
        id: 6,
        depth: 2,
        nodes: 12_345,
        best: Some(vec![best]),
    };
    assert_eq!(t.on_reply(&progress), ThinkReaction::Progress);
    assert_eq!(t.words(), "Thinking… depth 2 · 12\u{2009}345 positions");
    // A later report without a best keeps the one known.
    let count = JobReply::Thinking {
        id: 6,
        depth: 2,
        nodes: 20_000,
        best: None,
    };
    assert_eq!(t.on_reply(&count), ThinkReaction::Progress);
    assert_eq!(t.hurry(), Some(moves(&[best])));
    let done = JobReply::Moved {
        id: 6,
        moves: vec![best],
        depth: 3,
        nodes: 30_000,
    };
    assert_eq!(t.on_reply(&done), ThinkReaction::Play(moves(&[best])));
    assert_eq!(
        t.on_reply(&JobReply::NoMove {
            id: 6,
            verdict: Verdict::Checkmate
        }),
        ThinkReaction::NoMove(Verdict::Checkmate)
    );
    assert!(matches!(
        t.on_reply(&JobReply::Failed {
            id: None,
            reason: "x".to_string()
        }),
        ThinkReaction::Failed(_)
    ));
}
