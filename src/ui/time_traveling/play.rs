//! The state of the Time Traveling Chess screen shared by its parts (board,
//! timeline, status, controls): the game, the ply being looked at, the
//! selection and a change waiting for confirmation.
//!
//! Every rule question goes to the rules module
//! ([`crate::games::time_traveling`]): which moves may be appended, which
//! upgrades a past move has, which moves fill a blank, what a change would
//! invalidate (asked by trying the action on a copy of the game).

use leptos::prelude::*;

use crate::chess::{Color, Placement, Position, Square};
use crate::games::time_traveling::{
    Action, ActionError, RecordedMove, Slot, TerminusKind, TimeTravelingChess,
};

/// What a click on the board would do at the ply being looked at.
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

/// A change of the past, tried on a copy of the game, waiting for the player
/// to confirm it.
#[derive(Debug, Clone)]
pub struct Preview {
    /// The action to take on confirmation.
    pub action: Action,
    /// Who takes it.
    pub player: Color,
    /// A one-line title: "Replace ply 3 (Ph2-h4) with Rh1-h3".
    pub title: String,
    /// Every consequence, in words, one per line.
    pub consequences: Vec<String>,
    /// The plies that would become blanks.
    pub blanked: Vec<usize>,
}

/// The screen's shared state (cheap `Copy` signals; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct TtPlay {
    /// The game.
    pub game: RwSignal<TimeTravelingChess>,
    /// The ply whose "before" position is shown; `None` for the present.
    pub view_ply: RwSignal<Option<usize>>,
    /// The selected square (a piece with candidate moves).
    pub selected: RwSignal<Option<Square>>,
    /// A change waiting for confirmation.
    pub preview: RwSignal<Option<Preview>>,
    /// Moves waiting for a promotion choice (same squares, several pieces).
    pub promotion: RwSignal<Option<Vec<RecordedMove>>>,
    /// A short message (a refused action).
    pub notice: RwSignal<Option<String>>,
    /// The plies the last action turned into blanks (flashed in the timeline).
    pub flash: RwSignal<Vec<usize>>,
    /// Black at the bottom.
    pub flipped: RwSignal<bool>,
}

/// The piece placement of a position, for the board component.
#[must_use]
pub fn placement_of(pos: &Position) -> Placement {
    let fen = pos.to_fen();
    let field = fen.split_whitespace().next().unwrap_or("");
    Placement::from_fen(field, 8, 8)
        .ok()
        .or_else(|| Placement::empty(8, 8))
        .unwrap_or_else(|| unreachable!("8×8 is a valid board size"))
}

/// What a click on the board does at `view` (`None`: the present).
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

/// The moves a click may play in `mode`, from the rules module.
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

fn slot_words(game: &TimeTravelingChess, ply: usize) -> String {
    match game.slot(ply) {
        Some(Slot::Move(m)) => game.san(ply).unwrap_or_else(|| m.to_string()),
        Some(other) => other.to_string(),
        None => "—".to_string(),
    }
}

fn terminus_words(game: &TimeTravelingChess) -> Option<String> {
    game.terminus().map(|t| {
        let who = game.owner(t.ply);
        match t.kind {
            TerminusKind::Checkmate => format!("checkmate at ply {} ({who} mated)", t.ply),
            kind => format!("{} at ply {}", kind.describe(), t.ply),
        }
    })
}

/// Tries `action` on a copy of the game and says what it would change: the
/// moves invalidated, the pending turn, the terminus, the knight/bishop
/// order, acceptances.
///
/// # Errors
/// The rules module's refusal.
pub fn preview(game: &TimeTravelingChess, action: Action) -> Result<Preview, ActionError> {
    let player = game.to_act();
    let (ply, mv) = match action {
        Action::Replace { ply, mv } | Action::Fill { ply, mv } => (ply, mv),
        Action::Append(mv) => (game.next_ply(), mv),
        _ => return Err(ActionError::NothingToAccept),
    };
    let mut after = game.clone();
    let outcome = after.act(player, action)?;
    let new_text = after
        .slot(ply)
        .map_or_else(|| mv.to_string(), |s| s.to_string());
    let title = match action {
        Action::Replace { .. } => format!(
            "Replace ply {ply} ({}) with {new_text}",
            slot_words(game, ply)
        ),
        Action::Fill { .. } => format!("Fill the blank at ply {ply} with {new_text}"),
        _ => format!("Play {new_text} at ply {ply}"),
    };
    let mut consequences = Vec::new();
    for &b in &outcome.blanked {
        let was = game.slot(b).map_or_else(String::new, |s| format!(" {s}"));
        consequences.push(format!(
            "Ply {b}: {}'s{was} can no longer be played and becomes a blank ({} may fill it later).",
            game.owner(b),
            game.owner(b)
        ));
    }
    let len = game.slots().len();
    let opponent_pending =
        len > 0 && game.slot(len) == Some(Slot::Pending) && game.owner(len) != player;
    if opponent_pending {
        consequences.push(format!(
            "{}'s pending turn (ply {len}) is withdrawn: play goes on from there.",
            player.opponent()
        ));
    } else if !matches!(action, Action::Append(_)) {
        consequences.push(format!(
            "Your present move (ply {}) becomes pending: if {} then plays a new move, you lose it for good (a pass).",
            game.next_ply(),
            player.opponent()
        ));
    }
    match (terminus_words(game), terminus_words(&after)) {
        (Some(before), None) => consequences.push(format!("The {before} dissolves.")),
        (None, Some(now)) => consequences.push(format!("The history now ends: {now}.")),
        (Some(before), Some(now)) if before != now => {
            consequences.push(format!("The end moves: {before} → {now}."));
        }
        _ => {}
    }
    if game.nb_order(player) != after.nb_order(player) {
        consequences.push(format!(
            "Your knight/bishop order is fixed for the rest of the game: {}.",
            after.nb_order(player).describe()
        ));
    }
    for c in Color::ALL {
        if game.has_accepted(c) && !after.has_accepted(c) {
            consequences.push(format!("{c}'s acceptance of the end lapses."));
        }
    }
    if let Some(result) = outcome.result {
        consequences.push(format!("The game ends: {result}."));
    }
    if outcome.blanked.is_empty() {
        consequences.insert(0, "No later move is invalidated.".to_string());
    }
    Ok(Preview {
        action,
        player,
        title,
        consequences,
        blanked: outcome.blanked,
    })
}

