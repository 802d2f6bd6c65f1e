//! The 5D game behind the interface the four games share
//! ([`GameSession`]): a [`Session`] plus the player's choice in progress
//! (the selected piece, the moves waiting for a promotion piece).
//!
//! A 5D turn is several actions: each staged move ([`FivedAction::Move`],
//! [`Step::Staged`]) and then [`FivedAction::Submit`] ([`Step::TurnEnded`]).
//! After a submit the outcome is decided within [`OUTCOME_BUDGET`]; beyond
//! it the outcome stays unknown — never guessed — and the game goes on (the
//! page hands such checks to its web worker instead).
//!
//! Boards are named by [`BoardKey`] `(line, time)` = `(L, v)`: timeline and
//! half-turn, as [`crate::fived::BoardId`].

use serde::Deserialize;
use serde_json::Value;

use super::choice::{Choice, Chosen};
use super::payload::{Payload, RestoreError};
use super::session::{Session, OUTCOME_BUDGET};
use crate::chess::{Color, Square};
use crate::fived::coords::{BoardId, Coord, Move};
use crate::fived::Check;
use crate::play::{
    Arrow, ArrowKind, BoardKey, Effect, Ending, GameSession, Input, Mark, RecordError, Refusal,
    Scene, SceneBoard, Spot, Step,
};
use crate::storage::{GameKind, GameResult, SaveRecord};

/// One legal step of a 5D turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FivedAction {
    /// Stage a move (on any playable board, possibly through time).
    Move(Move),
    /// Submit the staged moves: the turn ends.
    Submit,
}

/// A 5D game in play with the player's choice in progress.
#[derive(Debug, Clone)]
pub struct FivedSession {
    /// The game.
    pub session: Session,
    /// The selected piece and the promotion waiting.
    choice: Choice,
}

impl FivedSession {
    /// The session, nothing selected.
    #[must_use]
    pub fn new(session: Session) -> FivedSession {
        FivedSession {
            session,
            choice: Choice::default(),
        }
    }

    /// The selected piece, if any.
    #[must_use]
    pub fn selected(&self) -> Option<Coord> {
        self.choice.selected()
    }

    fn clear(&mut self) -> bool {
        self.choice.clear()
    }

    fn submit(&mut self) -> Result<Step, Refusal> {
        self.session.submit().map_err(Refusal::of)?;
        self.clear();
        self.session.decide_outcome(OUTCOME_BUDGET);
        Ok(Step::TurnEnded)
    }
}

/// Marks a move's squares: its source on the board it left and on the board
/// that followed, its target on the board it created.
fn mark_move(boards: &mut [SceneBoard], m: &Move, mark: Mark) {
    let after = BoardKey::new(m.from.board.l, m.from.board.v + 1);
    let target = if m.is_physical() {
        after
    } else {
        m.to.board.into()
    };
    for (key, sq) in [
        (m.from.board.into(), m.from.square),
        (after, m.from.square),
        (target, m.to.square),
    ] {
        if let Some(b) = boards.iter_mut().find(|b| b.key == key) {
            if !b.has(sq, mark) {
                b.mark(sq, mark);
            }
        }
    }
}

/// What the multiverse view draws of `session`: every board of every
/// timeline (with the staged moves), the playable ones active; the last
/// action's and the staged moves' squares, the royal pieces in `threats`
/// (the session's [`Session::threats`], worked out once per position by the
/// caller), the `selected` piece and its destinations (a capture, a move
/// that makes a new timeline, or a plain one); arrows for moves between
/// boards and for the checks.
#[must_use]
pub fn scene_of(session: &Session, selected: Option<Coord>, threats: &[Check]) -> Scene {
    let m = session.multiverse();
    let playable = if session.is_over() {
        Vec::new()
    } else {
        m.playable_boards(m.to_move())
    };
    let mut boards = Vec::new();
    let (lo, hi) = m.timeline_range();
    for l in lo..=hi {
        let Some(tl) = m.timeline(l) else { continue };
        for (k, b) in tl.boards().iter().enumerate() {
            let v = tl.start() + k as i32;
            let mut board =
                SceneBoard::new(BoardKey::new(l, v), b.to_placement(m.width(), m.height()));
            board.active = playable.contains(&BoardId { l, v });
            boards.push(board);
        }
    }
    let mut arrows = Vec::new();
    let last = session.last_action();
    let staged = session.staged();
    for (moves, mark, kind) in [
        (&last, Mark::Last, ArrowKind::Travel),
        (&staged, Mark::Staged, ArrowKind::Staged),
    ] {
        for mv in moves {
            mark_move(&mut boards, mv, mark);
            if !mv.is_physical() {
                arrows.push(arrow_of(mv, kind));
            }
        }
    }
    // With nothing staged, a check is found on the boards every playable
    // board would pass to (not drawn): it is shown on the boards they copy.
    let drawn = |boards: &[SceneBoard], at: Coord| -> Spot {
        let mut spot = Spot::from(at);
        if !boards.iter().any(|b| b.key == spot.board) {
            spot.board.time -= 1;
        }
        spot
    };
    for c in threats {
        let (attacker, royal) = (drawn(&boards, c.attacker), drawn(&boards, c.royal));
        if let Some(b) = boards.iter_mut().find(|b| b.key == royal.board) {
            b.mark(royal.square, Mark::Check);
        }
        arrows.push(Arrow {
            from: attacker,
            to: royal,
            kind: ArrowKind::Threat,
        });
    }
    if let Some(sel) = selected {
        let mut mark = |at: Coord, mark: Mark| {
            if let Some(b) = boards
                .iter_mut()
                .find(|b| b.key == BoardKey::from(at.board))
            {
                if !b.has(at.square, mark) {
                    b.mark(at.square, mark);
                }
            }
        };
        mark(sel, Mark::Selected);
        for mv in session.destinations(sel) {
            let occupied = m
                .board(mv.to.board.l, mv.to.board.v)
                .and_then(|b| b.piece_at(mv.to.square))
                .is_some();
            let kind = if occupied {
                Mark::Capture
            } else if session.game().is_branching(&mv) {
                Mark::Branch
            } else {
                Mark::Dest
            };
            mark(mv.to, kind);
        }
    }
    Scene {
        boards,
        arrows,
        orientation: Color::White,
    }
}

