//! Forsyth–Edwards Notation: reading a [`Position`] from FEN (with typed errors
//! naming the faulty field) and writing it back.

use super::movegen::{
    back_rank, double_step_rank, is_standard_piece, last_rank, offset, pawn_dir, CastleSide,
};
use super::{CastlingRights, Position};
use crate::chess::{Color, Piece, PieceKind, Placement, PlacementError, Square};

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN string could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The piece field is malformed.
    Placement(PlacementError),
    /// A piece that standard chess does not have (a 5D fairy piece), or a 5DFEN mark.
    UnsupportedPiece(char),
    /// A pawn on its own last rank.
    PawnOnLastRank(Square),
    /// More than one king of one colour.
    TooManyKings(Color),
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is malformed, or grants a right whose king or rook is not home.
    Castling(String),
    /// The en passant field is malformed or impossible in this position.
    EnPassant(String),
    /// The halfmove clock or fullmove number is not a number (fullmove must be ≥ 1).
    Counter(String),
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "FEN has {n} fields, expected 4 to 6"),
            FenError::Placement(e) => write!(f, "FEN piece field: {e}"),
            FenError::UnsupportedPiece(c) => {
                write!(f, "{c:?} is not a piece or mark of standard chess")
            }
            FenError::PawnOnLastRank(sq) => write!(f, "a pawn stands on its last rank at {sq}"),
            FenError::TooManyKings(c) => write!(f, "{c} has more than one king"),
            FenError::SideToMove(s) => write!(f, "side to move {s:?} is not w or b"),
            FenError::Castling(s) => write!(f, "castling field {s:?} is malformed or impossible"),
            FenError::EnPassant(s) => {
                write!(f, "en passant field {s:?} is malformed or impossible")
            }
            FenError::Counter(s) => write!(f, "move counter {s:?} is not valid"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads standard FEN. The halfmove and fullmove fields may be left out
    /// (they default to `0 1`).
    ///
    /// Kings are not required (a side may have none, see the module doc), but a side
    /// may not have two; castling rights need the king on e1/e8 and the rook on its
    /// corner; an en passant square needs the pawn that just double-stepped past it.
    ///
    /// # Errors
    /// A [`FenError`] naming the faulty field.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        if let Some(c) = fields[0].chars().find(|c| matches!(c, '*' | '+')) {
            return Err(FenError::UnsupportedPiece(c));
        }
        let placement = Placement::from_fen(fields[0], 8, 8).map_err(FenError::Placement)?;
        let mut pos = Position::empty();
        let mut kings = [0; 2];
        for (sq, placed) in placement.pieces() {
            let piece = placed.piece;
            if !is_standard_piece(piece) {
                return Err(FenError::UnsupportedPiece(piece.fen_char()));
            }
            if piece.kind == PieceKind::Pawn && sq.y == last_rank(piece.color) {
                return Err(FenError::PawnOnLastRank(sq));
            }
            if piece.kind == PieceKind::King {
                kings[piece.color.index()] += 1;
                if kings[piece.color.index()] > 1 {
                    return Err(FenError::TooManyKings(piece.color));
                }
            }
            pos.board[sq.index()] = Some(piece);
        }
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        pos.castling = pos.read_castling(fields[2])?;
        pos.ep_square = pos.read_ep(fields[3])?;
        let counter = |s: &str, min: u32| -> Result<u32, FenError> {
            s.parse::<u32>()
                .ok()
                .filter(|&n| n >= min)
                .ok_or_else(|| FenError::Counter(s.to_string()))
        };
        pos.halfmove_clock = fields.get(4).map_or(Ok(0), |s| counter(s, 0))?;
        pos.fullmove_number = fields.get(5).map_or(Ok(1), |s| counter(s, 1))?;
        Ok(pos)
    }

    fn read_castling(&self, field: &str) -> Result<CastlingRights, FenError> {
        let bad = || FenError::Castling(field.to_string());
        let mut rights = CastlingRights::NONE;
        if field == "-" {
            return Ok(rights);
        }
        for c in field.chars() {
            let (color, side) = match c {
                'K' => (Color::White, CastleSide::KingSide),
                'Q' => (Color::White, CastleSide::QueenSide),
                'k' => (Color::Black, CastleSide::KingSide),
                'q' => (Color::Black, CastleSide::QueenSide),
                _ => return Err(bad()),
            };
            if rights.has(color, side) {
                return Err(bad());
            }
            let rank = back_rank(color);
            let king = self.piece_at(Square { x: 4, y: rank });
            let rook = self.piece_at(Square {
                x: side.rook_from_file(),
                y: rank,
            });
            if king != Some(Piece::new(color, PieceKind::King))
                || rook != Some(Piece::new(color, PieceKind::Rook))
            {
                return Err(bad());
            }
            rights.add(color, side);
        }
        if rights.is_empty() {
            return Err(bad());
        }
        Ok(rights)
    }

    pub(super) fn read_ep(&self, field: &str) -> Result<Option<Square>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let bad = || FenError::EnPassant(field.to_string());
        let sq = Square::parse(field).ok_or_else(bad)?;
        // The pawn that double-stepped belongs to the side not to move.
        let them = !self.turn;
        let dir = pawn_dir(them);
        let expected_rank = (i16::from(double_step_rank(them)) + i16::from(dir)) as u8;
        let pawn = offset(sq, 0, dir);
        let origin = offset(sq, 0, -dir);
        let ok = sq.y == expected_rank
            && self.piece_at(sq).is_none()
            && origin.is_some_and(|o| self.piece_at(o).is_none())
            && pawn.and_then(|p| self.piece_at(p)) == Some(Piece::new(them, PieceKind::Pawn));
        if ok {
            Ok(Some(sq))
        } else {
            Err(bad())
        }
    }

    /// Writes standard FEN (the en passant square is written after every double step).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for y in (0..8u8).rev() {
            let mut empty = 0;
            for x in 0..8u8 {
                match self.piece_at(Square { x, y }) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if y > 0 {
                s.push('/');
            }
        }
        let ep = self
            .ep_square
            .map_or_else(|| "-".to_string(), |sq| sq.to_string());
        format!(
            "{s} {} {} {ep} {} {}",
            self.turn.letter(),
            self.castling.to_fen(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, Move2d, Square};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn startpos_matches_its_fen() {
        assert_eq!(Position::startpos().to_fen(), STARTING_FEN);
        assert_eq!(Position::from_fen(STARTING_FEN), Ok(Position::startpos()));
        assert_eq!(Position::startpos().legal_moves().len(), 20);
    }

    #[test]
    fn fen_errors_name_the_field() {
        assert_eq!(Position::from_fen("8/8 w"), Err(FenError::FieldCount(2)));
        assert!(matches!(
            Position::from_fen("8/8/8/8/8/8/8/7 w - - 0 1"),
            Err(FenError::Placement(_))
        ));
        assert_eq!(
            Position::from_fen("8/8/8/8/8/8/8/3U4 w - - 0 1"),
            Err(FenError::UnsupportedPiece('U'))
        );
        assert_eq!(
            Position::from_fen("8/8/8/8/8/8/8/3K*4 w - - 0 1"),
            Err(FenError::UnsupportedPiece('*'))
        );
        assert_eq!(
            Position::from_fen("P7/8/8/8/8/8/8/8 w - - 0 1"),
            Err(FenError::PawnOnLastRank(sq("a8")))
        );
        assert_eq!(
            Position::from_fen("8/8/8/8/8/8/8/KK6 w - - 0 1"),
            Err(FenError::TooManyKings(Color::White))
        );
        assert!(matches!(
            Position::from_fen("8/8/8/8/8/8/8/8 x - - 0 1"),
            Err(FenError::SideToMove(_))
        ));
        assert!(matches!(
            Position::from_fen("8/8/8/8/8/8/8/4K3 w K - 0 1"),
            Err(FenError::Castling(_))
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            Err(FenError::EnPassant(_))
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
            Err(FenError::Counter(_))
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
            Err(FenError::Counter(_))
        ));
        // White pawns on rank 1 (Chessgi drops) are fine; no kings is fine.
        assert!(Position::from_fen("8/8/8/8/8/8/8/P7 w - - 0 1").is_ok());
    }

    #[test]
    fn double_step_sets_en_passant_and_fen_round_trips() {
        let p = Position::startpos()
            .play(Move2d::Normal {
                from: sq("e2"),
                to: sq("e4"),
                promotion: None,
            })
            .unwrap();
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(p.to_fen(), fen);
        assert_eq!(Position::from_fen(fen), Ok(p));
        // No black pawn can take on e3, so repetition ignores the square.
        assert_eq!(
            p.repetition_key(),
            p.play_null().play_null().repetition_key()
        );
    }
}
