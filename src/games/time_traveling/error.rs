//! Why an action is refused.

use super::moves::{MoveRequest, NbOrder, UpgradeRefusal};
use super::replay::Terminus;
use super::slot::SlotKind;
use super::GameResult;
use crate::chess::{Color, PieceKind, Square};

/// Why a move cannot be played where it was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRefusal {
    /// No piece stands on the origin square.
    EmptySquare(Square),
    /// The piece on the origin square belongs to the opponent.
    OpponentPiece(Square),
    /// The move would capture the enemy king (never legal here, A.6.5).
    KingCapture,
    /// A pawn reaching the last rank must name its promotion piece.
    PromotionNeeded,
    /// The piece cannot make that move in this position (blocked, not its way
    /// of moving, or it would leave its own king in check).
    NotLegal,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// The game has ended.
    GameOver(GameResult),
    /// It is the other player's turn (only resigning and draw offers are
    /// allowed off-turn).
    NotYourTurn {
        /// Who tried to act.
        player: Color,
    },
    /// The history reaches a terminus, so nothing can be appended after it.
    AppendAfterTerminus(Terminus),
    /// No such ply in the history.
    NoSuchPly {
        /// The ply asked for (1-based).
        ply: usize,
        /// The number of plies in the history.
        len: usize,
    },
    /// The ply belongs to the other player.
    NotYourPly {
        /// The ply asked for.
        ply: usize,
        /// Its owner.
        owner: Color,
    },
    /// The ply lies at or after the terminus, so it is not played.
    DormantPly {
        /// The ply asked for.
        ply: usize,
        /// The terminus.
        terminus: Terminus,
    },
    /// REPLACE needs a move; the slot holds something else.
    NothingToReplace {
        /// The ply asked for.
        ply: usize,
        /// What the slot holds.
        found: SlotKind,
    },
    /// FILL needs a blank; the slot holds something else.
    NothingToFill {
        /// The ply asked for.
        ply: usize,
        /// What the slot holds.
        found: SlotKind,
    },
    /// The move cannot be played at that ply (or at the end, for APPEND).
    IllegalMove {
        /// The ply the move would fill.
        ply: usize,
        /// The move asked for.
        request: MoveRequest,
        /// Why.
        why: MoveRefusal,
    },
    /// A replacement must move a more valuable piece.
    NotAnUpgrade {
        /// The ply asked for.
        ply: usize,
        /// The kind that moves in the recorded move.
        old: PieceKind,
        /// The kind that would move instead.
        new: PieceKind,
        /// Why it is not an upgrade.
        why: UpgradeRefusal,
        /// The player (whose knight/bishop order applies).
        player: Color,
    },
    /// ACCEPT needs a terminus in the history.
    NothingToAccept,
    /// ACCEPT needs the player to have no blanks before the terminus.
    BlanksToFill {
        /// The player's live blank plies.
        plies: Vec<usize>,
    },
    /// There is no draw offer from the opponent to accept.
    NoDrawOffer,
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::GameOver(result) => write!(f, "the game is over: {result}"),
            ActionError::NotYourTurn { player } => write!(
                f,
                "it is {}'s turn, not {player}'s (off-turn, only resigning and draw offers are allowed)",
                player.opponent()
            ),
            ActionError::AppendAfterTerminus(t) => write!(
                f,
                "the history ends in {} at ply {}: change or fill an earlier move, or accept the end",
                t.kind.describe(),
                t.ply
            ),
            ActionError::NoSuchPly { ply, len } => {
                write!(f, "there is no ply {ply}: the history has {len} plies")
            }
            ActionError::NotYourPly { ply, owner } => {
                write!(f, "ply {ply} is {owner}'s, not yours")
            }
            ActionError::DormantPly { ply, terminus } => write!(
                f,
                "ply {ply} comes after the {} at ply {}, so it is not played",
                terminus.kind.describe(),
                terminus.ply
            ),
            ActionError::NothingToReplace { ply, found } => {
                let hint = match found {
                    SlotKind::Blank => ": fill it instead",
                    SlotKind::Pass => ", which can never be changed",
                    _ => "",
                };
                write!(f, "ply {ply} is {}, not a move to replace{hint}", found.describe())
            }
            ActionError::NothingToFill { ply, found } => {
                let hint = match found {
                    SlotKind::Pass => ": a forfeited turn can never be filled",
                    SlotKind::Move => ": replace it with a more valuable piece's move instead",
                    _ => "",
                };
                write!(f, "ply {ply} is {}, not a blank to fill{hint}", found.describe())
            }
            ActionError::IllegalMove { ply, request, why } => {
                write!(f, "{request} cannot be played at ply {ply}: ")?;
                match why {
                    MoveRefusal::EmptySquare(sq) => write!(f, "there is no piece on {sq}"),
                    MoveRefusal::OpponentPiece(sq) => {
                        write!(f, "the piece on {sq} belongs to the opponent")
                    }
                    MoveRefusal::KingCapture => f.write_str("a king can never be captured"),
                    MoveRefusal::PromotionNeeded => {
                        f.write_str("name the promotion piece (q, r, b or n)")
                    }
                    MoveRefusal::NotLegal => f.write_str(
                        "it is not a legal move there (blocked, not how the piece moves, or it leaves your king in check)",
                    ),
                }
            }
            ActionError::NotAnUpgrade {
                ply,
                old,
                new,
                why,
                player,
            } => {
                write!(f, "a {new} move cannot replace a {old} move (ply {ply}): ")?;
                match why {
                    UpgradeRefusal::SameKind => {
                        f.write_str("a replacement must move a different, more valuable piece")
                    }
                    UpgradeRefusal::NotMoreValuable => f.write_str(
                        "the new piece must be more valuable (pawn < knight/bishop < rook < queen < king)",
                    ),
                    UpgradeRefusal::AgainstNbOrder(order) => write!(
                        f,
                        "{player} fixed the order {} with their first knight/bishop swap",
                        order_text(*order)
                    ),
                }
            }
            ActionError::NothingToAccept => {
                f.write_str("there is no end of game in the history to accept")
            }
            ActionError::BlanksToFill { plies } => {
                let list: Vec<String> = plies.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "fill your blank moves first (plies {}) before accepting the end",
                    list.join(", ")
                )
            }
            ActionError::NoDrawOffer => f.write_str("the opponent has not offered a draw"),
        }
    }
}

fn order_text(order: NbOrder) -> &'static str {
    order.describe()
}

impl std::error::Error for ActionError {}
