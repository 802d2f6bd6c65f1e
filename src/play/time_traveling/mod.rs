//! Time Traveling Chess as a [`GameSession`]: the game, the ply being looked
//! at, the selection, a promotion choice and a change of the past waiting for
//! confirmation.
//!
//! Every rule question goes to [`crate::games::time_traveling`]: which moves
//! may be appended, which upgrades a past move has, which moves fill a blank,
//! what a change would invalidate (asked by trying it on a copy). What this
//! module decides is only which of those a press at the ply being looked at
//! means ([`mode_at`]).

mod preview;

use serde::Deserialize;
use serde_json::Value;

use crate::chess::{Color, Position, Square};
use crate::games::time_traveling::{
    Action, RecordedMove, Slot, TimeTravelingChess, TimeTravelingRecord,
};
use crate::storage::GameKind;

pub use self::preview::{preview, Preview};
use super::{
    promoting_to, Confirmation, Effect, Ending, GameSession, Input, Mark, RecordError, Refusal,
    Scene, SceneBoard, Spot, Step,
};

/// The variant line of a game from the standard start.
pub const STANDARD_VARIANT: &str = "Time Traveling Chess";

/// What a press on the board means at the ply being looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The present: a move here is appended.
    Append,
    /// A past move of the player to act: a move here replaces it (an upgrade).
    Replace {
        /// The ply.
        ply: usize,
        /// The move recorded there.
        old: RecordedMove,
    },
    /// A blank of the player to act: a move here fills it.
    Fill {
        /// The ply.
        ply: usize,
    },
    /// Only looking (the other player's ply, a pass, a dormant ply, the end).
    Look,
}

impl Mode {
    /// The mode's CSS class on the board ("mode-append", …).
    #[must_use]
    pub const fn class(self) -> &'static str {
        match self {
            Mode::Append => "mode-append",
            Mode::Replace { .. } => "mode-replace",
            Mode::Fill { .. } => "mode-fill",
            Mode::Look => "mode-look",
        }
    }
}

/// What a press does at `view` (`None`: the present): which plies the player
/// to act may replace or fill.
#[must_use]
pub fn mode_at(game: &TimeTravelingChess, view: Option<usize>) -> Mode {
    if game.result().is_some() {
        return Mode::Look;
    }
    let Some(ply) = view else {
        return if game.terminus().is_none() {
            Mode::Append
        } else {
            Mode::Look
        };
    };
    if ply == game.next_ply() && game.terminus().is_none() {
        return Mode::Append;
    }
    if ply >= game.live_limit() || game.owner(ply) != game.to_act() {
        return Mode::Look;
    }
    match game.slot(ply) {
        Some(Slot::Move(old)) => Mode::Replace { ply, old },
        Some(Slot::Blank) => Mode::Fill { ply },
        _ => Mode::Look,
    }
}

/// The moves a press may play in `mode`, from the rules module.
#[must_use]
pub fn candidate_moves(game: &TimeTravelingChess, mode: Mode) -> Vec<RecordedMove> {
    match mode {
        Mode::Append => game.legal_moves_at(game.next_ply()),
        Mode::Replace { ply, .. } => game.upgrades_at(ply),
        Mode::Fill { ply } => game.legal_moves_at(ply),
        Mode::Look => Vec::new(),
    }
}

/// The position drawn for `view`: before that ply, or the end of the history.
#[must_use]
pub fn position_at(game: &TimeTravelingChess, view: Option<usize>) -> Position {
    *view
        .and_then(|p| game.position_before(p))
        .unwrap_or_else(|| game.end_position())
}

/// The action a chosen move makes in `mode`.
#[must_use]
pub fn action_for(mode: Mode, mv: RecordedMove) -> Option<Action> {
    match mode {
        Mode::Append => Some(Action::Append(mv.request())),
        Mode::Replace { ply, .. } => Some(Action::Replace {
            ply,
            mv: mv.request(),
        }),
        Mode::Fill { ply } => Some(Action::Fill {
            ply,
            mv: mv.request(),
        }),
        Mode::Look => None,
    }
}

