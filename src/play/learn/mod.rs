//! Learning 5D by doing, below the UI: the proved puzzles and one attempt at
//! one ([`puzzles`]), the lessons as data with the engine's check of each
//! step ([`lessons`]), and the counting of progress ([`progress`]) on the
//! stored record ([`crate::storage::Learning`]). Host-compiled and
//! host-tested; `ui/learn/` only draws.

mod lesson_data;
pub mod lessons;
pub mod progress;
pub mod puzzles;
