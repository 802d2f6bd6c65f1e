//! The web app's entry point (wasm32): mounts the UI. On the host it only says how to run it.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("chronochess-app is the browser app: build and serve it with trunk (see README.md)");
}

#[cfg(target_arch = "wasm32")]
fn main() {}
