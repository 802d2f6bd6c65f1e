//! The browser user interface (Leptos, client-side rendered; wasm32 only).
//!
//! The UI decides no rule: it asks the engine for positions and draws them.
//!
//! - [`app`]: the application shell (header, page, footer).
//! - [`start_screen`]: the first screen: what Chronochess is and the 5D Standard start position.
//! - [`timeline_board`]: one board of the multiverse with its timeline and turn labels.
//! - [`board`]: draws one board of pieces, chessground-style (no chess logic).

pub mod app;
pub mod board;
pub mod start_screen;
pub mod timeline_board;

pub use app::App;
