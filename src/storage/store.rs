//! The saved-games store: list, load, save, rename, delete with undo, and
//! settings, over any [`Backend`].
//!
//! Layout (see the key constants in [`super`]):
//! - each game is one record under `chronochess/v1/game/<id>`;
//! - the index `chronochess/v1/index` holds each game's id, name and bin
//!   state (deleted games awaiting purge), plus the deletion counter;
//! - settings live under `chronochess/v1/settings`;
//! - anything unreadable is moved under `chronochess/quarantine/…`, never
//!   deleted by the app.
//!
//! The records are the truth about which games exist: on open, a record the
//! index does not know is adopted, and an index entry without a record is
//! reported. So a failed index write never loses a game; at worst a game
//! deleted in that moment comes back.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::backend::{Backend, BackendError};
use super::format::{self, DecodeError, Document};
use super::issue::{IssueKind, StoreIssue};
use super::record::{check_name, GameId, GameSummary, NameError, SaveRecord};
use super::settings::Settings;
use super::{
    game_key, GAME_KEY_PREFIX, INDEX_KEY, KEY_PREFIX, KEY_ROOT, LEARNING_KEY, QUARANTINE_PREFIX,
    SETTINGS_KEY,
};

mod learning;
mod quarantine;

/// The index format this Chronochess writes.
pub const INDEX_FORMAT: u32 = 1;

/// How many deleted games the bin keeps by default: the next delete purges
/// the oldest.
pub const DEFAULT_BIN_CAPACITY: usize = 10;