/// The move played at `ply`, if it is a live move (for the "last move" marks).
fn move_at(g: &TimeTravelingChess, ply: usize) -> Option<RecordedMove> {
    (ply >= 1 && ply < g.live_limit())
        .then(|| g.slot(ply).and_then(|s| s.recorded_move()))
        .flatten()
}

/// A Time Traveling Chess game and the choices in progress on it.
#[derive(Debug, Clone)]
pub struct TimeTravelingSession {
    game: TimeTravelingChess,
    variant: String,
    view: Option<usize>,
    selected: Option<Square>,
    preview: Option<Preview>,
    promotion: Option<Vec<RecordedMove>>,
    flash: Vec<usize>,
    /// The last action taken here, in words (not saved: announced as it happens).
    said: Option<String>,
}

impl TimeTravelingSession {
    /// A session over `game`, looking at the present; `variant` is the line
    /// of the saved-games list.
    #[must_use]
    pub fn new(game: TimeTravelingChess, variant: impl Into<String>) -> TimeTravelingSession {
        TimeTravelingSession {
            game,
            variant: variant.into(),
            view: None,
            selected: None,
            preview: None,
            promotion: None,
            flash: Vec::new(),
            said: None,
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &TimeTravelingChess {
        &self.game
    }

    /// The ply whose "before" position is shown; `None` for the present.
    #[must_use]
    pub fn view(&self) -> Option<usize> {
        self.view
    }

    /// The selected square.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The change waiting for confirmation.
    #[must_use]
    pub fn preview(&self) -> Option<&Preview> {
        self.preview.as_ref()
    }

    /// The moves waiting for a promotion choice.
    #[must_use]
    pub fn promotion(&self) -> Option<&[RecordedMove]> {
        self.promotion.as_deref()
    }

    /// The plies the last action turned into blanks (flashed in the timeline).
    #[must_use]
    pub fn flash(&self) -> &[usize] {
        &self.flash
    }

    /// The mode at the ply looked at.
    #[must_use]
    pub fn mode(&self) -> Mode {
        mode_at(&self.game, self.view)
    }

    /// The moves a press may play now (none while a change waits).
    #[must_use]
    pub fn candidates(&self) -> Vec<RecordedMove> {
        if self.preview.is_some() {
            Vec::new()
        } else {
            candidate_moves(&self.game, self.mode())
        }
    }

    /// The position drawn now.
    #[must_use]
    pub fn position(&self) -> Position {
        position_at(&self.game, self.view)
    }

    /// The last ply that holds a move or blank (1 at the start).
    fn last_ply(&self) -> usize {
        self.game.slots().len().max(1)
    }

    /// Looks at the position before `ply` (`None`: the present); drops the choices.
    pub fn look_at(&mut self, ply: Option<usize>) {
        let ply = ply.filter(|&p| !(p == self.game.next_ply() && self.game.terminus().is_none()));
        self.view = ply;
        self.selected = None;
        self.preview = None;
        self.promotion = None;
    }

    /// One ply back (from the present: the last ply).
    pub fn look_back(&mut self) {
        let cur = self.view.unwrap_or(self.last_ply() + 1);
        self.look_at(Some(cur.saturating_sub(1).max(1)));
    }

    /// One ply forward (past the last ply: the present).
    pub fn look_forward(&mut self) {
        match self.view {
            Some(p) if p < self.game.slots().len() => self.look_at(Some(p + 1)),
            _ => self.look_at(None),
        }
    }

    /// A press on a square of the board.
    pub fn press(&mut self, sq: Square) -> Effect {
        if self.preview.is_some() {
            return Effect::Ignored;
        }
        let mode = self.mode();
        let moves = candidate_moves(&self.game, mode);
        if let Some(from) = self.selected {
            let chosen: Vec<RecordedMove> = moves
                .iter()
                .filter(|m| m.from == from && m.to == sq)
                .copied()
                .collect();
            match chosen.len() {
                0 => {}
                1 => return self.choose(mode, chosen[0]),
                _ => {
                    let kinds = chosen.iter().filter_map(|m| m.promotion).collect();
                    self.promotion = Some(chosen);
                    return Effect::ChoosePromotion(kinds);
                }
            }
        }
        if moves.iter().any(|m| m.from == sq) && self.selected != Some(sq) {
            self.selected = Some(sq);
            Effect::Picked
        } else {
            self.selected = None;
            Effect::Cleared
        }
    }

    /// Plays a chosen move: an append at once; a change of the past waits
    /// for confirmation with its consequences.
    pub fn choose(&mut self, mode: Mode, mv: RecordedMove) -> Effect {
        self.selected = None;
        self.promotion = None;
        let Some(action) = action_for(mode, mv) else {
            return Effect::Ignored;
        };
        if matches!(action, Action::Append(_)) {
            return self.act(action);
        }
        match preview(&self.game, action) {
            Ok(p) => {
                let confirmation = Confirmation {
                    title: p.title.clone(),
                    consequences: p.consequences.clone(),
                };
                self.preview = Some(p);
                Effect::Confirm(confirmation)
            }
            Err(e) => Effect::Refused(e.to_string()),
        }
    }

    /// Confirms the change waiting.
    pub fn confirm(&mut self) -> Effect {
        match self.preview.take() {
            Some(p) => self.act_as(p.player, p.action),
            None => Effect::Ignored,
        }
    }

    /// Drops the change waiting, the promotion choice and the selection.
    pub fn cancel(&mut self) -> Effect {
        self.preview = None;
        self.promotion = None;
        self.selected = None;
        Effect::Cleared
    }

    /// The player to act takes `action`.
    pub fn act(&mut self, action: Action) -> Effect {
        let player = self.game.to_act();
        self.act_as(player, action)
    }

    /// `player` takes `action` (resigning and draw offers may be off-turn).
    pub fn act_as(&mut self, player: Color, action: Action) -> Effect {
        let words = self.action_words(player, &action);
        match self.game.act(player, action) {
            Ok(o) => {
                self.said = words;
                self.flash = o.blanked;
                self.view = None;
                self.selected = None;
                self.preview = None;
                self.promotion = None;
                Effect::Played
            }
            Err(e) => Effect::Refused(e.to_string()),
        }
    }

    /// `action` by `player` in words, from the game before it is taken.
    fn action_words(&self, player: Color, action: &Action) -> Option<String> {
        let side = player.name();
        let at = |ply: usize, mv: &crate::games::time_traveling::MoveRequest| {
            let before = self.game.position_before(ply)?;
            let mv = before.uci_move(&mv.to_string()).ok()?;
            Some(crate::play::speech::move_words(before, mv))
        };
        let s = match action {
            Action::Append(mv) => at(self.game.next_ply(), mv)?,
            Action::Replace { ply, mv } => {
                format!("{side} replaces ply {ply}: {}", at(*ply, mv)?)
            }
            Action::Fill { ply, mv } => {
                format!("{side} fills the blank ply {ply}: {}", at(*ply, mv)?)
            }
            Action::Accept => format!("{side} accepts the game as it stands"),
            Action::Resign => format!("{side} resigns"),
            Action::OfferDraw => format!("{side} offers a draw"),
            Action::AcceptDraw => format!("{side} accepts the draw"),
        };
        Some(s + ".")
    }
}

impl GameSession for TimeTravelingSession {
    type Action = Action;
    const KIND: GameKind = GameKind::TimeTraveling;

    fn variant(&self) -> String {
        self.variant.clone()
    }

    fn payload(&self) -> Value {
        serde_json::to_value(self.game.to_record()).unwrap_or_default()
    }

    fn from_payload(variant: &str, payload: &Value) -> Result<Self, RecordError> {
        let rules = TimeTravelingRecord::deserialize(payload)?;
        let game = TimeTravelingChess::from_record(&rules)
            .map_err(|e| RecordError::Invalid(e.to_string()))?;
        Ok(TimeTravelingSession::new(game, variant))
    }

    fn export_text(&self) -> String {
        self.game.to_json()
    }

    fn import_text(text: &str) -> Result<Self, RecordError> {
        TimeTravelingChess::from_json(text)
            .map(|g| TimeTravelingSession::new(g, "Time Traveling Chess · imported"))
            .map_err(|e| RecordError::Unreadable(e.to_string()))
    }

    fn to_move(&self) -> Color {
        self.game.to_act()
    }

    fn ending(&self) -> Option<Ending> {
        self.game.result().map(|r| Ending {
            winner: r.winner,
            reason: r.reason.describe().to_string(),
        })
    }

    fn turns_played(&self) -> usize {
        self.game.action_count() as usize
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_turn_actions()
    }

    /// The material of the present position (the end of the history) for
    /// the side to act.
    fn evaluation(&self) -> i32 {
        super::computer::position_material(self.game.end_position(), self.game.to_act())
    }

    fn play(&mut self, action: Action) -> Result<Step, Refusal> {
        self.act(action).accepted()?;
        Ok(Step::TurnEnded)
    }

    fn resign(&mut self, loser: Color) -> Result<(), Refusal> {
        self.act_as(loser, Action::Resign).accepted().map(drop)
    }

    fn last_turn_words(&self) -> Option<String> {
        self.said.clone()
    }

    fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> Result<(), Refusal> {
        self.game
            .end_on_time(flagged, opponent_can_mate)
            .map_err(|e| Refusal(format!("Refused: {e}.")))?;
        self.cancel();
        Ok(())
    }

    fn scene(&self) -> Scene {
        let g = &self.game;
        let pos = self.position();
        let moves = self.candidates();
        let mut board = SceneBoard::new(super::BoardKey::MAIN, super::placement_of(&pos));
        board.active = !moves.is_empty();
        match self.selected {
            Some(from) => {
                board.mark(from, Mark::Selected);
                for m in moves.iter().filter(|m| m.from == from) {
                    board.mark(m.to, if m.capture { Mark::Capture } else { Mark::Dest });
                }
            }
            None => {
                for m in &moves {
                    if !board.has(m.from, Mark::Movable) {
                        board.mark(m.from, Mark::Movable);
                    }
                }
            }
        }
        let (shown, mark) = match self.view {
            Some(p) => (move_at(g, p), Mark::Recorded),
            None => (move_at(g, g.live_limit().saturating_sub(1)), Mark::Last),
        };
        if let Some(m) = shown {
            board.mark(m.from, mark);
            board.mark(m.to, mark);
        }
        let proposed = self.preview.as_ref().and_then(|p| match p.action {
            Action::Replace { mv, .. } | Action::Fill { mv, .. } | Action::Append(mv) => Some(mv),
            _ => None,
        });
        if let Some(mv) = proposed {
            board.mark(mv.from, Mark::Proposed);
            board.mark(mv.to, Mark::Proposed);
        }
        if let Some(k) = pos
            .is_check()
            .then(|| pos.king_square(pos.turn()))
            .flatten()
        {
            board.mark(k, Mark::Check);
        }
        Scene::single(board)
    }

    fn input(&mut self, input: Input) -> Effect {
        match input {
            Input::Press(Spot { square, .. }) => self.press(square),
            Input::Drop(Spot { square, .. }) if self.selected == Some(square) => Effect::Ignored,
            Input::Drop(Spot { square, .. }) => {
                if self.selected.is_some() {
                    self.press(square)
                } else {
                    Effect::Ignored
                }
            }
            Input::Promote(kind) => {
                match promoting_to(self.promotion.as_deref(), kind, |m| m.promotion) {
                    Some(mv) => {
                        let mode = self.mode();
                        self.choose(mode, mv)
                    }
                    None => Effect::Ignored,
                }
            }
            Input::Confirm => self.confirm(),
            Input::Cancel => self.cancel(),
            Input::Hand(_) => Effect::Ignored,
        }
    }
}

#[cfg(test)]
mod tests;
