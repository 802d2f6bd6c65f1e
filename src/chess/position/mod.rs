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

mod movegen;
mod san;

pub use movegen::{perft, CastleSide, Move2d, PROMOTION_KINDS, STANDARD_KINDS};
pub use san::SanError;

use crate::chess::{Color, Piece, PieceKind, Placement, PlacementError, Square};
use movegen::{back_rank, double_step_rank, is_standard_piece, last_rank, offset, pawn_dir};

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

/// Why a move cannot be played in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// No piece on the square the move starts from.
    EmptySquare(Square),
    /// The piece there belongs to the side not to move.
    NotYourPiece(Square),
    /// The piece does not move that way (wrong geometry).
    NotAPieceMove,
    /// A line piece's path, or a pawn's push, is blocked.
    PathBlocked,
    /// The target holds one of the mover's own pieces.
    OwnPieceOnTarget,
    /// The move would capture a king (never legal).
    CapturesKing,
    /// A pawn moves diagonally onto an empty square (en passant is [`Move2d::EnPassant`]).
    NothingToCapture,
    /// A pawn reaching the last rank must name its promotion.
    MissingPromotion,
    /// Only a pawn reaching the last rank promotes.
    UnexpectedPromotion,
    /// Promotion to this kind is not allowed (only queen, rook, bishop, knight).
    BadPromotion(PieceKind),
    /// The king or that rook has moved (or is not there).
    NoCastlingRight,
    /// A square between king and rook, or a landing square, is occupied.
    CastlingBlocked,
    /// The king is in check, so cannot castle.
    CastlingOutOfCheck,
    /// The king would cross or land on an attacked square.
    CastlingThroughCheck,
    /// No en passant capture is possible there.
    NoEnPassant,
    /// The move leaves (or puts) the mover's king in check.
    LeavesKingInCheck,
    /// A drop onto an occupied square.
    DropOnOccupied,
    /// A pawn dropped on its own last rank.
    PawnDropOnLastRank,
    /// A king dropped while the side already has one on the board.
    SecondKing,
    /// A piece kind standard chess does not have.
    UnsupportedPiece(PieceKind),
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalMove::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            IllegalMove::NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            IllegalMove::NotAPieceMove => f.write_str("that piece does not move that way"),
            IllegalMove::PathBlocked => f.write_str("the way is blocked"),
            IllegalMove::OwnPieceOnTarget => f.write_str("your own piece is on the target"),
            IllegalMove::CapturesKing => f.write_str("a king cannot be captured"),
            IllegalMove::NothingToCapture => f.write_str("a pawn moves diagonally only to capture"),
            IllegalMove::MissingPromotion => f.write_str("the pawn must promote"),
            IllegalMove::UnexpectedPromotion => {
                f.write_str("only a pawn on the last rank promotes")
            }
            IllegalMove::BadPromotion(k) => write!(f, "a pawn cannot promote to a {k}"),
            IllegalMove::NoCastlingRight => f.write_str("that castling right is gone"),
            IllegalMove::CastlingBlocked => f.write_str("pieces stand between king and rook"),
            IllegalMove::CastlingOutOfCheck => f.write_str("cannot castle out of check"),
            IllegalMove::CastlingThroughCheck => {
                f.write_str("the king would cross or land on an attacked square")
            }
            IllegalMove::NoEnPassant => f.write_str("no en passant capture is possible there"),
            IllegalMove::LeavesKingInCheck => f.write_str("that leaves your king in check"),
            IllegalMove::DropOnOccupied => f.write_str("pieces are dropped on empty squares only"),
            IllegalMove::PawnDropOnLastRank => {
                f.write_str("a pawn cannot be dropped on its last rank")
            }
            IllegalMove::SecondKing => f.write_str("you already have a king on the board"),
            IllegalMove::UnsupportedPiece(k) => write!(f, "standard chess has no {k}"),
        }
    }
}

