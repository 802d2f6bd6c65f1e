//! The Chessgi screen's shared state: the play layer's [`ChessgiSession`] in
//! a signal (the game, the piece in hand, a travel preview, a promotion
//! choice), a drag in progress and the player's notice. Every choice and rule
//! is the session's ([`crate::play::chessgi`]); this module turns its effects
//! into notices.

use leptos::prelude::*;

use crate::chess::{Color, PieceKind, Position};
use crate::games::chessgi::{ChessgiAction, ChessgiGame, NodeId, Pocket};
use crate::play::chessgi::{ChessgiSession, Pick};
use crate::play::{Effect, GameSession, Refusal};

/// The screen's interaction state (provided as context while the screen lives).
#[derive(Debug, Clone, Copy)]
pub struct ChessgiPlay {
    /// The game and the choices on it (shared with
    /// [`ChessgiNav`](super::ChessgiNav)).
    pub session: RwSignal<ChessgiSession>,
    /// A drag in progress: the pointer position and whether it has moved.
    pub drag: RwSignal<Option<(f64, f64, bool)>>,
    /// The last refusal or hint.
    pub notice: RwSignal<Option<String>>,
}

impl ChessgiPlay {
    /// Fresh interaction state over `session`.
    #[must_use]
    pub fn new(session: RwSignal<ChessgiSession>) -> ChessgiPlay {
        ChessgiPlay {
            session,
            drag: RwSignal::new(None),
            notice: RwSignal::new(None),
        }
    }

    /// Reads the game (tracked).
    pub fn with_game<T>(&self, f: impl FnOnce(&ChessgiGame) -> T) -> T {
        self.session.with(|s| f(s.game()))
    }

    /// Reads the game (untracked).
    pub fn with_game_untracked<T>(&self, f: impl FnOnce(&ChessgiGame) -> T) -> T {
        self.session.with_untracked(|s| f(s.game()))
    }

    /// The piece in hand (tracked).
    #[must_use]
    pub fn pick(&self) -> Option<Pick> {
        self.session.with(ChessgiSession::pick)
    }

    /// The travel destination being played in (tracked).
    #[must_use]
    pub fn travel(&self) -> Option<NodeId> {
        self.session.with(ChessgiSession::travel)
    }

    /// Whether the time tree offers destinations (tracked).
    #[must_use]
    pub fn choosing_travel(&self) -> bool {
        self.session.with(ChessgiSession::choosing_travel)
    }

    /// The promoting actions waiting for a choice (tracked).
    #[must_use]
    pub fn promotion(&self) -> Option<Vec<ChessgiAction>> {
        self.session.with(|s| s.promotion().map(<[_]>::to_vec))
    }

    /// The position and pockets on screen (tracked).
    #[must_use]
    pub fn shown(&self) -> (Position, [Pocket; 2]) {
        self.session.with(ChessgiSession::shown)
    }

    /// The actions of the piece in hand (tracked).
    #[must_use]
    pub fn candidates(&self) -> Vec<ChessgiAction> {
        self.session.with(ChessgiSession::candidates)
    }

    fn run(&self, f: impl FnOnce(&mut ChessgiSession) -> Effect) -> Effect {
        let mut effect = Effect::Ignored;
        self.session.update(|s| effect = f(s));
        match &effect {
            Effect::Refused(why) => self.notice.set(Some(why.clone())),
            Effect::Picked | Effect::Played => self.notice.set(None),
            _ => {}
        }
        effect
    }

    /// Plays an action through the rules; a refusal is shown as a notice.
    pub fn play(&self, action: ChessgiAction) {
        self.run(|s| s.play_action(action));
    }

    /// The player pressed square `sq`: play there, pick a piece up, or let
    /// go. True when a piece was picked up (a drag may start).
    pub fn press_square(&self, sq: crate::chess::Square) -> bool {
        self.run(|s| s.press(sq)) == Effect::Picked
    }

    /// The player let a dragged piece go over `sq`.
    pub fn drop_on(&self, sq: crate::chess::Square) {
        self.run(|s| s.drop_on(sq));
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

    /// Whether there is something to take back (tracked).
    #[must_use]
    pub fn can_take_back(&self) -> bool {
        self.session.with(ChessgiSession::can_take_back)
    }

    /// Takes back the last action.
    pub fn take_back(&self) {
        self.session.update(|s| {
            s.take_back();
        });
        self.notice.set(None);
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
