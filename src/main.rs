//! The web app's entry point (wasm32): sets the panic hook and mounts the UI.
//! On the host it only says how to run it.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("chronochess-app is the browser app: build and serve it with trunk (see README.md)");
}

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(chronochess::ui::App);
}
