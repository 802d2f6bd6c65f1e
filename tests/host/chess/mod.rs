//! Standard 8×8 chess (`chess`): perft, random playouts, rules.

mod perft;
mod playouts;
mod rules;
