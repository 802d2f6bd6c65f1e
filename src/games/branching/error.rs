//! Why an action in the multiverse game is refused.

use crate::chess::{FenError, IllegalMove, Square};

use super::BranchId;

/// Why a branch-turn, resignation or new game is refused. Each variant names the
/// rule of `seed-variants.md` section C that it enforces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BranchingError {
    /// The game is over: no more actions.
    GameOver,
    /// The branch limit must be odd and at least 1 (C.6.10).
    InvalidLimit(u32),
    /// The starting position lacks a king, has the side not to move in check, or is
    /// already decided (mate, stalemate, an automatic draw).
    UnplayableStart,
    /// No branch has that id.
    UnknownBranch(BranchId),
    /// That branch has finished; it is frozen (C.5).
    BranchFinished(BranchId),
    /// The player to move has already played on that branch in this phase, or the
    /// branch was created in this phase (C.3).
    NotPendingThisPhase(BranchId),
    /// Only standard chess moves are played: no drops.
    DropNotAllowed,
    /// The standard move is illegal on the branch's latest board (in the travel-first
    /// order: on that board without the traveller).
    IllegalMove(IllegalMove),
    /// No piece stands on the traveller's square.
    NoTraveller(Square),
    /// The traveller belongs to the other side.
    NotYourTraveller(Square),
    /// Kings never travel (C.6.4).
    KingCannotTravel,
    /// The piece moved in this branch-turn cannot travel (C.1).
    TravellerJustMoved(Square),
    /// A piece that arrived in this branch by travel cannot travel again (C.1).
    TravellerAlreadyArrived(Square),
    /// Taking the traveller (and the sacrificed queen) off the board would leave your
    /// king in check (C.6.5).
    DepartureExposesKing,
    /// The branch limit is reached: only trans-universe travel remains (C.5).
    BranchLimitReached {
        /// The limit L.
        limit: u32,
    },
    /// Time travel goes strictly into the past of the branch's current latest board.
    DestinationNotInPast {
        /// The requested time.
        t: u32,
        /// The time of the board the piece leaves from.
        departure_t: u32,
    },
    /// The destination board is not in the branch's lineage.
    DestinationNotInLineage {
        /// The requested time.
        t: u32,
    },
    /// Travellers land only on a board where their side is to move (C.6.3).
    DestinationNotYourTurn {
        /// The requested time.
        t: u32,
    },
    /// With [`super::Arrival::AfterOwnMove`], travellers land only on a board just
    /// after their side's move (C.6.3 (a)).
    DestinationNotAfterYourMove {
        /// The requested time.
        t: u32,
    },
    /// The landing square is occupied.
    LandingOccupied(Square),
    /// A bishop must land on a square of the colour it left (C.4).
    BishopWrongColour(Square),
    /// A pawn must land on its owner's 2nd rank (C.4, C.6.6).
    PawnLandingRank(Square),
    /// A landed piece may not directly threaten an enemy piece (C.4, C.6.8).
    LandingThreatens {
        /// The landing square.
        landing: Square,
        /// The enemy piece it would threaten.
        threatened: Square,
    },
    /// After the landing your king would be in check on that board: the landing is
    /// your move there and must parry any check (C.4).
    LandingLeavesKingInCheck,
    /// Trans-universe travel needs one of your queens on that square (C.1, C.6.9).
    NoQueenToSacrifice(Square),
    /// The sacrificed queen cannot also be the traveller (C.6.9).
    QueenCannotTravel,
    /// With [`super::TransTraveller::TheQueen`], the queen herself crosses: the
    /// queen's and the traveller's squares must be the same (C.6.9).
    QueenMustTravel,
    /// Trans-universe travel goes to another branch.
    SameBranch,
    /// The placed board is not a valid chess board (should not happen; reported, not panicked).
    Board(FenError),
}

