//! Game notation: 5dpgn and 5DFEN for 5D chess (`shared/rules/5dpgn.md`).
//!
//! - [`ast`]: the syntax tree, the contract between the reader and the engine's
//!   move resolver.
//! - [`reader`]: text → [`ast::GameText`] with [`Warning`]s for tolerated
//!   oddities and located [`ReadError`]s.
//! - [`writer`]: [`ast::GameText`] → canonical text; `read(write(g))` gives `g`
//!   back.
//! - [`share`]: a game's text in a URL fragment (`#g=1.…`), compressed.
//! - [`decimal`]: fixed-point numbers for style sheets without float formatting.
//!
//! ```
//! use chronochess::notation::{read, write};
//! let text = "[Board \"Standard\"]\n\n1. (0T1)e2e4 / (0T1)e7e5\n";
//! let game = read(text).unwrap().game;
//! assert_eq!(game.actions.len(), 2);
//! assert_eq!(write(&game), text);
//! ```

pub mod ast;
pub mod decimal;
pub mod export;
pub mod reader;
pub mod resolve;
pub mod share;
pub mod writer;

pub use reader::{
    read, read_bytes, read_fen_board, read_move, Read, ReadError, Warning, WarningKind,
    MAX_INPUT_BYTES,
};
pub use writer::{
    write, write_board, write_fen_board, write_fen_board_text, write_move, write_tag,
};
