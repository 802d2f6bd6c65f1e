//! Files of the site fetched when a screen needs them (the puzzle files), by an address relative
//! to the page, so the site works at its root and under a sub-path alike. Offline, the service
//! worker answers from its precache (every file of the build).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Response;

/// Fetches the site's file at `path` (relative to the page) as text.
///
/// # Errors
/// Why there is no text, in words for the player: no connection (and no offline copy), the
/// server's status (a missing file), or a download cut short.
pub async fn text(path: &str) -> Result<String, String> {
    let response = JsFuture::from(leptos::prelude::window().fetch_with_str(path))
        .await
        .map_err(|_| "no connection, and no copy kept for offline play".to_string())?;
    let response: Response = response
        .dyn_into()
        .map_err(|_| "the browser gave no response".to_string())?;
    if !response.ok() {
        return Err(format!("the site answered {}", response.status()));
    }
    let body = response
        .text()
        .map_err(|_| "the file could not be read".to_string())?;
    JsFuture::from(body)
        .await
        .ok()
        .and_then(|v| v.as_string())
        .ok_or_else(|| "the download was cut short".to_string())
}
