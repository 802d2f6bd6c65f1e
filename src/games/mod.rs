//! The seed games other than 5D chess that play on one standard 8×8 board, each with
//! its own kind of time travel (`shared/rules/seed-variants.md`):
//!
//! - [`chessgi`]: Time Travel Chessgi (J. G. Good, 2007), drop chess with general
//!   and special time travel (section B).

pub mod chessgi;
