//! Browser tests of the Time Travel Chessgi screen (run by `cargo test --target
//! wasm32-unknown-unknown` in headless Chromium): the mounted screen's hooks. The
//! session (targets, pockets, the save record) is tested on the host in
//! `play::chessgi`.

use crate::support::container;
use chronochess::storage::GameId;
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
    assert_eq!(count(&root, ".cg-board [data-sq]"), 64);
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
