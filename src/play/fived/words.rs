//! The 5D game screen's sentences: the status line, why Submit is refused
//! and how a game ended, in the players' words. Plain functions of the session, tested
//! on the host.

use super::session::{Session, Status};
use crate::chess::Color;
use crate::fived::{Outcome, SubmitError};

/// A side's name at the start of a sentence ("White wins").
#[must_use]
pub const fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why Submit is disabled, in the players' words.
#[must_use]
pub fn submit_reason(e: &SubmitError, over: bool) -> String {
    if over {
        return "The game is over.".to_string();
    }
    match e {
        SubmitError::NothingPlayed => "Make a move on an outlined board.".to_string(),
        SubmitError::PresentNotPassed { boards } => format!(
            "The present must pass: move on {} more board{} with a solid outline, or travel to the past.",
            boards.len(),
            if boards.len() == 1 { "" } else { "s" }
        ),
        SubmitError::RoyalCapturable(c) => format!(
            "Your royal piece could be captured ({} red arrow{}): undo or block.",
            c.len(),
            if c.len() == 1 { "" } else { "s" }
        ),
    }
}

/// The status line: whose move, check, the outcome.
#[must_use]
pub fn status_words(s: &Session) -> (String, &'static str) {
    if s.is_over() {
        let why = s.result.reason().unwrap_or("").to_string();
        let head = match s.result.winner() {
            Some(c) => format!("{} wins by {why}", side_name(c)),
            None => format!("Draw by {why}"),
        };
        return (head, "over");
    }
    let side = side_name(s.game().to_move());
    match s.status {
        Status::Pending if s.action_count() > 0 => {
            (format!("{side} to move · checking…"), "pending")
        }
        Status::Pending => (format!("{side} to move"), "normal"),
        Status::Unknown => (format!("{side} to move · outcome unknown"), "unknown"),
        Status::Known(Outcome::Ongoing {
            in_check: true,
            softmate: true,
        }) => (
            format!("{side} to move · check (every way out moves the present back)"),
            "check",
        ),
        Status::Known(Outcome::Ongoing { in_check: true, .. }) => {
            (format!("{side} to move · check"), "check")
        }
        Status::Known(_) => (format!("{side} to move"), "normal"),
    }
}

/// One sentence on how a finished game ended, for the game-over dialog
/// (empty while the game goes on).
#[must_use]
pub fn ending_detail(s: &Session) -> String {
    if !s.is_over() {
        return String::new();
    }
    let why = s.result.reason().unwrap_or("");
    let to_move = s.game().to_move();
    match (why, s.result.winner()) {
        (w, winner) if w.starts_with("time") => {
            crate::play::clock::material::flag_words(to_move, winner.is_some())
        }
        ("checkmate", Some(c)) => format!(
            "By checkmate: {} has no legal action and is in check.",
            side_name(!c)
        ),
        ("stalemate", None) => format!(
            "By stalemate: {} has no legal action but is not in check.",
            side_name(to_move)
        ),
        ("resignation", Some(c)) => format!("{} resigned.", side_name(!c)),
        (w, _) => format!("By {w}."),
    }
}
