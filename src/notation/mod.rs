//! Game notation: 5dpgn and 5DFEN for 5D chess (`shared/rules/5dpgn.md`).

pub mod ast;
pub mod reader;
pub mod resolve;
pub mod writer;

pub use reader::{read, read_bytes, Read, ReadError, Warning, WarningKind, MAX_INPUT_BYTES};
pub use writer::{write, write_fen_board};
