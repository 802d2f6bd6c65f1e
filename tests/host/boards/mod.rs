//! The 5D board catalogue and its starting positions.

mod catalogue;
mod start;
