//! The saved game record: what every game, whatever its kind, keeps in storage.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::format::{self, DecodeError};
use crate::chess::Color;

/// The record format this Chronochess writes. A record with a larger number
/// was written by a newer version and is kept unchanged; smaller numbers go
/// through the migration chain in [`SaveRecord::from_json`] (there are none
/// yet: format 1 is the first).
pub const RECORD_FORMAT: u32 = 1;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// A game's stable identifier. It is part of a storage key, so it is limited
/// to ASCII letters, digits, `-` and `_` (at most [`GameId::MAX_LEN`] of them).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

/// Why a text is not a [`GameId`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameIdError {
    /// The id is empty.
    Empty,
    /// The id has more than [`GameId::MAX_LEN`] characters.
    TooLong {
        /// Its length.
        len: usize,
    },
    /// The id holds a character other than ASCII letters, digits, `-`, `_`.
    BadChar {
        /// The character.
        found: char,
        /// Its position (0-based, in characters).
        at: usize,
    },
}

impl fmt::Display for GameIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameIdError::Empty => write!(f, "a game id cannot be empty"),
            GameIdError::TooLong { len } => write!(
                f,
                "a game id has at most {} characters, this one has {len}",
                GameId::MAX_LEN
            ),
            GameIdError::BadChar { found, at } => write!(
                f,
                "a game id holds only letters, digits, '-' and '_', found {found:?} at position {at}"
            ),
        }
    }
}

impl std::error::Error for GameIdError {}

impl GameId {
    /// The longest id, in characters.
    pub const MAX_LEN: usize = 64;

    /// An id made from a time stamp (ms since the epoch) and a counter, both
    /// supplied by the caller: `g<ms>-<counter>`. No randomness, no web API.
    /// [`GameStore::fresh_id`](super::GameStore::fresh_id) picks the counter
    /// so the id is unused.
    #[must_use]
    pub fn from_parts(now_ms: u64, counter: u32) -> GameId {
        GameId(format!("g{now_ms}-{counter}"))
    }

    /// Checks and wraps an id.
    ///
    /// # Errors
    /// [`GameIdError`] if it is empty, too long or holds a character other
    /// than ASCII letters, digits, `-` and `_`.
    pub fn parse(text: &str) -> Result<GameId, GameIdError> {
        if text.is_empty() {
            return Err(GameIdError::Empty);
        }
        if let Some((at, found)) = text
            .chars()
            .enumerate()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        {
            return Err(GameIdError::BadChar { found, at });
        }
        if text.len() > GameId::MAX_LEN {
            return Err(GameIdError::TooLong { len: text.len() });
        }
        Ok(GameId(text.to_string()))
    }

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for GameId {
    type Error = GameIdError;
    fn try_from(text: String) -> Result<GameId, GameIdError> {
        GameId::parse(&text)
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which of the four games a record holds.
///
/// Adding a kind changes what older versions can read: bump [`RECORD_FORMAT`]
/// with it, so they keep such records aside as "newer" instead of damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// 5D Chess With Multiverse Time Travel (payload: 5dpgn text + UI state).
    FiveD,
    /// Time Traveling Chess.
    TimeTraveling,
    /// Time Travel Chessgi.
    Chessgi,
    /// Multiverse Time Travel Chess (branching universes).
    Branching,
}

impl GameKind {
    /// All kinds, in menu order.
    pub const ALL: [GameKind; 4] = [
        GameKind::FiveD,
        GameKind::TimeTraveling,
        GameKind::Chessgi,
        GameKind::Branching,
    ];

    /// The game's full title.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::FiveD => "5D Chess With Multiverse Time Travel",
            GameKind::TimeTraveling => "Time Traveling Chess",
            GameKind::Chessgi => "Time Travel Chessgi",
            GameKind::Branching => "Multiverse Time Travel Chess",
        }
    }
}

