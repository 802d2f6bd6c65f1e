//! Saved games and settings, kept in the browser's `localStorage` (or in
//! memory for host tests) so a game is never lost.
//!
//! - [`SaveRecord`]: one game, any of the four kinds, with an opaque JSON
//!   payload each game module defines; versioned ([`RECORD_FORMAT`]).
//! - [`Backend`]: a string key/value store — [`MemoryBackend`] on the host,
//!   `LocalStorageBackend` on `wasm32`.
//! - [`GameStore`]: list, load, save, rename, delete with undo, settings,
//!   export/import. Data it cannot read is kept aside under
//!   [`QUARANTINE_PREFIX`] and reported as [`StoreIssue`]s, never deleted;
//!   data from a newer Chronochess is kept unchanged; a full storage gives
//!   [`StoreError::Full`] and the previous copy stays intact.
//!
//! Keys: the layout version is in the prefix ([`KEY_PREFIX`] =
//! `chronochess/v1/`); each document also carries its own format `version`.
//!
//! How the app uses it: open the store once at start-up
//! (`GameStore::open(LocalStorageBackend::open()?)`), show
//! [`GameStore::issues`] if any, save after every submitted move (and after
//! staging, for 5D's unsubmitted moves), and on a `storage` event for a
//! `chronochess/` key (another tab wrote) open the store again. Ids come from
//! [`GameStore::fresh_id`] with the current time; every time stamp is
//! supplied by the caller, so nothing here needs a web API.
//!
//! ```
//! use chronochess::storage::{GameKind, GameStore, MemoryBackend, SaveRecord, StoreError};
//! let mut store = GameStore::open(MemoryBackend::with_quota(600)).unwrap();
//! let id = store.fresh_id(1_000);
//! let mut game = SaveRecord::new(id.clone(), GameKind::TimeTraveling, "Hot seat", "Standard",
//!                                1_000, serde_json::json!({"moves": []}));
//! store.save(&game).unwrap();
//! game.payload = serde_json::json!({"moves": vec!["e4"; 200]});
//! assert!(matches!(store.save(&game), Err(StoreError::Full { .. })));
//! assert_eq!(store.load(&id).unwrap().payload, serde_json::json!({"moves": []}));
//! ```

mod backend;
mod format;
mod issue;
mod learning;
#[cfg(target_arch = "wasm32")]
mod local;
mod record;
mod settings;
mod store;
mod transfer;

pub use backend::{Backend, BackendError, MemoryBackend};
pub use format::{DecodeError, Document};
pub use issue::{IssueKind, StoreIssue};
pub use learning::{Learning, PuzzleMark, LEARNING_FORMAT};
#[cfg(target_arch = "wasm32")]
pub use local::LocalStorageBackend;
pub use record::{
    check_name, GameId, GameIdError, GameKind, GameResult, GameSummary, NameError, SaveRecord,
    MAX_NAME_CHARS, RECORD_FORMAT,
};
pub use settings::{Settings, Theme, SETTINGS_FORMAT};
pub use store::{BinnedGame, GameStore, ListEntry, StoreError, DEFAULT_BIN_CAPACITY, INDEX_FORMAT};
pub use transfer::{export_record, import_record, ImportError};

/// Every key of the app starts with this.
pub const KEY_ROOT: &str = "chronochess/";
/// Keys of the current layout start with this.
pub const KEY_PREFIX: &str = "chronochess/v1/";
/// The index: ids, names and bin state of the games.
pub const INDEX_KEY: &str = "chronochess/v1/index";
/// The settings record.
pub const SETTINGS_KEY: &str = "chronochess/v1/settings";
/// The learning progress (puzzles and lessons; read when its screen opens).
pub const LEARNING_KEY: &str = "chronochess/v1/learning";
/// Game records live under this prefix followed by the game id.
pub const GAME_KEY_PREFIX: &str = "chronochess/v1/game/";
/// Unreadable entries are moved under this prefix (followed by their old key
/// without [`KEY_ROOT`]); the app never deletes them on its own.
pub const QUARANTINE_PREFIX: &str = "chronochess/quarantine/";

/// The storage key of a game record.
#[must_use]
pub fn game_key(id: &GameId) -> String {
    format!("{GAME_KEY_PREFIX}{id}")
}
