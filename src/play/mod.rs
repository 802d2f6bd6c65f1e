//! The play layer: one interface the four games share ([`GameSession`]),
//! host-compiled and host-tested, between the rules (`fived/`, `games/`) and
//! the screens (`ui/`, which only draws).
//!
//! A session is a game plus what the player has chosen on it so far (the
//! selected piece, a staged move, a pending promotion or confirmation). It
//! answers four kinds of question, in tiers like shakmaty's
//! Board → Setup → Position:
//!
//! 1. **Record**: the save record (to and from
//!    [`SaveRecord`](crate::storage::SaveRecord), one error type
//!    [`RecordError`]) and the export text.
//! 2. **State**: whose turn ([`GameSession::to_move`]), how many turns were
//!    played ([`GameSession::turns_played`]: a clock sees a turn end when it
//!    grows) and the result ([`Ending`], mapping to storage's
//!    [`GameResult`]).
//! 3. **Rules as values**: the legal actions ([`GameSession::legal_actions`])
//!    and [`GameSession::play`] one of them, [`GameSession::undo`] a staged
//!    step, [`GameSession::take_back`] a turn: what a computer opponent, a
//!    puzzle checker or a replay needs. A 5D turn is several actions (each
//!    staged move, then "submit"); [`Step`] says whether the turn ended.
//! 4. **Drawing and input**, chessground's split: [`GameSession::scene`] says
//!    what to draw (boards with their pieces, marks, arrows, orientation: a
//!    plain [`Scene`]), and [`GameSession::input`] says what a press, a drop
//!    after a drag, a key or a dialog answer does ([`Input`] → [`Effect`]).
//!    Boards are named by a [`BoardKey`] (line, time), so a 5D board or a
//!    branching board is addressed like the one board of the 2D games, and
//!    keyboard play walks the scene with [`Scene::step`].
//!
//! Game-specific questions (Time Traveling's past plies, Chessgi's pockets
//! and time tree, a branch's travellers, 5D's review of earlier actions) stay
//! as inherent methods of each game's session.
//!
//! # Example
//!
//! A feature written once for every game: a player that always takes the
//! first legal action, and a clock hand-over that notices the end of a turn.
//!
//! ```
//! use chronochess::chess::Color;
//! use chronochess::play::{GameSession, Step};
//!
//! /// Plays the first legal action; true when the turn ended.
//! fn play_first<G: GameSession>(game: &mut G) -> bool {
//!     let Some(action) = game.legal_actions().into_iter().next() else {
//!         return false;
//!     };
//!     matches!(game.play(action), Ok(Step::TurnEnded))
//! }
//!
//! /// Whose clock runs: nobody once the game is over.
//! fn running_clock<G: GameSession>(game: &G) -> Option<Color> {
//!     game.ending().is_none().then(|| game.to_move())
//! }
//! ```
//!
//! A screen holds a session in a signal and does
//! `let effect = session.input(Input::Press(spot));`, then redraws
//! `session.scene()`, opens the promotion chooser on
//! [`Effect::ChoosePromotion`], autosaves on [`Effect::Played`], and shows
//! [`Effect::Refused`]'s reason.

pub mod branching;
pub mod chessgi;
pub mod clock;
pub mod command;
pub mod computer;
pub mod fived;
pub mod learn;
pub mod puzzle;
pub mod scene;
pub mod speech;
pub mod time_traveling;

use std::fmt;

use serde_json::Value;

use crate::chess::{Color, PieceKind, PlacedPiece, Placement, Position};
use crate::storage::{GameId, GameKind, GameResult, SaveRecord};

pub use scene::{Arrow, ArrowKind, BoardKey, Direction, FocusMove, Mark, Scene, SceneBoard, Spot};

/// The pieces of a 2D position, as a [`SceneBoard`] holds them.
#[must_use]
pub fn placement_of(position: &Position) -> Placement {
    let mut placement = Placement::empty(8, 8).unwrap_or_else(|| unreachable!("8×8 is a board"));
    for (sq, piece) in position.pieces() {
        placement.set(
            sq,
            Some(PlacedPiece {
                piece,
                unmoved: false,
            }),
        );
    }
    placement
}

/// How a game ended: who won (`None`: a draw) and why, in words
/// ("checkmate", "resignation", "3–1 in branches, 0 drawn").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why, in words (lower case, no full stop).
    pub reason: String,
}

