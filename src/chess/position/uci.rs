//! UCI coordinates (`e2e4`, `e7e8q`, `e1g1`, `N@f3`) read into the [`Move2d`] they
//! mean in a [`Position`].

use super::movegen::{back_rank, CastleSide, Move2d};
use super::Position;
use crate::chess::{PieceKind, Square};

/// Why [`Position::uci_move`] could not read a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciError {
    /// The text given.
    pub text: String,
}

impl std::fmt::Display for UciError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is not a UCI move (like e2e4, e7e8q or N@f3)",
            self.text
        )
    }
}

impl std::error::Error for UciError {}

impl Position {
    /// Reads UCI coordinates (`e2e4`, `e7e8q`, `e1g1`, `N@f3`) into the [`Move2d`] they
    /// mean here: a king's two-square step from its home square becomes castling, a
    /// pawn's diagonal step onto the en passant square becomes en passant. The move is
    /// not checked for legality (use [`Position::play`]).
    ///
    /// # Errors
    /// [`UciError`] when the text is not UCI coordinates.
    pub fn uci_move(&self, text: &str) -> Result<Move2d, UciError> {
        let err = || UciError {
            text: text.to_string(),
        };
        if let Some((piece, sq)) = text.split_once('@') {
            let mut letters = piece.chars();
            let kind = match (letters.next(), letters.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => PieceKind::from_letter(c),
                _ => None,
            }
            .ok_or_else(err)?;
            let to = Square::parse(sq).ok_or_else(err)?;
            return Ok(Move2d::Drop { kind, to });
        }
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(err());
        }
        let from = Square::parse(&text[..2]).ok_or_else(err)?;
        let to = Square::parse(&text[2..4]).ok_or_else(err)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) if c.is_ascii_lowercase() => Some(PieceKind::from_letter(c).ok_or_else(err)?),
            Some(_) => return Err(err()),
        };
        let piece = self.piece_at(from);
        let kind = piece.map(|p| p.kind);
        if kind == Some(PieceKind::King)
            && promotion.is_none()
            && from.y == to.y
            && from.x == 4
            && from.y == back_rank(piece.map_or(self.turn, |p| p.color))
            && from.x.abs_diff(to.x) == 2
        {
            let side = if to.x > from.x {
                CastleSide::KingSide
            } else {
                CastleSide::QueenSide
            };
            return Ok(Move2d::Castle {
                king: from,
                rook: Square {
                    x: side.rook_from_file(),
                    y: from.y,
                },
            });
        }
        if kind == Some(PieceKind::Pawn)
            && promotion.is_none()
            && from.x != to.x
            && self.piece_at(to).is_none()
            && self.ep_square == Some(to)
        {
            return Ok(Move2d::EnPassant { from, to });
        }
        Ok(Move2d::Normal {
            from,
            to,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Move2d, PieceKind, Square};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn uci_moves_are_classified() {
        let p = Position::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        assert_eq!(
            p.uci_move("e1g1"),
            Ok(Move2d::Castle {
                king: sq("e1"),
                rook: sq("h1")
            })
        );
        assert_eq!(
            p.uci_move("e1c1"),
            Ok(Move2d::Castle {
                king: sq("e1"),
                rook: sq("a1")
            })
        );
        assert_eq!(
            p.uci_move("e5d6"),
            Ok(Move2d::EnPassant {
                from: sq("e5"),
                to: sq("d6")
            })
        );
        assert_eq!(
            p.uci_move("N@f3"),
            Ok(Move2d::Drop {
                kind: PieceKind::Knight,
                to: sq("f3")
            })
        );
        for m in ["e1g1", "e1c1", "e5d6", "a1a8"] {
            let mv = p.uci_move(m).unwrap();
            assert_eq!(mv.to_uci(), m);
            assert!(p.is_legal(mv), "{m}");
        }
        assert!(p.uci_move("e9e1").is_err());
        assert!(p.uci_move("e1").is_err());
        assert!(p.uci_move("a7a8Q").is_err());
    }
}
