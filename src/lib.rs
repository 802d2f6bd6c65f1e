//! # Chronochess
//!
//! Time-travel chess that runs entirely in the browser. This crate holds the
//! engines (host-testable, no web dependencies) and, on `wasm32`, the Leptos UI.
//!
//! - [`chess`]: primitives shared by all four games.
//! - [`fived`]: 5D Chess With Multiverse Time Travel.
//! - [`notation`]: 5dpgn / 5DFEN.
//! - [`games`]: the other seed games (Time Traveling Chess, Time Travel Chessgi, multiverse Time Travel Chess).
//! - [`play`]: the interface the four games share (record, result, rules as
//!   values, what to draw, what a press does), and each game's session
//!   (the 5D session, save payload and mate-check protocol in `play::fived`).
//! - [`storage`]: saved games and settings (localStorage on the web).
//! - `ui` (wasm32 only): the Leptos user interface.
//!
//! ```
//! use chronochess::fived::boards;
//! let standard = boards::find("Standard").unwrap();
//! assert_eq!((standard.width, standard.height), (8, 8));
//! ```
#![deny(missing_docs)]

pub mod chess;
pub mod fived;
pub mod games;
pub mod notation;
pub mod play;
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub mod ui;
