//! Squares on boards of at most 8×8.

use serde::{Deserialize, Serialize};

/// The largest board side: boards are at most 8×8, so a board fits a `u64` bitboard.
pub const MAX_SIDE: u8 = 8;

/// A square: file `x` (`a` = 0) and rank `y` (rank 1 = 0), both below [`MAX_SIDE`].
///
/// The bit index is `y * 8 + x` whatever the board's real size, so bitboards of
/// small boards line up with those of 8×8 ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// File, 0-based (`a` = 0).
    pub x: u8,
    /// Rank, 0-based (rank 1 = 0).
    pub y: u8,
}

impl Square {
    /// Makes a square; `None` if a coordinate is 8 or more.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x < MAX_SIDE && y < MAX_SIDE {
            Some(Square { x, y })
        } else {
            None
        }
    }

    /// Bit index `y * 8 + x`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.y as usize * 8 + self.x as usize
    }

    /// The square of a bit index below 64.
    #[must_use]
    pub const fn from_index(i: usize) -> Square {
        Square {
            x: (i % 8) as u8,
            y: (i / 8) as u8,
        }
    }

    /// The file letter (`a`…`h`).
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.x) as char
    }

    /// Reads algebraic notation such as `e4`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Square::new(b[0] - b'a', b[1] - b'1')
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.file_char(), self.y + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algebraic_round_trip() {
        for i in 0..64 {
            let s = Square::from_index(i);
            assert_eq!(s.index(), i);
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }
}
