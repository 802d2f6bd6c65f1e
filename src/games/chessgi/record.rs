//! The save record of a game (see [`ChessgiRecord`] for its JSON form). Loading
//! replays the actions through the rules, so a record that loads is a game that could
//! have been played, and every refusal names the action.

use super::{ChessgiAction, ChessgiError, ChessgiGame, NodeId, Outcome, SetupError};
use crate::chess::{Color, Move2d, Square};
use serde::{Deserialize, Serialize};

use super::ChessgiOptions;

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "chronochess/time-travel-chessgi";
/// The record version this code writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// A saved game: options, starting setup, and the actions in meta-time order.
///
/// JSON form (version 1):
///
/// ```json
/// {
///   "format": "chronochess/time-travel-chessgi",
///   "version": 1,
///   "options": { "pocket_capacity": null, "max_delay": null, "king_max_delay": 5,
///                "cooldown": 2, "action_cap": 1000, "carry": "traveller_only" },
///   "start": { "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
///              "white_reserve": "", "black_reserve": "" },
///   "actions": [
///     { "move": "e2e4" },
///     { "move": "P@a1" },
///     { "arrive": "b5" },
///     { "special": { "from": "f1", "due_move": 8 } },
///     { "general": { "node": 4, "then": "f1c4" } }
///   ],
///   "conclusion": null
/// }
/// ```
///
/// Moves and drops are UCI coordinates (`e1g1` is castling, `e7e8q` a promotion,
/// `N@f3` a reserve drop). `general.node` is a node index: nodes are numbered 0 (the
/// start) upwards in the order actions make them, one per action. `conclusion` is
/// `null`, `"draw_agreed"` or `{"resigned": {"loser": "White"}}`. Missing option
/// fields take their defaults; unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChessgiRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The options of the game.
    #[serde(default)]
    pub options: ChessgiOptions,
    /// The starting setup.
    pub start: StartRecord,
    /// Every action, in meta-time order.
    #[serde(default)]
    pub actions: Vec<ActionRecord>,
    /// Resignation or agreed draw, if any.
    #[serde(default)]
    pub conclusion: Option<Conclusion>,
}

/// The starting position and reserves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRecord {
    /// The starting position as FEN.
    pub fen: String,
    /// White's starting reserve as piece letters (`"PQ"`).
    #[serde(default)]
    pub white_reserve: String,
    /// Black's starting reserve.
    #[serde(default)]
    pub black_reserve: String,
}

/// One action in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionRecord {
    /// A move or reserve drop, in UCI coordinates.
    Move(String),
    /// The due piece is placed on this square.
    Arrive(String),
    /// Special time travel.
    Special {
        /// The travelling piece's square.
        from: String,
        /// The owner's move number it returns on.
        due_move: u32,
    },
    /// General time travel, then a move or drop (UCI) in the destination.
    General {
        /// The destination node index.
        node: u32,
        /// The move or drop made there.
        then: String,
    },
}

/// How a game was ended by the players rather than by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conclusion {
    /// A player resigned.
    Resigned {
        /// Who resigned.
        loser: Color,
    },
    /// The players agreed a draw.
    DrawAgreed,
    /// A player's clock ran out.
    Flagged {
        /// Whose clock ran out.
        loser: Color,
        /// Whether the other side could still mate (else the flag draws).
        opponent_can_mate: bool,
    },
}

impl Conclusion {
    /// The outcome this conclusion gives.
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        match self {
            Conclusion::Resigned { loser } => Outcome::Resignation {
                winner: loser.opponent(),
            },
            Conclusion::DrawAgreed => Outcome::DrawAgreed,
            Conclusion::Flagged {
                loser,
                opponent_can_mate: true,
            } => Outcome::Time {
                winner: loser.opponent(),
            },
            Conclusion::Flagged {
                loser,
                opponent_can_mate: false,
            } => Outcome::TimeVsInsufficientMaterial { flagged: loser },
        }
    }
}

