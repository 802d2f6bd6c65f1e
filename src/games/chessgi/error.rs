//! Why an action is refused.

use super::{NodeId, Outcome};
use crate::chess::{IllegalMove, PieceKind, Square};

/// Why an action cannot be played now. Each variant names the rule of
/// `seed-variants.md` section B that refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChessgiError {
    /// The game is over.
    GameOver(Outcome),
    /// The move or drop breaks the rules of chess / Chessgi drops.
    Illegal(IllegalMove),
    /// A drop of a piece the reserve does not hold.
    NotInReserve(PieceKind),
    /// An arrival when nothing is due this turn.
    NothingDue,
    /// The king is due back: placing it is the only legal action (B.3).
    KingMustReturn,
    /// No time travel while in check (rule 4).
    InCheck,
    /// Travel too soon after the last travel by either side (rule 6, B.6.4).
    Cooldown {
        /// Own non-travel actions needed since the last travel.
        needed: u32,
        /// Own non-travel actions made since then.
        made: u32,
    },
    /// General travel with nothing in the pocket (rule 2).
    EmptyPocket,
    /// Special travel with a full pocket (rule 5).
    PocketFull {
        /// The pocket capacity of the game.
        capacity: u32,
    },
    /// General travel while the king is away in time (B.6.11).
    KingAway,
    /// Special travel from an empty square.
    NoPieceThere(Square),
    /// Special travel of an opponent's piece.
    NotYourPiece(Square),
    /// Removing the piece would leave the king in check (a pinned piece).
    ExposesKing,
    /// The return move is not after the current move.
    ReturnNotInFuture {
        /// The return move asked for.
        due_move: u32,
        /// The traveller's current move number (own-turn number under `OwnTurns`).
        now: u32,
    },
    /// The return move is further ahead than the piece may go (B.6.7, B.6.11).
    ReturnTooFar {
        /// The return move asked for.
        due_move: u32,
        /// The latest allowed.
        latest: u32,
    },
    /// Another of the player's pieces already returns on that move (B.6.8).
    ReturnTaken(u32),
    /// No recorded position has that id.
    UnknownNode(NodeId),
    /// General travel to the position the game is already in.
    AlreadyThere,
    /// General travel to a position where the other side is to move.
    NotYourTurnThere(NodeId),
    /// General travel to a position without the traveller's king on the board (their
    /// king was in transit there, and the carried pocket does not hold it).
    NoKingThere(NodeId),
    /// General travel (both pockets carried) to a position whose king placement does
    /// not fit the opponent's current pocket: they would have no king, or two.
    OpponentKingMismatch(NodeId),
}

impl From<IllegalMove> for ChessgiError {
    fn from(e: IllegalMove) -> Self {
        ChessgiError::Illegal(e)
    }
}

impl std::fmt::Display for ChessgiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChessgiError::GameOver(o) => write!(f, "the game is over ({o})"),
            ChessgiError::Illegal(e) => write!(f, "illegal move: {e}"),
            ChessgiError::NotInReserve(k) => write!(f, "there is no {k} in your reserve"),
            ChessgiError::NothingDue => f.write_str("no piece is due back from the future"),
            ChessgiError::KingMustReturn => {
                f.write_str("your king is due back: you must place it this turn")
            }
            ChessgiError::InCheck => f.write_str("no time travel while your king is in check"),
            ChessgiError::Cooldown { needed, made } => write!(
                f,
                "time travel needs {needed} of your own moves since the last travel; you have made {made}"
            ),
            ChessgiError::EmptyPocket => {
                f.write_str("general time travel needs a piece in your pocket")
            }
            ChessgiError::PocketFull { capacity } => write!(
                f,
                "your pocket is full ({capacity} pieces): no special time travel"
            ),
            ChessgiError::KingAway => {
                f.write_str("no general time travel while your king is in transit")
            }
            ChessgiError::NoPieceThere(s) => write!(f, "there is no piece on {s}"),
            ChessgiError::NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            ChessgiError::ExposesKing => {
                f.write_str("sending that piece away would leave your king in check")
            }
            ChessgiError::ReturnNotInFuture { due_move, now } => write!(
                f,
                "move {due_move} is not in the future (this is your move {now})"
            ),
            ChessgiError::ReturnTooFar { due_move, latest } => write!(
                f,
                "move {due_move} is too far ahead: the latest return is move {latest}"
            ),
            ChessgiError::ReturnTaken(m) => {
                write!(f, "another of your pieces already returns on move {m}")
            }
            ChessgiError::UnknownNode(n) => write!(f, "there is no recorded position {n}"),
            ChessgiError::AlreadyThere => f.write_str("that is the current position"),
            ChessgiError::NotYourTurnThere(n) => {
                write!(f, "in position {n} it is not your turn")
            }
            ChessgiError::NoKingThere(n) => write!(
                f,
                "your king was away in time in position {n}: you cannot travel there"
            ),
            ChessgiError::OpponentKingMismatch(n) => write!(
                f,
                "the opponent's king in position {n} does not match their current pocket"
            ),
        }
    }
}

impl std::error::Error for ChessgiError {}
