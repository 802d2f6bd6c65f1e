//! Browser tests of the Multiverse Time Travel Chess screen's parts: the grid's
//! hooks (`data-branch`, `data-t`, `data-sq`), staging a move, time travel by
//! presses, and the storage record round trip.
use crate::support::{sized_container, sq};
use chronochess::games::branching::{BranchId, Config, Game};
use chronochess::play::branching::{board_key, preview_key, BranchingSession};
use chronochess::play::{BoardKey, GameSession};
use chronochess::storage::{GameId, GameKind};
use chronochess::ui::branching::grid::BranchGrid;
use chronochess::ui::branching::state::BranchingPlay;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn cell(row: u32, t: u32) -> BoardKey {
    board_key(row, t)
}

/// Stages `from`→`to` on branch `row`'s latest board `t` and plays it.
fn turn(play: &BranchingPlay, row: u32, t: u32, from: &str, to: &str) {
    assert!(play.press(cell(row, t), sq(from)), "select {from}");
    play.press(cell(row, t), sq(to));
    assert!(play.staged_untracked().is_some(), "staged {from}{to}");
    play.play_staged();
}

#[wasm_bindgen_test]
async fn the_grid_draws_branches_and_a_time_travel_forks_one() {
    let root = sized_container(1000, 600);
    let game = Game::new(Config::new(21, 7)).unwrap();
    let play = BranchingPlay::new(
        GameId::parse("g1-0").unwrap(),
        "test".into(),
        BranchingSession::new(game),
        None,
        None,
    );
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        provide_context(play);
        view! { <BranchGrid /> }
    });
    leptos::task::tick().await;
    let start = root
        .query_selector(r#".br-board[data-branch="0"][data-t="0"]"#)
        .unwrap()
        .expect("the start board");
    assert!(start.class_list().contains("playable"));
    assert_eq!(start.query_selector_all("[data-sq]").unwrap().length(), 64);

    turn(&play, 0, 0, "e2", "e4");
    turn(&play, 0, 1, "e7", "e5");
    turn(&play, 0, 2, "g1", "f3");
    turn(&play, 0, 3, "b8", "c6");
    // 3.Bc4 staged: the preview board appears with the pieces that may travel.
    play.press(cell(0, 4), sq("f1"));
    play.press(cell(0, 4), sq("c4"));
    leptos::task::tick().await;
    let preview = root
        .query_selector(r#".br-board[data-branch="0"][data-t="preview"]"#)
        .unwrap()
        .expect("the staged board");
    assert!(preview
        .query_selector("[data-sq].traveller")
        .unwrap()
        .is_some());
    // The just-moved bishop may not travel; the f3 knight may.
    assert!(!play.press(preview_key(0), sq("c4")));
    assert!(play.notice.get_untracked().is_some());
    assert!(play.press(preview_key(0), sq("f3")));
    leptos::task::tick().await;
    let past = root
        .query_selector(r#".br-board[data-branch="0"][data-t="2"]"#)
        .unwrap()
        .unwrap();
    assert!(past.class_list().contains("landing-target"));
    // f3 attacks e5: not a landing square; c3 is.
    play.press(cell(0, 2), sq("f3"));
    assert_eq!(play.with_game_untracked(|g| g.branches().len()), 1);
    play.press(cell(0, 2), sq("c3"));
    leptos::task::tick().await;
    assert_eq!(play.with_game_untracked(|g| g.branches().len()), 2);
    assert!(root
        .query_selector(
            r#".br-board[data-branch="1"][data-t="3"] [data-sq="c3"].arrived .piece.white.knight"#
        )
        .unwrap()
        .is_some());
    assert_eq!(
        play.with_game_untracked(|g| g.phase().pending.clone()),
        vec![BranchId(0), BranchId(1)]
    );

    // The storage record: kind Branching, payload the rules module's record.
    let record = play.record();
    assert_eq!(record.kind, GameKind::Branching);
    let saved: chronochess::games::branching::SaveRecord = record.payload_as().unwrap();
    let back = Game::from_record(&saved).unwrap();
    assert_eq!(back.to_json(), play.with_game_untracked(|g| g.to_json()));
    let again = BranchingSession::new(back).save_record(&GameId::parse("g1-0").unwrap(), "test", 0);
    assert_eq!(again.payload, record.payload);
}

#[wasm_bindgen_test]
fn a_promoting_pawn_offers_every_piece_queen_first_and_plays_the_chosen_one() {
    use chronochess::chess::PieceKind;
    let game = Game::new(Config::new(21, 7)).unwrap();
    let play = BranchingPlay::new(
        GameId::parse("g1-1").unwrap(),
        "test".into(),
        BranchingSession::new(game),
        None,
        None,
    );
    let moves = [
        ("h2", "h4"),
        ("g7", "g5"),
        ("h4", "g5"),
        ("g8", "h6"),
        ("g5", "h6"),
        ("f8", "g7"),
        ("h6", "g7"),
        ("a7", "a6"),
    ];
    for (t, (from, to)) in (0u32..).zip(moves) {
        turn(&play, 0, t, from, to);
    }
    // gxh8: staged as a queen promotion, with the other pieces on offer.
    assert!(play.press(cell(0, 8), sq("g7")));
    play.press(cell(0, 8), sq("h8"));
    let staged = play.staged_untracked().expect("a staged promotion");
    assert_eq!(staged.promotion(), Some(PieceKind::Queen));
    let choices = play.promotion_choices(BranchId(0), staged);
    let kinds: Vec<_> = choices.iter().filter_map(|m| m.promotion()).collect();
    assert_eq!(
        kinds,
        vec![
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    play.choose_promotion(choices[3]);
    assert_eq!(
        play.staged_untracked().and_then(|m| m.promotion()),
        Some(PieceKind::Knight)
    );
    play.play_staged();
    let knight = play.with_game_untracked(|g| {
        let b = g.branch(BranchId(0)).unwrap();
        b.latest().position().piece_at(sq("h8"))
    });
    assert_eq!(knight.map(|p| p.kind), Some(PieceKind::Knight));
    // A move that does not promote has no choices but itself.
    assert!(play.press(cell(0, 9), sq("a6")));
    play.press(cell(0, 9), sq("a5"));
    let plain = play.staged_untracked().unwrap();
    assert_eq!(play.promotion_choices(BranchId(0), plain), vec![plain]);
}
