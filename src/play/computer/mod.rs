//! The computer opponent of the 2D games (Time Traveling Chess, Time Travel
//! Chessgi, Multiverse Time Travel Chess), written once over
//! [`GameSession`]: a search over [`GameSession::search_actions`] scored by
//! [`GameSession::evaluation`] and [`GameSession::ending`] ([`search`]), the
//! levels ([`Level`]), and who the computer is in a game ([`Computer`]: its
//! side, level and seed, saved with the game).
//!
//! The search is negamax with alpha-beta, iterative deepening and a node
//! limit, resumable after any node ([`Search::step`]) so that a page can
//! think in slices of a few milliseconds and keep drawing. It is
//! deterministic: the same position, level and seed give the same action.
//! Wins it sees are scored `MATE - ply`, so a mate in one is always taken and
//! a nearer win preferred. It has no quiescence search and orders nothing
//! itself beyond the root (the best action of the last iteration first): it
//! searches each game's [`GameSession::search_actions`] in the order given
//! (Multiverse Time Travel Chess lists captures first), then, where those did
//! not cut, its [`GameSession::search_actions_later`] (the dear ones: that
//! game's journeys). Each game's evaluation is its own (material by default).
//!
//! ```
//! use chronochess::games::chessgi::{ChessgiGame, ChessgiOptions};
//! use chronochess::play::chessgi::ChessgiSession;
//! use chronochess::play::computer::{choose, Level};
//! use chronochess::play::GameSession;
//!
//! let mut game = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
//! let choice = choose(&game, Level::Beginner, 7).expect("the start has moves");
//! assert!(game.legal_actions().contains(&choice.action));
//! game.play(choice.action).unwrap();
//! ```

pub mod search;

use serde::{Deserialize, Serialize};

use crate::chess::{Color, PieceKind, Placement};
use crate::play::GameSession;

pub use search::{choose, Choice, Search, MATE, WIN_BOUND};

/// How hard the computer tries.
///
/// | level | name | looks ahead | node limit | time on the page | noise |
/// |---|---|---|---|---|---|
/// | 1 | Beginner | 1 action | 2 000 | 1 s | ± 60 centipawns |
/// | 2 | Casual | 2 actions | 8 000 | 2 s | none |
/// | 3 | Strong | up to 4 actions | 40 000 | 4 s | none |
///
/// The node limit makes a choice repeatable; the page also stops a search
/// at the level's time ([`Level::think_ms`]) and plays the best action of
/// the deepest search completed. Measured on the host (release-like test
/// profile): Chessgi plays 3–9 µs per action and Multiverse Time Travel
/// Chess 10–20 µs (it also lists its journeys, see
/// [`crate::play::branching::candidates`]), so the node limit answers first
/// (≤ 0.8 s); Time Traveling Chess
/// replays its history for every action (50–250 µs each, more as the game
/// grows), so there the time is what stops a strong search.
///
/// An action is one side's whole turn in Time Traveling Chess and Chessgi,
/// and one branch's move in Multiverse Time Travel Chess (a side's turn
/// there is one action per branch still to play).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Level {
    /// Looks one action ahead, with some noise: it takes free material and a
    /// mate in one, and blunders the rest.
    Beginner,
    /// Looks two actions ahead: sees the answer to its move.
    Casual,
    /// Looks up to four actions ahead, as far as its node limit allows.
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Casual, Level::Strong];

    /// The level's number for players: 1 (weakest) to 3.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Level::Beginner => 1,
            Level::Casual => 2,
            Level::Strong => 3,
        }
    }

    /// The level of a number, if there is one.
    #[must_use]
    pub fn of_number(n: u8) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.number() == n)
    }

    /// The level's name for players.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Strong => "Strong",
        }
    }

    /// The deepest search, in actions.
    #[must_use]
    pub const fn depth(self) -> u32 {
        match self {
            Level::Beginner => 1,
            Level::Casual => 2,
            Level::Strong => 4,
        }
    }

    /// The most actions a search plays before it answers with its best so far.
    #[must_use]
    pub const fn nodes(self) -> u64 {
        match self {
            Level::Beginner => 2_000,
            Level::Casual => 8_000,
            Level::Strong => 40_000,
        }
    }

    /// How long the page lets a search at this level think before it takes
    /// the best action found so far (milliseconds).
    #[must_use]
    pub const fn think_ms(self) -> u64 {
        match self {
            Level::Beginner => 1_000,
            Level::Casual => 2_000,
            Level::Strong => 4_000,
        }
    }

    /// The largest noise added to a root action's score (centipawns).
    #[must_use]
    pub const fn noise(self) -> i32 {
        match self {
            Level::Beginner => 60,
            Level::Casual | Level::Strong => 0,
        }
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.number()
    }
}

