//! The saved games as the app shares them: the [`GameStore`] on
//! `localStorage` (or in memory when the browser refuses storage, with a
//! message), the list for the saved-games panel, and the problems found.

use leptos::prelude::*;

use crate::fived::Budget;
use crate::play::clock::Clock;
use crate::play::Ending;
use crate::storage::{
    Backend, BackendError, GameId, GameKind, GameResult, GameStore, Learning, ListEntry,
    LocalStorageBackend, MemoryBackend, SaveRecord, StoreError, StoreIssue,
};
use crate::ui::game::session::{Payload, Session};

/// Moves the page may apply to decide a game's outcome while opening it (the
/// same bound as a snapshot of the play screen); past it the worker decides.
const OPEN_BUDGET: Budget = Budget::nodes(20_000);

/// Where the games are kept: the browser's localStorage, or memory only
/// (storage refused; games last until the tab closes). One backend type, so
/// the page carries one copy of the [`GameStore`] code rather than one per
/// backend.
#[derive(Debug)]
pub enum Shelf {
    /// The browser's localStorage.
    Local(LocalStorageBackend),
    /// Memory only (storage refused): games last until the tab closes.
    Memory(MemoryBackend),
}

impl Backend for Shelf {
    fn get(&self, key: &str) -> Result<Option<String>, BackendError> {
        match self {
            Shelf::Local(b) => b.get(key),
            Shelf::Memory(b) => b.get(key),
        }
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), BackendError> {
        match self {
            Shelf::Local(b) => b.set(key, value),
            Shelf::Memory(b) => b.set(key, value),
        }
    }
    fn remove(&mut self, key: &str) -> Result<(), BackendError> {
        match self {
            Shelf::Local(b) => b.remove(key),
            Shelf::Memory(b) => b.remove(key),
        }
    }
    fn keys(&self) -> Result<Vec<String>, BackendError> {
        match self {
            Shelf::Local(b) => b.keys(),
            Shelf::Memory(b) => b.keys(),
        }
    }
}

/// The app's saved games (cheap to copy; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct Saves {
    shelf: StoredValue<GameStore<Shelf>, LocalStorage>,
    /// The rows of the saved-games list (refreshed after every change).
    pub list: RwSignal<Vec<ListEntry>>,
    /// Problems found in storage (data kept aside), for the players.
    pub issues: RwSignal<Vec<StoreIssue>>,
    /// A storage message (full storage, memory only).
    pub message: RwSignal<Option<String>>,
    /// The name of the last deleted game, for "undo".
    pub last_deleted: RwSignal<Option<String>>,
}

/// Milliseconds since the epoch, from the browser's clock.
#[must_use]
pub fn now_ms() -> u64 {
    let ms = web_sys::js_sys::Date::now();
    if ms.is_finite() && ms > 0.0 {
        ms as u64
    } else {
        0
    }
}

impl Saves {
    /// Opens localStorage, or memory with a message if the browser refuses.
    #[must_use]
    pub fn open() -> Saves {
        let (shelf, message) = match LocalStorageBackend::open()
            .map_err(|e| StoreError::Unavailable {
                detail: e.to_string(),
            })
            .and_then(|b| GameStore::open(Shelf::Local(b)))
        {
            Ok(store) => (store, None),
            Err(e) => (
                GameStore::open(Shelf::Memory(MemoryBackend::new()))
                    .unwrap_or_else(|_| unreachable!("memory storage always opens")),
                Some(format!(
                    "Games are kept in memory only ({e}); export a game to keep it."
                )),
            ),
        };
        let saves = Saves {
            shelf: StoredValue::new_local(shelf),
            list: RwSignal::new(Vec::new()),
            issues: RwSignal::new(Vec::new()),
            message: RwSignal::new(message),
            last_deleted: RwSignal::new(None),
        };
        saves.refresh();
        saves
    }

    /// Re-reads the list and the issues.
    pub fn refresh(&self) {
        let (list, issues) = self.shelf.with_value(|s| (s.list(), s.issues().to_vec()));
        self.list.set(list);
        self.issues.set(issues);
    }

