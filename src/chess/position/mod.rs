//! A position of standard 8×8 chess: pieces, side to move, castling rights, en passant
//! square and move counters, with FEN reading/writing, playing moves with typed
//! reasons for illegality, and game-end tests.
//!
//! The position is a fixed array (`Copy`, 80-odd bytes): copying one per branch or per
//! replayed ply costs nothing worth sharing, which suits the time-travel games of
//! `shared/rules/seed-variants.md` (positions kept per ply, per node and per branch).
//!
//! It is deliberately tolerant where those games need it:
//! - the side *not* to move may be in check (after a null move, Time Traveling Chess);
//! - a side may have no king (a king travelling in time, Time Travel Chessgi), and may
//!   then drop one back;
//! - pawns may stand on their own first rank (Chessgi drops); they step one square
//!   from there and double-step only from their second rank (seed-variants.md B.6.14).
//!
//! ```
//! use chronochess::chess::{IllegalMove, Position};
//! let start = Position::startpos();
//! let (mv, after) = start.play_san("e4").unwrap();
//! assert_eq!(mv.to_uci(), "e2e4");
//! assert_eq!(after.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! let rook_lift = start.uci_move("a1a3").unwrap();
//! assert_eq!(start.play(rook_lift), Err(IllegalMove::PathBlocked));
//! ```

mod fen;
mod legality;
mod movegen;
mod san;
mod uci;

pub use fen::{FenError, STARTING_FEN};
pub use legality::IllegalMove;
pub use movegen::{perft, CastleSide, Move2d, PROMOTION_KINDS, STANDARD_KINDS};
pub(crate) use movegen::{BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS};
pub use san::SanError;
pub use uci::UciError;

use crate::chess::{Color, Piece, PieceKind, Square};
use movegen::{back_rank, is_standard_piece, last_rank};

/// Which castlings are still allowed (the king and that rook have never moved).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    bits: u8,
}

impl CastlingRights {
    /// No castling for anyone.
    pub const NONE: CastlingRights = CastlingRights { bits: 0 };
    /// All four castlings.
    pub const ALL: CastlingRights = CastlingRights { bits: 0b1111 };

    const fn bit(color: Color, side: CastleSide) -> u8 {
        let shift = color.index() * 2
            + match side {
                CastleSide::KingSide => 0,
                CastleSide::QueenSide => 1,
            };
        1 << shift
    }

