//! Whole games between two computer players, for self-play matches and the
//! tests: every action goes through [`Game::play`] and [`Game::submit`], the
//! same checks a human's action passes, so an illegal choice is an error.

use crate::chess::Color;
use crate::fived::search::outcome;
use crate::fived::{Answer, Budget, Game, Move, Multiverse, Outcome};

use super::Choice;

/// Actions after which a game is drawn (both sides together), so that
/// self-play always ends.
pub const ACTION_CAP: usize = 200;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move was checkmated.
    Checkmate {
        /// The winner.
        winner: Color,
    },
    /// The side to move had no legal action and was not in check.
    Stalemate,
    /// [`ACTION_CAP`] actions were played.
    ActionCap,
    /// The side to move found no action and the exact outcome search ran
    /// out of budget too (counted as a draw).
    Undecided,
}

impl GameEnd {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result(self) -> &'static str {
        match self {
            GameEnd::Checkmate {
                winner: Color::White,
            } => "1-0",
            GameEnd::Checkmate {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// White's score: 1, ½ or 0.
    #[must_use]
    pub fn white_score(self) -> f64 {
        match self {
            GameEnd::Checkmate {
                winner: Color::White,
            } => 1.0,
            GameEnd::Checkmate {
                winner: Color::Black,
            } => 0.0,
            _ => 0.5,
        }
    }
}

impl std::fmt::Display for GameEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameEnd::Checkmate { winner } => write!(f, "{} mates", winner.name()),
            GameEnd::Stalemate => write!(f, "stalemate"),
            GameEnd::ActionCap => write!(f, "draw by the {ACTION_CAP}-action cap"),
            GameEnd::Undecided => write!(f, "no action found, outcome unknown"),
        }
    }
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The game, every action submitted.
    pub game: Game,
    /// How it ended.
    pub end: GameEnd,
    /// Per action: the side, the computer's choice.
    pub choices: Vec<(Color, Choice)>,
}

/// Plays one game from `start`: `think(position, side, action_index)` picks
/// each action. Stops at checkmate, stalemate, or after `cap` actions.
///
/// # Errors
/// A sentence if a chosen action cannot be played or submitted (an illegal
/// action: a bug of the player).
pub fn play_game<F>(start: Multiverse, cap: usize, mut think: F) -> Result<PlayedGame, String>
where
    F: FnMut(&Multiverse, Color, usize) -> Option<Choice>,
{
    let mut game = Game::new(start);
    let mut choices = Vec::new();
    let end = loop {
        if choices.len() >= cap {
            break GameEnd::ActionCap;
        }
        let side = game.to_move();
        let Some(choice) = think(game.multiverse(), side, choices.len()) else {
            break match outcome(game.multiverse(), Budget::nodes(50_000_000)) {
                Answer::Known(Outcome::Checkmate) => GameEnd::Checkmate { winner: !side },
                Answer::Known(Outcome::Stalemate) => GameEnd::Stalemate,
                Answer::Known(Outcome::Ongoing { .. }) => {
                    return Err(format!(
                        "action {}: the player found no action, but legal actions exist",
                        choices.len() + 1
                    ))
                }
                Answer::Unknown => GameEnd::Undecided,
            };
        };
        play_checked(&mut game, &choice.moves)
            .map_err(|e| format!("action {}: {e}", choices.len() + 1))?;
        choices.push((side, choice));
    };
    Ok(PlayedGame { game, end, choices })
}

/// Plays and submits an action as a human's would be.
///
/// # Errors
/// The reason a move or the submission is refused.
pub fn play_checked(game: &mut Game, moves: &[Move]) -> Result<(), String> {
    for m in moves {
        if let Err(e) = game.play(*m) {
            while game.undo().is_some() {}
            return Err(format!("illegal move {m:?}: {e}"));
        }
    }
    game.submit().map_err(|e| {
        while game.undo().is_some() {}
        format!("illegal action: {e}")
    })
}

/// The Elo difference a score fraction stands for, and its 95 % interval
/// (normal approximation over the per-game scores); infinite at 0 or 1.
#[must_use]
pub fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64, f64) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY);
    }
    let p = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |q: f64| {
        if q <= 0.0 {
            f64::NEG_INFINITY
        } else if q >= 1.0 {
            f64::INFINITY
        } else {
            -400.0 * (1.0 / q - 1.0).log10()
        }
    };
    (to_elo(p), to_elo(p - 1.96 * se), to_elo(p + 1.96 * se))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_an_even_score_is_zero() {
        let (e, lo, hi) = elo(10, 0, 10);
        assert!(e.abs() < 1e-9);
        assert!(lo < -100.0 && hi > 100.0);
        assert_eq!(elo(5, 0, 0).0, f64::INFINITY);
        let (e, _, _) = elo(3, 0, 1);
        assert!((e - 190.8).abs() < 0.1, "{e}");
    }
}
