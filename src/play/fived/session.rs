//! One 5D game as the screen holds it: the engine's [`Game`], the start
//! position it came from, the 5dpgn text of every move played so far, the
//! result, and the save payload.
//!
//! Plain data with plain methods (no signals), so components stay thin. The
//! rules are the engine's: this module only records what the engine accepted.

use crate::chess::Color;
use crate::fived::coords::{timeline_label, Coord, Move};
use crate::fived::{boards, Answer, Budget, Game, InitialBoard, Multiverse, Outcome, SubmitError};
use crate::notation::ast::{ActionText, GameText, MoveText, Span};
use crate::notation::read;
use crate::notation::resolve::{resolve_move, start_position};
use crate::notation::{export, writer};
use crate::storage::GameResult;

use super::computer::{takeback_actions, Opponent};

/// The work the outcome search may do on the page's thread before it answers
/// "unknown" (moves applied): used when no web worker is available, and when a
/// saved or imported game is opened.
pub const OUTCOME_BUDGET: Budget = Budget::nodes(150_000);

/// The work tried on the page's thread right after a submit, before the
/// search is handed to the web worker: a few milliseconds at most, so the
/// common case (plenty of legal actions) answers at once.
pub const PAGE_BUDGET: Budget = Budget::nodes(5_000);

pub use super::payload::{
    Payload, RestoreError, SavedOutcome, StoredBoard, StoredMove, Verdict, PAYLOAD_FORMAT,
};

/// What the engine said about the position after the last submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Not computed yet (right after a submit, before the search ran).
    Pending,
    /// The engine's answer.
    Known(Outcome),
    /// The search budget ran out: the outcome is not known.
    Unknown,
}

/// A game in play: engine state plus everything the screen shows about it.
#[derive(Debug, Clone)]
pub struct Session {
    /// The board's catalogue name (or "Custom").
    pub variant: String,
    start: Vec<InitialBoard>,
    first_v: i32,
    game: Game,
    texts: Vec<Vec<MoveText>>,
    staged_texts: Vec<MoveText>,
    /// The outcome for the side to move.
    pub status: Status,
    /// The engine's last verdict on the submitted position (what the payload
    /// saves): set by [`Session::record_outcome`], cleared by a submit or a
    /// takeback.
    verdict: Option<Verdict>,
    /// Ongoing, or how the game ended.
    pub result: GameResult,
    /// Incremented on every change (cheap change detection for views).
    pub revision: u64,
    /// The computer, in a game against it (`None`: two players).
    pub opponent: Option<Opponent>,
}

/// The first board of every timeline of a position: its start boards.
#[must_use]
pub fn start_boards(m: &Multiverse) -> Vec<InitialBoard> {
    let (lo, hi) = m.timeline_range();
    (lo..=hi)
        .filter_map(|l| {
            let tl = m.timeline(l)?;
            let first = tl.boards().first()?;
            Some(InitialBoard {
                l,
                turn: crate::fived::coords::turn_of(tl.start()),
                to_move: crate::fived::coords::color_of(tl.start()),
                placement: first.to_placement(m.width(), m.height()),
            })
        })
        .collect()
}

impl Session {
    /// A new game on a catalogue board.
    ///
    /// # Errors
    /// The engine's setup error as text (never for catalogue boards).
    pub fn new(variant: &boards::Variant) -> Result<Session, String> {
        let m = Multiverse::from_variant(variant).map_err(|e| e.to_string())?;
        Ok(Session::from_position(variant.name.to_string(), m))
    }

    /// A new game from any start position.
    #[must_use]
    pub fn from_position(variant: String, start: Multiverse) -> Session {
        Session {
            variant,
            start: start_boards(&start),
            first_v: start.present(),
            game: Game::new(start),
            texts: Vec::new(),
            staged_texts: Vec::new(),
            status: Status::Pending,
            verdict: None,
            result: GameResult::Ongoing,
            revision: 0,
            opponent: None,
        }
    }

    /// The same game against the computer `opponent`.
    #[must_use]
    pub fn against(mut self, opponent: Opponent) -> Session {
        self.opponent = Some(opponent);
        self
    }

