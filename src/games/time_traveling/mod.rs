//! Time Traveling Chess (the `russ-lewis/timechess` game): ordinary chess,
//! except that on any turn a player may instead replace one of their own
//! earlier moves with a move of a more valuable piece.
//!
//! Rules reference: `shared/rules/seed-variants.md`, section A (every
//! ambiguity resolved there; the section numbers below refer to it).
//!
//! - The history is a list of [`Slot`]s, one per ply (A.2): a recorded move, a
//!   blank (a move deleted by a replay, fillable by its owner), a pass (a
//!   forfeited present move, never fillable) or a pending turn.
//! - The turn actions ([`Action`], A.3) are APPEND, REPLACE (an upgrade:
//!   P < N/B < R < Q < K, the knight/bishop order fixed by the player's first
//!   swap), FILL and ACCEPT; RESIGN and draw offers may be made at any time.
//! - After every action the history is replayed from the start (A.4); a move
//!   that no longer fits becomes a blank for good. The first position with no
//!   legal move or an automatic draw is the *terminus*; the plies after it are
//!   dormant.
//! - The game ends only when nobody can still change it, or the players who
//!   could accept (A.5). One departure from the spec: at a checkmate the
//!   loser's ACCEPT concedes instead of being only a pass, otherwise a mated
//!   player could stall forever (see [`TimeTravelingGame::end_blockers`]).
//!
//! The rules are written against [`ChessPosition`], which the crate's standard
//! chess position implements; [`TimeTravelingChess`] is the game over it.

mod error;
mod game;
mod moves;
mod position;
mod record;
mod replay;
mod slot;
mod standard;

pub use error::{ActionError, MoveRefusal};
pub use game::{SetupError, TimeTravelingGame, GAME_STATE_REPETITIONS, MAX_TURN_ACTIONS};
pub use moves::{
    check_upgrade, piece_value, MoveRequest, MoveTextError, NbOrder, RecordedMove, UpgradeRefusal,
};
pub use position::ChessPosition;
pub use record::{PerPlayer, RecordError, TimeTravelingRecord, RECORD_FORMAT, RECORD_VERSION};
pub use replay::{Terminus, TerminusKind};
pub use slot::{Slot, SlotKind};
pub use standard::TimeTravelingChess;

use crate::chess::Color;
use serde::{Deserialize, Serialize};

/// One action of a player (A.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a new move at the end of the history.
    Append(MoveRequest),
    /// Replace the player's own move at `ply` with a move of a more valuable piece.
    Replace {
        /// The ply (1-based).
        ply: usize,
        /// The new move, legal in the position before that ply.
        mv: MoveRequest,
    },
    /// Fill the player's own blank at `ply` with any legal move.
    Fill {
        /// The ply (1-based).
        ply: usize,
        /// The move, legal in the position before that ply.
        mv: MoveRequest,
    },
    /// Accept the end of game in the history: the player will not change the
    /// plies before it. Also usable as a pass (A.6.9). The acceptance lapses
    /// as soon as any ply before the terminus changes (A.6.8). At a checkmate
    /// the loser's acceptance concedes (a departure from A.6.9, see
    /// [`TimeTravelingGame::end_blockers`]).
    Accept,
    /// Resign (allowed off-turn).
    Resign,
    /// Offer a draw (allowed off-turn); if the opponent has offered one, this
    /// agrees to it.
    OfferDraw,
    /// Accept the opponent's draw offer (allowed off-turn).
    AcceptDraw,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Append(mv) => write!(f, "append {mv}"),
            Action::Replace { ply, mv } => write!(f, "replace {ply} {mv}"),
            Action::Fill { ply, mv } => write!(f, "fill {ply} {mv}"),
            Action::Accept => f.write_str("accept"),
            Action::Resign => f.write_str("resign"),
            Action::OfferDraw => f.write_str("offer-draw"),
            Action::AcceptDraw => f.write_str("accept-draw"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = String;

    /// Reads the text form: `append e2e4`, `replace 3 h1h3`, `fill 4 c8g4`,
    /// `accept`, `resign`, `offer-draw`, `accept-draw`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let ply = |w: &str| {
            w.parse::<usize>()
                .map_err(|_| format!("{w:?} is not a ply number"))
        };
        let mv = |w: &str| MoveRequest::parse_uci(w).map_err(|e| e.to_string());
        match words.as_slice() {
            ["append", m] => Ok(Action::Append(mv(m)?)),
            ["replace", p, m] => Ok(Action::Replace {
                ply: ply(p)?,
                mv: mv(m)?,
            }),
            ["fill", p, m] => Ok(Action::Fill {
                ply: ply(p)?,
                mv: mv(m)?,
            }),
            ["accept"] => Ok(Action::Accept),
            ["resign"] => Ok(Action::Resign),
            ["offer-draw"] => Ok(Action::OfferDraw),
            ["accept-draw"] => Ok(Action::AcceptDraw),
            _ => Err(format!(
                "cannot read action {s:?}: expected append MOVE, replace PLY MOVE, fill PLY MOVE, accept, resign, offer-draw or accept-draw"
            )),
        }
    }
}

