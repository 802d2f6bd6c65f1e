//! Coordinates of the multiverse: timelines, half-turns, squares, moves.
//!
//! - A timeline is an `i32`. Odd-start games use the label's value directly.
//!   Even-start games use ftxi's integer mapping (`shared/rules/5d-chess.md`,
//!   section 2): `+n ↦ n`, `-n ↦ -n-1`, so `-0 ↦ -1` and `+0 ↦ 0`.
//! - A board's time is its half-turn index `v = 2·T + (Black to move ? 1 : 0)`.

use crate::chess::{Color, PieceKind, Square};

/// The half-turn index of turn `turn` with `color` to move.
#[must_use]
pub const fn half_turn(turn: i32, color: Color) -> i32 {
    2 * turn
        + match color {
            Color::White => 0,
            Color::Black => 1,
        }
}

/// The turn shown in the game for a half-turn index.
#[must_use]
pub const fn turn_of(v: i32) -> i32 {
    v.div_euclid(2)
}

/// The colour to move on boards of a half-turn index.
#[must_use]
pub const fn color_of(v: i32) -> Color {
    if v.rem_euclid(2) == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The internal number of a timeline label (`sign`, `number`) in a game that
/// starts with an even (`-0`/`+0`) or odd number of timelines.
#[must_use]
pub fn timeline_from_label(sign: Option<char>, number: u32, even: bool) -> i32 {
    let n = i32::try_from(number).unwrap_or(i32::MAX / 2);
    match sign {
        Some('-') if even => -n - 1,
        Some('-') => -n,
        _ => n,
    }
}

/// The label of an internal timeline number: `0`, `1`, `-1` in odd games,
/// `+0`, `-0`, `+1`, `-1` in even games.
#[must_use]
pub fn timeline_label(l: i32, even: bool) -> String {
    if even {
        if l >= 0 {
            format!("+{l}")
        } else {
            format!("-{}", -l - 1)
        }
    } else {
        format!("{l}")
    }
}

/// The magnitude used by the active-timeline rule: `|L|`, with `-n` counting
/// as `n` in even games.
#[must_use]
pub const fn timeline_magnitude(l: i32, even: bool) -> i32 {
    if l < 0 {
        if even {
            -l - 1
        } else {
            -l
        }
    } else {
        l
    }
}

/// A board of the multiverse: timeline `l`, half-turn `v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardId {
    /// Timeline (internal number).
    pub l: i32,
    /// Half-turn index.
    pub v: i32,
}

impl BoardId {
    /// The turn shown in the game.
    #[must_use]
    pub const fn turn(self) -> i32 {
        turn_of(self.v)
    }

    /// The colour to move on this board.
    #[must_use]
    pub const fn color(self) -> Color {
        color_of(self.v)
    }
}

/// A square on a board of the multiverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// The board.
    pub board: BoardId,
    /// The square.
    pub square: Square,
}

impl Coord {
    /// Makes a coordinate.
    #[must_use]
    pub const fn new(l: i32, v: i32, square: Square) -> Coord {
        Coord {
            board: BoardId { l, v },
            square,
        }
    }
}

/// One move: a piece leaves `from` (on a playable board) for `to` (on any
/// existing board of the mover's colour), with an optional promotion choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Coord,
    /// Where it goes.
    pub to: Coord,
    /// The piece a pawn or brawn becomes on the last rank (`None`: the
    /// variant's first promotion piece).
    pub promotion: Option<PieceKind>,
}

impl Move {
    /// True when source and target are the same board.
    #[must_use]
    pub fn is_physical(&self) -> bool {
        self.from.board == self.to.board
    }

    /// Writes the move in the long 5dpgn form, e.g. `(0T1)g1(0T1)f3` or
    /// `(0T3)b1>>(0T2)b1` is not decided here: this form gives both boards.
    #[must_use]
    pub fn long_text(&self, even: bool) -> String {
        let b = |c: Coord| {
            format!(
                "({}T{}){}",
                timeline_label(c.board.l, even),
                c.board.turn(),
                c.square
            )
        };
        let promo = self
            .promotion
            .map(|k| format!("={}", k.letter()))
            .unwrap_or_default();
        format!("{}{}{promo}", b(self.from), b(self.to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_turns_round_trip() {
        for t in 0..5 {
            for c in Color::ALL {
                let v = half_turn(t, c);
                assert_eq!(turn_of(v), t);
                assert_eq!(color_of(v), c);
            }
        }
    }

    #[test]
    fn even_labels_use_ftxi_mapping() {
        assert_eq!(timeline_from_label(Some('-'), 0, true), -1);
        assert_eq!(timeline_from_label(Some('+'), 0, true), 0);
        assert_eq!(timeline_from_label(Some('-'), 1, true), -2);
        assert_eq!(timeline_from_label(None, 1, true), 1);
        assert_eq!(timeline_from_label(Some('-'), 1, false), -1);
        assert_eq!(timeline_label(-1, true), "-0");
        assert_eq!(timeline_label(0, true), "+0");
        assert_eq!(timeline_label(-2, true), "-1");
        assert_eq!(timeline_label(-2, false), "-2");
        assert_eq!(timeline_magnitude(-2, true), 1);
        assert_eq!(timeline_magnitude(-2, false), 2);
    }
}