fn arrow_of(m: &Move, kind: ArrowKind) -> Arrow {
    Arrow {
        from: m.from.into(),
        to: m.to.into(),
        kind,
    }
}

impl GameSession for FivedSession {
    type Action = FivedAction;
    const KIND: GameKind = GameKind::FiveD;

    fn variant(&self) -> String {
        self.session.variant.clone()
    }

    fn payload(&self) -> Value {
        serde_json::to_value(self.session.payload()).unwrap_or_default()
    }

    fn from_payload(variant: &str, payload: &Value) -> Result<Self, RecordError> {
        let payload = Payload::deserialize(payload)?;
        Session::restore(variant, &payload, OUTCOME_BUDGET)
            .map(FivedSession::new)
            .map_err(|e| match e {
                RestoreError::Payload(why) => RecordError::Unreadable(why),
                other => RecordError::Invalid(other.to_string()),
            })
    }

    /// As the trait's, and a result the engine cannot derive again (a
    /// resignation) is kept as saved.
    fn from_record(record: &SaveRecord) -> Result<Self, RecordError> {
        if record.kind != Self::KIND {
            return Err(RecordError::OtherKind {
                found: record.kind,
                expected: Self::KIND,
            });
        }
        let mut game = Self::from_payload(&record.variant, &record.payload)?;
        if record.result.is_over() && !game.session.is_over() {
            game.session.result = record.result.clone();
        }
        Ok(game)
    }

    fn export_text(&self) -> String {
        self.session.pgn()
    }

    fn import_text(text: &str) -> Result<Self, RecordError> {
        Session::import(text)
            .map(FivedSession::new)
            .map_err(RecordError::Unreadable)
    }

    fn to_move(&self) -> Color {
        self.session.game().to_move()
    }

    fn ending(&self) -> Option<Ending> {
        Ending::of_result(&self.session.result)
    }

    fn turns_played(&self) -> usize {
        self.session.action_count()
    }

    /// Every move that may be staged now (each piece of the side to move on
    /// a playable board, every destination and promotion), then
    /// [`FivedAction::Submit`] when the staged moves may be submitted. A
    /// staged move may lead where no submit is possible: undo it.
    fn legal_actions(&self) -> Vec<FivedAction> {
        if self.session.is_over() {
            return Vec::new();
        }
        let m = self.session.multiverse();
        let side = m.to_move();
        let mut out = Vec::new();
        for b in m.playable_boards(side) {
            let Some(board) = m.board(b.l, b.v) else {
                continue;
            };
            for y in 0..m.height() {
                for x in 0..m.width() {
                    let Some(square) = Square::new(x, y) else {
                        continue;
                    };
                    if board
                        .piece_at(square)
                        .is_some_and(|p| p.piece.color == side)
                    {
                        let from = Coord { board: b, square };
                        out.extend(
                            self.session
                                .destinations(from)
                                .into_iter()
                                .map(FivedAction::Move),
                        );
                    }
                }
            }
        }
        if self.session.can_submit().is_ok() {
            out.push(FivedAction::Submit);
        }
        out
    }

    fn play(&mut self, action: FivedAction) -> Result<Step, Refusal> {
        match action {
            FivedAction::Move(m) => {
                self.clear();
                self.session.play(m).map_err(Refusal)?;
                Ok(Step::Staged)
            }
            FivedAction::Submit => self.submit(),
        }
    }

    fn undo(&mut self) -> bool {
        self.clear();
        self.session.undo()
    }

    fn take_back(&mut self) -> bool {
        self.clear();
        self.session.take_back()
    }

    fn resign(&mut self, loser: Color) -> Result<(), Refusal> {
        if self.session.is_over() {
            return Err(Refusal("the game is over".to_string()));
        }
        self.clear();
        self.session.result = GameResult::ended(Some(!loser), "resignation");
        self.session.revision += 1;
        Ok(())
    }

    fn board_name(&self, key: BoardKey) -> String {
        let id = crate::fived::BoardId::from(key);
        format!(
            "timeline {}, turn {}, {}",
            super::session::display_label(id.l, self.session.multiverse().even()),
            id.turn(),
            id.color().name().to_ascii_lowercase()
        )
    }

    fn last_turn_words(&self) -> Option<String> {
        super::speech::last_action_words(&self.session)
    }

    fn can_mate(&self, side: Color) -> bool {
        crate::play::clock::material::fived_can_mate(self.session.multiverse(), side)
    }

    fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> Result<(), Refusal> {
        if !self.session.end_on_time(flagged, opponent_can_mate) {
            return Err(Refusal("the game is over".to_string()));
        }
        self.clear();
        Ok(())
    }

    /// Every board of every timeline: see [`scene_of`].
    fn scene(&self) -> Scene {
        scene_of(&self.session, self.selected(), &self.session.threats())
    }

    fn input(&mut self, input: Input) -> Effect {
        match self.choice.input(&self.session, input) {
            Chosen::Effect(effect) => effect,
            Chosen::Stage(m) => match self.session.play(m) {
                Ok(()) => Effect::Staged,
                Err(why) => Effect::Refused(why),
            },
        }
    }
}
