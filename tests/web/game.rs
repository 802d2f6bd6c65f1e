//! Browser tests of the game screen's parts: the session (moves, undo,
//! submit, save payload round trip, 5dpgn) and the multiverse view's hooks
//! (`data-l`, `data-t`, `data-c`, `data-sq`, `data-action`).
use crate::support::sized_container;
use chronochess::chess::Color;
use chronochess::chess::Square;
use chronochess::fived::coords::{half_turn, Coord, Move};
use chronochess::fived::{boards, Budget, SubmitError};
use chronochess::play::{Effect, Input};
use chronochess::ui::game::play::Play;
use chronochess::ui::game::session::{display_label, Session};
use chronochess::ui::multiverse::MultiverseView;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn c(l: i32, turn: i32, color: Color, sq: &str) -> Coord {
    Coord::new(l, half_turn(turn, color), Square::parse(sq).unwrap())
}

fn standard() -> Session {
    Session::new(boards::standard()).unwrap()
}

fn mv(from: Coord, to: Coord) -> Move {
    Move {
        from,
        to,
        promotion: None,
    }
}

#[wasm_bindgen_test]
fn submit_waits_for_a_move_and_undo_takes_it_back() {
    let mut s = standard();
    assert_eq!(s.can_submit(), Err(SubmitError::NothingPlayed));
    s.play(mv(c(0, 1, Color::White, "e2"), c(0, 1, Color::White, "e4")))
        .unwrap();
    assert!(s.can_submit().is_ok());
    assert_eq!(s.staged_texts(), vec!["(0T1)e2e4".to_string()]);
    assert!(s.undo());
    assert_eq!(s.can_submit(), Err(SubmitError::NothingPlayed));
}

#[wasm_bindgen_test]
fn a_jump_to_the_past_is_written_with_its_branch_mark_and_the_payload_restores_it() {
    let mut s = standard();
    s.play(mv(c(0, 1, Color::White, "g1"), c(0, 1, Color::White, "f3")))
        .unwrap();
    s.submit().unwrap();
    s.play(mv(c(0, 1, Color::Black, "g8"), c(0, 1, Color::Black, "f6")))
        .unwrap();
    s.submit().unwrap();
    s.play(mv(c(0, 2, Color::White, "f3"), c(0, 1, Color::White, "f5")))
        .unwrap();
    s.submit().unwrap();
    assert_eq!(s.multiverse().timeline_range(), (0, 1));
    assert_eq!(display_label(1, false), "+1");
    let pgn = s.pgn();
    assert!(pgn.contains("2. (0T2)Nf3>>(0T1)f5~"), "{pgn}");
    // Staged moves are saved too.
    s.play(mv(c(1, 1, Color::Black, "e7"), c(1, 1, Color::Black, "e6")))
        .unwrap();
    let payload = s.payload();
    let back = Session::restore("Standard", &payload, Budget::nodes(10_000)).unwrap();
    assert_eq!(back.pgn(), pgn);
    assert_eq!(back.staged().len(), 1);
    assert_eq!(back.multiverse(), s.multiverse());
}

#[wasm_bindgen_test]
async fn the_view_draws_boards_with_their_hooks_and_shows_destinations() {
    let root = sized_container(1000, 600);
    let play = Play::new(standard());
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        provide_context(play);
        view! { <MultiverseView /> }
    });
    leptos::task::tick().await;
    let board = root
        .query_selector(r#".mv-board[data-l="0"][data-t="1"][data-c="w"]"#)
        .unwrap()
        .expect("the start board");
    assert!(board.class_list().contains("mandatory"));
    assert_eq!(board.query_selector_all("[data-sq]").unwrap().length(), 64);
    assert_eq!(
        play.input(Input::Press(c(0, 1, Color::White, "g1").into())),
        Effect::Picked
    );
    leptos::task::tick().await;
    assert_eq!(root.query_selector_all(".square.dest").unwrap().length(), 2);
    assert_eq!(
        play.input(Input::Drop(c(0, 1, Color::White, "f3").into())),
        Effect::Staged
    );
    leptos::task::tick().await;
    let staged = root
        .query_selector(r#".mv-board[data-l="0"][data-t="1"][data-c="b"]"#)
        .unwrap()
        .expect("the staged board");
    assert!(staged.class_list().contains("staged"));
    assert!(staged
        .query_selector(r#"[data-sq="f3"] .piece.white.knight"#)
        .unwrap()
        .is_some());
}