/// How a game stands: still going, or over with a reason
/// ("checkmate", "resignation", "agreement", "stalemate", …).
///
/// Stored as `{"state":"white_wins","reason":"checkmate"}` (serde's
/// internally tagged form; `{"state":"ongoing"}` when not over). Read by a
/// hand-written [`Deserialize`] that accepts the same documents as serde's
/// derive for that form, without its generic buffering of the whole object
/// (several kilobytes of the web page's code).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum GameResult {
    /// Not over.
    Ongoing,
    /// White won.
    WhiteWins {
        /// Why, in words.
        reason: String,
    },
    /// Black won.
    BlackWins {
        /// Why, in words.
        reason: String,
    },
    /// Nobody won.
    Draw {
        /// Why, in words.
        reason: String,
    },
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{Error, Unexpected};

        #[derive(Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum State {
            Ongoing,
            WhiteWins,
            BlackWins,
            Draw,
        }
        /// The stored object's fields. `reason` is read as any JSON value:
        /// like the derive, an ongoing game ignores it whatever it holds.
        #[derive(Deserialize)]
        #[serde(expecting = "internally tagged enum GameResult")]
        struct Stored {
            state: State,
            #[serde(default, deserialize_with = "present")]
            reason: Option<Value>,
        }
        /// A `reason` that is there, even as `null` (absent is `None`).
        fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
            Value::deserialize(d).map(Some)
        }

        let stored = Stored::deserialize(deserializer)?;
        let reason = || match stored.reason {
            Some(Value::String(reason)) => Ok(reason),
            None => Err(D::Error::missing_field("reason")),
            Some(other) => {
                let found = match &other {
                    Value::Null => Unexpected::Unit,
                    Value::Bool(b) => Unexpected::Bool(*b),
                    Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                        (Some(u), _) => Unexpected::Unsigned(u),
                        (None, Some(i)) => Unexpected::Signed(i),
                        // serde's own wording, with serde_json's number
                        // formatting (not core's float formatting).
                        (None, None) => {
                            return Err(D::Error::invalid_type(
                                Unexpected::Other(&format!("floating point `{n}`")),
                                &"a string",
                            ))
                        }
                    },
                    Value::String(_) => Unexpected::Str("a string"),
                    Value::Array(_) => Unexpected::Seq,
                    Value::Object(_) => Unexpected::Map,
                };
                Err(D::Error::invalid_type(found, &"a string"))
            }
        };
        Ok(match stored.state {
            State::Ongoing => GameResult::Ongoing,
            State::WhiteWins => GameResult::WhiteWins { reason: reason()? },
            State::BlackWins => GameResult::BlackWins { reason: reason()? },
            State::Draw => GameResult::Draw { reason: reason()? },
        })
    }
}

impl GameResult {
    /// A finished game: `winner` won (`None`: a draw) for `reason`.
    #[must_use]
    pub fn ended(winner: Option<Color>, reason: impl Into<String>) -> GameResult {
        let reason = reason.into();
        match winner {
            Some(Color::White) => GameResult::WhiteWins { reason },
            Some(Color::Black) => GameResult::BlackWins { reason },
            None => GameResult::Draw { reason },
        }
    }

    /// True once the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        !matches!(self, GameResult::Ongoing)
    }

    /// The winner, if there is one.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::WhiteWins { .. } => Some(Color::White),
            GameResult::BlackWins { .. } => Some(Color::Black),
            GameResult::Ongoing | GameResult::Draw { .. } => None,
        }
    }

    /// The reason the game ended, if it has.
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            GameResult::Ongoing => None,
            GameResult::WhiteWins { reason }
            | GameResult::BlackWins { reason }
            | GameResult::Draw { reason } => Some(reason),
        }
    }
}

/// Why a display name is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    /// Empty or only whitespace.
    Blank,
    /// Longer than [`MAX_NAME_CHARS`].
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Blank => write!(f, "a game needs a name"),
            NameError::TooLong { chars } => write!(
                f,
                "a game name has at most {MAX_NAME_CHARS} characters, this one has {chars}"
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// Checks a display name: not blank, at most [`MAX_NAME_CHARS`] characters.
///
/// # Errors
/// [`NameError`] saying which rule fails.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.trim().is_empty() {
        return Err(NameError::Blank);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameError::TooLong { chars });
    }
    Ok(())
}

