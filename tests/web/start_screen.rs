//! Browser tests of the start screen (run by `cargo test --target wasm32-unknown-unknown`
//! in headless Chromium): it shows the 5D Standard starting board from the engine's catalogue.
use crate::support::container;
use chronochess::ui::start_screen::StartScreen;
use chronochess::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

/// A fresh container in the document for one test, so tests do not see each other's DOM.
fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|node| node.unchecked_into())
        .collect()
}

fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn text(root: &Element, selector: &str) -> String {
    one(root, selector).text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
fn start_screen_shows_the_standard_board_with_32_pieces() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), StartScreen);
    let root: Element = root.into();

    assert_eq!(all(&root, ".timeline-board").len(), 1);
    assert_eq!(all(&root, ".board .square").len(), 64);
    assert_eq!(all(&root, ".board .piece").len(), 32);
    assert_eq!(all(&root, ".piece.white").len(), 16);
    assert_eq!(all(&root, ".piece.black").len(), 16);
    assert_eq!(all(&root, ".piece.pawn").len(), 16);
}

#[wasm_bindgen_test]
fn the_board_is_labelled_timeline_0_turn_1_white_to_move() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), StartScreen);
    let root: Element = root.into();

    assert_eq!(text(&root, ".timeline-label"), "L0");
    assert_eq!(text(&root, ".turn-label"), "T1");
    assert!(one(&root, ".timeline-board")
        .class_list()
        .contains("to-move-white"));
    assert_eq!(text(&root, ".to-move-text"), "White to move");
    assert_eq!(text(&root, ".variant-name"), "Standard");
}

#[wasm_bindgen_test]
fn pieces_stand_on_their_squares_with_white_at_the_bottom() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), StartScreen);
    let root: Element = root.into();

    let piece_on = |square: &str| {
        let piece = one(&root, &format!("[data-sq='{square}'] .piece"));
        piece.get_attribute("aria-label").unwrap_or_default()
    };
    assert_eq!(piece_on("e1"), "white king");
    assert_eq!(piece_on("d1"), "white queen");
    assert_eq!(piece_on("g8"), "black knight");
    assert_eq!(piece_on("a7"), "black pawn");
    assert!(all(&root, "[data-sq='e4'] .piece").is_empty());

    // White's view: a8 is the first square drawn, h1 the last.
    let squares = all(&root, ".board .square");
    assert_eq!(squares[0].get_attribute("data-sq").as_deref(), Some("a8"));
    assert_eq!(squares[63].get_attribute("data-sq").as_deref(), Some("h1"));
    // a1 is dark, h1 light.
    assert!(squares[56].class_list().contains("dark"));
    assert!(squares[63].class_list().contains("light"));
}

#[wasm_bindgen_test]
fn coordinates_run_along_the_left_and_bottom_edges() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), StartScreen);
    let root: Element = root.into();

    let ranks: Vec<String> = all(&root, ".coord-rank")
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect();
    let files: Vec<String> = all(&root, ".coord-file")
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect();
    assert_eq!(ranks, ["8", "7", "6", "5", "4", "3", "2", "1"]);
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h"]);
}

#[wasm_bindgen_test]
fn the_app_shell_has_a_title_and_a_new_game_button() {
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), App);
    let root: Element = root.into();

    assert_eq!(text(&root, "h1"), "Chronochess");
    assert_eq!(text(&root, "button.new-game").trim(), "New game");
    assert_eq!(all(&root, ".piece").len(), 32);
}