impl Ending {
    /// A win for `winner`.
    #[must_use]
    pub fn win(winner: Color, reason: impl Into<String>) -> Ending {
        Ending {
            winner: Some(winner),
            reason: reason.into(),
        }
    }

    /// A draw.
    #[must_use]
    pub fn draw(reason: impl Into<String>) -> Ending {
        Ending {
            winner: None,
            reason: reason.into(),
        }
    }

    /// The ending a stored result records (`None` while it is ongoing).
    #[must_use]
    pub fn of_result(result: &GameResult) -> Option<Ending> {
        result.reason().map(|reason| Ending {
            winner: result.winner(),
            reason: reason.to_string(),
        })
    }

    /// The stored result of a game that ended this way, or is still going.
    #[must_use]
    pub fn result(ending: Option<&Ending>) -> GameResult {
        match ending {
            None => GameResult::Ongoing,
            Some(e) => GameResult::ended(e.winner, e.reason.clone()),
        }
    }

    /// The headline of a game-over dialog: "White wins", "Draw".
    #[must_use]
    pub fn headline(&self) -> String {
        match self.winner {
            Some(c) => format!("{} wins", c.name()),
            None => "Draw".to_string(),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} won ({})", c.name(), self.reason),
            None => write!(f, "Draw ({})", self.reason),
        }
    }
}

/// Why a saved record, or an imported text, does not give a game. One type
/// for every game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The record holds another game.
    OtherKind {
        /// The kind it holds.
        found: GameKind,
        /// The kind that was asked for.
        expected: GameKind,
    },
    /// The payload or text does not have the game's shape (the parser's words).
    Unreadable(String),
    /// The rules refuse what it records (the rules' words).
    Invalid(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::OtherKind { found, .. } => write!(f, "it is a {} game", found.title()),
            RecordError::Unreadable(why) => write!(f, "the saved game cannot be read: {why}"),
            RecordError::Invalid(why) => write!(f, "the saved game is not valid: {why}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<serde_json::Error> for RecordError {
    fn from(e: serde_json::Error) -> RecordError {
        RecordError::Unreadable(e.to_string())
    }
}

/// The save payload of a game kept as one serde record (Chessgi, Multiverse
/// Time Travel Chess): the record as JSON.
pub fn record_payload<R: serde::Serialize>(record: &R) -> Value {
    serde_json::to_value(record).unwrap_or_default()
}

/// The game a save payload holds, read as the record `R` and given to the
/// rules (`of_record`).
///
/// # Errors
/// [`RecordError::Unreadable`] when the payload is not an `R`,
/// [`RecordError::Invalid`] with the rules' words when they refuse it.
pub fn game_of_payload<R, G, E>(
    payload: &Value,
    of_record: impl FnOnce(&R) -> Result<G, E>,
) -> Result<G, RecordError>
where
    R: serde::de::DeserializeOwned,
    E: fmt::Display,
{
    let saved: R = serde::Deserialize::deserialize(payload)?;
    of_record(&saved).map_err(|e| RecordError::Invalid(e.to_string()))
}

/// An imported text's game, or [`RecordError::Unreadable`] with the reader's
/// words.
///
/// # Errors
/// The reader's refusal, as [`RecordError::Unreadable`].
pub fn game_of_text<G, E: fmt::Display>(read: Result<G, E>) -> Result<G, RecordError> {
    read.map_err(|e| RecordError::Unreadable(e.to_string()))
}

/// The record tier of a [`GameSession`] over a game kept whole as one serde
/// record with a JSON text (Chessgi, Multiverse Time Travel Chess): the
/// payload is the record ([`record_payload`], [`game_of_payload`]) and the
/// export is the game's JSON ([`game_of_text`]). Used inside the session's
/// `impl GameSession`, with the game's type; the session has a `game` field
/// and a `new(game)`, the game `to_record`, `from_record`, `to_json` and
/// `from_json`.
macro_rules! json_record_tier {
    ($game:ty) => {
        fn payload(&self) -> serde_json::Value {
            $crate::play::record_payload(&self.game.to_record())
        }

        fn from_payload(
            _variant: &str,
            payload: &serde_json::Value,
        ) -> Result<Self, $crate::play::RecordError> {
            $crate::play::game_of_payload(payload, <$game>::from_record).map(Self::new)
        }

        fn export_text(&self) -> String {
            self.game.to_json()
        }

        fn import_text(text: &str) -> Result<Self, $crate::play::RecordError> {
            $crate::play::game_of_text(<$game>::from_json(text)).map(Self::new)
        }
    };
}
pub(crate) use json_record_tier;

/// The move among `waiting` (moves to one square that differ by their
/// promotion piece, kept while [`Effect::ChoosePromotion`] is answered) that
/// promotes to `kind`; none when nothing waits or `kind` is not on offer.
pub(crate) fn promoting_to<M: Copy>(
    waiting: Option<&[M]>,
    kind: PieceKind,
    promotion: impl Fn(&M) -> Option<PieceKind>,
) -> Option<M> {
    waiting?
        .iter()
        .find(|m| promotion(m) == Some(kind))
        .copied()
}

/// The rules' refusal of an action, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    /// A refusal from any error's words.
    #[must_use]
    pub fn of(e: impl fmt::Display) -> Refusal {
        Refusal(e.to_string())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// What an accepted action did to the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Part of a turn (a 5D move staged before the submit): the same side acts again.
    Staged,
    /// The turn is over (or the game is).
    TurnEnded,
}

/// What the player did on the screen, in the board's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A click, a tap, or Enter/Space on the focused square.
    Press(Spot),
    /// A dragged piece let go over a square (after a press that answered
    /// [`Effect::Picked`]).
    Drop(Spot),
    /// A piece in hand chosen (a drop game's reserve).
    Hand(PieceKind),
    /// The piece chosen in the promotion chooser.
    Promote(PieceKind),
    /// "Yes" to the change waiting for confirmation (Enter).
    Confirm,
    /// Escape: drop the selection, the promotion choice or the change waiting.
    Cancel,
}

