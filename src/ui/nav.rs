//! Which screen is shown and which app-wide dialog is open; starting,
//! resuming and leaving games. The open game's id is kept in the URL
//! fragment (`#game=<id>`) so a reload reopens it.

use leptos::prelude::*;

use crate::play::clock::Clock;
use crate::storage::GameId;
use crate::ui::game::play::Play;
use crate::ui::game::session::Session;
use crate::ui::game::ActiveGame;
use crate::ui::saves::Saves;

/// The teaching screens of the 5D page (no game open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Learn {
    /// The puzzle screen (`#puzzles`).
    Puzzles,
    /// The lessons (`#lessons`).
    Lessons,
}

impl Learn {
    /// Its URL fragment.
    #[must_use]
    pub fn hash(self) -> &'static str {
        match self {
            Learn::Puzzles => "#puzzles",
            Learn::Lessons => "#lessons",
        }
    }

    /// The screen a URL fragment names (`#puzzles`, `#puzzles=<name>`
    /// for one puzzle, `#lessons`).
    #[must_use]
    pub fn from_hash(hash: &str) -> Option<Learn> {
        [Learn::Puzzles, Learn::Lessons]
            .into_iter()
            .find(|l| hash == l.hash() || (*l == Learn::Puzzles && hash.starts_with("#puzzles=")))
    }
}

/// App-wide navigation state (provided as context).
#[derive(Debug, Clone, Copy)]
pub struct Nav {
    /// The open game, if any (otherwise the home screen).
    pub active: RwSignal<Option<ActiveGame>>,
    /// The new-game dialog.
    pub new_game_open: RwSignal<bool>,
    /// The import dialog.
    pub import_open: RwSignal<bool>,
    /// The puzzle or lesson screen, when one is open (and no game).
    pub learn: RwSignal<Option<Learn>>,
    /// A message on the home screen (e.g. a game that could not be opened).
    pub message: RwSignal<Option<String>>,
    /// The app's owner: a game's signals must outlive the dialog that opened it.
    root: StoredValue<Option<Owner>, LocalStorage>,
}

const HASH_PREFIX: &str = "#game=";

/// Replaces the URL fragment with `hash` (no new history entry); an empty
/// `hash` removes it.
pub(crate) fn set_hash(hash: &str) {
    if let Ok(history) = window().history() {
        let url = if hash.is_empty() {
            let loc = window().location();
            loc.pathname().unwrap_or_default() + &loc.search().unwrap_or_default()
        } else {
            hash.to_string()
        };
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The game id in the URL fragment, if any.
#[must_use]
pub fn game_in_url() -> Option<GameId> {
    let hash = window().location().hash().ok()?;
    GameId::parse(hash.strip_prefix(HASH_PREFIX)?).ok()
}

impl Nav {
    /// Fresh navigation state: home screen, no dialog.
    #[must_use]
    pub fn new() -> Nav {
        Nav {
            active: RwSignal::new(None),
            new_game_open: RwSignal::new(false),
            import_open: RwSignal::new(false),
            learn: RwSignal::new(None),
            message: RwSignal::new(None),
            root: StoredValue::new_local(Owner::current()),
        }
    }

    fn open(&self, id: GameId, name: String, session: Session, clock: Option<Clock>) {
        set_hash(&format!("{HASH_PREFIX}{id}"));
        self.new_game_open.set(false);
        self.import_open.set(false);
        self.learn.set(None);
        self.message.set(None);
        let make = move || ActiveGame {
            id,
            name: RwSignal::new(name),
            play: Play::new(session),
            clock: RwSignal::new(clock),
        };
        let game = match self.root.get_value() {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.active.set(Some(game));
    }

    /// Saves a new game (with its clock, if timed) and opens it.
    pub fn start(&self, saves: Saves, name: String, session: Session, clock: Option<Clock>) {
        let id = saves.fresh_id();
        let _ = saves.save(&id, &name, &session, clock.as_ref());
        self.open(id, name, session, clock);
    }

    /// Opens a saved game; on failure stays home with the reason.
    pub fn resume(&self, saves: Saves, id: &GameId) {
        match saves.load(id) {
            Ok((name, session, clock)) => self.open(id.clone(), name, session, clock),
            Err(e) => {
                self.home();
                self.message
                    .set(Some(format!("That game could not be opened: {e}")));
            }
        }
    }

    /// Back to the home screen.
    pub fn home(&self) {
        set_hash("");
        self.active.set(None);
        self.learn.set(None);
    }

    /// Opens the puzzle or lesson screen.
    pub fn learn(&self, screen: Learn) {
        if self.learn.get_untracked() == Some(screen) {
            return;
        }
        set_hash(screen.hash());
        self.active.set(None);
        self.learn.set(Some(screen));
    }
}

impl Default for Nav {
    fn default() -> Nav {
        Nav::new()
    }
}
