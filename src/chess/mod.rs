//! Primitives shared by all four games: colours, piece kinds, squares, and the
//! placement of pieces on one board of at most 8×8; and the rules of standard 8×8
//! chess ([`Position`], [`Move2d`], SAN) that the three 2D time-travel games build on.

mod color;
pub(crate) mod order;
mod piece;
mod placement;
mod position;
mod square;

pub use color::Color;
pub use piece::{Piece, PieceKind};
pub use placement::{PlacedPiece, Placement, PlacementError};
pub use position::{perft, CastleSide, Move2d, PROMOTION_KINDS, STANDARD_KINDS};
pub use position::{
    CastlingRights, FenError, IllegalMove, Position, RepetitionKey, SanError, Status, UciError,
    STARTING_FEN,
};
pub(crate) use position::{BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS};
pub use square::{Square, MAX_SIDE};