/// A change waiting for the player's confirmation, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    /// One line: "Replace ply 3 (Ph2-h4) with Rh1-h3".
    pub title: String,
    /// What it would change, one sentence each.
    pub consequences: Vec<String>,
}

/// What an [`Input`] did, for the screen to follow up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Nothing changed.
    Ignored,
    /// A piece is in hand: its destinations are marked; a drag may start.
    Picked,
    /// The choice in progress was dropped.
    Cleared,
    /// Part of a turn was done (a move staged, a traveller chosen); the
    /// same side goes on.
    Staged,
    /// A turn was played: save the game, hand the clock over.
    Played,
    /// Several pieces may be promoted to: answer with [`Input::Promote`]
    /// (or [`Input::Cancel`]).
    ChoosePromotion(Vec<PieceKind>),
    /// A change waits for [`Input::Confirm`] (or [`Input::Cancel`]).
    Confirm(Confirmation),
    /// The rules refused; the reason in words.
    Refused(String),
}

impl Effect {
    /// The effect, or the rules' refusal as an error (how an action played
    /// through a session's own choices answers [`GameSession::play`]).
    ///
    /// # Errors
    /// [`Effect::Refused`], as its [`Refusal`].
    pub fn accepted(self) -> Result<Effect, Refusal> {
        match self {
            Effect::Refused(why) => Err(Refusal(why)),
            effect => Ok(effect),
        }
    }
}

/// One game in play, as every feature that serves all four games sees it.
/// See the [module documentation](self) for the tiers and an example.
pub trait GameSession: Clone {
    /// One legal step as a value: a whole turn for the 2D games, a staged
    /// move or the submit for 5D.
    type Action: Clone + fmt::Debug + PartialEq;

    /// Which game this is (the record's kind).
    const KIND: GameKind;

    // ----- record -----

    /// The variant line of the saved-games list.
    fn variant(&self) -> String;

    /// The game in its own JSON layout (the record's payload).
    fn payload(&self) -> Value;

    /// Rebuilds a session from a record's variant line and payload.
    ///
    /// # Errors
    /// [`RecordError::Unreadable`] when the payload has another shape,
    /// [`RecordError::Invalid`] when the rules refuse it.
    fn from_payload(variant: &str, payload: &Value) -> Result<Self, RecordError>;

    /// The game as text for export (import reads it back with
    /// [`GameSession::import_text`]).
    fn export_text(&self) -> String;

