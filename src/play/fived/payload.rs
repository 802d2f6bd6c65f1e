//! The 5D save payload: the start boards and moves of a game, exactly, beside
//! its 5dpgn; what the saved-games store keeps and what the web worker is
//! sent. Older records (without the saved verdict) read unchanged.

use serde::{Deserialize, Serialize};

use crate::chess::{Color, PieceKind, Placement, Square};
use crate::fived::coords::{Coord, Move};
use crate::fived::{Answer, Game, InitialBoard, Multiverse, Outcome};

/// The version of [`Payload`]'s layout.
pub const PAYLOAD_FORMAT: u32 = 1;

/// A move as the save payload stores it: timeline, half-turn and square of
/// both ends, and the promotion letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredMove {
    /// `[l, v, x, y]` of the source.
    pub from: [i32; 4],
    /// `[l, v, x, y]` of the target.
    pub to: [i32; 4],
    /// Promotion piece letter, if chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
}

impl StoredMove {
    /// The move as stored.
    #[must_use]
    pub fn of(m: &Move) -> StoredMove {
        let c = |c: Coord| {
            [
                c.board.l,
                c.board.v,
                i32::from(c.square.x),
                i32::from(c.square.y),
            ]
        };
        StoredMove {
            from: c(m.from),
            to: c(m.to),
            promotion: m.promotion.map(PieceKind::letter),
        }
    }

    /// The stored move back, or `None` when a square is off any board or
    /// the promotion letter is not a piece.
    #[must_use]
    pub fn to_move(self) -> Option<Move> {
        let c = |a: [i32; 4]| -> Option<Coord> {
            let x = u8::try_from(a[2]).ok()?;
            let y = u8::try_from(a[3]).ok()?;
            Some(Coord::new(a[0], a[1], Square::new(x, y)?))
        };
        Some(Move {
            from: c(self.from)?,
            to: c(self.to)?,
            promotion: match self.promotion {
                Some(p) => Some(PieceKind::from_letter(p)?),
                None => None,
            },
        })
    }
}

/// One starting board in the payload: timeline, turn, colour, FEN pieces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredBoard {
    /// Internal timeline number.
    pub l: i32,
    /// Turn.
    pub turn: i32,
    /// `w` or `b`.
    pub color: char,
    /// FEN piece field.
    pub fen: String,
}

/// What a 5D game saves: the 5dpgn for people and tools, and the exact start
/// boards and moves to restore it without re-reading the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// [`PAYLOAD_FORMAT`].
    pub format: u32,
    /// The game in 5dpgn (submitted actions only).
    pub pgn: String,
    /// Board width and height.
    pub size: [u8; 2],
    /// Whether the game uses `-0`/`+0` timelines.
    pub even: bool,
    /// Promotion letters, first is the default.
    pub promotions: String,
    /// The starting boards.
    pub start: Vec<StoredBoard>,
    /// Submitted actions.
    pub actions: Vec<Vec<StoredMove>>,
    /// Moves staged but not yet submitted.
    #[serde(default)]
    pub staged: Vec<StoredMove>,
    /// The engine's verdict on the submitted position when the game was
    /// saved, if one was reached (absent in records older than it, and
    /// while a check was still running).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<SavedOutcome>,
    /// The initial timelines `[lmin, lmax]` (internal numbers) when they are
    /// not the ones the start boards give by default: a 5dpgn
    /// `InitialMultiverses` header (`5d-chess.md` section 5). Absent in
    /// records older than it and whenever the default holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial: Option<[i32; 2]>,
    /// The computer, in a game against it: its side, level and seed.
    /// Absent in games between two players (and in every record older than
    /// it, which therefore read as such games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<super::computer::StoredOpponent>,
}

/// A verdict as the payload saves it, with the number of submitted actions
/// of the position it is about (so a payload cut short for review never
/// carries the verdict of another position).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedOutcome {
    /// Submitted actions of the position the verdict is about.
    pub actions: usize,
    /// The verdict (`Unknown`: the search stopped or ran out; the check is
    /// run again when the game is opened).
    pub verdict: Verdict,
}

