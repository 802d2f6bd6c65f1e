//! The Chessgi screen's shared state: the play layer's [`ChessgiSession`] in
//! a signal (the game, the piece in hand, a travel preview, a promotion
//! choice), a drag in progress and the player's notice. Every choice and rule
//! is the session's ([`crate::play::chessgi`]).

use leptos::prelude::*;

use crate::chess::{Color, PieceKind};
use crate::games::chessgi::{ChessgiAction, NodeId};
use crate::play::chessgi::ChessgiSession;
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::{Effect, GameSession, Refusal};
use crate::ui::session_play::{derefs_to_session_play, SessionPlay};

/// The screen's interaction state (provided as context while the screen
/// lives): the shared [`SessionPlay`] (session, notice, board input) and a
/// drag from a pocket in progress.
#[derive(Debug, Clone, Copy)]
pub struct ChessgiPlay {
    /// The session (shared with [`ChessgiNav`](super::ChessgiNav)) and its notice.
    pub play: SessionPlay<ChessgiSession>,
    /// A drag from a pocket in progress: the pointer position and whether it
    /// has moved (the board drags its own pieces).
    pub drag: RwSignal<Option<(f64, f64, bool)>>,
    /// Black at the bottom (the board, the pockets and the clock turn).
    pub flipped: RwSignal<bool>,
}

derefs_to_session_play!(ChessgiPlay, ChessgiSession);

impl ChessgiPlay {
    /// Fresh interaction state over `session`.
    #[must_use]
    pub fn new(
        session: RwSignal<ChessgiSession, LocalStorage>,
        clock: RwSignal<Option<Clock>>,
        computer: RwSignal<Option<Computer>>,
    ) -> ChessgiPlay {
        ChessgiPlay {
            play: SessionPlay {
                computer,
                ..SessionPlay::over(session, clock)
            },
            drag: RwSignal::new(None),
            // The player's side at the bottom: Black's when the computer plays White.
            flipped: RwSignal::new(
                computer
                    .get_untracked()
                    .is_some_and(|c| c.color == Color::White),
            ),
        }
    }

    /// The promoting actions waiting for a choice (tracked).
    #[must_use]
    pub fn promotion(&self) -> Option<Vec<ChessgiAction>> {
        self.session.with(|s| s.promotion().map(<[_]>::to_vec))
    }

    /// Plays an action through the rules; a refusal is shown as a notice.
    pub fn play(&self, action: ChessgiAction) {
        self.run(|s| s.play_action(action));
    }

    /// Takes a reserve piece in hand (again: lets it go); true when picked.
    pub fn pick_reserve(&self, kind: PieceKind) -> bool {
        self.run(|s| s.pick_reserve(kind)) == Effect::Picked
    }

    /// Takes the piece due back in hand; true when picked.
    pub fn pick_arrival(&self) -> bool {
        self.run(ChessgiSession::pick_arrival) == Effect::Picked
    }

    /// Opens or closes the choice of a travel destination.
    pub fn toggle_travel_choice(&self) {
        self.session.update(ChessgiSession::toggle_travel_choice);
    }

    /// Travels (in preview) to `node`.
    pub fn travel_to(&self, node: NodeId) {
        self.session.update(|s| s.travel_to(node));
    }

    /// Back to the present from a travel preview.
    pub fn stay(&self) {
        self.session.update(ChessgiSession::stay);
    }

    /// Escape: lets go of the piece in hand and the travel choice.
    pub fn cancel(&self) {
        self.run(ChessgiSession::cancel);
    }

    /// Closes the promotion chooser.
    pub fn close_promotion(&self) {
        self.run(ChessgiSession::cancel);
    }

    /// Takes back the last action (against the computer: the player's last
    /// action and the computer's answer).
    pub fn take_back(&self) {
        self.play.take_back();
    }

    /// The side to move resigns.
    pub fn resign(&self) {
        self.settle(|s| {
            let loser: Color = s.to_move();
            s.resign(loser)
        });
    }

    /// Both players agree a draw.
    pub fn agree_draw(&self) {
        self.settle(ChessgiSession::agree_draw);
    }

    fn settle(&self, f: impl FnOnce(&mut ChessgiSession) -> Result<(), Refusal>) {
        let mut result = Ok(());
        self.session.update(|s| result = f(s));
        if let Err(e) = result {
            self.notice.set(Some(e.0));
        }
    }
}
