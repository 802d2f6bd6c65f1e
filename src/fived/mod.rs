//! 5D Chess With Multiverse Time Travel: the multiverse, movement in four
//! dimensions, staged actions, and exact search for legal actions.
//!
//! Rules reference: `shared/rules/5d-chess.md`.
//!
//! ```
//! use chronochess::fived::{boards, Budget, Game, Multiverse};
//! let game = Game::new(Multiverse::from_variant(boards::standard()).unwrap());
//! assert_eq!(game.count_legal_actions(None, Budget::UNLIMITED).known(), Some(20));
//! ```

pub mod action;
pub mod ai;
pub mod board;
pub mod boards;
pub mod check;
pub mod coords;
pub mod movegen;
pub mod multiverse;
pub mod puzzle;
pub mod search;

pub use action::{Game, MoveError, SubmitError};
pub use board::Board;
pub use check::Check;
pub use coords::{BoardId, Coord, Move};
pub use multiverse::{InitialBoard, Multiverse, SetupError, Timeline};
pub use search::{Answer, Budget, Outcome};