/// The outcome of a submitted position as the worker reports it and the
/// payload saves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// No legal action, in check.
    Checkmate,
    /// No legal action, not in check.
    Stalemate,
    /// Legal actions exist.
    Ongoing {
        /// The side to move is in check.
        in_check: bool,
        /// Every legal action moves the present back.
        softmate: bool,
    },
    /// The search stopped (a cap, or the player) before the answer was certain.
    Unknown,
}

impl Verdict {
    /// The engine's answer as a verdict.
    #[must_use]
    pub fn of(answer: &Answer<Outcome>) -> Verdict {
        match answer {
            Answer::Known(Outcome::Checkmate) => Verdict::Checkmate,
            Answer::Known(Outcome::Stalemate) => Verdict::Stalemate,
            Answer::Known(Outcome::Ongoing { in_check, softmate }) => Verdict::Ongoing {
                in_check: *in_check,
                softmate: *softmate,
            },
            Answer::Unknown => Verdict::Unknown,
        }
    }

    /// Back to the engine's answer.
    #[must_use]
    pub fn answer(self) -> Answer<Outcome> {
        match self {
            Verdict::Checkmate => Answer::Known(Outcome::Checkmate),
            Verdict::Stalemate => Answer::Known(Outcome::Stalemate),
            Verdict::Ongoing { in_check, softmate } => {
                Answer::Known(Outcome::Ongoing { in_check, softmate })
            }
            Verdict::Unknown => Answer::Unknown,
        }
    }
}

/// Why a saved game could not be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestoreError {
    /// The payload is not a 5D payload this version can read.
    Payload(String),
    /// The start boards do not form a position.
    Setup(String),
    /// A stored move was refused by the engine.
    Move {
        /// 0-based action index.
        action: usize,
        /// Why.
        reason: String,
    },
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreError::Payload(e) => write!(f, "the saved data is not readable: {e}"),
            RestoreError::Setup(e) => write!(f, "the start position is broken: {e}"),
            RestoreError::Move { action, reason } => {
                write!(f, "action {} could not be replayed: {reason}", action + 1)
            }
        }
    }
}

impl std::error::Error for RestoreError {}

impl Payload {
    /// The saved verdict, if it is about the position after every submitted
    /// action of this payload.
    #[must_use]
    pub fn saved_verdict(&self) -> Option<Verdict> {
        self.outcome
            .filter(|o| o.actions == self.actions.len())
            .map(|o| o.verdict)
    }

    /// The game's start position, rebuilt from the stored boards.
    ///
    /// # Errors
    /// [`RestoreError::Setup`] when the boards do not form a position.
    pub fn start_position(&self) -> Result<Multiverse, RestoreError> {
        let [w, h] = self.size;
        let mut boards = Vec::new();
        for b in &self.start {
            let placement = Placement::from_fen(&b.fen, w, h)
                .map_err(|e| RestoreError::Setup(e.to_string()))?;
            let to_move = Color::from_letter(b.color)
                .ok_or_else(|| RestoreError::Setup(format!("bad colour {:?}", b.color)))?;
            boards.push(InitialBoard {
                l: b.l,
                turn: b.turn,
                to_move,
                placement,
            });
        }
        let promotions: Vec<PieceKind> = self
            .promotions
            .chars()
            .filter_map(PieceKind::from_letter)
            .collect();
        let start = Multiverse::from_boards(w, h, self.even, &promotions, &boards)
            .map_err(|e| RestoreError::Setup(e.to_string()))?;
        Ok(match self.initial {
            Some([lmin, lmax]) => start.with_initial_timelines(lmin, lmax),
            None => start,
        })
    }

    /// The submitted position of the saved game, as the engine's [`Game`]
    /// (staged moves and texts left out): what the web worker searches.
    ///
    /// # Errors
    /// A [`RestoreError`] saying what could not be rebuilt.
    pub fn committed_game(&self) -> Result<Game, RestoreError> {
        let mut game = Game::new(self.start_position()?);
        for (i, action) in self.actions.iter().enumerate() {
            for sm in action {
                let m = sm.to_move().ok_or_else(|| RestoreError::Move {
                    action: i,
                    reason: "a square is off the board".to_string(),
                })?;
                game.play(m).map_err(|e| RestoreError::Move {
                    action: i,
                    reason: e.to_string(),
                })?;
            }
            game.submit().map_err(|e| RestoreError::Move {
                action: i,
                reason: e.to_string(),
            })?;
        }
        Ok(game)
    }
}
