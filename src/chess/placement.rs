//! Piece placement of one board, read from and written to FEN rows.
//!
//! The format is the piece field of 5DFEN (`shared/rules/5dpgn.md`, section 2):
//! rows from the top rank down to rank 1, separated by `/`; upper case is White;
//! digits (base 10, several digits allowed) give runs of empty squares; `*` after
//! a piece marks it unmoved; a `+` before a letter is reserved and ignored.

use super::{Piece, Square, MAX_SIDE};
use serde::{Deserialize, Serialize};

/// A piece on a square, with its "unmoved" flag (pawn double steps, castling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// True while the piece has never moved.
    pub unmoved: bool,
}

/// The pieces of one board of `width × height` squares (each at most 8).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    width: u8,
    height: u8,
    squares: Vec<Option<PlacedPiece>>,
}

/// Why a FEN piece field could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// Width or height is 0 or above 8.
    BadSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The number of rows differs from the board height.
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: u8,
    },
    /// A row does not fill exactly `width` squares.
    RowWidth {
        /// Row number counted from the top, 1-based.
        row: usize,
        /// Squares the row describes.
        found: usize,
        /// Squares expected.
        expected: u8,
    },
    /// A character that is neither a piece letter, a digit, `*`, `+` nor `/`.
    BadChar {
        /// The character.
        ch: char,
        /// Its byte offset in the field.
        offset: usize,
    },
}

impl std::fmt::Display for PlacementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlacementError::BadSize { width, height } => {
                write!(
                    f,
                    "board size {width}x{height} is not supported (1 to 8 on each side)"
                )
            }
            PlacementError::RowCount { found, expected } => {
                write!(f, "{found} rows given, the board has {expected}")
            }
            PlacementError::RowWidth {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {row} from the top describes {found} squares, the board is {expected} wide"
            ),
            PlacementError::BadChar { ch, offset } => {
                write!(f, "unexpected character {ch:?} at offset {offset}")
            }
        }
    }
}

impl std::error::Error for PlacementError {}

