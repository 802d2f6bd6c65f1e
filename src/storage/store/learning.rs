//! The learning progress in the store: read when the puzzle or lesson screen
//! opens (not on [`GameStore::open`], which only recognises its key), kept
//! aside like any record when it cannot be read, never overwritten when it
//! comes from a newer Chronochess.

use super::*;
use crate::storage::Learning;

impl<B: Backend> GameStore<B> {
    /// The stored learning progress (the default when there is none).
    ///
    /// A record that cannot be read is copied under the quarantine prefix
    /// and the progress starts afresh; one from a newer Chronochess stays
    /// where it is and is never overwritten ([`GameStore::save_learning`]
    /// then refuses). Either way the issue is returned for the screen to
    /// show (and added to [`GameStore::issues`]).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] if storage cannot be read at all.
    pub fn learning(&mut self) -> Result<(Learning, Option<StoreIssue>), StoreError> {
        let Some(text) = self.backend.get(LEARNING_KEY).map_err(unavailable)? else {
            return Ok((Learning::default(), None));
        };
        match Learning::from_json(&text) {
            Ok(learning) => Ok((learning, None)),
            Err(e) => {
                let (kept, what) = if e.is_newer() {
                    self.held.insert(LEARNING_KEY.to_string());
                    (
                        LEARNING_KEY.to_string(),
                        format!(
                            "Your puzzle and lesson progress was {e}; it is kept unchanged and \
                             progress made here is not saved"
                        ),
                    )
                } else {
                    let (kept, place) = self.keep_aside_or_hold(LEARNING_KEY, &text)?;
                    (
                        kept,
                        format!(
                            "Your puzzle and lesson progress could not be read ({e}); it was \
                             kept aside {place}, and progress starts afresh"
                        ),
                    )
                };
                let issue = StoreIssue {
                    kind: IssueKind::DamagedLearning,
                    key: LEARNING_KEY.to_string(),
                    what,
                    kept_as: Some(kept),
                };
                self.issues.push(issue.clone());
                Ok((Learning::default(), Some(issue)))
            }
        }
    }

    /// Stores the learning progress.
    ///
    /// # Errors
    /// [`StoreError::Full`] / [`StoreError::Unavailable`] (the old record
    /// stays); [`StoreError::HeldAside`] when the stored record is kept
    /// unchanged (newer, or damaged with no room to copy it aside).
    pub fn save_learning(&mut self, learning: &Learning) -> Result<(), StoreError> {
        if self.held.contains(LEARNING_KEY) {
            return Err(StoreError::HeldAside {
                key: LEARNING_KEY.to_string(),
            });
        }
        self.backend
            .set(LEARNING_KEY, &learning.to_json())
            .map_err(|e| self.full_or_unavailable(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{MemoryBackend, PuzzleMark};

    fn sample() -> Learning {
        let mut l = Learning::default();
        l.puzzles.insert("m1-002".into(), PuzzleMark::Solved);
        l.streak = 1;
        l
    }

    #[test]
    fn progress_round_trips_and_is_no_unknown_key() {
        let mut store = GameStore::open(MemoryBackend::new()).unwrap();
        assert_eq!(store.learning().unwrap(), (Learning::default(), None));
        store.save_learning(&sample()).unwrap();
        let mut again = GameStore::open(store.into_backend()).unwrap();
        assert!(again.issues().is_empty(), "{:?}", again.issues());
        assert_eq!(again.learning().unwrap(), (sample(), None));
    }

    #[test]
    fn damaged_progress_is_kept_aside_and_named() {
        let mut backend = MemoryBackend::new();
        backend
            .set(LEARNING_KEY, "{\"version\":1,\"streak\":")
            .unwrap();
        let mut store = GameStore::open(backend).unwrap();
        let (learning, issue) = store.learning().unwrap();
        assert_eq!(learning, Learning::default());
        let issue = issue.unwrap();
        assert!(issue.what.contains("could not be read"), "{}", issue.what);
        assert!(
            issue.what.contains("chronochess/quarantine/v1/learning"),
            "{}",
            issue.what
        );
        let kept = issue.kept_as.unwrap();
        assert_eq!(
            store.read_kept_aside(&kept).unwrap(),
            "{\"version\":1,\"streak\":"
        );
        // The fresh progress may be saved; the damaged text stays aside.
        store.save_learning(&sample()).unwrap();
        assert!(store.read_kept_aside(&kept).is_ok());
        let reopened = GameStore::open(store.into_backend()).unwrap();
        assert!(reopened
            .issues()
            .iter()
            .any(|i| i.kind == IssueKind::KeptAside && i.key == kept));
    }

    #[test]
    fn newer_progress_is_never_overwritten() {
        let mut backend = MemoryBackend::new();
        let newer = "{\"version\":7,\"stars\":3}";
        backend.set(LEARNING_KEY, newer).unwrap();
        let mut store = GameStore::open(backend).unwrap();
        let (_, issue) = store.learning().unwrap();
        assert!(issue.unwrap().what.contains("newer"));
        assert!(matches!(
            store.save_learning(&sample()),
            Err(StoreError::HeldAside { .. })
        ));
        assert_eq!(
            store.backend().get(LEARNING_KEY).unwrap().as_deref(),
            Some(newer)
        );
    }
}
