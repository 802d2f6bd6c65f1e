//! What the time-traveling rules need from standard 2D chess.
//!
//! The rules module is written against this trait so that the history logic
//! stays independent of how moves are generated; the crate's standard chess
//! position implements it.

use super::moves::RecordedMove;
use crate::chess::{Color, Piece, PieceKind, Square};

/// A standard chess position as the history replay uses it.
pub trait ChessPosition: Clone + std::fmt::Debug {
    /// Reads a FEN (six fields).
    ///
    /// # Errors
    /// Why the FEN is not a playable position.
    fn from_fen(fen: &str) -> Result<Self, String>;

    /// Writes the FEN.
    fn to_fen(&self) -> String;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// The piece on a square.
    fn piece_at(&self, square: Square) -> Option<Piece>;

    /// Every FIDE-legal move of the side to move: it does not leave the
    /// mover's own king attacked. Castling is a king move of two files.
    ///
    /// After a null move the side *not* to move may be in check; an
    /// implementation may then list captures of that king or not: the rules
    /// drop them (A.6.5).
    fn legal_moves(&self) -> Vec<RecordedMove>;

    /// Plays a move taken from [`ChessPosition::legal_moves`].
    #[must_use]
    fn play(&self, mv: &RecordedMove) -> Self;

    /// Plays a null move: the side to move flips, en passant is cleared,
    /// castling rights stay, the halfmove clock advances by one and the
    /// fullmove number as after a move (A.4.2).
    #[must_use]
    fn play_null(&self) -> Self;

    /// True if the side to move is in check.
    fn is_check(&self) -> bool;

    /// Neither side can ever mate (the automatic draw of python-chess's
    /// `is_insufficient_material`, which the reference code uses, A.6.12).
    fn is_insufficient_material(&self) -> bool;

    /// Plies since the last capture or pawn move (nulls count, A.6.12).
    fn halfmove_clock(&self) -> u32;

    /// What makes two positions "the same" for repetition.
    type RepetitionKey: Clone + Eq + std::hash::Hash + std::fmt::Debug;

    /// The repetition key: placement, side to move, castling rights and en
    /// passant square.
    fn repetition_key(&self) -> Self::RepetitionKey;
}

/// The legal moves of `pos` minus king captures (A.6.5).
pub(crate) fn playable_moves<P: ChessPosition>(pos: &P) -> Vec<RecordedMove> {
    let mut moves = pos.legal_moves();
    moves.retain(|m| !captures_king(pos, m));
    moves
}

/// True if `mv` would capture a king.
pub(crate) fn captures_king<P: ChessPosition>(pos: &P, mv: &RecordedMove) -> bool {
    pos.piece_at(mv.to)
        .is_some_and(|p| p.kind == PieceKind::King && p.color != pos.side_to_move())
}
