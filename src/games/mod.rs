//! The seed games other than 5D chess, one module each.
//!
//! - [`time_traveling`]: Time Traveling Chess, where a player may replace one of
//!   their own earlier moves with a move of a more valuable piece.

pub mod time_traveling;
