//! The save record: the game state as JSON.
//!
//! (The format is documented on [`TimeTravelingRecord`].)

use super::game::{SetupError, TimeTravelingGame};
use super::moves::{NbOrder, RecordedMove};
use super::position::ChessPosition;
use super::replay::replay;
use super::slot::Slot;
use super::GameResult;
use crate::chess::Color;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The value of the record's `format` field.
pub const RECORD_FORMAT: &str = "chronochess/time-traveling";

/// The record version this code writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A value for each player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerPlayer<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

/// The save record of a game: the whole game state as JSON.
///
/// # Format (version 1)
///
/// One JSON object; unknown fields are refused.
///
/// | field | type | meaning |
/// |---|---|---|
/// | `format` | string | always `"chronochess/time-traveling"` |
/// | `version` | number | `1` |
/// | `start_fen` | string | the start position (six-field FEN) |
/// | `slots` | array of strings | ply 1 first: a move (`Pe2-e4`, `Bc8xg4`, `Pe7-e8=Q`, castling `Ke1-g1`) or `blank`, `pass`, `pending` |
/// | `nb_order` | object | `white` and `black`: `unset`, `knight_below_bishop` or `bishop_below_knight` |
/// | `accepted` | object | `white` and `black`: the terminus signature the player accepted (16 hex digits) or `null` |
/// | `to_act` | string | `White` or `Black`: must own the next empty ply |
/// | `draw_offer` | string or null | who offered a draw that still stands |
/// | `action_count` | number | turn actions so far |
/// | `result` | object or null | `{"winner": "White" \| "Black" \| null, "reason": "checkmate" \| "stalemate" \| "insufficient_material" \| "seventy_five_moves" \| "fivefold_repetition" \| "resignation" \| "agreed_draw" \| "action_limit" \| "game_state_repetition"}` |
/// | `state_counts` | object | optional: how often each whole game state occurred (16 hex digits → count), for the repetition rule |
///
/// Hashes are FNV-1a, 64 bit, written as 16 lower-case hex digits. A terminus
/// signature hashes the effective plies before the terminus, each written as a
/// move text or `--` for a null, joined by single spaces. A game-state hash
/// hashes every slot text followed by a space, then each player's order
/// (`unset`, `knight < bishop`, `bishop < knight`) followed by `;`, then `w` or
/// `b` for the player to act.
///
/// Loading replays the history and refuses a record whose live moves do not
/// replay, whose `to_act` does not own the next ply, or whose `pending` is not
/// the last slot.
///
/// ```json
/// {
///   "format": "chronochess/time-traveling",
///   "version": 1,
///   "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
///   "slots": ["Ph2-h4", "Pd7-d5", "Rh1-h3", "blank", "Ng1-f3", "Pe7-e6", "pending"],
///   "nb_order": { "white": "unset", "black": "unset" },
///   "accepted": { "white": null, "black": null },
///   "to_act": "Black",
///   "draw_offer": null,
///   "action_count": 7,
///   "result": null
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeTravelingRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The start position.
    pub start_fen: String,
    /// The history, ply 1 first.
    pub slots: Vec<Slot>,
    /// The knight/bishop orders.
    pub nb_order: PerPlayer<NbOrder>,
    /// Accepted terminus signatures, as 16 hex digits.
    pub accepted: PerPlayer<Option<String>>,
    /// Whose action it is.
    pub to_act: Color,
    /// A standing draw offer.
    pub draw_offer: Option<Color>,
    /// Turn actions so far.
    pub action_count: u32,
    /// The result, once the game has ended.
    pub result: Option<GameResult>,
    /// Game-state repetition counts (hex state hash → count).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub state_counts: BTreeMap<String, u32>,
}

/// Why a save record could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// Not valid JSON, or a field of the wrong shape.
    Json {
        /// Line (1-based).
        line: usize,
        /// Column (1-based).
        column: usize,
        /// What serde found wrong.
        message: String,
    },
    /// The `format` field names another kind of record.
    Format(String),
    /// A version this code cannot read.
    Version(u32),
    /// The start FEN is not playable.
    Setup(SetupError),
    /// A signature or state hash that is not 16 hex digits.
    BadHash {
        /// The field.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// `pending` may only be the last slot.
    PendingNotLast {
        /// The ply holding it.
        ply: usize,
    },
    /// `to_act` must own the next empty ply.
    TurnMismatch {
        /// The record's `to_act`.
        to_act: Color,
        /// The owner of the next ply.
        owner: Color,
    },
    /// A live move does not replay.
    MoveDoesNotReplay {
        /// The ply.
        ply: usize,
        /// The recorded move.
        mv: RecordedMove,
    },
    /// The record says the game goes on but it has ended.
    ResultMissing(GameResult),
    /// `state_counts` is given but lacks the current state, or has a zero count.
    StateCounts,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Json {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            RecordError::Format(found) => write!(
                f,
                "this is a {found:?} record, not a {RECORD_FORMAT:?} record"
            ),
            RecordError::Version(v) => write!(
                f,
                "record version {v} is not supported (this build reads version {RECORD_VERSION})"
            ),
            RecordError::Setup(e) => e.fmt(f),
            RecordError::BadHash { field, text } => {
                write!(f, "{field}: {text:?} is not 16 hex digits")
            }
            RecordError::PendingNotLast { ply } => {
                write!(f, "slot {ply} is pending, but only the last slot may be")
            }
            RecordError::TurnMismatch { to_act, owner } => {
                write!(f, "to_act is {to_act}, but the next empty ply is {owner}'s")
            }
            RecordError::MoveDoesNotReplay { ply, mv } => write!(
                f,
                "slot {ply} records {mv}, which cannot be played there in the replayed history"
            ),
            RecordError::ResultMissing(r) => {
                write!(f, "result is null, but the game has ended: {r}")
            }
            RecordError::StateCounts => f.write_str(
                "state_counts must include the current game state, with counts of at least 1",
            ),
        }
    }
}

