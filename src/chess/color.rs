//! The two sides.

use serde::{Deserialize, Serialize};

/// A side: White moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black: handy as an array index.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The 5DFEN / 5dpgn letter: `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w` or `b` (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Color> {
        match c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// "White" or "Black".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

impl std::fmt::Display for Color {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for c in Color::ALL {
            assert_ne!(c, !c);
            assert_eq!(c, !!c);
            assert_eq!(Color::from_letter(c.letter()), Some(c));
        }
        assert_eq!(Color::from_letter('x'), None);
    }
}
