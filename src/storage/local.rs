//! The browser's `localStorage` as a [`Backend`] (wasm32 only).

use super::backend::{Backend, BackendError};

/// `window.localStorage`. Values are stored as given (no extra JSON
/// encoding), so they can be read back by any tool.
#[derive(Debug, Clone)]
pub struct LocalStorageBackend {
    storage: web_sys::Storage,
}

impl LocalStorageBackend {
    /// The page's `localStorage`.
    ///
    /// # Errors
    /// [`BackendError::Unavailable`] when there is no window or the browser
    /// refuses storage (private modes, disabled cookies, sandboxed frames).
    pub fn open() -> Result<LocalStorageBackend, BackendError> {
        let window = web_sys::window().ok_or_else(|| BackendError::Unavailable {
            detail: "no window (not running in a page)".to_string(),
        })?;
        match window.local_storage() {
            Ok(Some(storage)) => Ok(LocalStorageBackend { storage }),
            Ok(None) => Err(BackendError::Unavailable {
                detail: "this browser has no localStorage".to_string(),
            }),
            Err(e) => Err(BackendError::Unavailable {
                detail: format!("the browser refused localStorage: {e:?}"),
            }),
        }
    }
}

impl Backend for LocalStorageBackend {
    fn get(&self, key: &str) -> Result<Option<String>, BackendError> {
        self.storage
            .get_item(key)
            .map_err(|e| BackendError::Unavailable {
                detail: format!("{e:?}"),
            })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), BackendError> {
        // The HTML standard has `setItem` throw only a "QuotaExceededError"
        // DOMException, leaving the old value unchanged
        // (html.spec.whatwg.org, "The Storage interface", setItem step 4),
        // so any failure here means "full".
        self.storage
            .set_item(key, value)
            .map_err(|_| BackendError::QuotaExceeded {
                key: key.to_string(),
                bytes: value.len(),
            })
    }

    fn remove(&mut self, key: &str) -> Result<(), BackendError> {
        self.storage
            .remove_item(key)
            .map_err(|e| BackendError::Unavailable {
                detail: format!("{e:?}"),
            })
    }

    fn keys(&self) -> Result<Vec<String>, BackendError> {
        let unavailable = |e: wasm_bindgen::JsValue| BackendError::Unavailable {
            detail: format!("{e:?}"),
        };
        let len = self.storage.length().map_err(unavailable)?;
        let mut keys = Vec::with_capacity(len as usize);
        for i in 0..len {
            if let Some(key) = self.storage.key(i).map_err(unavailable)? {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}
