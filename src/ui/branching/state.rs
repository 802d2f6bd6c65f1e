//! The open Multiverse Time Travel Chess game as the screen shares it: the
//! play layer's [`BranchingSession`] in a signal, the player's notice and the
//! view settings. Every choice and rule is the session's
//! ([`crate::play::branching`]); this module saves after every turn.

use leptos::prelude::*;

use crate::chess::{Move2d, Square};
use crate::games::branching::BranchId;
use crate::play::branching::BranchingSession;
use crate::play::clock::Clock;
use crate::play::{BoardKey, Effect, GameSession, Input, Refusal, Scene, Spot};
use crate::storage::{GameId, SaveRecord};
use crate::ui::board::{orientation_of, Keyboard, OnDrop, OnPress};
use crate::ui::saves::Saves;
use crate::ui::session_play::{derefs_to_session_play, SessionPlay};

/// One open game and the choices in progress (cheap to copy; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct BranchingPlay {
    /// The storage id.
    pub id: StoredValue<GameId>,
    /// The game's name.
    pub name: RwSignal<String>,
    /// The game and the choices on it, and the notice of a refusal.
    pub play: SessionPlay<BranchingSession>,
    /// The side of a square in the grid, pixels.
    pub square: RwSignal<u32>,
    /// Boards drawn from Black's side (h1 top left).
    pub flipped: RwSignal<bool>,
}

derefs_to_session_play!(BranchingPlay, BranchingSession);

impl BranchingPlay {
    /// Wraps a game and its clock (`None`: untimed).
    #[must_use]
    pub fn new(
        id: GameId,
        name: String,
        session: BranchingSession,
        clock: Option<Clock>,
        computer: Option<crate::play::computer::Computer>,
    ) -> BranchingPlay {
        BranchingPlay {
            id: StoredValue::new(id),
            name: RwSignal::new(name),
            play: SessionPlay::new(session, clock).with_computer(computer),
            square: RwSignal::new(22),
            // The player's side at the bottom: Black's when the computer plays White.
            flipped: RwSignal::new(computer.is_some_and(|c| c.color == crate::chess::Color::White)),
        }
    }

    /// The staged move (untracked).
    #[must_use]
    pub fn staged_untracked(&self) -> Option<Move2d> {
        self.session.with_untracked(BranchingSession::staged)
    }

    /// Switches trans-universe mode.
    pub fn set_trans(&self, on: bool) {
        self.session.update(|s| s.set_trans(on));
    }

    /// Switches the travel-first order (the choices on the focus branch are dropped).
    pub fn set_travel_first(&self, on: bool) {
        self.session.update(|s| s.set_travel_first(on));
        self.notice.set(None);
    }

    /// Forgets the choices on the focus branch and leaves trans-universe
    /// mode and the travel-first order.
    pub fn clear(&self) {
        self.session.update(|s| {
            s.set_travel_first(false);
            s.set_trans(false);
        });
    }

    /// Picks the branch to move on.
    pub fn set_focus(&self, branch: BranchId) {
        if self.session.with_untracked(|s| s.focus() != Some(branch)) {
            self.session.update(|s| s.set_focus(branch));
        }
    }

    /// The promotion choices of a staged move (queen first).
    #[must_use]
    pub fn promotion_choices(&self, b: BranchId, mv: Move2d) -> Vec<Move2d> {
        self.session.with_untracked(|s| s.promotion_choices(b, mv))
    }

    /// Swaps the staged move for another promotion.
    pub fn choose_promotion(&self, mv: Move2d) {
        self.session.update(|s| s.choose_promotion(mv));
    }

    /// Changes the session as [`SessionPlay::run`] does, and saves after a turn.
    fn step(&self, f: impl FnOnce(&mut BranchingSession) -> Effect) -> Effect {
        let effect = self.play.run(f);
        if effect == Effect::Played {
            self.autosave();
        }
        effect
    }

    /// A press on a square of a board. Returns true when a drag may start from it.
    pub fn press(&self, key: BoardKey, sq: Square) -> bool {
        self.step(|s| s.press(key, sq)) == Effect::Picked
    }

    /// Plays the staged move without travel.
    pub fn play_staged(&self) {
        self.step(BranchingSession::play_staged);
    }

    /// Keyboard play over the grid's `scene`: Enter or Space as
    /// [`Self::press`], Escape cancels the choice in progress.
    #[must_use]
    pub fn keyboard(&self, scene: Memo<Scene>) -> Keyboard {
        let play = *self;
        Keyboard::new(
            scene.into(),
            orientation_of(self.flipped),
            Callback::new(move |spot: Spot| {
                play.press(spot.board, spot.square);
            }),
            Callback::new(move |()| {
                play.step(|s| s.input(Input::Cancel));
            }),
        )
    }

    /// The callbacks of every board of the grid: a press as [`Self::press`],
    /// a piece dragged to a square (of any board) as a press there.
    #[must_use]
    pub fn board_callbacks(&self) -> (OnPress, OnDrop) {
        let play = *self;
        (
            Callback::new(move |spot: Spot| play.press(spot.board, spot.square)),
            Callback::new(move |(_, to): (Spot, Option<Spot>)| {
                play.step(|s| s.input(to.map_or(Input::Cancel, Input::Drop)));
            }),
        )
    }

    fn after(&self, result: Result<(), Refusal>) {
        match result {
            Ok(()) => self.autosave(),
            Err(e) => self.notice.set(Some(e.0)),
        }
    }

    /// Resigns the focus branch for the side to play.
    pub fn resign_branch(&self) {
        let mut result = Ok(());
        self.session.update(|s| result = s.resign_branch());
        self.after(result);
    }

    /// Resigns the whole game for the side to play.
    pub fn resign(&self) {
        let mut result = Ok(());
        self.session.update(|s| {
            let by = s.player();
            result = s.resign(by);
        });
        self.after(result);
    }

    /// The storage record of the game as it stands.
    #[must_use]
    pub fn record(&self) -> SaveRecord {
        let id = self.id.get_value();
        let name = self.name.get_untracked();
        self.play.record(&id, &name)
    }

    /// Saves the game now (the storage message says when it fails).
    pub fn autosave(&self) {
        if let Some(saves) = use_context::<Saves>() {
            let _ = saves.save_other(self.record());
        }
    }
}
