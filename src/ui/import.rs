//! Importing a 5dpgn text ([`Session::import`], in the host-tested play
//! layer), and the games that arrive in a share link (`#g=1.…`, see
//! [`crate::notation::share`]).

use leptos::prelude::*;

use crate::notation::share::{decode_fragment, is_share_fragment};
use crate::ui::dialogs::ImportDialog;
use crate::ui::game::session::Session;
use crate::ui::nav::{set_hash, Nav};
use crate::ui::saves::Saves;

/// Opens the game of a share link if the page's URL has one (`#g=1.…`):
/// decoded, then imported like a pasted file and saved as a new game (a
/// fresh id: never over a saved one), then opened; the fragment gives way to
/// the game's own (`#game=<id>`) through `history.replaceState`. A damaged
/// link, or a game that does not import, changes nothing saved: the home
/// screen says why and the fragment is cleared. Returns true if the URL had a
/// share link. Share links carry 5D games only.
pub fn open_shared_game(saves: Saves, nav: Nav) -> bool {
    let hash = window().location().hash().unwrap_or_default();
    if !is_share_fragment(&hash) {
        return false;
    }
    let imported = decode_fragment(&hash)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            import_text(&text).map_err(|e| format!("the game in it does not import: {e}"))
        });
    match imported {
        Ok(session) => {
            let name = crate::ui::dialogs::default_name(&format!("Shared {}", session.variant));
            nav.start(saves, name, session, None);
        }
        Err(e) => {
            set_hash("");
            nav.message
                .set(Some(format!("The share link could not be opened: {e}")));
        }
    }
    true
}

/// Reads and replays a 5dpgn text into a new session.
///
/// # Errors
/// The reader's error (`line L, column C: …`), an unknown board, or the
/// first move that cannot be played, with its place in the text.
pub fn import_text(text: &str) -> Result<Session, String> {
    Session::import(text)
}

/// The 5D page's import dialog: a 5dpgn pasted or read from a file, opened
/// as a new saved game; the reader's line:column errors.
#[component]
pub fn FivedImportDialog() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let on_import = Callback::new(move |text: String| {
        let session = import_text(&text)?;
        let name = crate::ui::dialogs::default_name(&format!("Imported {}", session.variant));
        nav.start(saves, name, session, None);
        Ok(())
    });
    view! {
        <ImportDialog title="Import 5dpgn" lede="Paste a game in 5dpgn, or choose a file." game="" rows=12
            placeholder="[Board \"Standard\"]\n\n1. (0T1)e2e4 / (0T1)e7e5"
            file=Some(".5dpgn,.txt,.pgn,text/plain")
            on_import on_close=Callback::new(move |()| nav.import_open.set(false)) />
    }
}
