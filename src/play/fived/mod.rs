//! A 5D game in play, below the UI: the session the game screen holds
//! ([`session`]), its save payload ([`payload`]), the mate check's job for
//! the web worker ([`outcome_job`]) with the page's view of a running check
//! ([`mate_check`]), and the screen's sentences ([`words`]). Host-compiled
//! and host-tested: the worker binary and the page import from here.

pub mod mate_check;
pub mod outcome_job;
pub mod payload;
pub mod session;
pub mod words;

#[cfg(test)]
mod tests;
