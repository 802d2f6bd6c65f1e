//! Importing a 5dpgn text: the notation reader (errors with line and column),
//! the engine's resolver (`notation::resolve`) for the start position and
//! each written move, replayed through a [`Session`] so the game keeps the
//! canonical text of every move. Also the games that arrive in a share link
//! (`#g=1.…`, see [`crate::notation::share`]).

use leptos::prelude::{window, Set};

use crate::fived::boards;
use crate::notation::read;
use crate::notation::resolve::{resolve_move, start_position};
use crate::notation::share::{decode_fragment, is_share_fragment};
use crate::ui::game::session::{Session, OUTCOME_BUDGET};
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
            nav.start(saves, name, session);
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
    let read = read(text).map_err(|e| e.to_string())?;
    let game = &read.game;
    let start = start_position(game).map_err(|e| e.to_string())?;
    let name = game
        .tag("Board")
        .or_else(|| game.tag("Variant"))
        .unwrap_or("Standard");
    // A catalogue name only when the start really is that board (5DFEN lines
    // may set up anything under a `[Board]` tag); otherwise export the boards.
    let variant = match boards::find(name) {
        Some(v) if crate::fived::Multiverse::from_variant(v).as_ref() == Ok(&start) => {
            v.name.to_string()
        }
        _ => "Custom".to_string(),
    };
    let mut session = Session::from_position(variant, start);
    for action in &game.actions {
        if action.moves.is_empty() {
            continue;
        }
        if action.color != session.game().to_move() {
            return Err(format!(
                "{}: it is {}'s turn, not {}'s",
                action.span,
                session.game().to_move(),
                action.color
            ));
        }
        for mt in &action.moves {
            let m = resolve_move(session.game(), mt)
                .map_err(|e| format!("{}: `{}`: {e}", mt.span, mt.text))?;
            session
                .play(m)
                .map_err(|e| format!("{}: `{}`: {e}", mt.span, mt.text))?;
        }
        session
            .submit()
            .map_err(|e| format!("{}: the action cannot be submitted: {e}", action.span))?;
    }
    if session.action_count() > 0 {
        session.decide_outcome(OUTCOME_BUDGET);
    }
    Ok(session)
}
