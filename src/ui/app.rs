//! The 5D page's application shell (the site's index): a header with the
//! brand, the home screen or the 5D game, the new-game and import dialogs, a
//! footer. The other games live on their own page ([`super::other_games`]).

use leptos::prelude::*;

use super::dialogs::NewGameDialog;
use super::game::GameScreen;
use super::import::FivedImportDialog;
use super::learn::{LessonScreen, PuzzleScreen};
use super::nav::{game_in_url, Learn, Nav};
use super::offline::UpdateNotice;
use super::resume::{resume_any, Opener};
use super::saved_games::SavedGames;
use super::saves::Saves;
use super::site::{go_to, Page, SiteFooter};
use super::start_screen::StartScreen;

/// URL fragments older versions of the app gave the other games; they are
/// served by the other-games page now.
const MOVED_FRAGMENTS: [&str; 2] = ["#chessgi=", "#tt="];

/// The 5D page, as mounted on `<body>` by the `chronochess-app` binary.
#[component]
pub fn App() -> impl IntoView {
    provide_context(Page::FiveD);
    provide_context(Opener(|saves, nav, id, _| nav.resume(saves, id)));
    let saves = Saves::open();
    let nav = Nav::new();
    provide_context(saves);
    provide_context(nav);
    let hash = window().location().hash().unwrap_or_default();
    if MOVED_FRAGMENTS.iter().any(|p| hash.starts_with(p)) {
        go_to(&format!("{}{hash}", Page::FiveD.url_to(Page::OtherGames)));
    } else if let Some(id) = game_in_url() {
        resume_any(saves, nav, &id);
    } else if let Some(screen) = Learn::from_hash(&hash) {
        // Keeps the fragment: the puzzle screen reads the puzzle's name there.
        nav.learn.set(Some(screen));
    } else if hash == "#new-game" || hash == "#import" {
        super::nav::set_hash("");
        let dialog = if hash == "#import" {
            nav.import_open
        } else {
            nav.new_game_open
        };
        dialog.set(true);
    } else {
        super::import::open_shared_game(saves, nav);
    }
    let in_game = move || nav.active.with(Option::is_some) || nav.learn.with(Option::is_some);
    view! {
        <div class=move || if in_game() { "app in-game" } else { "app" }>
            <header class="site-header">
                <a class="brand" href="./" aria-label="Chronochess home" on:click=move |e| {
                    e.prevent_default();
                    nav.home();
                }>
                    <span class="brand-mark" aria-hidden="true"></span>
                    <span class="brand-name">"Chronochess"</span>
                </a>
                <nav class="site-nav">
                    <button type="button" class="nav-link" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                    <button type="button" class="nav-link" data-action="import" on:click=move |_| nav.import_open.set(true)>"Import"</button>
                    <button type="button" class="nav-link" data-action="puzzles" on:click=move |_| nav.learn(Learn::Puzzles)>"Puzzles"</button>
                    <button type="button" class="nav-link" data-action="lessons" on:click=move |_| nav.learn(Learn::Lessons)>"Lessons"</button>
                    <Show when=in_game>
                        <button type="button" class="nav-link" data-action="games" on:click=move |_| nav.home()>"Games"</button>
                    </Show>
                </nav>
            </header>
            <UpdateNotice />
            <main class="site-main">
                {move || match (nav.active.get(), nav.learn.get()) {
                    (Some(game), _) => view! { <GameScreen game /> }.into_any(),
                    (None, Some(Learn::Puzzles)) => view! { <PuzzleScreen /> }.into_any(),
                    (None, Some(Learn::Lessons)) => view! { <LessonScreen /> }.into_any(),
                    (None, None) => view! {
                        <StartScreen />
                        <SavedGames />
                    }.into_any(),
                }}
            </main>
            <SiteFooter hidden=Signal::derive(in_game) />
            <Show when=move || nav.new_game_open.get()>
                <NewGameDialog />
            </Show>
            <Show when=move || nav.import_open.get()>
                <FivedImportDialog />
            </Show>
        </div>
    }
}
