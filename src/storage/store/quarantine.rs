//! What the store does with data it cannot read (the module doc of [`super`]): a
//! damaged or newer record found on open is reported and moved under the
//! quarantine prefix, never deleted; entries kept aside can be read back or
//! discarded by the player.

use super::*;

impl<B: Backend> GameStore<B> {
    /// Reads one game record found on open.
    pub(super) fn scan_game(
        &mut self,
        key: &str,
        id_text: &str,
        name: Option<&str>,
    ) -> Result<(), StoreError> {
        let Some(text) = self.backend.get(key).map_err(unavailable)? else {
            return Ok(()); // vanished meanwhile
        };
        let problem = match (GameId::parse(id_text), SaveRecord::from_json(&text)) {
            (Ok(id), Ok(record)) if record.id == id => {
                self.games.insert(
                    id,
                    Slot {
                        summary: record.summary(),
                        deleted: None,
                    },
                );
                return Ok(());
            }
            (Err(e), _) => format!("its key is not a valid game id ({e})"),
            (Ok(_), Ok(record)) => format!(
                "it says it is game {} but is stored as {id_text}",
                record.id
            ),
            (Ok(_), Err(e)) => return self.report_unreadable_game(key, &text, name, &e),
        };
        let issue = self.set_aside_damaged(key, &text, name, &problem)?;
        self.issues.push(issue);
        Ok(())
    }

    pub(super) fn report_unreadable_game(
        &mut self,
        key: &str,
        text: &str,
        name: Option<&str>,
        e: &DecodeError,
    ) -> Result<(), StoreError> {
        let issue = if e.is_newer() {
            self.held.insert(key.to_string());
            StoreIssue {
                kind: IssueKind::NewerGame,
                key: key.to_string(),
                what: format!(
                    "{} was {e}; kept unchanged",
                    describe_game(key.trim_start_matches(GAME_KEY_PREFIX), name)
                ),
                kept_as: Some(key.to_string()),
            }
        } else {
            self.set_aside_damaged(key, text, name, &e.to_string())?
        };
        self.issues.push(issue);
        Ok(())
    }

    /// Moves a damaged game record aside and says so.
    pub(super) fn set_aside_damaged(
        &mut self,
        key: &str,
        text: &str,
        name: Option<&str>,
        problem: &str,
    ) -> Result<StoreIssue, StoreError> {
        let (kept, place) = self.keep_aside_or_hold(key, text)?;
        Ok(StoreIssue {
            kind: IssueKind::DamagedGame,
            key: key.to_string(),
            what: format!(
                "{} could not be read: {problem}; kept aside {place}",
                describe_game(key.trim_start_matches(GAME_KEY_PREFIX), name)
            ),
            kept_as: Some(kept),
        })
    }

    /// Copies `text` from `key` to a fresh quarantine key, then removes
    /// `key`. If there is no room for the copy, `key` is left in place and
    /// held (never written). Returns where the data is and the phrase
    /// "as …" / "where it is …" for messages.
    pub(super) fn keep_aside_or_hold(
        &mut self,
        key: &str,
        text: &str,
    ) -> Result<(String, String), StoreError> {
        let base = format!(
            "{QUARANTINE_PREFIX}{}",
            key.strip_prefix(KEY_ROOT).unwrap_or(key)
        );
        let mut target = base.clone();
        let mut n = 2u32;
        while self.backend.get(&target).map_err(unavailable)?.is_some() {
            target = format!("{base}~{n}");
            n += 1;
        }
        match self.backend.set(&target, text) {
            Ok(()) => {
                if self.backend.remove(key).is_err() {
                    // The copy is safe; the original stays too.
                    self.held.insert(key.to_string());
                }
                Ok((target.clone(), format!("as {target}")))
            }
            Err(BackendError::QuotaExceeded { .. }) => {
                self.held.insert(key.to_string());
                Ok((
                    key.to_string(),
                    format!("where it is, under {key} (no room to copy it aside)"),
                ))
            }
            Err(e) => Err(unavailable(e)),
        }
    }

    /// Reports an entry kept aside by an earlier session, saying why it
    /// could not be read.
    pub(super) fn note_kept_aside(&mut self, key: &str) -> Result<(), StoreError> {
        let Some(text) = self.backend.get(key).map_err(unavailable)? else {
            return Ok(());
        };
        let original = format!("{KEY_ROOT}{}", key.trim_start_matches(QUARANTINE_PREFIX));
        let why = if original.starts_with(GAME_KEY_PREFIX) {
            match SaveRecord::from_json(&text) {
                Ok(_) => "it reads correctly now and can be recovered".to_string(),
                Err(e) => format!("it could not be read: {e}"),
            }
        } else {
            "it could not be read".to_string()
        };
        self.issues.push(StoreIssue {
            kind: IssueKind::KeptAside,
            key: key.to_string(),
            what: format!(
                "an entry from {original} was kept aside as {key} ({} bytes); {why}",
                text.len()
            ),
            kept_as: Some(key.to_string()),
        });
        Ok(())
    }

    /// The raw text of an entry kept aside (to show or download it).
    ///
    /// # Errors
    /// [`StoreError::NotKeptAside`] if `key` is not under the quarantine
    /// prefix or holds nothing; [`StoreError::Unavailable`].
    pub fn read_kept_aside(&self, key: &str) -> Result<String, StoreError> {
        if !key.starts_with(QUARANTINE_PREFIX) {
            return Err(StoreError::NotKeptAside {
                key: key.to_string(),
            });
        }
        self.backend
            .get(key)
            .map_err(unavailable)?
            .ok_or_else(|| StoreError::NotKeptAside {
                key: key.to_string(),
            })
    }

    /// Deletes an entry kept aside — only ever on the players' explicit
    /// request — and drops the issues about it.
    ///
    /// # Errors
    /// As [`GameStore::read_kept_aside`].
    pub fn discard_kept_aside(&mut self, key: &str) -> Result<(), StoreError> {
        self.read_kept_aside(key)?;
        self.backend.remove(key).map_err(unavailable)?;
        self.issues.retain(|i| i.kept_as.as_deref() != Some(key));
        Ok(())
    }
}
