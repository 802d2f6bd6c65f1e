//! Browser tests of the board component: it draws whatever placement it is given,
//! of any size, from either side, and knows no chess.
use crate::support::container;
use chronochess::chess::{Color, Placement};
use chronochess::ui::board::Board;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

fn attributes(root: &Element, selector: &str, attribute: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|node| {
            node.unchecked_into::<Element>()
                .get_attribute(attribute)
                .unwrap_or_default()
        })
        .collect()
}

#[wasm_bindgen_test]
fn a_small_board_seen_from_black_is_drawn_upside_down() {
    // 3×3 board: a white king on a1, a black unicorn on c3.
    let placement = Placement::from_fen("2u/3/K2", 3, 3).unwrap();
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        view! { <Board placement=placement.clone() orientation=Color::Black /> }
    });
    let root: Element = root.into();

    let squares = attributes(&root, ".square", "data-square");
    assert_eq!(
        squares,
        ["c1", "b1", "a1", "c2", "b2", "a2", "c3", "b3", "a3"]
    );
    let pieces = attributes(&root, ".piece", "aria-label");
    assert_eq!(pieces, ["white king", "black unicorn"]);
    assert_eq!(
        root.query_selector(".board")
            .unwrap()
            .unwrap()
            .get_attribute("style")
            .as_deref(),
        Some("--files: 3; --ranks: 3;")
    );
}

#[wasm_bindgen_test]
async fn the_board_redraws_when_its_placement_changes() {
    let first = Placement::from_fen("k7/8/8/8/8/8/8/7K", 8, 8).unwrap();
    let second = Placement::from_fen("k7/8/8/8/8/8/8/8", 8, 8).unwrap();
    let placement = RwSignal::new(first);
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        view! { <Board placement=placement coordinates=false /> }
    });
    let root: Element = root.into();

    assert_eq!(attributes(&root, ".piece", "aria-label").len(), 2);
    assert!(attributes(&root, ".coord", "class").is_empty());
    placement.set(second);
    // The board is read inside a reactive closure: Leptos applies the change on the next tick.
    leptos::task::tick().await;
    assert_eq!(attributes(&root, ".piece", "aria-label"), ["black king"]);
}
