//! 5dpgn reading, writing and share links (`notation`).

mod canonical;
mod corpus;
mod hostile;
mod roundtrip;
mod share;
mod syntax;
