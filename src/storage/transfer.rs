//! Export and import of one game as JSON text (the same JSON as stored,
//! indented), with errors that say what is wrong and where.

use std::fmt;

use super::backend::Backend;
use super::format::DecodeError;
use super::record::{check_name, GameId, NameError, SaveRecord};
use super::store::{GameStore, StoreError};

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not a Chronochess game record (with line and column).
    Decode(DecodeError),
    /// The record's display name is refused.
    Name(NameError),
    /// The record is fine but could not be stored.
    Store(StoreError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Decode(DecodeError::Newer { format }) => write!(
                f,
                "this game was exported by a newer Chronochess (format {format}); \
                 update Chronochess to import it"
            ),
            ImportError::Decode(e) => write!(f, "this is not a Chronochess game export: {e}"),
            ImportError::Name(e) => write!(f, "the imported game's name is refused: {e}"),
            ImportError::Store(e) => write!(f, "the imported game could not be saved: {e}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// The export text of a game: its JSON record, indented.
#[must_use]
pub fn export_record(record: &SaveRecord) -> String {
    record.to_json_pretty()
}

/// Reads an export text (or a stored record) back, checking the name.
///
/// # Errors
/// [`ImportError::Decode`] with what is wrong and where,
/// [`ImportError::Name`] for a blank or over-long name.
pub fn import_record(text: &str) -> Result<SaveRecord, ImportError> {
    let record = SaveRecord::from_json(text).map_err(ImportError::Decode)?;
    check_name(&record.name).map_err(ImportError::Name)?;
    Ok(record)
}

impl<B: Backend> GameStore<B> {
    /// The export text of a stored game.
    ///
    /// # Errors
    /// As [`GameStore::load`].
    pub fn export(&mut self, id: &GameId) -> Result<String, StoreError> {
        Ok(export_record(&self.load(id)?))
    }

    /// Imports an export text as a new game (a fresh id from `now_ms` if its
    /// id is taken, so nothing is overwritten). Returns the id it is stored
    /// under.
    ///
    /// # Errors
    /// [`ImportError`] saying what is wrong and where; nothing is stored then.
    pub fn import(&mut self, text: &str, now_ms: u64) -> Result<GameId, ImportError> {
        let record = import_record(text)?;
        self.add_copy(record, now_ms).map_err(ImportError::Store)
    }

    /// Brings back an entry kept aside that reads correctly now (e.g. after
    /// an update fixed what made it unreadable). The kept copy is removed
    /// only once the game is saved.
    ///
    /// # Errors
    /// [`ImportError::Store`] with [`StoreError::NotKeptAside`] for a key that
    /// is not kept aside; otherwise as [`GameStore::import`].
    pub fn recover_kept_aside(&mut self, key: &str, now_ms: u64) -> Result<GameId, ImportError> {
        let text = self.read_kept_aside(key).map_err(ImportError::Store)?;
        let id = self.import(&text, now_ms)?;
        self.discard_kept_aside(key).map_err(ImportError::Store)?;
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{GameKind, MemoryBackend};
    use serde_json::json;

    fn game(id: &str) -> SaveRecord {
        SaveRecord::new(
            GameId::parse(id).unwrap(),
            GameKind::Chessgi,
            "Imported",
            "Standard",
            5,
            json!({"moves": ["e4"]}),
        )
    }

    #[test]
    fn export_import_round_trip_and_collision_gets_fresh_id() {
        let mut store = GameStore::open(MemoryBackend::new()).unwrap();
        let g = game("g1-0");
        store.save(&g).unwrap();
        let text = store.export(&g.id).unwrap();
        assert!(text.contains("\n  \"kind\": \"chessgi\""), "{text}");
        assert_eq!(import_record(&text).unwrap(), g);
        let id = store.import(&text, 99).unwrap();
        assert_eq!(id.as_str(), "g99-0");
        let copy = store.load(&id).unwrap();
        assert_eq!(copy.payload, g.payload);
        assert_eq!(store.load(&g.id).unwrap(), g);
    }

    #[test]
    fn import_errors_say_what_and_where() {
        let e = import_record("{\n  \"version\": 1,\n  \"id\": \"g1-0\",\n  oops\n}").unwrap_err();
        assert!(
            matches!(e, ImportError::Decode(DecodeError::Json { line: 4, .. })),
            "{e:?}"
        );
        assert!(e.to_string().contains("line 4 column 3"), "{e}");
        let mut text = export_record(&game("g1-0"));
        text = text.replace("\"chessgi\"", "\"go\"");
        let e = import_record(&text).unwrap_err();
        assert!(e.to_string().contains("unknown variant `go`"), "{e}");
        assert!(e.to_string().contains("line 4"), "{e}");
        let newer = import_record(r#"{"version": 9}"#).unwrap_err();
        assert!(
            newer.to_string().contains("newer Chronochess (format 9)"),
            "{newer}"
        );
        let mut blank = game("g1-0");
        blank.name = " ".into();
        assert_eq!(
            import_record(&export_record(&blank)),
            Err(ImportError::Name(NameError::Blank))
        );
    }
}