/// Why a record could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The text is not JSON of the record's shape.
    Json(String),
    /// The `format` field is not [`RECORD_FORMAT`].
    WrongFormat(String),
    /// A version this code does not read.
    UnsupportedVersion(u32),
    /// The starting setup is bad.
    Setup(SetupError),
    /// An action's square or move text cannot be read.
    BadNotation {
        /// The action's index in `actions` (0-based).
        index: usize,
        /// The text.
        text: String,
    },
    /// An action is refused by the rules.
    Refused {
        /// The action's index in `actions` (0-based).
        index: usize,
        /// Why.
        error: ChessgiError,
    },
    /// The conclusion cannot follow the actions (the game was already over).
    Conclusion(ChessgiError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Json(e) => write!(f, "not a Time Travel Chessgi record: {e}"),
            LoadError::WrongFormat(s) => {
                write!(f, "the record's format is {s:?}, not {RECORD_FORMAT:?}")
            }
            LoadError::UnsupportedVersion(v) => write!(
                f,
                "record version {v} is not supported (this build reads {RECORD_VERSION})"
            ),
            LoadError::Setup(e) => write!(f, "bad starting setup: {e}"),
            LoadError::BadNotation { index, text } => {
                write!(f, "action {}: cannot read {text:?}", index + 1)
            }
            LoadError::Refused { index, error } => write!(f, "action {}: {error}", index + 1),
            LoadError::Conclusion(e) => write!(f, "the record's conclusion: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl ChessgiGame {
    /// The save record of this game.
    #[must_use]
    pub fn to_record(&self) -> ChessgiRecord {
        let root = &self.nodes()[0];
        let square = |s: Square| s.to_string();
        ChessgiRecord {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            options: *self.options(),
            start: StartRecord {
                fen: root.position().to_fen(),
                white_reserve: root.pocket(Color::White).reserve_letters(),
                black_reserve: root.pocket(Color::Black).reserve_letters(),
            },
            actions: self
                .actions()
                .iter()
                .map(|&a| match a {
                    ChessgiAction::Move(mv) => ActionRecord::Move(mv.to_uci()),
                    ChessgiAction::Arrive { to } => ActionRecord::Arrive(square(to)),
                    ChessgiAction::SpecialTravel { from, due_move } => ActionRecord::Special {
                        from: square(from),
                        due_move,
                    },
                    ChessgiAction::GeneralTravel { node, then } => ActionRecord::General {
                        node: node.0,
                        then: then.to_uci(),
                    },
                })
                .collect(),
            conclusion: self.conclusion(),
        }
    }

    /// The save record as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and enums: serialising cannot fail.
        serde_json::to_string_pretty(&self.to_record()).unwrap_or_default()
    }

    /// Rebuilds a game by replaying a record.
    ///
    /// # Errors
    /// [`LoadError`] naming the faulty field or action.
    pub fn from_record(record: &ChessgiRecord) -> Result<ChessgiGame, LoadError> {
        if record.format != RECORD_FORMAT {
            return Err(LoadError::WrongFormat(record.format.clone()));
        }
        if record.version != RECORD_VERSION {
            return Err(LoadError::UnsupportedVersion(record.version));
        }
        let mut game = ChessgiGame::from_setup(
            record.options,
            &record.start.fen,
            &record.start.white_reserve,
            &record.start.black_reserve,
        )
        .map_err(LoadError::Setup)?;
        for (index, entry) in record.actions.iter().enumerate() {
            let bad = |text: &str| LoadError::BadNotation {
                index,
                text: text.to_string(),
            };
            let read_square = |text: &str| Square::parse(text).ok_or_else(|| bad(text));
            let read_move = |game: &ChessgiGame, node: NodeId, text: &str| {
                let node = game.node(node).ok_or(LoadError::Refused {
                    index,
                    error: ChessgiError::UnknownNode(node),
                })?;
                node.position().uci_move(text).map_err(|_| bad(text))
            };
            let action = match entry {
                ActionRecord::Move(text) => {
                    ChessgiAction::Move(read_move(&game, game.current(), text)?)
                }
                ActionRecord::Arrive(text) => ChessgiAction::Arrive {
                    to: read_square(text)?,
                },
                ActionRecord::Special { from, due_move } => ChessgiAction::SpecialTravel {
                    from: read_square(from)?,
                    due_move: *due_move,
                },
                ActionRecord::General { node, then } => {
                    let then: Move2d = read_move(&game, NodeId(*node), then)?;
                    ChessgiAction::GeneralTravel {
                        node: NodeId(*node),
                        then,
                    }
                }
            };
            game.play(action)
                .map_err(|error| LoadError::Refused { index, error })?;
        }
        if let Some(conclusion) = record.conclusion {
            let result = match conclusion {
                Conclusion::Resigned { loser } => game.resign(loser),
                Conclusion::DrawAgreed => game.agree_draw(),
                Conclusion::Flagged {
                    loser,
                    opponent_can_mate,
                } => game.end_on_time(loser, opponent_can_mate),
            };
            result.map_err(LoadError::Conclusion)?;
        }
        Ok(game)
    }

    /// Reads a game from the JSON of [`ChessgiGame::to_json`].
    ///
    /// # Errors
    /// [`LoadError`]: bad JSON, wrong format or version, or a refused action.
    pub fn from_json(text: &str) -> Result<ChessgiGame, LoadError> {
        let record: ChessgiRecord =
            serde_json::from_str(text).map_err(|e| LoadError::Json(e.to_string()))?;
        Self::from_record(&record)
    }
}