/// One saved game. The game itself is `payload`, opaque here: each game
/// module defines its own (5D: 5dpgn text plus staged moves; the others a
/// record of their own) and reads it back with [`SaveRecord::payload_as`].
///
/// Stored as JSON with a `version` field ([`RECORD_FORMAT`]) first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveRecord {
    /// Stable identifier, also part of the storage key.
    pub id: GameId,
    /// Which game this is.
    pub kind: GameKind,
    /// Display name chosen by the players.
    pub name: String,
    /// Board or variant name ("Standard", "Simple - No Queens", …).
    pub variant: String,
    /// Creation time, ms since the Unix epoch (supplied by the caller).
    pub created_ms: u64,
    /// Last update time, ms since the Unix epoch (supplied by the caller).
    pub updated_ms: u64,
    /// Whose turn it is.
    pub to_move: Color,
    /// Ongoing or over, with the reason.
    pub result: GameResult,
    /// The game itself, in the game module's own JSON layout.
    pub payload: Value,
    /// Who the players face when it is not each other, in words for the
    /// saved-games list (`Computer (Intermediate)`). Absent for games
    /// between two players and in every record older than it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The chess clock of a timed game, in `play::clock::Clock`'s saved
    /// layout (opaque here, like the payload). Absent for untimed games and
    /// in every record older than the clock, which therefore load untimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Value>,
    /// The computer opponent of a 2D game, in
    /// `play::computer::Computer`'s saved layout (opaque here, like the
    /// payload): its side, level and seed. Absent for games between two
    /// players and in every record older than it. (5D keeps its computer in
    /// its own payload.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Value>,
}

/// A saved game without its payload: what a game list shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Stable identifier.
    pub id: GameId,
    /// Which game this is.
    pub kind: GameKind,
    /// Display name.
    pub name: String,
    /// Board or variant name.
    pub variant: String,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: u64,
    /// Last update time, ms since the Unix epoch.
    pub updated_ms: u64,
    /// Whose turn it is.
    pub to_move: Color,
    /// Ongoing or over.
    pub result: GameResult,
    /// Who the players face when it is not each other (see
    /// [`SaveRecord::opponent`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
}

impl SaveRecord {
    /// A new ongoing game, White to move, created and updated at `now_ms`.
    #[must_use]
    pub fn new(
        id: GameId,
        kind: GameKind,
        name: impl Into<String>,
        variant: impl Into<String>,
        now_ms: u64,
        payload: Value,
    ) -> SaveRecord {
        SaveRecord {
            id,
            kind,
            name: name.into(),
            variant: variant.into(),
            created_ms: now_ms,
            updated_ms: now_ms,
            to_move: Color::White,
            result: GameResult::Ongoing,
            payload,
            opponent: None,
            clock: None,
            computer: None,
        }
    }

