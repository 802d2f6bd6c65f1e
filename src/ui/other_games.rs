//! The other-games page (`games/`, binary `chronochess-games`): Time
//! Traveling Chess, Time Travel Chessgi and Multiverse Time Travel Chess.
//!
//! Its home shows the three games' new-game entries and the saved games (all
//! kinds: a 5D game opens on the 5D page). A game's "New game" opens the
//! entries in a dialog over the game; the brand and "5D Chess" lead back to
//! the site's index.

use leptos::prelude::*;

use super::branching::{BranchingNav, BranchingScreen};
use super::chessgi::{ChessgiImportDialog, ChessgiNav, ChessgiScreen};
use super::dialogs::Modal;
use super::nav::{game_in_url, set_hash, Nav};
use super::offline::UpdateNotice;
use super::resume::{resume_any, Opener};
use super::saved_games::SavedGames;
use super::saves::Saves;
use super::site::{go_to, other_game, Page, SiteFooter, OTHER_GAMES};
use super::time_traveling::{TimeTravelingScreen, TtNav};
use crate::storage::{GameId, GameKind};

/// Opens a saved game of one of this page's kinds on its screen.
fn open_saved(saves: Saves, nav: Nav, id: &GameId, kind: Option<GameKind>) {
    match kind {
        Some(GameKind::Branching) => {
            if let Some(branching) = use_context::<BranchingNav>() {
                branching.resume(saves, nav, id);
            }
        }
        Some(GameKind::Chessgi) => {
            if let Some(chessgi) = use_context::<ChessgiNav>() {
                chessgi.resume(saves, nav, id);
            }
        }
        Some(GameKind::TimeTraveling) => {
            if let Some(tt) = use_context::<TtNav>() {
                tt.resume(saves, id);
            }
        }
        Some(GameKind::FiveD) | None => nav.message.set(Some(format!(
            "The saved game “{id}” could not be read, so it cannot be opened."
        ))),
    }
}

/// Scrolls the new-game entry of the game named `slug` into view.
fn show_entry(slug: &str) {
    let id = format!("new-{slug}");
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&id) {
            el.scroll_into_view();
        }
    });
}

/// The three games' new-game entries, each under an anchor `new-<slug>`.
#[component]
fn Entries() -> impl IntoView {
    view! {
        <div class="other-entries">
            <div id="new-time-traveling"><super::time_traveling::NewGameEntry /></div>
            <div id="new-chessgi"><super::chessgi::ChessgiNewGame /></div>
            <div id="new-multiverse"><super::branching::NewGameEntry /></div>
        </div>
    }
}

/// The page's home: what the games are, their new-game entries, the saved games.
#[component]
fn Home() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let names = OTHER_GAMES.map(|g| g.name).join(", ");
    view! {
        <section class="other-home">
            <h1 class="other-home-title">"More time-travel chess"</h1>
            <p class="other-home-lede">{format!("{names}: two players, one device; every game saves itself after each move.")}</p>
            {move || nav.message.get().map(|m| view! { <p class="notice error" role="alert">{m}</p> })}
            <p class="other-home-back">
                <a href=Page::OtherGames.url_to(Page::FiveD) data-action="open-5d">"5D Chess With Multiverse Time Travel and its 44 boards →"</a>
            </p>
        </section>
        <Entries />
        <SavedGames />
    }
}

/// The other-games page, as mounted on `<body>` by the `chronochess-games` binary.
#[component]
pub fn OtherGamesApp() -> impl IntoView {
    provide_context(Page::OtherGames);
    provide_context(Opener(open_saved));
    let saves = Saves::open();
    let nav = Nav::new();
    provide_context(saves);
    provide_context(nav);
    let branching = BranchingNav::provide();
    let chessgi = ChessgiNav::provide(saves, nav);
    let tt = TtNav::provide(saves);
    let hash = window().location().hash().unwrap_or_default();
    if let Some(id) = game_in_url() {
        resume_any(saves, nav, &id);
    } else if let Some(game) = hash.strip_prefix("#new=").and_then(other_game) {
        set_hash("");
        show_entry(game.slug);
    }
    let in_game =
        move || branching.is_open() || chessgi.active.with(Option::is_some) || tt.is_open();
    let close_game = move || {
        chessgi.close();
        tt.close();
        branching.close();
        nav.home();
    };
    // One game open at a time: opening one closes the others (without touching
    // the URL, which names the one just opened).
    Effect::new(move |_| {
        if tt.is_open() {
            chessgi.active.set(None);
            branching.active.set(None);
        }
    });
    Effect::new(move |_| {
        if chessgi.active.with(Option::is_some) {
            tt.open.set(None);
            branching.active.set(None);
        }
    });
    Effect::new(move |_| {
        if branching.is_open() {
            tt.open.set(None);
            chessgi.active.set(None);
        }
    });
    // The 5D import lives on the 5D page.
    Effect::new(move |_| {
        if nav.import_open.get() {
            nav.import_open.set(false);
            go_to(&format!("{}#import", Page::OtherGames.url_to(Page::FiveD)));
        }
    });
    // "New game" with no game open: the entries are on the home screen.
    Effect::new(move |_| {
        if nav.new_game_open.get() && !in_game() {
            nav.new_game_open.set(false);
            show_entry(OTHER_GAMES[0].slug);
        }
    });
    view! {
        <div class=move || if in_game() { "app in-game" } else { "app" }>
            <header class="site-header">
                <a class="brand" href=Page::OtherGames.url_to(Page::FiveD) aria-label="Chronochess home">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <span class="brand-name">"Chronochess"</span>
                </a>
                <nav class="site-nav">
                    <a class="nav-link" href=Page::OtherGames.url_to(Page::FiveD) data-action="open-5d">"5D Chess"</a>
                    <button type="button" class="nav-link" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                    <Show when=in_game>
                        <button type="button" class="nav-link" data-action="games" on:click=move |_| close_game()>"Games"</button>
                    </Show>
                </nav>
            </header>
            <UpdateNotice />
            <main class="site-main">
                {move || {
                    if branching.is_open() {
                        branching.active.get().map(|play| view! { <BranchingScreen play /> }).into_any()
                    } else if chessgi.active.with(Option::is_some) {
                        view! { <ChessgiScreen /> }.into_any()
                    } else if tt.is_open() {
                        view! { <TimeTravelingScreen /> }.into_any()
                    } else {
                        view! { <Home /> }.into_any()
                    }
                }}
            </main>
            <SiteFooter hidden=Signal::derive(in_game) />
            <Show when=move || nav.new_game_open.get() && in_game()>
                <Modal title="New game" class="new-game-dialog" on_close=Callback::new(move |()| nav.new_game_open.set(false))>
                    <Entries />
                </Modal>
            </Show>
            <Show when=move || chessgi.import_open.get()>
                <ChessgiImportDialog />
            </Show>
        </div>
    }
}