impl std::error::Error for RecordError {}

fn hex(value: u64) -> String {
    format!("{value:016x}")
}

fn unhex(field: &'static str, text: &str) -> Result<u64, RecordError> {
    if text.len() != 16 {
        return Err(RecordError::BadHash {
            field,
            text: text.to_owned(),
        });
    }
    u64::from_str_radix(text, 16).map_err(|_| RecordError::BadHash {
        field,
        text: text.to_owned(),
    })
}

impl TimeTravelingRecord {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// [`RecordError::Json`] with the line and column of the problem.
    pub fn from_json(text: &str) -> Result<TimeTravelingRecord, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })
    }

    /// Writes the record as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

impl<P: ChessPosition> TimeTravelingGame<P> {
    /// The save record of this game.
    #[must_use]
    pub fn to_record(&self) -> TimeTravelingRecord {
        TimeTravelingRecord {
            format: RECORD_FORMAT.to_owned(),
            version: RECORD_VERSION,
            start_fen: self.start_fen.clone(),
            slots: self.slots.clone(),
            nb_order: PerPlayer {
                white: self.nb_order[0],
                black: self.nb_order[1],
            },
            accepted: PerPlayer {
                white: self.accepted[0].map(hex),
                black: self.accepted[1].map(hex),
            },
            to_act: self.to_act,
            draw_offer: self.draw_offer,
            action_count: self.action_count,
            result: self.result,
            // Inserted one by one: `collect()` into a map sorts first, which
            // put another copy of the standard sort on the games page.
            state_counts: self
                .state_counts
                .iter()
                .fold(BTreeMap::new(), |mut m, (k, v)| {
                    m.insert(hex(*k), *v);
                    m
                }),
        }
    }

    /// The save record as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        self.to_record().to_json()
    }

    /// Loads a game from JSON text.
    ///
    /// # Errors
    /// A [`RecordError`] saying what is wrong with the record.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        Self::from_record(&TimeTravelingRecord::from_json(text)?)
    }

    /// Rebuilds a game from its record, replaying and checking the history.
    ///
    /// # Errors
    /// A [`RecordError`] saying what is wrong with the record.
    pub fn from_record(record: &TimeTravelingRecord) -> Result<Self, RecordError> {
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(record.format.clone()));
        }
        if record.version != RECORD_VERSION {
            return Err(RecordError::Version(record.version));
        }
        let mut game = Self::from_fen(&record.start_fen).map_err(RecordError::Setup)?;
        if let Some(i) = record
            .slots
            .iter()
            .position(|s| *s == Slot::Pending)
            .filter(|&i| i + 1 != record.slots.len())
        {
            return Err(RecordError::PendingNotLast { ply: i + 1 });
        }
        let mut slots = record.slots.clone();
        let replayed = replay(&game.start, &mut slots);
        let first_broken = replayed.blanked.iter().find_map(|&ply| {
            record.slots[ply - 1]
                .recorded_move()
                .map(|mv| RecordError::MoveDoesNotReplay { ply, mv })
        });
        if let Some(err) = first_broken {
            return Err(err);
        }
        game.slots = slots;
        game.replay = replayed;
        let owner = game.owner(game.next_ply());
        if record.to_act != owner {
            return Err(RecordError::TurnMismatch {
                to_act: record.to_act,
                owner,
            });
        }
        game.to_act = record.to_act;
        game.nb_order = [record.nb_order.white, record.nb_order.black];
        let accepted =
            |text: &Option<String>| text.as_deref().map(|t| unhex("accepted", t)).transpose();
        game.accepted = [
            accepted(&record.accepted.white)?,
            accepted(&record.accepted.black)?,
        ];
        game.draw_offer = record.draw_offer;
        game.action_count = record.action_count;
        game.result = record.result;
        game.state_counts = BTreeMap::new();
        for (key, &count) in &record.state_counts {
            if count == 0 {
                return Err(RecordError::StateCounts);
            }
            game.state_counts.insert(unhex("state_counts", key)?, count);
        }
        let current = game.state_key();
        if game.state_counts.is_empty() {
            game.state_counts.insert(current, 1);
        } else if !game.state_counts.contains_key(&current) {
            return Err(RecordError::StateCounts);
        }
        if game.result.is_none() {
            if let Some(result) = game.evaluate_end() {
                return Err(RecordError::ResultMissing(result));
            }
        }
        Ok(game)
    }
}
