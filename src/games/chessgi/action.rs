//! What a player may do on their turn (B.3), and how a game ends (B.5).

use crate::chess::{Color, Move2d, PieceKind, Square};

/// Identifies a recorded position in the game's tree (its index, root = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index into the node list.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for NodeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// One turn's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChessgiAction {
    /// A board move, or ([`Move2d::Drop`]) a drop from the reserve (B.3.1–2).
    Move(Move2d),
    /// The piece due back from special travel is placed on an empty square (B.3.3).
    Arrive {
        /// Where it lands.
        to: Square,
    },
    /// Special time travel: the piece on `from` leaves the board and must be placed
    /// on its owner's move `due_move` (B.3.4). This is the whole turn.
    SpecialTravel {
        /// The travelling piece's square.
        from: Square,
        /// The owner's move number on which it returns.
        due_move: u32,
    },
    /// General time travel to a recorded position, then a move or drop there (B.3.5).
    GeneralTravel {
        /// The destination position.
        node: NodeId,
        /// The move or reserve drop played there.
        then: Move2d,
    },
}

impl ChessgiAction {
    /// True for the two kinds of time travel (they restart the cooldown, B.6.4).
    #[must_use]
    pub const fn is_travel(self) -> bool {
        matches!(
            self,
            ChessgiAction::SpecialTravel { .. } | ChessgiAction::GeneralTravel { .. }
        )
    }
}

impl std::fmt::Display for ChessgiAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChessgiAction::Move(mv) => write!(f, "{mv}"),
            ChessgiAction::Arrive { to } => write!(f, "arrive on {to}"),
            ChessgiAction::SpecialTravel { from, due_move } => {
                write!(f, "send {from} to move {due_move}")
            }
            ChessgiAction::GeneralTravel { node, then } => {
                write!(f, "travel to {node}, then {then}")
            }
        }
    }
}

/// What an action did, as recorded in the node it made: enough to audit the
/// material books (B.1: a capture changes the piece's side; B.6.10: a lost piece
/// leaves the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    /// Who acted.
    pub mover: Color,
    /// The action.
    pub action: ChessgiAction,
    /// The piece captured (now in the mover's reserve, same kind), if any.
    pub captured: Option<PieceKind>,
    /// The due transit piece forfeited by not placing it, if any.
    pub lost: Option<PieceKind>,
    /// The action's number in meta-time, starting at 1.
    pub action_number: u32,
}

/// How a game ended (B.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is in check and has no move, drop or arrival.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// A king due back from the future has no square it can be placed on safely.
    KingLostInTime {
        /// The other side.
        winner: Color,
    },
    /// The side to move is not in check and has no action of any kind.
    Stalemate,
    /// The action cap of the options was reached: a draw.
    ActionCap,
    /// A player resigned.
    Resignation {
        /// The side that did not resign.
        winner: Color,
    },
    /// The players agreed a draw.
    DrawAgreed,
    /// The other side's clock ran out.
    Time {
        /// The side whose clock did not run out.
        winner: Color,
    },
    /// A clock ran out, but the other side had nothing left to mate with: a draw.
    TimeVsInsufficientMaterial {
        /// The side whose clock ran out.
        flagged: Color,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::KingLostInTime { winner }
            | Outcome::Resignation { winner }
            | Outcome::Time { winner } => Some(winner),
            Outcome::Stalemate
            | Outcome::ActionCap
            | Outcome::DrawAgreed
            | Outcome::TimeVsInsufficientMaterial { .. } => None,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{} wins by checkmate", winner.name()),
            Outcome::KingLostInTime { winner } => write!(
                f,
                "{} wins: the {} king cannot return from the future safely",
                winner.name(),
                (!*winner).name()
            ),
            Outcome::Stalemate => f.write_str("draw by stalemate"),
            Outcome::ActionCap => f.write_str("draw: the action cap was reached"),
            Outcome::Resignation { winner } => write!(f, "{} wins by resignation", winner.name()),
            Outcome::DrawAgreed => f.write_str("draw by agreement"),
            Outcome::Time { winner } => write!(f, "{} wins on time", winner.name()),
            Outcome::TimeVsInsufficientMaterial { flagged } => write!(
                f,
                "draw: {} ran out of time, but {} could not mate",
                flagged.name(),
                (!*flagged).name()
            ),
        }
    }
}
