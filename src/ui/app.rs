//! The application shell: a header with the brand, the current screen (home
//! or a game), the app-wide dialogs (new game, import), a footer.

use leptos::prelude::*;

use super::branching::{BranchingNav, BranchingScreen};
use super::chessgi::{ChessgiImportDialog, ChessgiNav, ChessgiScreen};
use super::dialogs::{ImportDialog, NewGameDialog};
use super::game::GameScreen;
use super::nav::{game_in_url, Nav};
use super::resume::resume_any;
use super::saved_games::SavedGames;
use super::saves::Saves;
use super::start_screen::StartScreen;
use super::time_traveling::{TimeTravelingScreen, TtNav};

/// The whole app, as mounted on `<body>` by the `chronochess-app` binary.
#[component]
pub fn App() -> impl IntoView {
    let saves = Saves::open();
    let nav = Nav::new();
    provide_context(saves);
    provide_context(nav);
    let branching = BranchingNav::provide();
    let chessgi = ChessgiNav::provide(saves, nav);
    let tt = TtNav::provide(saves);
    if let Some(id) = game_in_url() {
        resume_any(saves, nav, &id);
    } else {
        super::import::open_shared_game(saves, nav);
    }
    // Opening a 5D game closes a Multiverse one.
    Effect::new(move |_| {
        if nav.active.with(Option::is_some) {
            branching.close();
        }
    });
    let in_game = move || {
        nav.active.with(Option::is_some)
            || branching.is_open()
            || chessgi.active.with(Option::is_some)
            || tt.is_open()
    };
    view! {
        <div class=move || if in_game() { "app in-game" } else { "app" }>
            <header class="site-header">
                <a class="brand" href="./" aria-label="Chronochess home" on:click=move |e| {
                    e.prevent_default();
                    chessgi.close();
                    tt.close();
                    nav.home();
                    branching.close();
                }>
                    <span class="brand-mark" aria-hidden="true"></span>
                    <span class="brand-name">"Chronochess"</span>
                </a>
                <nav class="site-nav">
                    <button type="button" class="nav-link" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                    <button type="button" class="nav-link" data-action="import" on:click=move |_| nav.import_open.set(true)>"Import"</button>
                    <Show when=in_game>
                        <button type="button" class="nav-link" data-action="games" on:click=move |_| {
                            chessgi.close();
                            tt.close();
                            branching.close();
                            nav.home();
                        }>"Games"</button>
                    </Show>
                </nav>
            </header>
            <main class="site-main">
                {move || match nav.active.get() {
                    _ if branching.is_open() => branching.active.get().map(|play| view! { <BranchingScreen play /> }).into_any(),
                    Some(game) => view! { <GameScreen game /> }.into_any(),
                    None if chessgi.active.with(Option::is_some) => view! { <ChessgiScreen /> }.into_any(),
                    None if tt.is_open() => view! { <TimeTravelingScreen /> }.into_any(),
                    None => view! {
                        <StartScreen />
                        <SavedGames />
                    }.into_any(),
                }}
            </main>
            <Show when=move || !in_game()>
                <footer class="site-footer">
                    <p>"Chronochess runs entirely in your browser, written in Rust and compiled to WebAssembly."</p>
                </footer>
            </Show>
            <Show when=move || nav.new_game_open.get()>
                <NewGameDialog />
            </Show>
            <Show when=move || nav.import_open.get()>
                <ImportDialog />
            </Show>
            <Show when=move || chessgi.import_open.get()>
                <ChessgiImportDialog />
            </Show>
        </div>
    }
}