/// Something that keeps the terminus from ending the game (A.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndBlocker {
    /// The player has blanks before the terminus, which they must fill.
    Blanks {
        /// Whose blanks.
        player: Color,
        /// The plies.
        plies: Vec<usize>,
    },
    /// The player can still upgrade these moves and has not accepted the end.
    NotAccepted {
        /// Who.
        player: Color,
        /// The plies with a legal upgrade.
        plies: Vec<usize>,
    },
}

impl std::fmt::Display for EndBlocker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |plies: &[usize]| {
            plies
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            EndBlocker::Blanks { player, plies } => write!(
                f,
                "{player}: {} blank move{} to fill (ply {})",
                plies.len(),
                if plies.len() == 1 { "" } else { "s" },
                list(plies)
            ),
            EndBlocker::NotAccepted { player, plies } => write!(
                f,
                "{player} has not accepted and can still upgrade {} move{} (ply {})",
                plies.len(),
                if plies.len() == 1 { "" } else { "s" },
                list(plies)
            ),
        }
    }
}

/// What an accepted action changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActionOutcome {
    /// Plies the replay turned into blanks (for the UI's diff flash).
    pub blanked: Vec<usize>,
    /// The result, if the game has just ended.
    pub result: Option<GameResult>,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Checkmate at the terminus, nobody able or willing to change it.
    Checkmate,
    /// Stalemate at the terminus.
    Stalemate,
    /// Insufficient material at the terminus.
    InsufficientMaterial,
    /// The 75-move rule at the terminus.
    SeventyFiveMoves,
    /// Fivefold repetition at the terminus.
    FivefoldRepetition,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    AgreedDraw,
    /// [`MAX_TURN_ACTIONS`] turn actions were taken.
    ActionLimit,
    /// The whole game state occurred [`GAME_STATE_REPETITIONS`] times.
    GameStateRepetition,
    /// A player's clock ran out ([`TimeTravelingChess::end_on_time`]).
    Time,
    /// A player's clock ran out, but the other side could not have mated.
    TimeVsInsufficientMaterial,
}

impl EndReason {
    fn from_terminus(kind: TerminusKind) -> EndReason {
        match kind {
            TerminusKind::Checkmate => EndReason::Checkmate,
            TerminusKind::Stalemate => EndReason::Stalemate,
            TerminusKind::InsufficientMaterial => EndReason::InsufficientMaterial,
            TerminusKind::SeventyFiveMoves => EndReason::SeventyFiveMoves,
            TerminusKind::FivefoldRepetition => EndReason::FivefoldRepetition,
        }
    }

    /// "checkmate", "resignation", …
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::SeventyFiveMoves => "the 75-move rule",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::Resignation => "resignation",
            EndReason::AgreedDraw => "agreement",
            EndReason::ActionLimit => "the action limit",
            EndReason::GameStateRepetition => "repetition of the whole game state",
            EndReason::Time => "time",
            EndReason::TimeVsInsufficientMaterial => "time vs insufficient material",
        }
    }
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: EndReason,
}

impl GameResult {
    /// A win for `winner`.
    #[must_use]
    pub const fn win(winner: Color, reason: EndReason) -> GameResult {
        GameResult {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw.
    #[must_use]
    pub const fn draw(reason: EndReason) -> GameResult {
        GameResult {
            winner: None,
            reason,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(w) => write!(
                f,
                "{} ({w} wins by {})",
                self.score(),
                self.reason.describe()
            ),
            None => write!(f, "{} (draw by {})", self.score(), self.reason.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_text_round_trips() {
        for text in [
            "append e2e4",
            "replace 3 h1h3",
            "fill 4 c8g4",
            "append e7e8q",
            "accept",
            "resign",
            "offer-draw",
            "accept-draw",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        for bad in ["append", "replace x e2e4", "fill 4 e2", "castle"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn results_read_well() {
        let win = GameResult::win(Color::Black, EndReason::Checkmate);
        assert_eq!(win.to_string(), "0-1 (Black wins by checkmate)");
        let draw = GameResult::draw(EndReason::GameStateRepetition);
        assert_eq!(
            draw.to_string(),
            "1/2-1/2 (draw by repetition of the whole game state)"
        );
    }
}
