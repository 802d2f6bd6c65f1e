//! The open Multiverse Time Travel Chess game as the screen shares it: the
//! play layer's [`BranchingSession`] in a signal, the player's notice and the
//! view settings. Every choice and rule is the session's
//! ([`crate::play::branching`]); this module turns its effects into notices
//! and autosaves.

use leptos::prelude::*;

use crate::chess::{Color, Move2d, Square};
use crate::games::branching::{BranchId, Game};
use crate::play::branching::{BranchingSession, Marks};
use crate::play::{BoardKey, Effect, GameSession, Refusal};
use crate::storage::{GameId, SaveRecord};
use crate::ui::saves::{now_ms, Saves};

/// One open game and the choices in progress (cheap to copy; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct BranchingPlay {
    /// The storage id.
    pub id: StoredValue<GameId>,
    /// The game's name.
    pub name: RwSignal<String>,
    /// The game and the choices on it.
    pub session: RwSignal<BranchingSession, LocalStorage>,
    /// A message for the player (why something was refused).
    pub notice: RwSignal<Option<String>>,
    /// The side of a square in the grid, pixels.
    pub square: RwSignal<u32>,
    /// Boards drawn from Black's side (h1 top left).
    pub flipped: RwSignal<bool>,
}

impl BranchingPlay {
    /// Wraps a game.
    #[must_use]
    pub fn new(id: GameId, name: String, game: Game) -> BranchingPlay {
        BranchingPlay {
            id: StoredValue::new(id),
            name: RwSignal::new(name),
            session: RwSignal::new_local(BranchingSession::new(game)),
            notice: RwSignal::new(None),
            square: RwSignal::new(22),
            flipped: RwSignal::new(false),
        }
    }

    /// Reads the game (tracked).
    pub fn with_game<T>(&self, f: impl FnOnce(&Game) -> T) -> T {
        self.session.with(|s| f(s.game()))
    }

    /// Reads the game (untracked).
    pub fn with_game_untracked<T>(&self, f: impl FnOnce(&Game) -> T) -> T {
        self.session.with_untracked(|s| f(s.game()))
    }

    /// The side whose phase it is.
    #[must_use]
    pub fn player(&self) -> Color {
        self.session.with(BranchingSession::player)
    }

    /// The branch being moved on (tracked).
    #[must_use]
    pub fn focus(&self) -> Option<BranchId> {
        self.session.with(BranchingSession::focus)
    }

    /// The staged move (tracked).
    #[must_use]
    pub fn staged(&self) -> Option<Move2d> {
        self.session.with(BranchingSession::staged)
    }

    /// The staged move (untracked).
    #[must_use]
    pub fn staged_untracked(&self) -> Option<Move2d> {
        self.session.with_untracked(BranchingSession::staged)
    }

    /// The chosen traveller (tracked).
    #[must_use]
    pub fn traveller(&self) -> Option<Square> {
        self.session.with(BranchingSession::traveller)
    }

    /// The selected piece (tracked).
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.session.with(BranchingSession::selected)
    }

    /// Trans-universe mode (tracked).
    #[must_use]
    pub fn trans(&self) -> bool {
        self.session.with(BranchingSession::trans)
    }

    /// Switches trans-universe mode.
    pub fn set_trans(&self, on: bool) {
        self.session.update(|s| s.set_trans(on));
    }

    /// Forgets the choices on the focus branch and leaves trans-universe mode.
    pub fn clear(&self) {
        self.session.update(|s| {
            s.clear();
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

    /// The squares to mark on each board (tracked).
    #[must_use]
    pub fn marks(&self) -> Marks {
        self.session.with(BranchingSession::marks)
    }

    /// Follows up an effect: the notice, and a save after a turn.
    fn follow(&self, effect: &Effect) {
        match effect {
            Effect::Refused(why) => self.notice.set(Some(why.clone())),
            Effect::Picked | Effect::Staged | Effect::Played => self.notice.set(None),
            _ => {}
        }
        if *effect == Effect::Played {
            self.autosave();
        }
    }

    /// A press on a square of a board. Returns true when a drag may start from it.
    pub fn press(&self, key: BoardKey, sq: Square) -> bool {
        let mut effect = Effect::Ignored;
        self.session.update(|s| effect = s.press(key, sq));
        self.follow(&effect);
        effect == Effect::Picked
    }

    /// Plays the staged move without travel.
    pub fn play_staged(&self) {
        let mut effect = Effect::Ignored;
        self.session.update(|s| effect = s.play_staged());
        self.follow(&effect);
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
        self.session
            .with_untracked(|s| s.save_record(&id, &name, now_ms()))
    }

    /// Saves the game now (the storage message says when it fails).
    pub fn autosave(&self) {
        if let Some(saves) = use_context::<Saves>() {
            let _ = saves.save_other(self.record());
        }
    }
}
