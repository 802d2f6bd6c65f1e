//! A 5D game in play, below the UI: the session the game screen holds
//! ([`session`]), its save payload ([`payload`]), the mate check's job for
//! the web worker ([`outcome_job`]) with the page's view of a running check
//! ([`mate_check`]), the computer opponent ([`computer`]), the screen's sentences ([`words`]), and the game
//! behind the interface the four games share ([`game_session`]) with the
//! player's choice in progress ([`choice`]). Host-compiled
//! and host-tested: the worker binary and the page import from here.

pub mod choice;
pub mod computer;
pub mod game_session;
pub mod mate_check;
pub mod outcome_job;
pub mod payload;
pub mod session;
pub mod speech;
pub mod words;

#[cfg(test)]
mod computer_tests;
#[cfg(test)]
mod game_session_tests;
#[cfg(test)]
mod tests;