    /// A session from an exported text.
    ///
    /// # Errors
    /// Why the text is not a game of this kind.
    fn import_text(text: &str) -> Result<Self, RecordError>;

    /// The save record at `now_ms`: kind, name, variant, whose turn, result
    /// and payload.
    fn save_record(&self, id: &GameId, name: &str, now_ms: u64) -> SaveRecord {
        let mut record = SaveRecord::new(
            id.clone(),
            Self::KIND,
            name,
            self.variant(),
            now_ms,
            self.payload(),
        );
        record.to_move = self.to_move();
        record.result = Ending::result(self.ending().as_ref());
        record
    }

    /// A session from a save record.
    ///
    /// # Errors
    /// [`RecordError::OtherKind`] for a record of another game, else
    /// [`GameSession::from_payload`]'s error.
    fn from_record(record: &SaveRecord) -> Result<Self, RecordError> {
        if record.kind != Self::KIND {
            return Err(RecordError::OtherKind {
                found: record.kind,
                expected: Self::KIND,
            });
        }
        Self::from_payload(&record.variant, &record.payload)
    }

    // ----- state -----

    /// The side to act now (for a finished game: the side that would have).
    fn to_move(&self) -> Color;

    /// How the game ended, or `None` while it goes on.
    fn ending(&self) -> Option<Ending>;

    /// The number of turns played so far: a clock sees a turn end when it
    /// grows (a take-back makes it shrink).
    fn turns_played(&self) -> usize;

    // ----- rules as values -----

    /// The legal actions now (empty once the game is over). Games whose
    /// actions have unbounded parameters list a bounded, documented subset.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The actions the computer opponent weighs here, the likeliest first:
    /// by default every legal action. A game whose legal actions are too
    /// many to search lists a documented subset of them (Multiverse Time
    /// Travel Chess: every plain move here, its most promising journeys in
    /// [`GameSession::search_actions_later`]).
    fn search_actions(&self) -> Vec<Self::Action> {
        self.legal_actions()
    }

    /// More actions for the computer to weigh, asked only once those of
    /// [`GameSession::search_actions`] are searched without settling the
    /// position (no alpha-beta cut): what is dear to list. By default none.
    fn search_actions_later(&self) -> Vec<Self::Action> {
        Vec::new()
    }

    /// Plays an action for the side to move; the choices in progress are dropped.
    ///
    /// # Errors
    /// The rules' [`Refusal`]; the game is unchanged.
    fn play(&mut self, action: Self::Action) -> Result<Step, Refusal>;

    /// Takes back the last staged step of the current turn; false if none
    /// (by default: the 2D games stage nothing).
    fn undo(&mut self) -> bool {
        false
    }

    /// Takes back the last whole turn; false if the game cannot (by
    /// default: its rules have no takeback).
    fn take_back(&mut self) -> bool {
        false
    }

    /// `loser` resigns.
    ///
    /// # Errors
    /// The rules' [`Refusal`] (the game is already over).
    fn resign(&mut self, loser: Color) -> Result<(), Refusal>;

    /// Whether `side` could still checkmate by some series of legal moves:
    /// what a flag fall needs to tell a loss from a draw (each game's rule
    /// is in [`clock::material`]). By default a side always can.
    fn can_mate(&self, side: Color) -> bool {
        let _ = side;
        true
    }

    /// `flagged`'s clock ran out: the game ends, won by the other side, or
    /// drawn when that side could not mate (`opponent_can_mate` false).
    ///
    /// # Errors
    /// The rules' [`Refusal`] (the game is already over).
    fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> Result<(), Refusal>;

    /// The clock's flag fall for `flagged`: [`GameSession::end_on_time`]
    /// with the game's own mating-material rule ([`GameSession::can_mate`]).
    ///
    /// # Errors
    /// The rules' [`Refusal`] (the game is already over).
    fn flag(&mut self, flagged: Color) -> Result<(), Refusal> {
        let can_mate = self.can_mate(!flagged);
        self.end_on_time(flagged, can_mate)
    }

    /// The last turn played, by either side, in words for screen readers
    /// (a page announces it in a polite live region); `None` before the
    /// first turn, or when the game cannot tell.
    fn last_turn_words(&self) -> Option<String> {
        None
    }

