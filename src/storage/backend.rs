//! Where the bytes live: a key/value store of strings (the shape of the
//! browser's `localStorage`), and an in-memory one for host tests.

use std::collections::BTreeMap;
use std::fmt;

/// Why a backend operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackendError {
    /// The store is full: the value was not written (the previous value
    /// under that key, if any, is unchanged).
    QuotaExceeded {
        /// The key that could not be written.
        key: String,
        /// Size of the refused value, in bytes of UTF-8.
        bytes: usize,
    },
    /// The store cannot be used at all (e.g. storage disabled by the browser).
    Unavailable {
        /// What the platform said.
        detail: String,
    },
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendError::QuotaExceeded { key, bytes } => {
                write!(f, "storage is full: could not write {bytes} bytes to {key}")
            }
            BackendError::Unavailable { detail } => {
                write!(f, "storage is unavailable: {detail}")
            }
        }
    }
}

impl std::error::Error for BackendError {}

/// A string key/value store.
///
/// Contract the [`GameStore`](super::GameStore) relies on: `set` is all or
/// nothing for its key — it either stores the whole value or fails and
/// leaves the previous value as it was (`localStorage.setItem` behaves so).
pub trait Backend {
    /// The value under `key`, if any.
    ///
    /// # Errors
    /// [`BackendError::Unavailable`] if the store cannot be read.
    fn get(&self, key: &str) -> Result<Option<String>, BackendError>;

    /// Stores `value` under `key`, replacing any previous value.
    ///
    /// # Errors
    /// [`BackendError::QuotaExceeded`] if there is no room (nothing changed),
    /// [`BackendError::Unavailable`] if the store cannot be written.
    fn set(&mut self, key: &str, value: &str) -> Result<(), BackendError>;

    /// Removes `key` (no error if it is absent).
    ///
    /// # Errors
    /// [`BackendError::Unavailable`] if the store cannot be written.
    fn remove(&mut self, key: &str) -> Result<(), BackendError>;

    /// Every key in the store, in no particular order.
    ///
    /// # Errors
    /// [`BackendError::Unavailable`] if the store cannot be read.
    fn keys(&self) -> Result<Vec<String>, BackendError>;
}

/// An in-memory [`Backend`] for host tests, with an optional quota to play
/// "storage full". Usage counts the UTF-8 bytes of every key and value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryBackend {
    entries: BTreeMap<String, String>,
    quota: Option<usize>,
}

impl MemoryBackend {
    /// An empty store without a quota.
    #[must_use]
    pub fn new() -> MemoryBackend {
        MemoryBackend::default()
    }

    /// An empty store that refuses to grow beyond `bytes`.
    #[must_use]
    pub fn with_quota(bytes: usize) -> MemoryBackend {
        MemoryBackend {
            entries: BTreeMap::new(),
            quota: Some(bytes),
        }
    }

    /// Sets or lifts the quota. Existing entries stay even if they exceed it;
    /// only later growth is refused.
    pub fn set_quota(&mut self, bytes: Option<usize>) {
        self.quota = bytes;
    }

    /// The quota in bytes, if any.
    #[must_use]
    pub fn quota(&self) -> Option<usize> {
        self.quota
    }

    /// Bytes in use: UTF-8 length of all keys and values.
    #[must_use]
    pub fn used_bytes(&self) -> usize {
        self.entries.iter().map(|(k, v)| k.len() + v.len()).sum()
    }

    /// All entries, sorted by key.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Result<Option<String>, BackendError> {
        Ok(self.entries.get(key).cloned())
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), BackendError> {
        if let Some(quota) = self.quota {
            let old = self.entries.get(key).map_or(0, |v| key.len() + v.len());
            let after = self.used_bytes() - old + key.len() + value.len();
            // Shrinking is always allowed, as in browsers.
            if after > quota && after > self.used_bytes() {
                return Err(BackendError::QuotaExceeded {
                    key: key.to_string(),
                    bytes: value.len(),
                });
            }
        }
        self.entries.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&mut self, key: &str) -> Result<(), BackendError> {
        self.entries.remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, BackendError> {
        Ok(self.entries.keys().cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quota_refuses_growth_and_keeps_old_value() {
        let mut b = MemoryBackend::with_quota(10);
        b.set("k", "12345").unwrap(); // 6 bytes
        let e = b.set("k", "1234567890").unwrap_err();
        assert_eq!(
            e,
            BackendError::QuotaExceeded {
                key: "k".into(),
                bytes: 10
            }
        );
        assert_eq!(b.get("k").unwrap().as_deref(), Some("12345"));
        b.set("k", "1").unwrap();
        b.set("j", "12345").unwrap(); // 2 + 6 = 8
        assert!(b.set("i", "123").is_err());
        b.remove("j").unwrap();
        assert_eq!(b.keys().unwrap(), vec!["k".to_string()]);
        assert_eq!(b.used_bytes(), 2);
    }
}