    /// Whether it is the computer's turn in a game that goes on: the player
    /// may not move, the page asks the computer.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        !self.is_over()
            && self
                .opponent
                .is_some_and(|o| o.color == self.game.to_move())
    }

    /// How many submitted actions "Take back" removes now
    /// ([`takeback_actions`]).
    #[must_use]
    pub fn takeback_count(&self) -> usize {
        if crate::play::clock::material::ended_on_time(&self.result) {
            return 0;
        }
        takeback_actions(
            self.opponent.as_ref(),
            self.game.to_move(),
            self.action_count(),
        )
    }

    /// Takes back [`Session::takeback_count`] actions (and any staged
    /// moves); false when there is nothing to take back.
    pub fn take_back_turn(&mut self) -> bool {
        let n = self.takeback_count();
        let mut done = 0;
        while done < n && self.take_back() {
            done += 1;
        }
        done > 0
    }

    /// The engine's game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position with the staged moves.
    #[must_use]
    pub fn multiverse(&self) -> &Multiverse {
        self.game.multiverse()
    }

    /// True once the game is over (no more moves accepted).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_over()
    }

    /// `flagged`'s clock ran out: the game ends on time, lost by `flagged`
    /// or drawn when the other side could not mate (`opponent_can_mate`
    /// false; [`crate::play::clock::material`]). False, and nothing
    /// changes, when the game is already over.
    pub fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> bool {
        if self.is_over() {
            return false;
        }
        let ending = crate::play::clock::flag_ending(flagged, opponent_can_mate);
        self.result = crate::play::Ending::result(Some(&ending));
        self.revision += 1;
        true
    }

    /// The clock's flag fall for `flagged`: [`Session::end_on_time`] with
    /// 5D's mating-material rule (`material::fived_can_mate`).
    pub fn flag(&mut self, flagged: Color) -> bool {
        let can_mate = crate::play::clock::material::fived_can_mate(self.multiverse(), !flagged);
        self.end_on_time(flagged, can_mate)
    }

    /// The number of submitted actions.
    #[must_use]
    pub fn action_count(&self) -> usize {
        self.texts.len()
    }

    /// The moves of the last submitted action.
    #[must_use]
    pub fn last_action(&self) -> Vec<Move> {
        self.game.actions().last().unwrap_or_default()
    }

    /// The moves staged in the current action.
    #[must_use]
    pub fn staged(&self) -> Vec<Move> {
        self.game.staged().copied().collect()
    }

    /// The legal moves of the piece on `from`, or none.
    #[must_use]
    pub fn destinations(&self, from: Coord) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.game.legal_destinations(from).unwrap_or_default()
    }

    /// Whether the side to move may move the piece on `from` now.
    #[must_use]
    pub fn is_movable(&self, from: Coord) -> bool {
        !self.is_over() && !self.computer_to_move() && self.game.legal_destinations(from).is_ok()
    }

    /// Stages a move.
    ///
    /// # Errors
    /// The engine's reason as text.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        if self.is_over() {
            return Err("the game is over".to_string());
        }
        // Written before playing (the text depends on the position it is played
        // from); the engine's refusal, if any, is the better message.
        let text = export::move_text(self.game.multiverse(), &m);
        self.game.play(m).map_err(|e| e.to_string())?;
        self.staged_texts.push(text?);
        self.revision += 1;
        Ok(())
    }

    /// Takes back the last staged move; false if there was none.
    pub fn undo(&mut self) -> bool {
        if self.game.undo().is_some() {
            self.staged_texts.pop();
            self.revision += 1;
            true
        } else {
            false
        }
    }

    /// Whether the staged action may be submitted, and why not.
    ///
    /// # Errors
    /// The engine's [`SubmitError`].
    pub fn can_submit(&self) -> Result<(), SubmitError> {
        if self.is_over() {
            return Err(SubmitError::NothingPlayed);
        }
        self.game.can_submit()
    }

    /// Submits the staged action. The outcome is then [`Status::Pending`]
    /// until [`Session::decide_outcome`] runs (after the next paint).
    ///
    /// # Errors
    /// The engine's [`SubmitError`].
    pub fn submit(&mut self) -> Result<(), SubmitError> {
        let before = self.game.committed().present();
        self.game.submit()?;
        let mut texts = std::mem::take(&mut self.staged_texts);
        let m = self.game.multiverse();
        if let Some(last) = texts.last_mut() {
            // Cheap marks now; `decide_outcome` refines check into mate or softmate.
            last.marks.check = m.in_check();
            last.marks.present_moved = m.present() <= before;
        }
        self.texts.push(texts);
        self.status = Status::Pending;
        self.verdict = None;
        self.revision += 1;
        Ok(())
    }

    /// Asks the engine for the outcome within `budget`, records it (and the
    /// result when the game ends), and marks the last move `+` or `#`.
    pub fn decide_outcome(&mut self, budget: Budget) {
        let answer = self.game.outcome(budget);
        self.record_outcome(answer);
    }

    /// Records an outcome the engine gave for the current position (here or
    /// in the web worker): the status, the result when the game ends, and the
    /// `+`/`#` marks of the last move.
    pub fn record_outcome(&mut self, answer: Answer<Outcome>) {
        self.verdict = Some(Verdict::of(&answer));
        self.status = match answer {
            Answer::Known(o) => Status::Known(o),
            Answer::Unknown => Status::Unknown,
        };
        let loser = self.game.to_move();
        // A result the engine does not give (a flag fall while the search
        // ran, a resignation) stands.
        let decided = self
            .result
            .reason()
            .is_some_and(|r| r != "checkmate" && r != "stalemate");
        let result = match answer {
            Answer::Known(Outcome::Checkmate) => match loser {
                Color::White => GameResult::BlackWins {
                    reason: "checkmate".to_string(),
                },
                Color::Black => GameResult::WhiteWins {
                    reason: "checkmate".to_string(),
                },
            },
            Answer::Known(Outcome::Stalemate) => GameResult::Draw {
                reason: "stalemate".to_string(),
            },
            _ => GameResult::Ongoing,
        };
        if !decided {
            self.result = result;
        }
        if let Some(last) = self.texts.last_mut().and_then(|a| a.last_mut()) {
            last.marks.check = matches!(
                answer,
                Answer::Known(Outcome::Ongoing { in_check: true, .. })
            ) || (answer == Answer::Unknown && last.marks.check);
            last.marks.softmate = matches!(
                answer,
                Answer::Known(Outcome::Ongoing { softmate: true, .. })
            );
            last.marks.mate = answer == Answer::Known(Outcome::Checkmate);
        }
        self.revision += 1;
    }

    /// The royal captures to draw as arrows: with moves staged, the
    /// opponent's captures after them (why Submit is refused); with nothing
    /// staged and the side to move in check, the captures the opponent would
    /// have if every playable board passed (ftxi's check).
    ///
    /// Adapter: the engine exposes `in_check()` but not the captures behind
    /// it, so this rebuilds the "passed" position from the public API (capped
    /// at 600 boards).
    #[must_use]
    pub fn threats(&self) -> Vec<crate::fived::Check> {
        if self.is_over() && !matches!(self.status, Status::Known(Outcome::Checkmate)) {
            return Vec::new();
        }
        if self.game.staged().next().is_some() {
            return self.game.checks();
        }
        let in_check = match self.status {
            Status::Known(Outcome::Ongoing { in_check, .. }) => in_check,
            Status::Known(Outcome::Checkmate) => true,
            _ => false,
        };
        if !in_check {
            return Vec::new();
        }
        let m = self.game.multiverse();
        let (lo, hi) = m.timeline_range();
        let mut list = Vec::new();
        for l in lo..=hi {
            let Some(tl) = m.timeline(l) else { continue };
            for (k, b) in tl.boards().iter().enumerate() {
                let v = tl.start() + k as i32;
                list.push(InitialBoard {
                    l,
                    turn: crate::fived::coords::turn_of(v),
                    to_move: crate::fived::coords::color_of(v),
                    placement: b.to_placement(m.width(), m.height()),
                });
            }
            if list.len() > 600 {
                return Vec::new();
            }
        }
        for b in m.playable_boards(m.to_move()) {
            if let Some(board) = m.board(b.l, b.v) {
                let v = b.v + 1;
                list.push(InitialBoard {
                    l: b.l,
                    turn: crate::fived::coords::turn_of(v),
                    to_move: crate::fived::coords::color_of(v),
                    placement: board.to_placement(m.width(), m.height()),
                });
            }
        }
        match Multiverse::from_boards(m.width(), m.height(), m.even(), m.promotions(), &list) {
            Ok(passed) => passed.royal_captures(!m.to_move()),
            Err(_) => Vec::new(),
        }
    }

    /// Takes back the last submitted action (and any staged moves); false if
    /// there is none, or when the game ended on time (a flag fall is final).
    /// The result goes back to ongoing.
    pub fn take_back(&mut self) -> bool {
        if crate::play::clock::material::ended_on_time(&self.result)
            || !self.game.take_back_action()
        {
            return false;
        }
        self.staged_texts.clear();
        self.texts.pop();
        self.result = GameResult::Ongoing;
        self.verdict = None;
        self.status = if self.texts.is_empty() {
            Status::Pending
        } else {
            Status::Known(Outcome::Ongoing {
                in_check: self.game.multiverse().in_check(),
                softmate: false,
            })
        };
        self.revision += 1;
        true
    }

    /// The submitted actions as 5dpgn action texts.
    #[must_use]
    pub fn action_texts(&self) -> Vec<ActionText> {
        let first = self.first_v;
        self.texts
            .iter()
            .enumerate()
            .map(|(i, moves)| {
                let v = first + i as i32;
                ActionText {
                    span: Span::default(),
                    color: crate::fived::coords::color_of(v),
                    turn_label: u32::try_from(crate::fived::coords::turn_of(v)).ok(),
                    moves: moves.clone(),
                    comments: Vec::new(),
                }
            })
            .collect()
    }

    /// The texts of the staged moves.
    #[must_use]
    pub fn staged_texts(&self) -> Vec<String> {
        self.staged_texts.iter().map(writer::write_move).collect()
    }

    /// The game as a 5dpgn syntax tree: tags, 5DFEN boards when the start is
    /// not a catalogue board, and the submitted actions.
    #[must_use]
    pub fn game_text(&self) -> GameText {
        let m = self.game.multiverse();
        let mut tags = vec![("Mode".to_string(), "5D".to_string())];
        let catalogue = boards::find(&self.variant).is_some();
        tags.push((
            "Board".to_string(),
            if catalogue {
                self.variant.clone()
            } else {
                "Custom".to_string()
            },
        ));
        if let Some(o) = &self.opponent {
            for side in [Color::White, Color::Black] {
                let name = if side == o.color {
                    o.name()
                } else {
                    "You".to_string()
                };
                tags.push((super::words::side_name(side).to_string(), name));
            }
        }
        let mut fen_boards = Vec::new();
        if !catalogue {
            tags.push(("Size".to_string(), format!("{}x{}", m.width(), m.height())));
            let promos: String = m.promotions().iter().map(|k| k.letter()).collect();
            tags.push(("Promotions".to_string(), promos));
            for b in &self.start {
                fen_boards.push(crate::notation::ast::FenBoardText {
                    span: Span::default(),
                    pieces: b.placement.to_fen(),
                    timeline: export::timeline_text(b.l, m.even()),
                    turn: u32::try_from(b.turn).unwrap_or(0),
                    to_move: b.to_move,
                });
            }
        }
        let result = match &self.result {
            GameResult::Ongoing => None,
            GameResult::WhiteWins { .. } => Some("1-0".to_string()),
            GameResult::BlackWins { .. } => Some("0-1".to_string()),
            GameResult::Draw { .. } => Some("1/2-1/2".to_string()),
        };
        GameText {
            tags,
            fen_boards,
            actions: self.action_texts(),
            result,
        }
    }

    /// The game in canonical 5dpgn.
    #[must_use]
    pub fn pgn(&self) -> String {
        writer::write(&self.game_text())
    }

    /// The save payload.
    #[must_use]
    pub fn payload(&self) -> Payload {
        let m = self.game.multiverse();
        Payload {
            format: PAYLOAD_FORMAT,
            pgn: self.pgn(),
            size: [m.width(), m.height()],
            even: m.even(),
            promotions: m.promotions().iter().map(|k| k.letter()).collect(),
            start: self
                .start
                .iter()
                .map(|b| StoredBoard {
                    l: b.l,
                    turn: b.turn,
                    color: b.to_move.letter(),
                    fen: b.placement.to_fen(),
                })
                .collect(),
            actions: self
                .game
                .actions()
                .map(|a| a.iter().map(StoredMove::of).collect())
                .collect(),
            staged: self.game.staged().map(StoredMove::of).collect(),
            outcome: self.verdict.map(|verdict| SavedOutcome {
                actions: self.texts.len(),
                verdict,
            }),
            initial: self.initial_timelines_to_save(),
            computer: self.opponent.as_ref().map(Opponent::stored),
        }
    }

    /// The initial timelines, when the start boards alone would not give
    /// them back (an `InitialMultiverses` header): what the payload must
    /// keep so a reload plays by the same rules.
    fn initial_timelines_to_save(&self) -> Option<[i32; 2]> {
        let m = self.game.multiverse();
        let (lmin, lmax) = m.initial_timelines();
        let default =
            Multiverse::from_boards(m.width(), m.height(), m.even(), m.promotions(), &self.start)
                .ok()?
                .initial_timelines();
        (default != (lmin, lmax)).then_some([lmin, lmax])
    }

    /// A game from a 5dpgn text: the notation reader (errors with line and
    /// column), the engine's resolver (`notation::resolve`) for the start
    /// position and each written move, replayed through the session so the
    /// game keeps the canonical text of every move; the outcome decided
    /// within [`OUTCOME_BUDGET`].
    ///
    /// # Errors
    /// The reader's error (`line L, column C: …`), an unknown board, or the
    /// first move that cannot be played, with its place in the text.
    pub fn import(text: &str) -> Result<Session, String> {
        let read = read(text).map_err(|e| e.to_string())?;
        let game = &read.game;
        let start = start_position(game).map_err(|e| e.to_string())?;
        let name = game
            .tag("Board")
            .or_else(|| game.tag("Variant"))
            .unwrap_or("Standard");
        // A catalogue name only when the start really is that board (5DFEN lines
        // may set up anything under a `[Board]` tag); otherwise export the boards.
        let variant = match boards::find(name) {
            Some(v) if crate::fived::Multiverse::from_variant(v).as_ref() == Ok(&start) => {
                v.name.to_string()
            }
            _ => "Custom".to_string(),
        };
        let mut session = Session::from_position(variant, start);
        for action in &game.actions {
            if action.moves.is_empty() {
                continue;
            }
            if action.color != session.game().to_move() {
                return Err(format!(
                    "{}: it is {}'s turn, not {}'s",
                    action.span,
                    session.game().to_move(),
                    action.color
                ));
            }
            for mt in &action.moves {
                let m = resolve_move(session.game(), mt)
                    .map_err(|e| format!("{}: `{}`: {e}", mt.span, mt.text))?;
                session
                    .play(m)
                    .map_err(|e| format!("{}: `{}`: {e}", mt.span, mt.text))?;
            }
            session
                .submit()
                .map_err(|e| format!("{}: the action cannot be submitted: {e}", action.span))?;
        }
        if session.action_count() > 0 {
            session.decide_outcome(OUTCOME_BUDGET);
        }
        Ok(session)
    }

    /// Rebuilds a game from its payload: start boards, every action, the
    /// staged moves. The outcome is decided again with `budget`, except when
    /// the payload saved it as unknown (a check that stopped or ran out:
    /// the status is then [`Status::Unknown`], for the screen to check again
    /// in the worker rather than repeat a short search on the page). When
    /// `budget` runs out and the payload saved the engine's verdict on the
    /// same position, that verdict is used: a verdict is never guessed, only
    /// the engine's own answer is taken back.
    ///
    /// # Errors
    /// A [`RestoreError`] saying what could not be restored.
    pub fn restore(
        variant: &str,
        payload: &Payload,
        budget: Budget,
    ) -> Result<Session, RestoreError> {
        if payload.format > PAYLOAD_FORMAT {
            return Err(RestoreError::Payload(format!(
                "payload format {} is newer than this version reads ({PAYLOAD_FORMAT})",
                payload.format
            )));
        }
        let mut s = Session::from_position(variant.to_string(), payload.start_position()?);
        s.opponent = payload
            .computer
            .as_ref()
            .map(super::computer::StoredOpponent::opponent)
            .transpose()
            .map_err(RestoreError::Payload)?;
        for (i, action) in payload.actions.iter().enumerate() {
            for sm in action {
                let m = sm.to_move().ok_or_else(|| RestoreError::Move {
                    action: i,
                    reason: "a square is off the board".to_string(),
                })?;
                s.play(m)
                    .map_err(|reason| RestoreError::Move { action: i, reason })?;
            }
            s.submit().map_err(|e| RestoreError::Move {
                action: i,
                reason: e.to_string(),
            })?;
        }
        if !payload.actions.is_empty() {
            match payload.saved_verdict() {
                Some(Verdict::Unknown) => s.record_outcome(Answer::Unknown),
                saved => {
                    s.decide_outcome(budget);
                    if let (Status::Unknown, Some(v)) = (s.status, saved) {
                        s.record_outcome(v.answer());
                    }
                }
            }
        }
        let n = payload.actions.len();
        for sm in &payload.staged {
            let Some(m) = sm.to_move() else { break };
            if s.play(m).is_err() {
                return Err(RestoreError::Move {
                    action: n,
                    reason: "a staged move was refused".to_string(),
                });
            }
        }
        Ok(s)
    }
}

/// The label shown on a board and in `data-l`: `0`, `+1`, `-1` (odd games),
/// `+0`, `-0`, `+1` (even games).
#[must_use]
pub fn display_label(l: i32, even: bool) -> String {
    let label = timeline_label(l, even);
    if !even && l > 0 {
        format!("+{label}")
    } else {
        label
    }
}
