//! Shared helpers for the 5D integration tests: a seeded random source and
//! the canonical 5dpgn text of engine moves (`notation::export`).

#![allow(dead_code)]

use chronochess::fived::{Move, Multiverse};
use chronochess::notation::ast::MoveText;

/// A splitmix64 random source (Steele, Lea, Flood 2014), seeded, so every
/// test run plays the same games.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The canonical text of a move (the library's exporter; a generated move
/// always starts on a piece).
pub fn canonical_move(m: &Multiverse, mv: &Move) -> MoveText {
    chronochess::notation::export::move_text(m, mv).expect("a generated move starts on a piece")
}
