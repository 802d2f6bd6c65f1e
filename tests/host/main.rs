//! The host integration tests, one binary (`cargo test --test host`): a module per
//! area, with the helpers they share in [`support`]. A new host test file goes in
//! the folder of its area (or a new area module declared here).
//!
//! Host only: the browser tests are the `web` binary (`tests/web/main.rs`).

#![cfg(not(target_arch = "wasm32"))]

mod boards;
mod branching;
mod chess;
mod chessgi;
mod corpus;
mod fived;
mod notation;
mod storage;
mod support;
mod time_traveling;
