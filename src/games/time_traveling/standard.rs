//! [`ChessPosition`] for the crate's standard chess [`Position`], and the game
//! type over it.

use super::game::TimeTravelingGame;
use super::moves::MoveRequest;
use super::moves::RecordedMove;
use super::position::ChessPosition;
use super::slot::Slot;
use crate::chess::{
    CastleSide, Color, Move2d, Piece, PieceKind, Position, RepetitionKey, SanError, Square,
};

/// Time Traveling Chess on the standard 8×8 board.
///
/// ```
/// use chronochess::chess::Color;
/// use chronochess::games::time_traveling::{Action, TimeTravelingChess};
///
/// let mut game = TimeTravelingChess::standard();
/// game.act(Color::White, "append e2e4".parse::<Action>().unwrap()).unwrap();
/// game.act(Color::Black, "append e7e5".parse::<Action>().unwrap()).unwrap();
/// // White changes the past: the first move becomes a knight move.
/// game.act(Color::White, "replace 1 g1f3".parse::<Action>().unwrap()).unwrap();
/// assert_eq!(game.slot(1).unwrap().to_string(), "Ng1-f3");
/// assert_eq!(game.to_act(), Color::Black);
/// ```
pub type TimeTravelingChess = TimeTravelingGame<Position>;

impl TimeTravelingGame<Position> {
    /// A new game from the standard starting position.
    #[must_use]
    pub fn standard() -> Self {
        Self::from_position(Position::startpos())
    }

    /// The SAN of the live move at `ply` (`Bxg4`, `O-O`, `Qh4#`), as played in
    /// the replayed history; `None` for blanks, passes, pending and dormant plies.
    #[must_use]
    pub fn san(&self, ply: usize) -> Option<String> {
        let Some(Slot::Move(mv)) = self.slot(ply) else {
            return None;
        };
        if ply >= self.live_limit() {
            return None;
        }
        let pos = self.position_before(ply)?;
        pos.san(to_move2d(pos, &mv)).ok()
    }

    /// Reads a SAN move (`Nf3`, `exd5`, `O-O`) in the position before `ply`
    /// (a live ply, or the next empty ply to append).
    ///
    /// # Errors
    /// A [`SanError`] if the text is not a legal move there, or
    /// [`SanError::NoSuchMove`] if the history has no position before `ply`.
    pub fn request_from_san(&self, ply: usize, text: &str) -> Result<MoveRequest, SanError> {
        let pos = self
            .position_before(ply)
            .ok_or_else(|| SanError::NoSuchMove(text.to_owned()))?;
        let mv = pos.parse_san(text)?;
        let rec = record(pos, mv).ok_or_else(|| SanError::NoSuchMove(text.to_owned()))?;
        Ok(rec.request())
    }
}

/// The recorded form of a legal [`Move2d`] of `pos` (drops never occur here).
fn record(pos: &Position, mv: Move2d) -> Option<RecordedMove> {
    let from = mv.from()?;
    let piece = pos.piece_at(from)?.kind;
    let capture = match mv {
        Move2d::EnPassant { .. } => true,
        Move2d::Castle { .. } => false,
        _ => pos.piece_at(mv.to()).is_some(),
    };
    Some(RecordedMove {
        piece,
        from,
        to: mv.to(),
        promotion: mv.promotion(),
        capture,
    })
}

/// The [`Move2d`] a recorded move means in `pos`.
fn to_move2d(pos: &Position, mv: &RecordedMove) -> Move2d {
    if mv.piece == PieceKind::King && mv.from.y == mv.to.y && mv.from.x.abs_diff(mv.to.x) == 2 {
        let side = if mv.to.x > mv.from.x {
            CastleSide::KingSide
        } else {
            CastleSide::QueenSide
        };
        return Move2d::Castle {
            king: mv.from,
            rook: Square {
                x: side.rook_from_file(),
                y: mv.from.y,
            },
        };
    }
    if mv.piece == PieceKind::Pawn
        && mv.capture
        && mv.from.x != mv.to.x
        && pos.piece_at(mv.to).is_none()
    {
        return Move2d::EnPassant {
            from: mv.from,
            to: mv.to,
        };
    }
    Move2d::Normal {
        from: mv.from,
        to: mv.to,
        promotion: mv.promotion,
    }
}

impl ChessPosition for Position {
    type RepetitionKey = RepetitionKey;

    fn from_fen(fen: &str) -> Result<Self, String> {
        Position::from_fen(fen).map_err(|e| e.to_string())
    }

    fn to_fen(&self) -> String {
        Position::to_fen(self)
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        Position::piece_at(self, square)
    }

    fn legal_moves(&self) -> Vec<RecordedMove> {
        Position::legal_moves(self)
            .into_iter()
            .filter_map(|mv| record(self, mv))
            .collect()
    }

    fn play(&self, mv: &RecordedMove) -> Self {
        self.play_unchecked(to_move2d(self, mv))
    }

    fn play_null(&self) -> Self {
        Position::play_null(self)
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }

    fn halfmove_clock(&self) -> u32 {
        Position::halfmove_clock(self)
    }

    fn repetition_key(&self) -> RepetitionKey {
        Position::repetition_key(self)
    }
}