    /// A board of the scene in words ("timeline 0, turn 3, white"), for
    /// screen readers and the command field; empty for a one-board game.
    fn board_name(&self, key: BoardKey) -> String {
        let _ = key;
        String::new()
    }

    /// A static score of the game for the side to move, in centipawns
    /// (positive: good for it): what the computer opponent
    /// ([`computer`]) weighs at the end of its look-ahead. By default the
    /// material of the side to move minus the other side's on every board
    /// of the [`GameSession::scene`]; a game refines it with what the scene
    /// does not show (pieces in hand) or leaves out what does not count
    /// (boards of the past).
    fn evaluation(&self) -> i32 {
        let side = self.to_move();
        self.scene()
            .boards
            .iter()
            .map(|b| computer::material(&b.placement, side))
            .sum()
    }

    // ----- drawing and input -----

    /// What the boards show now: pieces, marks, arrows (White at the bottom;
    /// the screen may turn it).
    fn scene(&self) -> Scene;

    /// What a press, drop, key or dialog answer does.
    fn input(&mut self, input: Input) -> Effect;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Opens `stored`, a game's record as the app saved it before the play
    /// layer, as an `S`; checks that it is written back the same (payload,
    /// variant, side to move, result, and the ending it says) and gives the
    /// session for the game's own checks.
    fn reopens_unchanged<S: GameSession>(stored: &str) -> S {
        let record = SaveRecord::from_json(stored).unwrap();
        let s = S::from_record(&record).unwrap();
        assert_eq!(Ending::of_result(&record.result), s.ending());
        let again = s.save_record(&record.id, &record.name, record.created_ms);
        assert_eq!(again.payload, record.payload);
        assert_eq!(again.variant, record.variant);
        assert_eq!(again.to_move, record.to_move);
        assert_eq!(again.result, record.result);
        s
    }

    /// Records as the app stored them before the play layer (each screen
    /// had its own `record_of` / `save_record`): they still open, and are
    /// written back the same.
    #[test]
    fn records_saved_before_the_play_layer_open() {
        let tt: time_traveling::TimeTravelingSession =
            reopens_unchanged(include_str!("time_traveling/old_record.json"));
        assert_eq!(tt.game().slots().len(), 2);
        assert_eq!(tt.to_move(), Color::White);
        assert_eq!(tt.ending(), None);
        let chessgi: chessgi::ChessgiSession =
            reopens_unchanged(include_str!("chessgi/old_record.json"));
        assert_eq!(chessgi.game().actions().len(), 3);
        assert_eq!(chessgi.game().options().cooldown, 3);
        let branching: branching::BranchingSession =
            reopens_unchanged(include_str!("branching/old_record.json"));
        assert_eq!(branching.game().events().len(), 4);
        assert_eq!(branching.ending(), None);
    }

    #[test]
    fn an_ending_maps_to_the_stored_result_and_back() {
        let win = Ending::win(Color::Black, "checkmate");
        let stored = Ending::result(Some(&win));
        assert_eq!(
            stored,
            GameResult::BlackWins {
                reason: "checkmate".into()
            }
        );
        assert_eq!(Ending::of_result(&stored), Some(win.clone()));
        let draw = Ending::draw("stalemate");
        assert_eq!(
            Ending::result(Some(&draw)),
            GameResult::Draw {
                reason: "stalemate".into()
            }
        );
        assert_eq!(Ending::result(None), GameResult::Ongoing);
        assert_eq!(Ending::of_result(&GameResult::Ongoing), None);
        assert_eq!(win.to_string(), "Black won (checkmate)");
        assert_eq!(draw.to_string(), "Draw (stalemate)");
        assert_eq!(win.headline(), "Black wins");
    }

    #[test]
    fn record_errors_say_what_is_wrong() {
        let other = RecordError::OtherKind {
            found: GameKind::Chessgi,
            expected: GameKind::Branching,
        };
        assert_eq!(other.to_string(), "it is a Time Travel Chessgi game");
        let bad: RecordError = serde_json::from_str::<u32>("\"x\"").unwrap_err().into();
        assert!(bad
            .to_string()
            .starts_with("the saved game cannot be read: invalid type"));
        assert_eq!(
            RecordError::Invalid("ply 3 is not legal".into()).to_string(),
            "the saved game is not valid: ply 3 is not legal"
        );
    }
}