impl TtPlay {
    /// Shared state for a game, looking at the present.
    #[must_use]
    pub fn new(game: TimeTravelingChess) -> TtPlay {
        let flipped = false;
        TtPlay {
            game: RwSignal::new(game),
            view_ply: RwSignal::new(None),
            selected: RwSignal::new(None),
            preview: RwSignal::new(None),
            promotion: RwSignal::new(None),
            notice: RwSignal::new(None),
            flash: RwSignal::new(Vec::new()),
            flipped: RwSignal::new(flipped),
        }
    }

    /// The mode at the ply looked at.
    #[must_use]
    pub fn mode(&self) -> Mode {
        let view = self.view_ply.get();
        self.game.with(|g| mode_at(g, view))
    }

    /// Looks at the position before `ply` (`None`: the present).
    pub fn look_at(&self, ply: Option<usize>) {
        let ply = ply.filter(|&p| {
            self.game
                .with_untracked(|g| !(p == g.next_ply() && g.terminus().is_none()))
        });
        self.view_ply.set(ply);
        self.selected.set(None);
        self.preview.set(None);
        self.promotion.set(None);
    }

    /// A click on a square of the board.
    pub fn click_square(&self, sq: Square) {
        if self.preview.with_untracked(Option::is_some) {
            return;
        }
        let view = self.view_ply.get_untracked();
        let (mode, moves) = self.game.with_untracked(|g| {
            let mode = mode_at(g, view);
            (mode, candidate_moves(g, mode))
        });
        if let Some(from) = self.selected.get_untracked() {
            let chosen: Vec<RecordedMove> = moves
                .iter()
                .filter(|m| m.from == from && m.to == sq)
                .copied()
                .collect();
            match chosen.len() {
                0 => {}
                1 => {
                    self.choose(mode, chosen[0]);
                    return;
                }
                _ => {
                    self.promotion.set(Some(chosen));
                    return;
                }
            }
        }
        if moves.iter().any(|m| m.from == sq) && self.selected.get_untracked() != Some(sq) {
            self.selected.set(Some(sq));
        } else {
            self.selected.set(None);
        }
    }

    /// Plays a chosen move: an append at once; a change of the past after a
    /// preview of its consequences.
    pub fn choose(&self, mode: Mode, mv: RecordedMove) {
        self.selected.set(None);
        self.promotion.set(None);
        let Some(action) = action_for(mode, mv) else {
            return;
        };
        if matches!(action, Action::Append(_)) {
            self.act(action);
            return;
        }
        match self.game.with_untracked(|g| preview(g, action)) {
            Ok(p) => self.preview.set(Some(p)),
            Err(e) => self.notice.set(Some(e.to_string())),
        }
    }

    /// Confirms the change being previewed.
    pub fn confirm(&self) {
        if let Some(p) = self.preview.get_untracked() {
            self.preview.set(None);
            self.act_as(p.player, p.action);
        }
    }

    /// Drops the change being previewed.
    pub fn cancel(&self) {
        self.preview.set(None);
        self.selected.set(None);
    }

    /// The player to act takes `action`.
    pub fn act(&self, action: Action) {
        let player = self.game.with_untracked(TimeTravelingChess::to_act);
        self.act_as(player, action);
    }

    /// `player` takes `action` (resigning and draw offers may be off-turn).
    pub fn act_as(&self, player: Color, action: Action) {
        let mut outcome = None;
        let mut error = None;
        self.game.update(|g| match g.act(player, action) {
            Ok(o) => outcome = Some(o),
            Err(e) => error = Some(e),
        });
        match (outcome, error) {
            (Some(o), _) => {
                self.notice.set(None);
                self.flash.set(o.blanked);
                self.view_ply.set(None);
                self.selected.set(None);
            }
            (None, Some(e)) => self.notice.set(Some(e.to_string())),
            (None, None) => {}
        }
    }
}