/// Why a store operation failed. Whatever the error, nothing stored before
/// was lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Storage is full: the write was refused and the previous copy is intact.
    Full {
        /// The key that could not be written.
        key: String,
        /// Size of the refused value in bytes.
        bytes: usize,
        /// How many deleted games sit in the bin (emptying it makes room).
        in_bin: usize,
    },
    /// Storage cannot be used at all.
    Unavailable {
        /// What the platform said.
        detail: String,
    },
    /// No such game.
    NotFound {
        /// The id asked for.
        id: GameId,
    },
    /// The game is in the bin: restore it first.
    InBin {
        /// The game.
        id: GameId,
    },
    /// The game is not in the bin (so it cannot be restored or purged).
    NotInBin {
        /// The game.
        id: GameId,
    },
    /// The key holds data this version keeps unchanged (a newer format, or
    /// damaged data there was no room to move): it is not overwritten.
    HeldAside {
        /// The key.
        key: String,
    },
    /// The record could not be read; it was kept aside (see the issue).
    Damaged(StoreIssue),
    /// The display name is refused.
    BadName(NameError),
    /// The key is not one of the entries kept aside.
    NotKeptAside {
        /// The key asked for.
        key: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full { key, bytes, in_bin } => {
                write!(
                    f,
                    "the browser's storage for Chronochess is full, so {key} ({bytes} bytes) \
                     was not written; everything saved before is intact. Make room by "
                )?;
                if *in_bin > 0 {
                    write!(f, "emptying the bin ({in_bin} deleted games) or ")?;
                }
                write!(f, "exporting and deleting old games")
            }
            StoreError::Unavailable { detail } => write!(f, "storage is unavailable: {detail}"),
            StoreError::NotFound { id } => write!(f, "no saved game {id}"),
            StoreError::InBin { id } => {
                write!(f, "the game {id} is in the bin; restore it first")
            }
            StoreError::NotInBin { id } => write!(f, "the game {id} is not in the bin"),
            StoreError::HeldAside { key } => write!(
                f,
                "{key} holds data this version keeps unchanged, so it is not overwritten"
            ),
            StoreError::Damaged(issue) => write!(f, "{issue}"),
            StoreError::BadName(e) => write!(f, "{e}"),
            StoreError::NotKeptAside { key } => {
                write!(f, "{key} is not an entry kept aside")
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl From<NameError> for StoreError {
    fn from(e: NameError) -> StoreError {
        StoreError::BadName(e)
    }
}

/// One row of the game list: a readable game, or a damaged entry saying
/// what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListEntry {
    /// A saved game.
    Game(GameSummary),
    /// An entry that could not be read (kept, not lost).
    Damaged(StoreIssue),
}

/// A game in the bin: deleted, but restorable until purged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinnedGame {
    /// The game.
    pub summary: GameSummary,
    /// Deletion sequence number: larger is more recent.
    pub deletion: u64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Index {
    games: Vec<IndexEntry>,
    next_deletion: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct IndexEntry {
    id: GameId,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deleted: Option<u64>,
}

#[derive(Debug, Clone)]
struct Slot {
    summary: GameSummary,
    deleted: Option<u64>,
}

/// The saved games of one browser profile (or one [`MemoryBackend`](super::MemoryBackend)).
///
/// ```
/// use chronochess::storage::{GameStore, MemoryBackend, SaveRecord, GameKind, ListEntry};
/// let mut store = GameStore::open(MemoryBackend::new()).unwrap();
/// let id = store.fresh_id(1_700_000_000_000);
/// let game = SaveRecord::new(id.clone(), GameKind::FiveD, "Friday", "Standard",
///                            1_700_000_000_000, serde_json::json!({"pgn": ""}));
/// store.save(&game).unwrap();
/// assert_eq!(store.load(&id).unwrap(), game);
/// store.delete(&id).unwrap();
/// assert!(store.list().is_empty());
/// assert_eq!(store.undo_delete().unwrap(), Some(id));
/// assert!(matches!(&store.list()[0], ListEntry::Game(g) if g.name == "Friday"));
/// ```
#[derive(Debug)]
pub struct GameStore<B: Backend> {
    backend: B,
    games: BTreeMap<GameId, Slot>,
    next_deletion: u64,
    issues: Vec<StoreIssue>,
    /// Keys left in place that this version must never write.
    held: BTreeSet<String>,
    settings: Settings,
    bin_capacity: usize,
    index_dirty: bool,
}

fn unavailable(e: BackendError) -> StoreError {
    match e {
        BackendError::QuotaExceeded { key, bytes } => StoreError::Full {
            key,
            bytes,
            in_bin: 0,
        },
        BackendError::Unavailable { detail } => StoreError::Unavailable { detail },
    }
}

fn describe_game(id: &str, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("the saved game '{name}'"),
        None => format!("the saved game {id}"),
    }
}

impl<B: Backend> GameStore<B> {
    /// Opens the store: reads the index, the settings and every game record,
    /// keeps aside what cannot be read (see [`GameStore::issues`]) and
    /// repairs the index from the records.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] if the backend cannot be read at all.
    /// Damaged data is not an error: it is reported as issues.
    pub fn open(backend: B) -> Result<GameStore<B>, StoreError> {
        let mut store = GameStore {
            backend,
            games: BTreeMap::new(),
            next_deletion: 0,
            issues: Vec::new(),
            held: BTreeSet::new(),
            settings: Settings::default(),
            bin_capacity: DEFAULT_BIN_CAPACITY,
            index_dirty: false,
        };
        let mut keys: Vec<String> = store
            .backend
            .keys()
            .map_err(unavailable)?
            .into_iter()
            .filter(|k| k.starts_with(KEY_ROOT))
            .collect();
        crate::chess::order::sort_stable_by(&mut keys, Ord::cmp);

        let index = store.read_index()?;
        store.read_settings()?;
        // Inserted one by one rather than collected (collecting sorts with a
        // stable sort of its own); the last entry for an id wins either way.
        let mut names: BTreeMap<&str, &str> = BTreeMap::new();
        for e in &index.games {
            names.insert(e.id.as_str(), e.name.as_str());
        }

        for key in &keys {
            if key == INDEX_KEY || key == SETTINGS_KEY || key == LEARNING_KEY {
                continue;
            }
            if let Some(rest) = key.strip_prefix(GAME_KEY_PREFIX) {
                store.scan_game(key, rest, names.get(rest).copied())?;
            } else if key.starts_with(QUARANTINE_PREFIX) {
                store.note_kept_aside(key)?;
            } else if key.starts_with(KEY_PREFIX) {
                store.issues.push(StoreIssue {
                    kind: IssueKind::Unrecognised,
                    key: key.clone(),
                    what: format!("{key} is not an entry this version knows; left unchanged"),
                    kept_as: Some(key.clone()),
                });
            }
            // Keys of other layouts (chronochess/v2/…) belong to other
            // versions: not ours to read or report.
        }

        // Reconcile the index with the records.
        let mut in_index = BTreeSet::new();
        for entry in &index.games {
            if !in_index.insert(entry.id.clone()) {
                store.index_dirty = true; // duplicate entry
                continue;
            }
            let key = game_key(&entry.id);
            if let Some(slot) = store.games.get_mut(&entry.id) {
                slot.deleted = entry.deleted;
                if slot.summary.name != entry.name {
                    store.index_dirty = true;
                }
            } else {
                store.index_dirty = true;
                let reported =
                    store.held.contains(&key) || store.issues.iter().any(|i| i.key == key);
                if !reported {
                    store.issues.push(StoreIssue {
                        kind: IssueKind::MissingGame,
                        key: key.clone(),
                        what: format!(
                            "{} was listed but its record is gone (removed outside Chronochess?)",
                            describe_game(entry.id.as_str(), Some(&entry.name))
                        ),
                        kept_as: None,
                    });
                }
            }
        }
        if store.games.keys().any(|id| !in_index.contains(id)) {
            store.index_dirty = true;
        }
        let max_deleted = store.games.values().filter_map(|s| s.deleted).max();
        store.next_deletion = index
            .next_deletion
            .max(max_deleted.map_or(0, |d| d.saturating_add(1)));
        if store.index_dirty {
            store.write_index_quietly();
        }
        Ok(store)
    }

    /// Reads the index; an unreadable one is kept aside and reported, and an
    /// empty one returned (the records rebuild it).
    fn read_index(&mut self) -> Result<Index, StoreError> {
        let Some(text) = self.backend.get(INDEX_KEY).map_err(unavailable)? else {
            return Ok(Index::default());
        };
        match format::decode::<Index>(&text, INDEX_FORMAT, format::no_older_formats) {
            Ok(index) => Ok(index),
            Err(e) => {
                self.index_dirty = true;
                let (kept, place) = self.keep_aside_or_hold(INDEX_KEY, &text)?;
                let how = if e.is_newer() {
                    format!("was {e}; kept unchanged {place}")
                } else {
                    format!("could not be read: {e}; kept aside {place}")
                };
                self.issues.push(StoreIssue {
                    kind: IssueKind::DamagedIndex,
                    key: INDEX_KEY.to_string(),
                    what: format!(
                        "the list of saved games {how}. The list was rebuilt from the games \
                         themselves (games that were in the bin are back in the list)"
                    ),
                    kept_as: Some(kept),
                });
                Ok(Index::default())
            }
        }
    }

    fn read_settings(&mut self) -> Result<(), StoreError> {
        let Some(text) = self.backend.get(SETTINGS_KEY).map_err(unavailable)? else {
            return Ok(());
        };
        match Settings::from_json(&text) {
            Ok(settings) => self.settings = settings,
            Err(e) => {
                let (kept, place) = self.keep_aside_or_hold(SETTINGS_KEY, &text)?;
                let how = if e.is_newer() {
                    format!("were {e}; kept unchanged {place}")
                } else {
                    format!("could not be read: {e}; kept aside {place}")
                };
                self.issues.push(StoreIssue {
                    kind: IssueKind::DamagedSettings,
                    key: SETTINGS_KEY.to_string(),
                    what: format!("the settings {how}. Default settings apply"),
                    kept_as: Some(kept),
                });
            }
        }
        Ok(())
    }

    fn index(&self) -> Index {
        Index {
            games: self
                .games
                .iter()
                .map(|(id, slot)| IndexEntry {
                    id: id.clone(),
                    name: slot.summary.name.clone(),
                    deleted: slot.deleted,
                })
                .collect(),
            next_deletion: self.next_deletion,
        }
    }

    fn write_index(&mut self) -> Result<(), StoreError> {
        if self.held.contains(INDEX_KEY) {
            return Err(StoreError::HeldAside {
                key: INDEX_KEY.to_string(),
            });
        }
        let text = format::encode(INDEX_FORMAT, &self.index(), false);
        match self.backend.set(INDEX_KEY, &text) {
            Ok(()) => {
                self.index_dirty = false;
                Ok(())
            }
            Err(e) => {
                self.index_dirty = true;
                Err(self.full_or_unavailable(e))
            }
        }
    }

    /// Writes the index when only names or new games changed: the records
    /// are the truth for those, so a failure just leaves the index to be
    /// repaired by the next successful write or the next open.
    fn write_index_quietly(&mut self) {
        let _ = self.write_index();
    }

    fn full_or_unavailable(&self, e: BackendError) -> StoreError {
        match e {
            BackendError::QuotaExceeded { key, bytes } => StoreError::Full {
                key,
                bytes,
                in_bin: self.bin().len(),
            },
            BackendError::Unavailable { detail } => StoreError::Unavailable { detail },
        }
    }

    /// Everything found wrong in storage since [`GameStore::open`], for the
    /// players to see. Never cleared by the store itself.
    #[must_use]
    pub fn issues(&self) -> &[StoreIssue] {
        &self.issues
    }

    /// The games not in the bin, most recently updated first (ties: by name,
    /// then id), followed by one "damaged" row per game entry that could not
    /// be read.
    #[must_use]
    pub fn list(&self) -> Vec<ListEntry> {
        let mut games: Vec<&GameSummary> = self
            .games
            .values()
            .filter(|s| s.deleted.is_none())
            .map(|s| &s.summary)
            .collect();
        crate::chess::order::sort_stable_by(&mut games, |a, b| {
            b.updated_ms
                .cmp(&a.updated_ms)
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.id.cmp(&b.id))
        });
        games
            .into_iter()
            .map(|g| ListEntry::Game(g.clone()))
            .chain(
                self.issues
                    .iter()
                    .filter(|i| i.kind.is_about_a_game())
                    .map(|i| ListEntry::Damaged(i.clone())),
            )
            .collect()
    }

    /// The summary of one game (in the bin or not).
    #[must_use]
    pub fn summary(&self, id: &GameId) -> Option<&GameSummary> {
        self.games.get(id).map(|s| &s.summary)
    }

    /// The games in the bin, most recently deleted first.
    #[must_use]
    pub fn bin(&self) -> Vec<BinnedGame> {
        let mut binned: Vec<BinnedGame> = self
            .games
            .values()
            .filter_map(|s| {
                s.deleted.map(|deletion| BinnedGame {
                    summary: s.summary.clone(),
                    deletion,
                })
            })
            .collect();
        crate::chess::order::sort_stable_by(&mut binned, |a, b| b.deletion.cmp(&a.deletion));
        binned
    }

    /// An id no game uses: `GameId::from_parts(now_ms, n)` with the first
    /// free counter `n`.
    #[must_use]
    pub fn fresh_id(&self, now_ms: u64) -> GameId {
        let mut counter = 0u32;
        loop {
            let id = GameId::from_parts(now_ms, counter);
            let key = game_key(&id);
            let free = !self.games.contains_key(&id)
                && !self.held.contains(&key)
                && matches!(self.backend.get(&key), Ok(None));
            if free || counter == u32::MAX {
                return id;
            }
            counter += 1;
        }
    }

    /// Reads a game (in the bin or not).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] if there is no such record;
    /// [`StoreError::HeldAside`] for a record kept unchanged;
    /// [`StoreError::Damaged`] if it cannot be read (it is then kept aside
    /// and listed as damaged); [`StoreError::Unavailable`].
    pub fn load(&mut self, id: &GameId) -> Result<SaveRecord, StoreError> {
        let key = game_key(id);
        if self.held.contains(&key) {
            return Err(StoreError::HeldAside { key });
        }
        let Some(text) = self.backend.get(&key).map_err(unavailable)? else {
            if let Some(slot) = self.games.remove(id) {
                self.issues.push(StoreIssue {
                    kind: IssueKind::MissingGame,
                    key: key.clone(),
                    what: format!(
                        "{} was listed but its record is gone (removed outside Chronochess?)",
                        describe_game(id.as_str(), Some(&slot.summary.name))
                    ),
                    kept_as: None,
                });
                self.write_index_quietly();
            }
            return Err(StoreError::NotFound { id: id.clone() });
        };
        let name = self.games.get(id).map(|s| s.summary.name.clone());
        let problem = match SaveRecord::from_json(&text) {
            Ok(record) if record.id == *id => return Ok(record),
            Ok(record) => format!("it says it is game {} but is stored as {id}", record.id),
            Err(e) if e.is_newer() => {
                self.games.remove(id);
                self.report_unreadable_game(&key, &text, name.as_deref(), &e)?;
                self.write_index_quietly();
                return Err(StoreError::HeldAside { key });
            }
            Err(e) => e.to_string(),
        };
        self.games.remove(id);
        let issue = self.set_aside_damaged(&key, &text, name.as_deref(), &problem)?;
        self.issues.push(issue.clone());
        self.write_index_quietly();
        Err(StoreError::Damaged(issue))
    }

    /// Saves a game, new or existing. The record is written in one piece:
    /// if storage is full, the write is refused and the previous copy stays.
    ///
    /// # Errors
    /// [`StoreError::BadName`] for a blank or over-long name;
    /// [`StoreError::InBin`] if the game is in the bin (restore it first);
    /// [`StoreError::HeldAside`] if its key holds data kept unchanged;
    /// [`StoreError::Full`] / [`StoreError::Unavailable`] if the write fails.
    pub fn save(&mut self, record: &SaveRecord) -> Result<(), StoreError> {
        check_name(&record.name)?;
        let key = game_key(&record.id);
        if self.held.contains(&key) {
            return Err(StoreError::HeldAside { key });
        }
        let previous_name = match self.games.get(&record.id) {
            Some(slot) if slot.deleted.is_some() => {
                return Err(StoreError::InBin {
                    id: record.id.clone(),
                })
            }
            Some(slot) => Some(slot.summary.name.clone()),
            None => None,
        };
        self.backend
            .set(&key, &record.to_json())
            .map_err(|e| self.full_or_unavailable(e))?;
        self.games.insert(
            record.id.clone(),
            Slot {
                summary: record.summary(),
                deleted: None,
            },
        );
        if previous_name.as_deref() != Some(record.name.as_str()) || self.index_dirty {
            self.write_index_quietly();
        }
        Ok(())
    }

    /// Renames a game (its update time is unchanged).
    ///
    /// # Errors
    /// As [`GameStore::load`] and [`GameStore::save`].
    pub fn rename(&mut self, id: &GameId, name: &str) -> Result<(), StoreError> {
        check_name(name)?;
        if self.games.get(id).is_some_and(|s| s.deleted.is_some()) {
            return Err(StoreError::InBin { id: id.clone() });
        }
        let mut record = self.load(id)?;
        record.name = name.to_string();
        self.save(&record)
    }

    /// Moves a game to the bin (restorable with [`GameStore::undo_delete`] or
    /// [`GameStore::restore`]). When the bin then holds more than its
    /// capacity, the oldest deleted games are purged.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::InBin`] if already deleted,
    /// [`StoreError::Full`] / [`StoreError::Unavailable`] if the index
    /// cannot be written (the game then stays where it was).
    pub fn delete(&mut self, id: &GameId) -> Result<(), StoreError> {
        let deletion = self.next_deletion;
        let slot = self
            .games
            .get_mut(id)
            .ok_or_else(|| StoreError::NotFound { id: id.clone() })?;
        if slot.deleted.is_some() {
            return Err(StoreError::InBin { id: id.clone() });
        }
        slot.deleted = Some(deletion);
        self.next_deletion += 1;
        if let Err(e) = self.write_index() {
            if let Some(slot) = self.games.get_mut(id) {
                slot.deleted = None;
            }
            self.next_deletion -= 1;
            return Err(e);
        }
        let bin = self.bin();
        for old in bin.iter().skip(self.bin_capacity) {
            // Best effort: a game that cannot be purged simply stays in the bin.
            let _ = self.purge_one(&old.summary.id);
        }
        Ok(())
    }

    /// Takes a game out of the bin.
    ///
    /// # Errors
    /// [`StoreError::NotInBin`], or the index write error (nothing changed).
    pub fn restore(&mut self, id: &GameId) -> Result<(), StoreError> {
        let slot = self
            .games
            .get_mut(id)
            .filter(|s| s.deleted.is_some())
            .ok_or_else(|| StoreError::NotInBin { id: id.clone() })?;
        let was = slot.deleted.take();
        if let Err(e) = self.write_index() {
            if let Some(slot) = self.games.get_mut(id) {
                slot.deleted = was;
            }
            return Err(e);
        }
        Ok(())
    }

    /// Restores the most recently deleted game; `None` if the bin is empty.
    ///
    /// # Errors
    /// The index write error (nothing changed).
    pub fn undo_delete(&mut self) -> Result<Option<GameId>, StoreError> {
        let Some(last) = self.bin().into_iter().next() else {
            return Ok(None);
        };
        self.restore(&last.summary.id)?;
        Ok(Some(last.summary.id))
    }

    /// Permanently removes a game that is in the bin.
    ///
    /// # Errors
    /// [`StoreError::NotInBin`] for a game not in the bin, or one another
    /// tab has meanwhile taken out of the bin (it is then out of the bin here
    /// too, and kept); the index write error (nothing changed).
    pub fn purge(&mut self, id: &GameId) -> Result<(), StoreError> {
        if self.games.get(id).is_none_or(|s| s.deleted.is_none()) {
            return Err(StoreError::NotInBin { id: id.clone() });
        }
        self.purge_one(id)
    }

    /// Permanently removes every game in the bin; returns how many. Games
    /// another tab took out of the bin are left (and taken out here too).
    ///
    /// # Errors
    /// The first failure (games purged before it stay purged).
    pub fn empty_bin(&mut self) -> Result<usize, StoreError> {
        let mut purged = 0;
        for game in self.bin() {
            match self.purge_one(&game.summary.id) {
                Ok(()) => purged += 1,
                Err(StoreError::NotInBin { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(purged)
    }

    /// True when the stored index lists `id` outside the bin although this
    /// store has it in the bin: another tab restored it (or never saw the
    /// delete). Such a game must not be purged.
    fn listed_live_elsewhere(&self, id: &GameId) -> bool {
        let Ok(Some(text)) = self.backend.get(INDEX_KEY) else {
            return false;
        };
        let Ok(index) = format::decode::<Index>(&text, INDEX_FORMAT, format::no_older_formats)
        else {
            return false;
        };
        index
            .games
            .iter()
            .any(|e| e.id == *id && e.deleted.is_none())
    }

    /// Index first, then the record: if the record removal fails, the record
    /// is adopted again on the next open (never a dangling index entry).
    /// A game another tab took out of the bin is taken out here too instead.
    fn purge_one(&mut self, id: &GameId) -> Result<(), StoreError> {
        if self.listed_live_elsewhere(id) {
            if let Some(slot) = self.games.get_mut(id) {
                slot.deleted = None;
            }
            return Err(StoreError::NotInBin { id: id.clone() });
        }
        let Some(slot) = self.games.remove(id) else {
            return Ok(());
        };
        if let Err(e) = self.write_index() {
            self.games.insert(id.clone(), slot);
            return Err(e);
        }
        self.backend.remove(&game_key(id)).map_err(unavailable)
    }

    /// How many deleted games the bin keeps before purging the oldest.
    #[must_use]
    pub fn bin_capacity(&self) -> usize {
        self.bin_capacity
    }

    /// Changes the bin capacity (for later deletes; nothing is purged now).
    pub fn set_bin_capacity(&mut self, capacity: usize) {
        self.bin_capacity = capacity;
    }

    /// The settings read on open (defaults if none or unreadable).
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Stores new settings.
    ///
    /// # Errors
    /// [`StoreError::Full`] / [`StoreError::Unavailable`] (the old settings
    /// stay); [`StoreError::HeldAside`] if the stored settings are kept
    /// unchanged in place.
    pub fn save_settings(&mut self, settings: &Settings) -> Result<(), StoreError> {
        if self.held.contains(SETTINGS_KEY) {
            return Err(StoreError::HeldAside {
                key: SETTINGS_KEY.to_string(),
            });
        }
        self.backend
            .set(SETTINGS_KEY, &settings.to_json())
            .map_err(|e| self.full_or_unavailable(e))?;
        self.settings = settings.clone();
        Ok(())
    }

    /// Adds a record that did not come from this store (an import, or an
    /// entry kept aside that reads correctly now). If its id is taken, it
    /// gets a fresh one from `now_ms`. Returns the id it is stored under.
    ///
    /// # Errors
    /// As [`GameStore::save`].
    pub fn add_copy(&mut self, mut record: SaveRecord, now_ms: u64) -> Result<GameId, StoreError> {
        let key = game_key(&record.id);
        let taken = self.games.contains_key(&record.id)
            || self.held.contains(&key)
            || self.backend.get(&key).map_err(unavailable)?.is_some();
        if taken {
            record.id = self.fresh_id(now_ms);
        }
        self.save(&record)?;
        Ok(record.id)
    }

    /// Reads the backend (for inspection in tests and tools).
    #[must_use]
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// Gives the backend back (e.g. to reopen it as after a reload).
    #[must_use]
    pub fn into_backend(self) -> B {
        self.backend
    }
}
