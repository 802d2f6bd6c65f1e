//! Primitives shared by all four games: colours, piece kinds, squares, and the
//! placement of pieces on one board of at most 8×8.

mod color;
mod piece;
mod placement;
mod square;

pub use color::Color;
pub use piece::{Piece, PieceKind};
pub use placement::{PlacedPiece, Placement, PlacementError};
pub use square::{Square, MAX_SIDE};
