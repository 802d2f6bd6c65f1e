//! The Time Traveling Chess screen's shared state: the play layer's
//! [`TimeTravelingSession`] in a signal (the game, the ply looked at, the
//! selection, a change waiting for confirmation), the player's notice and
//! the board's orientation. Every choice and rule is the session's
//! ([`crate::play::time_traveling`]); this module turns its effects into
//! notices.

use leptos::prelude::*;

use crate::chess::{Color, Square};
use crate::games::time_traveling::{Action, RecordedMove, TimeTravelingChess};
use crate::play::time_traveling::{Mode, Preview, TimeTravelingSession};
use crate::play::{Effect, GameSession, Input};

/// The screen's shared state (cheap `Copy` signals; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct TtPlay {
    /// The game and the choices on it.
    pub session: RwSignal<TimeTravelingSession>,
    /// A short message (a refused action).
    pub notice: RwSignal<Option<String>>,
    /// Black at the bottom.
    pub flipped: RwSignal<bool>,
}

impl TtPlay {
    /// Shared state for a session, looking at the present.
    #[must_use]
    pub fn new(session: TimeTravelingSession) -> TtPlay {
        TtPlay {
            session: RwSignal::new(session),
            notice: RwSignal::new(None),
            flipped: RwSignal::new(false),
        }
    }

    /// Reads the game (tracked).
    pub fn with_game<T>(&self, f: impl FnOnce(&TimeTravelingChess) -> T) -> T {
        self.session.with(|s| f(s.game()))
    }

    /// Reads the game (untracked).
    pub fn with_game_untracked<T>(&self, f: impl FnOnce(&TimeTravelingChess) -> T) -> T {
        self.session.with_untracked(|s| f(s.game()))
    }

    /// The ply looked at (tracked; `None`: the present).
    #[must_use]
    pub fn view(&self) -> Option<usize> {
        self.session.with(TimeTravelingSession::view)
    }

    /// The change waiting for confirmation (tracked).
    #[must_use]
    pub fn preview(&self) -> Option<Preview> {
        self.session.with(|s| s.preview().cloned())
    }

    /// The moves waiting for a promotion choice (tracked).
    #[must_use]
    pub fn promotion(&self) -> Option<Vec<RecordedMove>> {
        self.session.with(|s| s.promotion().map(<[_]>::to_vec))
    }

    /// The plies the last action turned into blanks (tracked).
    #[must_use]
    pub fn flash(&self) -> Vec<usize> {
        self.session.with(|s| s.flash().to_vec())
    }

    /// The mode at the ply looked at (tracked).
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.session.with(TimeTravelingSession::mode)
    }

    fn run(&self, f: impl FnOnce(&mut TimeTravelingSession) -> Effect) {
        let mut effect = Effect::Ignored;
        self.session.update(|s| effect = f(s));
        match effect {
            Effect::Refused(why) => self.notice.set(Some(why)),
            Effect::Played => self.notice.set(None),
            _ => {}
        }
    }

    /// Looks at the position before `ply` (`None`: the present).
    pub fn look_at(&self, ply: Option<usize>) {
        self.session.update(|s| s.look_at(ply));
    }

    /// One ply back.
    pub fn look_back(&self) {
        self.session.update(TimeTravelingSession::look_back);
    }

    /// One ply forward (then the present).
    pub fn look_forward(&self) {
        self.session.update(TimeTravelingSession::look_forward);
    }

    /// A press on a square of the board.
    pub fn click_square(&self, sq: Square) {
        self.run(|s| s.press(sq));
    }

    /// A dragged piece from `from` let go over `to` (`None`: off the board).
    pub fn drag_to(&self, from: Square, to: Option<Square>) {
        match to {
            // Back on its own square: the click that follows deselects it, as
            // a second click on a selected piece does.
            Some(sq) if sq == from => {}
            Some(sq) => self.click_square(sq),
            None => self.run(|s| s.input(Input::Cancel)),
        }
    }

    /// Picks up the piece on `from` for a drag (selects it).
    pub fn pick_up(&self, from: Square) {
        if self.session.with_untracked(|s| s.selected() != Some(from)) {
            self.run(|s| s.press(from));
        }
    }

    /// Plays a chosen move (a change of the past waits for confirmation).
    pub fn choose(&self, mode: Mode, mv: RecordedMove) {
        self.run(|s| s.choose(mode, mv));
    }

    /// Drops the promotion choice.
    pub fn close_promotion(&self) {
        self.run(|s| s.input(Input::Cancel));
    }

    /// Confirms the change being previewed.
    pub fn confirm(&self) {
        self.run(TimeTravelingSession::confirm);
    }

    /// Drops the change being previewed.
    pub fn cancel(&self) {
        self.run(TimeTravelingSession::cancel);
    }

    /// The player to act takes `action`.
    pub fn act(&self, action: Action) {
        self.run(|s| s.act(action));
    }

    /// `player` takes `action` (resigning and draw offers may be off-turn).
    pub fn act_as(&self, player: Color, action: Action) {
        self.run(|s| s.act_as(player, action));
    }
}