    fn with_store<T>(&self, f: impl FnOnce(&mut dyn StoreOps) -> T) -> T {
        self.shelf
            .try_update_value(|s| f(s))
            .unwrap_or_else(|| unreachable!("the shelf lives as long as the app"))
    }

    /// Saves a session and its clock (`None`: untimed) under `id` (new or
    /// existing); the clock's time is settled up to now.
    ///
    /// # Errors
    /// The store's error (the game stays in memory; the previous copy is intact).
    pub fn save(
        &self,
        id: &GameId,
        name: &str,
        session: &Session,
        clock: Option<&Clock>,
    ) -> Result<(), StoreError> {
        // Through the JSON text rather than `to_value`: the page already
        // writes payloads as text (the worker's requests) and reads text into
        // values, so this needs no value serializer of its own. Same value.
        let payload = serde_json::to_string(&session.payload())
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let now = now_ms();
        let result = self.with_store(|s| {
            let created = s.created(id).unwrap_or(now);
            let mut record = SaveRecord::new(
                id.clone(),
                GameKind::FiveD,
                name,
                session.variant.clone(),
                created,
                payload,
            );
            record.updated_ms = now;
            record.to_move = session.game().to_move();
            record.result = session.result.clone();
            record.clock = clock.map(|c| c.saved_at(now));
            record.opponent = session.opponent.map(|o| {
                format!(
                    "Computer ({})",
                    crate::play::fived::computer::level_name(o.level)
                )
            });
            s.save_record(&record)
        });
        match &result {
            Ok(()) => {
                if self
                    .message
                    .get_untracked()
                    .is_some_and(|m| m.starts_with("Not saved"))
                {
                    self.message.set(None);
                }
            }
            Err(e) => self.message.set(Some(format!(
                "Not saved: {e}. The game stays open in this tab."
            ))),
        }
        self.refresh();
        result
    }

    /// Saves a record another game's screen built (its kind, name and payload);
    /// keeps the game's creation time and stamps the update time.
    ///
    /// # Errors
    /// The store's error (also shown as the storage message).
    pub fn save_other(&self, mut record: SaveRecord) -> Result<(), StoreError> {
        let now = now_ms();
        let result = self.with_store(|s| {
            record.created_ms = s.created(&record.id).unwrap_or(now);
            record.updated_ms = now;
            s.save_record(&record)
        });
        if let Err(e) = &result {
            self.message.set(Some(format!(
                "Not saved: {e}. The game stays open in this tab."
            )));
        }
        self.refresh();
        result
    }

    /// A saved record as stored, whatever its kind.
    ///
    /// # Errors
    /// Why it could not be read, in words.
    pub fn load_other(&self, id: &GameId) -> Result<SaveRecord, String> {
        let record = self.with_store(|s| s.load_record(id));
        self.refresh();
        record.map_err(|e| e.to_string())
    }

    /// A fresh game id.
    #[must_use]
    pub fn fresh_id(&self) -> GameId {
        let now = now_ms();
        self.with_store(|s| s.fresh(now))
    }

    /// Loads and restores a game, with its clock (paused) if it is timed; a
    /// clock that cannot be read is dropped (the game goes on untimed).
    ///
    /// # Errors
    /// Why it could not be opened, in words.
    pub fn load(&self, id: &GameId) -> Result<(String, Session, Option<Clock>), String> {
        let record = self.with_store(|s| s.load_record(id));
        self.refresh();
        let record = record.map_err(|e| e.to_string())?;
        let payload: Payload = record
            .payload_as()
            .map_err(|e| format!("the saved game cannot be read: {e}"))?;
        // A short search on the page (tens of milliseconds at most): a game
        // whose outcome it cannot settle opens as unknown and the game screen
        // finishes the check in the worker, so opening never freezes the page.
        let mut session =
            Session::restore(&record.variant, &payload, OPEN_BUDGET).map_err(|e| e.to_string())?;
        if record.result.is_over() && !session.is_over() {
            // A result the engine cannot re-derive (e.g. a budget) is kept as saved.
            session.result = record.result.clone();
        }
        let clock = record
            .clock
            .as_ref()
            .and_then(|c| Clock::from_saved(c).ok());
        Ok((record.name, session, clock))
    }

