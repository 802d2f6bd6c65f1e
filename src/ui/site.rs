//! The site's pages. Chronochess is two static pages, each its own wasm
//! binary, so a visitor downloads only the game they play:
//!
//! - the **5D page** (the site's `index.html`, binary `chronochess-app`): the
//!   home screen with every saved game, the board catalogue, 5dpgn import and
//!   the 5D game;
//! - the **other-games page** (`games/index.html`, binary `chronochess-games`):
//!   Time Traveling Chess, Time Travel Chessgi and Multiverse Time Travel Chess.
//!
//! Both pages read the same saved games (one localStorage). A game of a kind
//! the current page does not play is opened by going to the page that does,
//! with the game's id in the URL fragment (`#game=<id>`).

use leptos::prelude::*;

use crate::storage::{GameId, GameKind};

/// Which page of the site is running (provided as context by each page's app).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The site's index: home screen and 5D Chess.
    FiveD,
    /// `games/`: the three other games.
    OtherGames,
}

/// The other-games page's folder, relative to the site's root.
pub const OTHER_GAMES_DIR: &str = "games/";

impl Page {
    /// The page that plays `kind`.
    #[must_use]
    pub fn of(kind: GameKind) -> Page {
        match kind {
            GameKind::FiveD => Page::FiveD,
            GameKind::TimeTraveling | GameKind::Chessgi | GameKind::Branching => Page::OtherGames,
        }
    }

    /// The page running now (the 5D page when no app provided one, as in
    /// component tests).
    #[must_use]
    pub fn current() -> Page {
        use_context::<Page>().unwrap_or(Page::FiveD)
    }

    /// The relative URL of page `to` as seen from this page, without fragment.
    #[must_use]
    pub fn url_to(self, to: Page) -> &'static str {
        match (self, to) {
            (Page::FiveD, Page::FiveD) | (Page::OtherGames, Page::OtherGames) => "./",
            (Page::FiveD, Page::OtherGames) => "./games/",
            (Page::OtherGames, Page::FiveD) => "../",
        }
    }

    /// The relative URL (from this page) that opens the saved game `id` of `kind`.
    #[must_use]
    pub fn game_url(self, kind: GameKind, id: &GameId) -> String {
        format!("{}#game={id}", self.url_to(Page::of(kind)))
    }
}

/// Loads `url` (relative to the current page) in this tab, as a link would.
pub fn go_to(url: &str) {
    let _ = window().location().assign(url);
}

/// One of the games on the other-games page, as the 5D page's new-game dialog
/// lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OtherGame {
    /// The game's kind in saved records.
    pub kind: GameKind,
    /// Its name in the URL fragment `#new=<slug>` and in `data-action="open-<slug>"`.
    pub slug: &'static str,
    /// Its display name.
    pub name: &'static str,
    /// One sentence on how it plays.
    pub summary: &'static str,
}

/// The other-games page's games, in the order both pages list them.
pub const OTHER_GAMES: [OtherGame; 3] = [
    OtherGame {
        kind: GameKind::TimeTraveling,
        slug: "time-traveling",
        name: "Time Traveling Chess",
        summary: "One board; instead of a move, replace one of your past moves with a more valuable piece's move.",
    },
    OtherGame {
        kind: GameKind::Chessgi,
        slug: "chessgi",
        name: "Time Travel Chessgi",
        summary: "Drop chess: captured pieces change sides; travel back with your pocket or send a piece ahead.",
    },
    OtherGame {
        kind: GameKind::Branching,
        slug: "multiverse",
        name: "Multiverse Time Travel Chess",
        summary: "Send pieces back to fork universes played side by side; most universes won wins.",
    },
];

/// The other game named by `slug` (as in `#new=<slug>`).
#[must_use]
pub fn other_game(slug: &str) -> Option<&'static OtherGame> {
    OTHER_GAMES.iter().find(|g| g.slug == slug)
}

/// The footer of both pages, hidden while a game is open (`hidden`).
#[component]
pub fn SiteFooter(
    /// True while a game is open.
    hidden: Signal<bool>,
) -> impl IntoView {
    view! {
        <Show when=move || !hidden.get()>
            <footer class="site-footer">
                <p>"Chronochess runs entirely in your browser, written in Rust and compiled to WebAssembly."</p>
            </footer>
        </Show>
    }
}
