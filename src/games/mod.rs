//! The three 2D seed games other than 5D chess, one module each
//! (`shared/rules/seed-variants.md`, sections A–C), built on the standard chess core
//! in [`crate::chess`].
//!
//! - [`branching`]: Time Travel Chess, the multiverse version (T. Pavese, 2013):
//!   universes forked by time travel and played in parallel.

pub mod branching;