    /// True if `color` may still castle to `side`.
    #[must_use]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.bits & Self::bit(color, side) != 0
    }

    /// Grants one right.
    pub fn add(&mut self, color: Color, side: CastleSide) {
        self.bits |= Self::bit(color, side);
    }

    /// Removes one right.
    pub fn remove(&mut self, color: Color, side: CastleSide) {
        self.bits &= !Self::bit(color, side);
    }

    /// Removes both rights of a colour.
    pub fn remove_color(&mut self, color: Color) {
        for side in CastleSide::ALL {
            self.remove(color, side);
        }
    }

    /// True when nobody may castle.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The FEN castling field: `KQkq`, a subset, or `-`.
    #[must_use]
    pub fn to_fen(self) -> String {
        let mut s = String::new();
        for (c, color, side) in [
            ('K', Color::White, CastleSide::KingSide),
            ('Q', Color::White, CastleSide::QueenSide),
            ('k', Color::Black, CastleSide::KingSide),
            ('q', Color::Black, CastleSide::QueenSide),
        ] {
            if self.has(color, side) {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// How the game stands in a position (board moves only; see [`Position::status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move and no automatic draw applies.
    Ongoing,
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever mate ([`Position::is_insufficient_material`]).
    InsufficientMaterial,
    /// 75 moves (150 plies) without a capture or pawn move.
    SeventyFiveMoves,
}

/// What makes two positions "the same" for repetition: pieces, side to move,
/// castling rights, and the en passant square only when a capture there is legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: [Option<Piece>; 64],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
}

/// A position of standard chess on an 8×8 board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: [Option<Piece>; 64],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn startpos() -> Position {
        let mut board = [None; 64];
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (x, kind) in back.into_iter().enumerate() {
            board[x] = Some(Piece::new(Color::White, kind));
            board[8 + x] = Some(Piece::new(Color::White, PieceKind::Pawn));
            board[48 + x] = Some(Piece::new(Color::Black, PieceKind::Pawn));
            board[56 + x] = Some(Piece::new(Color::Black, kind));
        }
        Position {
            board,
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// An empty board, White to move, no castling, move 1.
    #[must_use]
    pub fn empty() -> Position {
        Position {
            board: [None; 64],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Every piece with its square, a1 first, then b1 … h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::from_index(i), p)))
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights.
    #[must_use]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The square a pawn crossed with a double step on the last move, if any.
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Plies since the last capture or pawn move (null moves count).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after each Black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The square of `color`'s king, if it has one on the board.
    #[must_use]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let king = Some(Piece::new(color, PieceKind::King));
        self.board
            .iter()
            .position(|p| *p == king)
            .map(Square::from_index)
    }

    /// True when the side to move's king is attacked.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.is_king_attacked(self.turn)
    }

    /// True when `color`'s king is attacked (false if it has no king).
    #[must_use]
    pub fn is_king_attacked(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.is_attacked(k, !color))
    }

    /// In check with no legal board move. In drop chess also ask
    /// [`Position::legal_drops`]: a drop can parry a check.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Not in check and no legal board move (drops not considered, as in
    /// [`Position::is_checkmate`]).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// 150 plies without a capture or pawn move: an automatic draw.
    #[must_use]
    pub fn is_seventyfive_moves(&self) -> bool {
        self.halfmove_clock >= 150
    }

    /// True when `color` can never give mate, whatever the other side does.
    ///
    /// Conservative (it answers `false` when unsure): a lone king; king and one knight
    /// against a lone king; or king and bishops when every bishop on the board stands on
    /// squares of one colour and there are no knights or pawns.
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let own: Vec<PieceKind> = self
            .pieces()
            .filter(|(_, p)| p.color == color && p.kind != PieceKind::King)
            .map(|(_, p)| p.kind)
            .collect();
        let others = self
            .pieces()
            .filter(|(_, p)| p.color != color && p.kind != PieceKind::King)
            .count();
        if own.is_empty() {
            return true;
        }
        if own == [PieceKind::Knight] {
            return others == 0;
        }
        if own.iter().all(|&k| k == PieceKind::Bishop) {
            let mut shades = self
                .pieces()
                .filter(|(_, p)| p.kind == PieceKind::Bishop)
                .map(|(sq, _)| (sq.x + sq.y) % 2);
            let first = shades.next();
            let one_shade = shades.all(|s| Some(s) == first);
            let blockers = self
                .pieces()
                .any(|(_, p)| matches!(p.kind, PieceKind::Knight | PieceKind::Pawn));
            let heavy = self
                .pieces()
                .any(|(_, p)| matches!(p.kind, PieceKind::Rook | PieceKind::Queen));
            return one_shade && !blockers && !heavy;
        }
        false
    }

    /// Neither side can ever mate: an automatic draw.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// How the game stands, board moves only (drop games should also consult
    /// [`Position::legal_drops`] before calling it mate or stalemate).
    #[must_use]
    pub fn status(&self) -> Status {
        if !self.has_legal_move() {
            if self.is_check() {
                Status::Checkmate { winner: !self.turn }
            } else {
                Status::Stalemate
            }
        } else if self.is_insufficient_material() {
            Status::InsufficientMaterial
        } else if self.is_seventyfive_moves() {
            Status::SeventyFiveMoves
        } else {
            Status::Ongoing
        }
    }

    /// The part of the position that decides repetitions.
    #[must_use]
    pub fn repetition_key(&self) -> RepetitionKey {
        let ep_square = self.ep_square.filter(|&to| {
            self.legal_moves()
                .iter()
                .any(|mv| matches!(mv, Move2d::EnPassant { to: t, .. } if *t == to))
        });
        RepetitionKey {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            ep_square,
        }
    }

    /// A copy with a piece put on (or removed from) a square, for building the positions
    /// time travel makes (a piece leaves, a traveller lands). Castling rights whose king
    /// or rook square is touched are dropped, and the en passant square is dropped when
    /// it no longer fits the board; move counters and the side to move stay.
    ///
    /// # Errors
    /// The [`FenError`] such a board would give when read: a fairy piece
    /// ([`FenError::UnsupportedPiece`]), a pawn on its last rank, or a second king.
    pub fn with_piece(&self, sq: Square, piece: Option<Piece>) -> Result<Position, FenError> {
        if let Some(p) = piece {
            if !is_standard_piece(p) {
                return Err(FenError::UnsupportedPiece(p.fen_char()));
            }
            if p.kind == PieceKind::Pawn && sq.y == last_rank(p.color) {
                return Err(FenError::PawnOnLastRank(sq));
            }
            if p.kind == PieceKind::King && self.king_square(p.color).is_some_and(|k| k != sq) {
                return Err(FenError::TooManyKings(p.color));
            }
        }
        let mut next = *self;
        next.board[sq.index()] = piece;
        next.touch_corner(sq);
        for color in Color::ALL {
            if sq
                == (Square {
                    x: 4,
                    y: back_rank(color),
                })
            {
                next.castling.remove_color(color);
            }
        }
        if let Some(ep) = next.ep_square {
            if next.read_ep(&ep.to_string()).is_err() {
                next.ep_square = None;
            }
        }
        Ok(next)
    }

    /// A copy with `color` to move and no en passant square (a time-travel landing
    /// hands the turn over without a double step).
    #[must_use]
    pub fn with_turn(&self, color: Color) -> Position {
        let mut next = *self;
        next.turn = color;
        next.ep_square = None;
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, PieceKind, Square};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn with_piece_keeps_the_position_readable() {
        let p = Position::startpos();
        let no_rook = p.with_piece(sq("h1"), None).unwrap();
        assert_eq!(no_rook.castling().to_fen(), "Qkq");
        let no_king = p.with_piece(sq("e8"), None).unwrap();
        assert_eq!(no_king.castling().to_fen(), "KQ");
        assert_eq!(Position::from_fen(&no_king.to_fen()), Ok(no_king));
        let knight = Some(Piece::new(Color::White, PieceKind::Knight));
        let landed = no_king
            .with_piece(sq("e5"), knight)
            .unwrap()
            .with_turn(Color::Black);
        assert_eq!(landed.turn(), Color::Black);
        assert_eq!(Position::from_fen(&landed.to_fen()), Ok(landed));
        let pawn = Some(Piece::new(Color::White, PieceKind::Pawn));
        assert_eq!(
            p.with_piece(sq("a8"), pawn),
            Err(FenError::PawnOnLastRank(sq("a8")))
        );
        let king = Some(Piece::new(Color::White, PieceKind::King));
        assert_eq!(
            p.with_piece(sq("e4"), king),
            Err(FenError::TooManyKings(Color::White))
        );
        let unicorn = Some(Piece::new(Color::White, PieceKind::Unicorn));
        assert_eq!(
            p.with_piece(sq("e4"), unicorn),
            Err(FenError::UnsupportedPiece('U'))
        );
        // Taking away the pawn that just double-stepped drops the en passant square.
        let e4 = p.play(p.uci_move("e2e4").unwrap()).unwrap();
        assert_eq!(e4.ep_square(), Some(sq("e3")));
        assert_eq!(e4.with_piece(sq("e4"), None).unwrap().ep_square(), None);
    }

    #[test]
    fn insufficient_material() {
        let draw = |fen: &str| Position::from_fen(fen).unwrap().is_insufficient_material();
        assert!(draw("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(draw("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
        assert!(!draw("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"));
        assert!(!draw("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"));
        assert!(draw("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1"));
        assert!(!draw("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"));
        assert!(!draw("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
        assert!(!draw("4k3/p7/8/8/8/8/8/4K3 w - - 0 1"));
    }
}