impl std::fmt::Display for BranchingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BranchingError::GameOver => f.write_str("the game is over"),
            BranchingError::InvalidLimit(l) => {
                write!(
                    f,
                    "the branch limit must be an odd number of at least 1, not {l}"
                )
            }
            BranchingError::UnplayableStart => {
                f.write_str("the starting position is already decided or illegal")
            }
            BranchingError::UnknownBranch(b) => write!(f, "there is no branch {b}"),
            BranchingError::BranchFinished(b) => write!(f, "branch {b} has finished"),
            BranchingError::NotPendingThisPhase(b) => {
                write!(
                    f,
                    "branch {b} is not waiting for a move from you in this phase"
                )
            }
            BranchingError::DropNotAllowed => f.write_str("pieces cannot be dropped in this game"),
            BranchingError::IllegalMove(e) => write!(f, "illegal move: {e}"),
            BranchingError::NoTraveller(s) => write!(f, "there is no piece on {s} to send"),
            BranchingError::NotYourTraveller(s) => write!(f, "the piece on {s} is not yours"),
            BranchingError::KingCannotTravel => f.write_str("a king cannot travel"),
            BranchingError::TravellerJustMoved(s) => {
                write!(f, "the piece on {s} moved this turn, so it cannot travel")
            }
            BranchingError::TravellerAlreadyArrived(s) => write!(
                f,
                "the piece on {s} arrived here by travel and cannot travel again"
            ),
            BranchingError::DepartureExposesKing => {
                f.write_str("that departure would leave your king in check")
            }
            BranchingError::BranchLimitReached { limit } => write!(
                f,
                "all {limit} branches exist: only trans-universe travel is possible"
            ),
            BranchingError::DestinationNotInPast { t, departure_t } => write!(
                f,
                "time travel goes into the past: board {t} is not before board {departure_t}"
            ),
            BranchingError::DestinationNotInLineage { t } => {
                write!(f, "there is no board {t} in this branch's past")
            }
            BranchingError::DestinationNotYourTurn { t } => write!(
                f,
                "a traveller lands only where its side is to move, which is not so on board {t}"
            ),
            BranchingError::DestinationNotAfterYourMove { t } => write!(
                f,
                "a traveller lands only just after its side's move, which board {t} is not"
            ),
            BranchingError::LandingOccupied(s) => write!(f, "{s} is occupied"),
            BranchingError::BishopWrongColour(s) => {
                write!(f, "a bishop must land on its own colour, unlike {s}")
            }
            BranchingError::PawnLandingRank(s) => {
                write!(f, "a pawn must land on its 2nd rank, unlike {s}")
            }
            BranchingError::LandingThreatens {
                landing,
                threatened,
            } => write!(
                f,
                "a piece landing on {landing} would threaten the enemy piece on {threatened}"
            ),
            BranchingError::LandingLeavesKingInCheck => {
                f.write_str("after that landing your king would be in check")
            }
            BranchingError::NoQueenToSacrifice(s) => {
                write!(
                    f,
                    "trans-universe travel needs your queen, and none is on {s}"
                )
            }
            BranchingError::QueenCannotTravel => {
                f.write_str("the sacrificed queen cannot be the traveller")
            }
            BranchingError::QueenMustTravel => {
                f.write_str("in this game the sacrificed queen is the one who crosses")
            }
            BranchingError::SameBranch => {
                f.write_str("trans-universe travel must go to another branch")
            }
            BranchingError::Board(e) => write!(f, "invalid board: {e}"),
        }
    }
}

impl std::error::Error for BranchingError {}

impl From<IllegalMove> for BranchingError {
    fn from(e: IllegalMove) -> Self {
        BranchingError::IllegalMove(e)
    }
}

impl From<FenError> for BranchingError {
    fn from(e: FenError) -> Self {
        BranchingError::Board(e)
    }
}

/// Why [`super::Game::replay`] could not reproduce a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The event at this index of the log was refused.
    Refused {
        /// Its index in the log.
        event: usize,
        /// Why.
        error: BranchingError,
    },
    /// A logged move does not read as UCI on its board.
    BadMove {
        /// Its index in the log.
        event: usize,
    },
    /// From this event on, the replay differs from the log (a removal that the seed
    /// does not give, or a different outcome).
    Diverged {
        /// The first differing index.
        event: usize,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Refused { event, error } => write!(f, "event {event} refused: {error}"),
            ReplayError::BadMove { event } => write!(f, "event {event} has an unreadable move"),
            ReplayError::Diverged { event } => write!(f, "the replay differs from event {event}"),
        }
    }
}

impl std::error::Error for ReplayError {}
