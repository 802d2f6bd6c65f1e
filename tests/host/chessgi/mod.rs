//! Time Travel Chessgi (`games::chessgi`).

mod books;
mod scenarios;
