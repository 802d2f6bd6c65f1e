//! The seed games other than 5D chess. Each plays on standard 8×8 boards (the
//! shared `chess` core) with its own kind of time travel
//! (`shared/rules/seed-variants.md`):
//!
//! - [`time_traveling`]: Time Traveling Chess, where a player may replace one of
//!   their own earlier moves with a move of a more valuable piece (section A).
//! - [`chessgi`]: Time Travel Chessgi (J. G. Good, 2007), drop chess with general
//!   and special time travel (section B).
//! - [`branching`]: Time Travel Chess (T. Pavese, 2013), where travel forks
//!   universes that are all played in parallel and the most universes won wins
//!   (section C).

pub mod branching;
pub mod chessgi;
pub mod time_traveling;
