//! 5D Chess With Multiverse Time Travel: the multiverse, movement in four
//! dimensions, staged actions, and exact search for legal actions.
//!
//! Rules reference: `shared/rules/5d-chess.md`.

pub mod boards;
