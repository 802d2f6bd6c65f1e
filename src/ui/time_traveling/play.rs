//! The Time Traveling Chess screen's shared state: the play layer's
//! [`TimeTravelingSession`] in a signal (the game, the ply looked at, the
//! selection, a change waiting for confirmation), the player's notice and
//! the board's orientation. Every choice and rule is the session's
//! ([`crate::play::time_traveling`]).

use leptos::prelude::*;

use crate::chess::Color;
use crate::games::time_traveling::{Action, RecordedMove};
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::time_traveling::{Mode, Preview, TimeTravelingSession};
use crate::play::Input;
use crate::ui::session_play::{derefs_to_session_play, SessionPlay};

/// The screen's shared state (cheap `Copy` signals; provided as context):
/// the shared [`SessionPlay`] (session, notice, board input) and the
/// orientation.
#[derive(Debug, Clone, Copy)]
pub struct TtPlay {
    /// The session and its notice.
    pub play: SessionPlay<TimeTravelingSession>,
    /// Black at the bottom.
    pub flipped: RwSignal<bool>,
}

derefs_to_session_play!(TtPlay, TimeTravelingSession);

impl TtPlay {
    /// Shared state for a session, its clock and its computer opponent,
    /// looking at the present.
    #[must_use]
    pub fn new(
        session: TimeTravelingSession,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) -> TtPlay {
        TtPlay {
            play: SessionPlay::new(session, clock).with_computer(computer),
            // The player's side at the bottom: Black's when the computer plays White.
            flipped: RwSignal::new(computer.is_some_and(|c| c.color == Color::White)),
        }
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

    /// Plays a chosen move (a change of the past waits for confirmation).
    pub fn choose(&self, mode: Mode, mv: RecordedMove) {
        self.run(|s| s.choose(mode, mv));
    }

    /// Drops the promotion choice.
    pub fn close_promotion(&self) {
        self.input(Input::Cancel);
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
