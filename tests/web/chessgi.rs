//! Browser tests of the Time Travel Chessgi screen (run by `cargo test --target
//! wasm32-unknown-unknown` in headless Chromium): the save record round trip, the
//! interaction state asking the rules for targets, and the mounted screen's hooks.
use crate::support::{container, sq};
use chronochess::chess::{Color, PieceKind};
use chronochess::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions};
use chronochess::storage::{GameId, GameKind, GameResult};
use chronochess::ui::chessgi::record::{game_of, save_record};
use chronochess::ui::chessgi::screen::{ChessgiPlay, Pick};
use chronochess::ui::chessgi::{ChessgiNav, ChessgiScreen};
use chronochess::ui::nav::Nav;
use chronochess::ui::saves::Saves;
use leptos::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
fn the_save_record_holds_the_rules_record_and_reads_back() {
    let mut game = ChessgiGame::new(ChessgiOptions {
        cooldown: 3,
        ..ChessgiOptions::default()
    });
    for uci in ["e2e4", "d7d5", "e4d5"] {
        let mv = game.position().uci_move(uci).unwrap();
        game.play(ChessgiAction::Move(mv)).unwrap();
    }
    let id = GameId::from_parts(1_700_000_000_000, 1);
    let record = save_record(&id, "test", &game, 5);
    assert_eq!(record.kind, GameKind::Chessgi);
    assert_eq!(record.to_move, Color::Black);
    assert_eq!(record.result, GameResult::Ongoing);
    let back = game_of(&record).unwrap();
    assert_eq!(back.actions(), game.actions());
    assert_eq!(back.options().cooldown, 3);
    game.resign(Color::Black).unwrap();
    let over = save_record(&id, "test", &game, 6);
    assert_eq!(over.result.winner(), Some(Color::White));
}

#[wasm_bindgen_test]
fn pressing_squares_and_pocket_pieces_asks_the_rules_for_targets() {
    let play = ChessgiPlay::new(RwSignal::new(ChessgiGame::new(ChessgiOptions::default())));
    assert!(play.press_square(sq("e2")));
    let targets: Vec<_> = play.candidates();
    assert_eq!(targets.len(), 2, "e3 and e4");
    assert!(!play.press_square(sq("e4")));
    assert_eq!(play.game.with(|g| g.actions().len()), 1);
    // An opponent's piece cannot be picked up.
    assert!(!play.press_square(sq("e4")));
    play.press_square(sq("d7"));
    play.press_square(sq("d5"));
    play.press_square(sq("e4"));
    play.press_square(sq("d5"));
    assert_eq!(
        play.game
            .with(|g| g.pocket(Color::White).reserve().to_vec()),
        vec![PieceKind::Pawn]
    );
    // Black's turn: White's reserve pawn is not Black's to drop.
    play.pick.set(Some(Pick::Reserve(PieceKind::Pawn)));
    assert!(play.candidates().is_empty());
}

#[wasm_bindgen_test]
fn the_screen_draws_board_targets_pockets_cooldown_and_tree() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), || {
        let saves = Saves::open();
        provide_context(saves);
        let nav = Nav::new();
        provide_context(nav);
        let chessgi = ChessgiNav::provide(saves, nav);
        chessgi
            .active
            .set(Some((GameId::from_parts(1_700_000_000_000, 2), "t".into())));
        view! { <ChessgiScreen /> }
    });
    let root: Element = root.into();
    assert_eq!(count(&root, ".cg-targets [data-sq]"), 64);
    assert_eq!(count(&root, ".board .piece"), 32);
    assert_eq!(count(&root, "[data-pocket-side]"), 2);
    assert_eq!(count(&root, "[data-cooldown]"), 2);
    assert_eq!(count(&root, ".cg-node[data-node=\"0\"]"), 1);
    assert_eq!(
        count(&root, "[data-action=general-travel][disabled]"),
        1,
        "empty pocket: no travel"
    );
}
