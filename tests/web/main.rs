//! The browser tests, one binary run in headless Chromium by
//! `cargo test --target wasm32-unknown-unknown` (through wasm-bindgen-test-runner):
//! a module per screen or area, with the helpers they share in [`support`]. A new
//! browser test file goes here as a module.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod board;
mod branching;
mod chessgi;
mod game;
mod mate_check;
mod multiverse;
mod site;
mod start_screen;
mod storage;
mod support;
mod time_traveling;
