//! The other-games page's entry point (wasm32): Time Traveling Chess, Time
//! Travel Chessgi and Multiverse Time Travel Chess, at the site's `games/`
//! (see `chronochess::ui::site`). On the host it only says how to run it.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("chronochess-games is the browser app's games page: build and serve it with trunk (see README.md)");
}

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(chronochess::ui::OtherGamesApp);
}
