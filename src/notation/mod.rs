//! Game notation: 5dpgn and 5DFEN for 5D chess (`shared/rules/5dpgn.md`).

pub mod ast;