impl Placement {
    /// An empty board; `None` if a side is 0 or above 8.
    #[must_use]
    pub fn empty(width: u8, height: u8) -> Option<Placement> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return None;
        }
        Some(Placement {
            width,
            height,
            squares: vec![None; usize::from(width) * usize::from(height)],
        })
    }

    /// Reads a FEN piece field for a board of the given size.
    ///
    /// # Errors
    /// A [`PlacementError`] saying which row or character is wrong.
    pub fn from_fen(field: &str, width: u8, height: u8) -> Result<Placement, PlacementError> {
        let mut out = Placement::empty(width, height).ok_or(PlacementError::BadSize {
            width: u32::from(width),
            height: u32::from(height),
        })?;
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != usize::from(height) {
            return Err(PlacementError::RowCount {
                found: rows.len(),
                expected: height,
            });
        }
        let mut offset = 0;
        for (r, row) in rows.iter().enumerate() {
            let y = height - 1 - r as u8;
            let mut x: usize = 0;
            let mut chars = row.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut run = ch.to_digit(10).unwrap_or(0) as usize;
                    while let Some(&(_, d)) = chars.peek() {
                        match d.to_digit(10) {
                            Some(v) if run < 100 => {
                                run = run * 10 + v as usize;
                                chars.next();
                            }
                            _ => break,
                        }
                    }
                    x += run;
                } else if ch == '+' {
                    // Reserved alphabet extension: no standard meaning, ignored.
                } else if let Some(piece) = Piece::from_fen_char(ch) {
                    let unmoved = matches!(chars.peek(), Some(&(_, '*')));
                    if unmoved {
                        chars.next();
                    }
                    if x < usize::from(width) {
                        let sq = Square { x: x as u8, y };
                        out.set(sq, Some(PlacedPiece { piece, unmoved }));
                    }
                    x += 1;
                } else {
                    return Err(PlacementError::BadChar {
                        ch,
                        offset: offset + i,
                    });
                }
                if x > usize::from(width) {
                    break;
                }
            }
            if x != usize::from(width) {
                return Err(PlacementError::RowWidth {
                    row: r + 1,
                    found: x,
                    expected: width,
                });
            }
            offset += row.len() + 1;
        }
        Ok(out)
    }

    /// Writes the FEN piece field, with `*` after unmoved pawns, brawns, kings and rooks.
    #[must_use]
    pub fn to_fen(&self) -> String {
        use super::PieceKind;
        let mut s = String::new();
        for y in (0..self.height).rev() {
            let mut empty = 0;
            for x in 0..self.width {
                match self.get(Square { x, y }) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.piece.fen_char());
                        let marks = matches!(
                            p.piece.kind,
                            PieceKind::Pawn | PieceKind::Brawn | PieceKind::King | PieceKind::Rook
                        );
                        if p.unmoved && marks {
                            s.push('*');
                        }
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if y > 0 {
                s.push('/');
            }
        }
        s
    }

    /// Board width (files).
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height (ranks).
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// True if the square lies on this board.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.x < self.width && sq.y < self.height
    }

    /// The piece on a square (`None` when empty or off the board).
    #[must_use]
    pub fn get(&self, sq: Square) -> Option<PlacedPiece> {
        if self.contains(sq) {
            self.squares[usize::from(sq.y) * usize::from(self.width) + usize::from(sq.x)]
        } else {
            None
        }
    }

    /// Puts (or clears) a piece; squares off the board are ignored.
    pub fn set(&mut self, sq: Square, p: Option<PlacedPiece>) {
        if self.contains(sq) {
            self.squares[usize::from(sq.y) * usize::from(self.width) + usize::from(sq.x)] = p;
        }
    }

    /// Every occupied square with its piece, rank 1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, PlacedPiece)> + '_ {
        (0..self.height).flat_map(move |y| {
            (0..self.width).filter_map(move |x| {
                let sq = Square { x, y };
                self.get(sq).map(|p| (sq, p))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, PieceKind};

    const STANDARD: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

    #[test]
    fn reads_and_writes_the_standard_board() {
        let p = Placement::from_fen(STANDARD, 8, 8).unwrap();
        assert_eq!(p.pieces().count(), 32);
        let e1 = p.get(Square::parse("e1").unwrap()).unwrap();
        assert_eq!(e1.piece, Piece::new(Color::White, PieceKind::King));
        assert!(e1.unmoved);
        let d8 = p.get(Square::parse("d8").unwrap()).unwrap();
        assert_eq!(d8.piece, Piece::new(Color::Black, PieceKind::Queen));
        assert!(!d8.unmoved);
        assert_eq!(p.to_fen(), STANDARD);
    }

    #[test]
    fn small_boards_and_multi_digit_runs() {
        let p = Placement::from_fen("2k/3/K2", 3, 3).unwrap();
        assert_eq!(p.pieces().count(), 2);
        assert_eq!(p.to_fen(), "2k/3/K2");
        assert!(Placement::from_fen("8/8/8/8/8/8/8/08", 8, 8).is_ok());
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            Placement::from_fen("3/3", 3, 3),
            Err(PlacementError::RowCount {
                found: 2,
                expected: 3
            })
        );
        assert!(matches!(
            Placement::from_fen("4/3/3", 3, 3),
            Err(PlacementError::RowWidth { row: 1, .. })
        ));
        assert!(matches!(
            Placement::from_fen("2x/3/3", 3, 3),
            Err(PlacementError::BadChar { ch: 'x', .. })
        ));
        assert!(matches!(
            Placement::from_fen("9", 9, 1),
            Err(PlacementError::BadSize { .. })
        ));
        assert!(Placement::from_fen("99999999999999999999/1", 1, 2).is_err());
    }
}
