//! Browser tests of the mate check's job for the web worker
//! (`chronochess::ui::game::outcome_job`): the request/reply text the page and
//! the worker exchange, the growing rounds, and the answers on known
//! positions. The worker itself (a second wasm binary) is exercised end to end
//! in tests/e2e/mate-check.test.mjs.
use chronochess::chess::{Color, PieceKind, Placement};
use chronochess::fived::{boards, InitialBoard, Multiverse};
use chronochess::ui::game::outcome_job::{
    round_budgets, run, JobReply, JobRequest, Verdict, FIRST_ROUND, ROUND_GROWTH, WORKER_CAP,
};
use chronochess::ui::game::session::Session;
use wasm_bindgen_test::wasm_bindgen_test;

fn request(id: u64, session: &Session) -> String {
    serde_json::to_string(&JobRequest {
        id,
        game: session.payload(),
        think: None,
    })
    .unwrap()
}

/// One board, White to move: king h1 behind its pawns, Black's rook on a1.
fn back_rank_mate() -> Session {
    let placement = Placement::from_fen("4k3/8/8/8/8/8/6PP/r6K", 8, 8).unwrap();
    let start = [InitialBoard {
        l: 0,
        turn: 1,
        to_move: Color::White,
        placement,
    }];
    let promotions = [PieceKind::Queen];
    let m = Multiverse::from_boards(8, 8, false, &promotions, &start).unwrap();
    Session::from_position("Custom".to_string(), m)
}

#[wasm_bindgen_test]
fn rounds_grow_by_the_factor_and_stop_at_the_cap() {
    let rounds = round_budgets();
    assert_eq!(rounds[0], FIRST_ROUND);
    assert_eq!(rounds[1], FIRST_ROUND * ROUND_GROWTH);
    assert_eq!(rounds.iter().sum::<u64>(), WORKER_CAP);
    assert!(rounds.len() < 12, "{rounds:?}");
}

#[wasm_bindgen_test]
fn a_mate_is_answered_with_its_request_id() {
    let mut progress = Vec::new();
    let reply = run(&request(7, &back_rank_mate()), |r| progress.push(r.clone()));
    match reply {
        JobReply::Done { id, verdict, .. } => {
            assert_eq!(id, 7);
            assert_eq!(verdict, Verdict::Checkmate);
        }
        other => panic!("expected an answer, got {other:?}"),
    }
    assert!(progress.is_empty(), "answered in the first round");
}

#[wasm_bindgen_test]
fn the_start_position_is_ongoing_and_the_reply_reads_back() {
    let session = Session::new(boards::standard()).unwrap();
    let reply = run(&request(1, &session), |_| {});
    assert_eq!(
        reply,
        JobReply::Done {
            id: 1,
            verdict: Verdict::Ongoing {
                in_check: false,
                softmate: false
            },
            searched: FIRST_ROUND,
        }
    );
    let text = reply.to_json();
    assert_eq!(serde_json::from_str::<JobReply>(&text).unwrap(), reply);
    assert_eq!(
        serde_json::from_str::<JobReply>(&JobReply::Ready.to_json()).unwrap(),
        JobReply::Ready
    );
}

#[wasm_bindgen_test]
fn an_unreadable_request_fails_with_a_reason() {
    match run("{ not json", |_| {}) {
        JobReply::Failed { id: None, reason } => assert!(reason.contains("unreadable")),
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[wasm_bindgen_test]
fn verdicts_map_back_to_the_engines_answers() {
    for v in [
        Verdict::Checkmate,
        Verdict::Stalemate,
        Verdict::Ongoing {
            in_check: true,
            softmate: true,
        },
        Verdict::Unknown,
    ] {
        assert_eq!(Verdict::of(&v.answer()), v);
    }
}