impl std::error::Error for IllegalMove {}

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

    fn read_ep(&self, field: &str) -> Result<Option<Square>, FenError> {
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

    /// Plays a move after checking it fully.
    ///
    /// # Errors
    /// An [`IllegalMove`] saying why the move cannot be played.
    pub fn play(&self, mv: Move2d) -> Result<Position, IllegalMove> {
        self.move_error(mv).map_or(Ok(()), Err)?;
        if self.keeps_king_safe(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove::LeavesKingInCheck)
        }
    }

    /// True when `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move2d) -> bool {
        self.play(mv).is_ok()
    }

    /// Passes the turn: the other side moves, en passant is cleared, castling rights
    /// stay, the halfmove clock counts the ply (Time Traveling Chess, section A.4).
    #[must_use]
    pub fn play_null(&self) -> Position {
        let mut next = *self;
        next.ep_square = None;
        next.finish_ply(false);
        next
    }

    fn finish_ply(&mut self, resets_clock: bool) {
        self.halfmove_clock = if resets_clock {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// Clears the castling right tied to a corner square when something leaves or lands there.
    fn touch_corner(&mut self, sq: Square) {
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if sq.y == back_rank(color) && sq.x == side.rook_from_file() {
                    self.castling.remove(color, side);
                }
            }
        }
    }

    /// Plays a move without checking it. Meant for moves from
    /// [`Position::legal_moves`]; any other move gives a well-formed but meaningless
    /// position (it never panics).
    #[must_use]
    pub fn play_unchecked(&self, mv: Move2d) -> Position {
        let us = self.turn;
        let mut next = *self;
        next.ep_square = None;
        let resets_clock = match mv {
            Move2d::Normal {
                from,
                to,
                promotion,
            } => {
                let Some(piece) = self.piece_at(from) else {
                    next.finish_ply(false);
                    return next;
                };
                let capture = self.piece_at(to).is_some();
                let landed = match (piece.kind, promotion) {
                    (PieceKind::Pawn, Some(kind)) => Piece::new(piece.color, kind),
                    _ => piece,
                };
                next.board[from.index()] = None;
                next.board[to.index()] = Some(landed);
                if piece.kind == PieceKind::Pawn && from.x == to.x && from.y.abs_diff(to.y) == 2 {
                    next.ep_square = Some(Square {
                        x: from.x,
                        y: (from.y + to.y) / 2,
                    });
                }
                if piece.kind == PieceKind::King {
                    next.castling.remove_color(piece.color);
                }
                next.touch_corner(from);
                next.touch_corner(to);
                capture || piece.kind == PieceKind::Pawn
            }
            Move2d::Castle { king, rook } => {
                let side = mv.castle_side().unwrap_or(CastleSide::KingSide);
                let king_piece = self
                    .piece_at(king)
                    .unwrap_or(Piece::new(us, PieceKind::King));
                let rook_piece = self
                    .piece_at(rook)
                    .unwrap_or(Piece::new(us, PieceKind::Rook));
                next.board[king.index()] = None;
                next.board[rook.index()] = None;
                next.board[Square {
                    x: side.king_to_file(),
                    y: king.y,
                }
                .index()] = Some(king_piece);
                next.board[Square {
                    x: side.rook_to_file(),
                    y: king.y,
                }
                .index()] = Some(rook_piece);
                next.castling.remove_color(us);
                false
            }
            Move2d::EnPassant { from, to } => {
                next.board[to.index()] = self.piece_at(from);
                next.board[from.index()] = None;
                next.board[Square { x: to.x, y: from.y }.index()] = None;
                true
            }
            Move2d::Drop { kind, to } => {
                next.board[to.index()] = Some(Piece::new(us, kind));
                kind == PieceKind::Pawn
            }
        };
        next.finish_ply(resets_clock);
        next
    }

    /// Why `mv` is not pseudo-legal (king safety aside), or `None` if it is.
    fn move_error(&self, mv: Move2d) -> Option<IllegalMove> {
        match mv {
            Move2d::Normal {
                from,
                to,
                promotion,
            } => self.normal_error(from, to, promotion),
            Move2d::Castle { .. } => self.castle_error(mv),
            Move2d::EnPassant { from, to } => self.en_passant_error(from, to),
            Move2d::Drop { kind, to } => self.drop_error(kind, to),
        }
    }

    fn own_piece(&self, from: Square) -> Result<Piece, IllegalMove> {
        match self.piece_at(from) {
            None => Err(IllegalMove::EmptySquare(from)),
            Some(p) if p.color != self.turn => Err(IllegalMove::NotYourPiece(from)),
            Some(p) => Ok(p),
        }
    }

    fn normal_error(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Option<IllegalMove> {
        let piece = match self.own_piece(from) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if !is_standard_piece(piece) {
            return Some(IllegalMove::UnsupportedPiece(piece.kind));
        }
        if from == to {
            return Some(IllegalMove::NotAPieceMove);
        }
        let target = self.piece_at(to);
        if let Some(t) = target {
            if t.color == piece.color {
                return Some(IllegalMove::OwnPieceOnTarget);
            }
        }
        let dx = i16::from(to.x) - i16::from(from.x);
        let dy = i16::from(to.y) - i16::from(from.y);
        let (adx, ady) = (dx.abs(), dy.abs());
        let shape_ok = match piece.kind {
            PieceKind::Pawn => return self.pawn_error(from, to, dx, dy, target, promotion),
            PieceKind::Knight => matches!((adx, ady), (1, 2) | (2, 1)),
            PieceKind::King => adx <= 1 && ady <= 1,
            PieceKind::Rook => adx == 0 || ady == 0,
            PieceKind::Bishop => adx == ady,
            _ => adx == 0 || ady == 0 || adx == ady,
        };
        if !shape_ok {
            return Some(IllegalMove::NotAPieceMove);
        }
        if matches!(
            piece.kind,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen
        ) && !self.line_is_clear(from, to)
        {
            return Some(IllegalMove::PathBlocked);
        }
        if promotion.is_some() {
            return Some(IllegalMove::UnexpectedPromotion);
        }
        if target.is_some_and(|t| t.kind == PieceKind::King) {
            return Some(IllegalMove::CapturesKing);
        }
        None
    }

    /// True when every square strictly between two squares on a line is empty.
    fn line_is_clear(&self, from: Square, to: Square) -> bool {
        let dx = (i16::from(to.x) - i16::from(from.x)).signum() as i8;
        let dy = (i16::from(to.y) - i16::from(from.y)).signum() as i8;
        let mut cur = from;
        while let Some(next) = offset(cur, dx, dy) {
            if next == to {
                return true;
            }
            if self.piece_at(next).is_some() {
                return false;
            }
            cur = next;
        }
        false
    }

    fn pawn_error(
        &self,
        from: Square,
        to: Square,
        dx: i16,
        dy: i16,
        target: Option<Piece>,
        promotion: Option<PieceKind>,
    ) -> Option<IllegalMove> {
        let us = self.turn;
        let dir = i16::from(pawn_dir(us));
        let shape_error = if dx == 0 && dy == dir {
            target.map(|_| IllegalMove::PathBlocked)
        } else if dx == 0 && dy == 2 * dir && from.y == double_step_rank(us) {
            let middle = Square {
                x: from.x,
                y: ((i16::from(from.y) + dir) as u8),
            };
            (self.piece_at(middle).is_some() || target.is_some())
                .then_some(IllegalMove::PathBlocked)
        } else if dx.abs() == 1 && dy == dir {
            match target {
                None => Some(IllegalMove::NothingToCapture),
                Some(t) if t.kind == PieceKind::King => Some(IllegalMove::CapturesKing),
                Some(_) => None,
            }
        } else {
            Some(IllegalMove::NotAPieceMove)
        };
        if shape_error.is_some() {
            return shape_error;
        }
        match (to.y == last_rank(us), promotion) {
            (true, None) => Some(IllegalMove::MissingPromotion),
            (true, Some(k)) if !PROMOTION_KINDS.contains(&k) => Some(IllegalMove::BadPromotion(k)),
            (false, Some(_)) => Some(IllegalMove::UnexpectedPromotion),
            _ => None,
        }
    }

    /// Why a castling is not allowed (king safety after it aside), or `None`.
    pub(crate) fn castle_error(&self, mv: Move2d) -> Option<IllegalMove> {
        let Move2d::Castle { king, rook } = mv else {
            return Some(IllegalMove::NotAPieceMove);
        };
        let us = self.turn;
        let side = mv.castle_side()?;
        let rank = back_rank(us);
        let home_king = Square { x: 4, y: rank };
        let home_rook = Square {
            x: side.rook_from_file(),
            y: rank,
        };
        if !self.castling.has(us, side)
            || king != home_king
            || rook != home_rook
            || self.piece_at(king) != Some(Piece::new(us, PieceKind::King))
            || self.piece_at(rook) != Some(Piece::new(us, PieceKind::Rook))
        {
            return Some(IllegalMove::NoCastlingRight);
        }
        let king_to = side.king_to_file();
        let rook_to = side.rook_to_file();
        let lo = king.x.min(rook.x).min(king_to).min(rook_to);
        let hi = king.x.max(rook.x).max(king_to).max(rook_to);
        let blocked = (lo..=hi)
            .any(|x| x != king.x && x != rook.x && self.piece_at(Square { x, y: rank }).is_some());
        if blocked {
            return Some(IllegalMove::CastlingBlocked);
        }
        if self.is_attacked(king, !us) {
            return Some(IllegalMove::CastlingOutOfCheck);
        }
        let (a, b) = if king_to > king.x {
            (king.x + 1, king_to)
        } else {
            (king_to, king.x - 1)
        };
        if (a..=b).any(|x| self.is_attacked(Square { x, y: rank }, !us)) {
            return Some(IllegalMove::CastlingThroughCheck);
        }
        None
    }

    fn en_passant_error(&self, from: Square, to: Square) -> Option<IllegalMove> {
        let piece = match self.own_piece(from) {
            Ok(p) => p,
            Err(e) => return Some(e),
        };
        if piece.kind != PieceKind::Pawn
            || to.x.abs_diff(from.x) != 1
            || i16::from(to.y) - i16::from(from.y) != i16::from(pawn_dir(self.turn))
        {
            return Some(IllegalMove::NotAPieceMove);
        }
        let victim = self.piece_at(Square { x: to.x, y: from.y });
        if self.ep_square != Some(to)
            || self.piece_at(to).is_some()
            || victim != Some(Piece::new(!self.turn, PieceKind::Pawn))
        {
            return Some(IllegalMove::NoEnPassant);
        }
        None
    }

    /// Why a drop of `kind` on `to` is not allowed (king safety aside), or `None`.
    pub(crate) fn drop_error(&self, kind: PieceKind, to: Square) -> Option<IllegalMove> {
        let us = self.turn;
        if !is_standard_piece(Piece::new(us, kind)) {
            return Some(IllegalMove::UnsupportedPiece(kind));
        }
        if self.piece_at(to).is_some() {
            return Some(IllegalMove::DropOnOccupied);
        }
        if kind == PieceKind::Pawn && to.y == last_rank(us) {
            return Some(IllegalMove::PawnDropOnLastRank);
        }
        if kind == PieceKind::King && self.king_square(us).is_some() {
            return Some(IllegalMove::SecondKing);
        }
        None
    }

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

    #[test]
    fn illegal_moves_say_why() {
        let p = Position::startpos();
        let n = |from: &str, to: &str| Move2d::Normal {
            from: sq(from),
            to: sq(to),
            promotion: None,
        };
        assert_eq!(
            p.play(n("e3", "e4")),
            Err(IllegalMove::EmptySquare(sq("e3")))
        );
        assert_eq!(
            p.play(n("e7", "e5")),
            Err(IllegalMove::NotYourPiece(sq("e7")))
        );
        assert_eq!(p.play(n("a1", "a3")), Err(IllegalMove::PathBlocked));
        assert_eq!(p.play(n("b1", "d2")), Err(IllegalMove::OwnPieceOnTarget));
        assert_eq!(p.play(n("b1", "b3")), Err(IllegalMove::NotAPieceMove));
        assert_eq!(p.play(n("e2", "d3")), Err(IllegalMove::NothingToCapture));
        assert_eq!(
            p.play(Move2d::Castle {
                king: sq("e1"),
                rook: sq("h1")
            }),
            Err(IllegalMove::CastlingBlocked)
        );
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::Knight,
                to: sq("e2")
            }),
            Err(IllegalMove::DropOnOccupied)
        );
        assert_eq!(
            p.play(Move2d::EnPassant {
                from: sq("e2"),
                to: sq("d3")
            }),
            Err(IllegalMove::NoEnPassant)
        );
    }

    #[test]
    fn pinned_pieces_and_promotions() {
        let p = Position::from_fen("4k3/P7/8/8/8/8/4r3/4K2R w K - 0 1").unwrap();
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: None
            }),
            Err(IllegalMove::MissingPromotion)
        );
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: Some(PieceKind::King)
            }),
            Err(IllegalMove::BadPromotion(PieceKind::King))
        );
        // In check from e2: castling is refused, and so is a move that ignores the check.
        assert!(p.is_check());
        assert_eq!(
            p.play(Move2d::Castle {
                king: sq("e1"),
                rook: sq("h1")
            }),
            Err(IllegalMove::CastlingOutOfCheck)
        );
        assert_eq!(
            p.play(Move2d::Normal {
                from: sq("a7"),
                to: sq("a8"),
                promotion: Some(PieceKind::Queen)
            }),
            Err(IllegalMove::LeavesKingInCheck)
        );
    }

    #[test]
    fn null_moves_and_king_captures() {
        // After a null move Black's king is in check with White to move: the king
        // capture is not generated and not playable.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
            .unwrap()
            .play_null();
        assert_eq!(p.turn(), Color::White);
        assert!(p.is_king_attacked(Color::Black));
        let capture = Move2d::Normal {
            from: sq("e1"),
            to: sq("e8"),
            promotion: None,
        };
        assert!(!p.legal_moves().contains(&capture));
        assert_eq!(p.play(capture), Err(IllegalMove::CapturesKing));
        assert_eq!(p.halfmove_clock(), 1);
        assert_eq!(p.fullmove_number(), 2);
    }

    #[test]
    fn drops_follow_chessgi_rules() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let drops = p.legal_drops(&[PieceKind::Pawn, PieceKind::Queen]);
        let has = |kind, s: &str| drops.contains(&Move2d::Drop { kind, to: sq(s) });
        assert!(has(PieceKind::Pawn, "a1"));
        assert!(has(PieceKind::Pawn, "a2"));
        assert!(has(PieceKind::Queen, "d8"));
        assert!(!has(PieceKind::Pawn, "a8"));
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::Pawn,
                to: sq("a8")
            }),
            Err(IllegalMove::PawnDropOnLastRank)
        );
        assert_eq!(
            p.play(Move2d::Drop {
                kind: PieceKind::King,
                to: sq("a3")
            }),
            Err(IllegalMove::SecondKing)
        );
        let black = p.play_null();
        let drops = black.legal_drops(&[PieceKind::Pawn]);
        assert!(drops.contains(&Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("h8")
        }));
        assert!(!drops.contains(&Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("h1")
        }));
        // A pawn on the first rank steps once; from the second rank it may double-step.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").unwrap();
        let step = |from: &str, to: &str| Move2d::Normal {
            from: sq(from),
            to: sq(to),
            promotion: None,
        };
        assert_eq!(p.play(step("a1", "a3")), Err(IllegalMove::NotAPieceMove));
        let p = p.play(step("a1", "a2")).unwrap().play_null();
        assert!(p.play(step("a2", "a4")).is_ok());
    }

    #[test]
    fn kingless_side_may_drop_its_king_back() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
        assert!(!p.is_check());
        let drops = p.legal_drops(&[PieceKind::King]);
        // Not next to the black king, nor on its square.
        assert_eq!(drops.len(), 64 - 1 - 5);
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

    #[test]
    fn castling_rights_follow_king_and_rook_moves() {
        let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let after = p.play(p.uci_move("a1a8").unwrap()).unwrap();
        assert_eq!(after.castling().to_fen(), "Kk");
        let castled = p.play(p.uci_move("e1g1").unwrap()).unwrap();
        assert_eq!(castled.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
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