    /// Renames a game.
    ///
    /// # Errors
    /// The store's refusal, in words.
    pub fn rename(&self, id: &GameId, name: &str) -> Result<(), String> {
        let r = self.with_store(|s| s.rename_game(id, name));
        self.refresh();
        r.map_err(|e| e.to_string())
    }

    /// Moves a game to the bin (undo with [`Saves::undo_delete`]).
    pub fn delete(&self, id: &GameId, name: &str) {
        let r = self.with_store(|s| s.delete_game(id));
        match r {
            Ok(()) => self.last_deleted.set(Some(name.to_string())),
            Err(e) => self.message.set(Some(e.to_string())),
        }
        self.refresh();
    }

    /// Brings back the last deleted game.
    pub fn undo_delete(&self) {
        let r = self.with_store(|s| s.undo_last_delete());
        if let Err(e) = r {
            self.message.set(Some(e.to_string()));
        }
        self.last_deleted.set(None);
        self.refresh();
    }
}

impl Saves {
    /// The learning progress, and a sentence when what was stored could not
    /// be read (it was kept aside, or is kept unchanged: see
    /// [`GameStore::learning`]).
    #[must_use]
    pub fn learning(&self) -> (Learning, Option<String>) {
        let read = self.with_store(|s| s.read_learning());
        self.refresh();
        match read {
            Ok((l, issue)) => (l, issue.map(|i| format!("{}.", i.what))),
            Err(e) => (
                Learning::default(),
                Some(format!("Your progress could not be read: {e}.")),
            ),
        }
    }

    /// Stores the learning progress.
    ///
    /// # Errors
    /// Why it was not saved, in words (the progress stays on screen).
    pub fn save_learning(&self, learning: &Learning) -> Result<(), String> {
        self.with_store(|s| s.write_learning(learning))
            .map_err(|e| format!("Progress not saved: {e}."))
    }
}

/// The store operations the UI uses, over either backend.
trait StoreOps {
    fn read_learning(&mut self) -> Result<(Learning, Option<StoreIssue>), StoreError>;
    fn write_learning(&mut self, l: &Learning) -> Result<(), StoreError>;
    fn created(&self, id: &GameId) -> Option<u64>;
    fn save_record(&mut self, r: &SaveRecord) -> Result<(), StoreError>;
    fn fresh(&self, now: u64) -> GameId;
    fn load_record(&mut self, id: &GameId) -> Result<SaveRecord, StoreError>;
    fn rename_game(&mut self, id: &GameId, name: &str) -> Result<(), StoreError>;
    fn delete_game(&mut self, id: &GameId) -> Result<(), StoreError>;
    fn undo_last_delete(&mut self) -> Result<Option<GameId>, StoreError>;
}

impl<B: crate::storage::Backend> StoreOps for GameStore<B> {
    fn read_learning(&mut self) -> Result<(Learning, Option<StoreIssue>), StoreError> {
        self.learning()
    }
    fn write_learning(&mut self, l: &Learning) -> Result<(), StoreError> {
        self.save_learning(l)
    }
    fn created(&self, id: &GameId) -> Option<u64> {
        self.summary(id).map(|s| s.created_ms)
    }
    fn save_record(&mut self, r: &SaveRecord) -> Result<(), StoreError> {
        self.save(r)
    }
    fn fresh(&self, now: u64) -> GameId {
        self.fresh_id(now)
    }
    fn load_record(&mut self, id: &GameId) -> Result<SaveRecord, StoreError> {
        self.load(id)
    }
    fn rename_game(&mut self, id: &GameId, name: &str) -> Result<(), StoreError> {
        self.rename(id, name)
    }
    fn delete_game(&mut self, id: &GameId) -> Result<(), StoreError> {
        self.delete(id)
    }
    fn undo_last_delete(&mut self) -> Result<Option<GameId>, StoreError> {
        self.undo_delete()
    }
}

/// The result in words for the list: "White won (checkmate)", "in play".
#[must_use]
pub fn result_words(r: &GameResult) -> String {
    Ending::of_result(r).map_or_else(|| "in play".to_string(), |e| e.to_string())
}
