//! Opening a saved game on the screen of its kind, on the page that plays it.

use leptos::prelude::*;

use super::nav::Nav;
use super::saves::Saves;
use super::site::{go_to, Page};
use crate::storage::{GameId, GameKind};

/// How a page opens a saved game of a kind it plays: each page's app provides
/// one as context. A plain function, so a page's binary links only the screens
/// it shows (the 5D page never contains the other games, nor they 5D).
#[derive(Debug, Clone, Copy)]
pub struct Opener(pub fn(Saves, Nav, &GameId, Option<GameKind>));

/// Opens a saved game of any kind. A kind this page does not play is opened by
/// going to its page with the id in the URL; otherwise the page's [`Opener`]
/// opens it (a record whose kind cannot be read goes to it too, and it reports
/// what is wrong).
pub fn resume_any(saves: Saves, nav: Nav, id: &GameId) {
    let kind = saves.load_other(id).map(|r| r.kind).ok();
    let here = Page::current();
    if let Some(kind) = kind {
        if Page::of(kind) != here {
            go_to(&here.game_url(kind, id));
            return;
        }
    }
    match use_context::<Opener>() {
        Some(Opener(open)) => open(saves, nav, id, kind),
        None => nav.message.set(Some(format!(
            "The saved game “{id}” cannot be opened on this page."
        ))),
    }
}