impl TryFrom<u8> for Level {
    type Error = String;
    fn try_from(n: u8) -> Result<Level, String> {
        Level::of_number(n).ok_or_else(|| format!("no computer level {n}"))
    }
}

/// The computer in a game: the side it plays, its level, and the seed of its
/// noise. Saved with the game (the save record's `computer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    /// The side the computer plays.
    pub color: Color,
    /// How hard it tries.
    pub level: Level,
    /// Mixed with the number of turns played into each search's seed.
    pub seed: u64,
}

impl Computer {
    /// The computer's name in the saved-games list and the players panel:
    /// `Computer (level 2)`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("Computer (level {})", self.level.number())
    }

    /// Whether the computer is to act in `session` (the game goes on and it
    /// is its side's turn).
    #[must_use]
    pub fn to_act<S: GameSession>(&self, session: &S) -> bool {
        session.ending().is_none() && session.to_move() == self.color
    }

    /// A search for its action in `session`, seeded by the turns played.
    #[must_use]
    pub fn search<S: GameSession>(&self, session: &S) -> Search<S> {
        let seed = self.seed ^ (session.turns_played() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Search::new(session, self.level, seed)
    }

    /// As the save record keeps it.
    #[must_use]
    pub fn saved(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The computer a save record keeps, if it keeps one this version reads
    /// (an unreadable one is a game between two players).
    #[must_use]
    pub fn of_saved(saved: Option<&serde_json::Value>) -> Option<Computer> {
        saved.and_then(|v| serde_json::from_value(v.clone()).ok())
    }

    /// Takes back the human's last turn and the computer's answers to it:
    /// whole turns until the human is to act with one of their turns fewer.
    /// False (the game unchanged) when the game cannot take back that far.
    pub fn take_back_pair<S: GameSession>(&self, session: &mut S) -> bool {
        let mut copy = session.clone();
        loop {
            if !copy.take_back() {
                return false;
            }
            if copy.to_move() != self.color && copy.ending().is_none() {
                *session = copy;
                return true;
            }
        }
    }
}

/// A piece's worth in centipawns (the king: none, it is never traded).
#[must_use]
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn | PieceKind::Brawn => 100,
        PieceKind::Knight | PieceKind::Bishop | PieceKind::CommonKing => 300,
        PieceKind::Rook => 500,
        PieceKind::Unicorn => 400,
        PieceKind::Queen | PieceKind::Princess | PieceKind::Dragon => 900,
        PieceKind::King | PieceKind::RoyalQueen => 0,
    }
}

/// The material on a board for `side`: its pieces' worth minus the other
/// side's.
#[must_use]
pub fn material(placement: &Placement, side: Color) -> i32 {
    placement
        .pieces()
        .map(|(_, p)| {
            let v = piece_value(p.piece.kind);
            if p.piece.color == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// The material of a 2D position for `side` (as [`material`]).
#[must_use]
pub fn position_material(position: &crate::chess::Position, side: Color) -> i32 {
    position
        .pieces()
        .map(|(_, p)| {
            let v = piece_value(p.kind);
            if p.color == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// The worth of pieces held off the board (in hand, in transit), counted
/// for `owner`, seen by `side`.
#[must_use]
pub fn held_material(kinds: impl IntoIterator<Item = PieceKind>, owner: Color, side: Color) -> i32 {
    let v: i32 = kinds.into_iter().map(piece_value).sum();
    if owner == side {
        v
    } else {
        -v
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod travel_tests;