    /// Everything but the payload.
    #[must_use]
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.id.clone(),
            kind: self.kind,
            name: self.name.clone(),
            variant: self.variant.clone(),
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            to_move: self.to_move,
            result: self.result.clone(),
            opponent: self.opponent.clone(),
        }
    }

    /// The payload read as a game module's own type.
    ///
    /// # Errors
    /// The `serde_json` error if the payload does not have that shape.
    pub fn payload_as<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        T::deserialize(&self.payload)
    }

    /// Replaces the payload with a game module's value.
    ///
    /// # Errors
    /// The `serde_json` error if the value cannot be represented as JSON
    /// (a map with non-string keys).
    pub fn set_payload<T: Serialize>(&mut self, payload: &T) -> Result<(), serde_json::Error> {
        self.payload = serde_json::to_value(payload)?;
        Ok(())
    }

    /// The stored form: compact JSON, `version` first.
    #[must_use]
    pub fn to_json(&self) -> String {
        format::encode(RECORD_FORMAT, self, false)
    }

    /// The export form: the same JSON, indented for people.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        format::encode(RECORD_FORMAT, self, true)
    }

    /// Reads a stored or exported record, upgrading older formats.
    ///
    /// # Errors
    /// [`DecodeError`] saying what is wrong and where;
    /// [`DecodeError::Newer`] for a record of a newer Chronochess.
    pub fn from_json(text: &str) -> Result<SaveRecord, DecodeError> {
        // Migration chain: format 1 is the first, so there is nothing older
        // to upgrade. A format 2 would pass `upgrade_record` here.
        format::decode(text, RECORD_FORMAT, format::no_older_formats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> SaveRecord {
        SaveRecord::new(
            GameId::from_parts(1_700_000_000_000, 3),
            GameKind::FiveD,
            "Friday match",
            "Standard",
            1_700_000_000_000,
            json!({"pgn": "1. e3 / f6", "staged": []}),
        )
    }

    /// The derive `GameResult` had: the hand-written reader must match it.
    #[derive(Debug, Deserialize)]
    #[serde(tag = "state", rename_all = "snake_case")]
    enum DerivedResult {
        Ongoing,
        WhiteWins { reason: String },
        BlackWins { reason: String },
        Draw { reason: String },
    }

    impl From<DerivedResult> for GameResult {
        fn from(r: DerivedResult) -> GameResult {
            match r {
                DerivedResult::Ongoing => GameResult::Ongoing,
                DerivedResult::WhiteWins { reason } => GameResult::WhiteWins { reason },
                DerivedResult::BlackWins { reason } => GameResult::BlackWins { reason },
                DerivedResult::Draw { reason } => GameResult::Draw { reason },
            }
        }
    }

    #[test]
    fn game_result_reads_what_the_derive_read() {
        let texts = [
            r#"{"state":"ongoing"}"#,
            r#"{"state":"white_wins","reason":"checkmate"}"#,
            r#"{"reason":"stalemate","state":"draw"}"#,
            r#"{"state":"black_wins","reason":"resignation","extra":[1,{"a":2}]}"#,
            r#"{"state":"ongoing","reason":5}"#,
            r#"{"state":"ongoing","reason":null}"#,
            r#"{"state":"ongoing","reason":"x"}"#,
            r#"{"state":"draw"}"#,
            r#"{"state":"draw","reason":null}"#,
            r#"{"state":"draw","reason":7}"#,
            r#"{"state":"draw","reason":-7}"#,
            r#"{"state":"draw","reason":1.5}"#,
            r#"{"state":"draw","reason":true}"#,
            r#"{"state":"draw","reason":[]}"#,
            r#"{"state":"draw","reason":{}}"#,
            r#"{"state":"draw","reason":"a","reason":"b"}"#,
            r#"{"state":"won","reason":"x"}"#,
            r#"{"state":3}"#,
            r#"{"reason":"x"}"#,
            r#"{}"#,
            r#""ongoing""#,
            r#"null"#,
            r#"{"state":"ongoing","state":"draw"}"#,
        ];
        for text in texts {
            let ours = serde_json::from_str::<GameResult>(text).map_err(|e| e.to_string());
            let derived = serde_json::from_str::<DerivedResult>(text)
                .map(GameResult::from)
                .map_err(|e| e.to_string());
            match (&ours, &derived) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{text}: ours {ours:?}, derived {derived:?}"),
            }
            // Through a Value too (the payload's way of reading).
            let value: Value = serde_json::from_str(text).unwrap();
            let ours_v = GameResult::deserialize(&value).map_err(|e| e.to_string());
            let derived_v = DerivedResult::deserialize(&value)
                .map(GameResult::from)
                .map_err(|e| e.to_string());
            assert_eq!(
                ours_v.is_ok(),
                derived_v.is_ok(),
                "{text}: {ours_v:?} {derived_v:?}"
            );
        }
    }

    #[test]
    fn game_result_errors_read_like_the_derive() {
        for text in [
            r#"{"state":"draw"}"#,
            r#"{"state":"draw","reason":7}"#,
            r#"{"state":"draw","reason":1.5}"#,
            r#"{"state":"draw","reason":null}"#,
            r#"{"state":"won"}"#,
            r#"{"reason":"x"}"#,
        ] {
            let ours = serde_json::from_str::<GameResult>(text)
                .unwrap_err()
                .to_string();
            let derived = serde_json::from_str::<DerivedResult>(text)
                .unwrap_err()
                .to_string();
            assert_eq!(ours, derived, "{text}");
        }
    }

    #[test]
    fn ids_are_checked() {
        assert_eq!(GameId::from_parts(12, 0).as_str(), "g12-0");
        assert_eq!(GameId::parse(""), Err(GameIdError::Empty));
        assert_eq!(
            GameId::parse("a/b"),
            Err(GameIdError::BadChar { found: '/', at: 1 })
        );
        assert_eq!(
            GameId::parse(&"x".repeat(65)),
            Err(GameIdError::TooLong { len: 65 })
        );
        assert!(GameId::parse("g1-2_x").is_ok());
    }

    #[test]
    fn record_round_trips_with_version_first() {
        let r = sample();
        let text = r.to_json();
        assert!(text.starts_with(r#"{"version":1,"id":"g1700000000000-3","kind":"five_d""#));
        assert_eq!(SaveRecord::from_json(&text).unwrap(), r);
        assert_eq!(SaveRecord::from_json(&r.to_json_pretty()).unwrap(), r);
    }

    #[test]
    fn result_is_tagged() {
        let mut r = sample();
        r.result = GameResult::BlackWins {
            reason: "checkmate".into(),
        };
        r.to_move = Color::White;
        let v: Value = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(
            v["result"],
            json!({"state": "black_wins", "reason": "checkmate"})
        );
        assert_eq!(r.result.winner(), Some(Color::Black));
        assert_eq!(r.result.reason(), Some("checkmate"));
    }

    #[test]
    fn bad_id_in_json_is_a_shape_error() {
        let text = sample().to_json().replace("g1700000000000-3", "../x");
        let e = SaveRecord::from_json(&text).unwrap_err();
        assert!(matches!(e, DecodeError::Shape { line: 1, .. }), "{e:?}");
        assert!(e.to_string().contains("game id"), "{e}");
    }

    #[test]
    fn payload_helpers() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Mine {
            moves: Vec<String>,
        }
        let mut r = sample();
        r.set_payload(&Mine {
            moves: vec!["e4".into()],
        })
        .unwrap();
        assert_eq!(
            r.payload_as::<Mine>().unwrap(),
            Mine {
                moves: vec!["e4".into()]
            }
        );
        assert!(r.payload_as::<Vec<u8>>().is_err());
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  "), Err(NameError::Blank));
        assert_eq!(
            check_name(&"é".repeat(101)),
            Err(NameError::TooLong { chars: 101 })
        );
        assert!(check_name(&"é".repeat(100)).is_ok());
    }

    #[test]
    fn the_clock_is_optional_and_an_old_record_loads_untimed() {
        // A record written before the clock existed (format 1, no `clock`).
        let old = r#"{"version":1,"id":"g1700000000000-3","kind":"chessgi","name":"Old","variant":"Standard","created_ms":1,"updated_ms":2,"to_move":"Black","result":{"state":"ongoing"},"payload":{"moves":[]}}"#;
        let record = SaveRecord::from_json(old).unwrap();
        assert_eq!(record.clock, None);
        assert_eq!(record.to_move, Color::Black);
        // An untimed record writes no `clock`, so it reads like an old one.
        assert!(!record.to_json().contains("clock"));
        let mut timed = sample();
        timed.clock = Some(json!({"control": {"base_ms": 300000}}));
        let back = SaveRecord::from_json(&timed.to_json()).unwrap();
        assert_eq!(back.clock, timed.clock);
    }

    #[test]
    fn the_opponent_is_optional_and_reaches_the_summary() {
        // A record of a game between two players writes no `opponent`, so
        // records before it and after it read alike.
        let plain = sample();
        assert!(!plain.to_json().contains("opponent"));
        assert_eq!(SaveRecord::from_json(&plain.to_json()).unwrap(), plain);
        let mut computer = sample();
        computer.opponent = Some("Computer (Beginner)".to_string());
        let back = SaveRecord::from_json(&computer.to_json()).unwrap();
        assert_eq!(back, computer);
        assert_eq!(
            back.summary().opponent.as_deref(),
            Some("Computer (Beginner)")
        );
    }

    #[test]
    fn the_computer_is_optional_and_kept_as_written() {
        // A game between two players writes no `computer`: records before
        // the field and after it read alike.
        let plain = sample();
        assert!(!plain.to_json().contains("\"computer\""));
        let mut vs = sample();
        vs.computer = Some(serde_json::json!({"color": "Black", "level": 2, "seed": 9}));
        let back = SaveRecord::from_json(&vs.to_json()).unwrap();
        assert_eq!(back, vs);
        assert_eq!(back.computer.unwrap()["level"], 2);
    }
}
