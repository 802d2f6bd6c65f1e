//! The start screen: what Chronochess is, a call to action, and the starting
//! position of 5D Chess's Standard variant drawn from the engine's catalogue.

use leptos::prelude::*;

use super::timeline_board::TimelineBoard;
use crate::fived::boards;
use crate::ui::nav::Nav;

/// The first screen a visitor sees.
#[component]
pub fn StartScreen() -> impl IntoView {
    let nav = use_context::<Nav>();
    let variant = boards::standard();
    let promotions = variant
        .promotions
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ");
    let size = format!("{} × {}", variant.width, variant.height);
    let start_boards = variant
        .placements()
        .into_iter()
        .map(|(start, placement)| view! { <TimelineBoard start placement /> })
        .collect_view();

    view! {
        <section class="start-screen">
            <div class="start-intro">
                <h1 class="start-title">"Chronochess"</h1>
                <p class="start-tagline">
                    "Chess with time travel. Send pieces back to earlier turns, split history into new timelines, and checkmate across all of them."
                </p>
                // Why a link, an import or a board could not be opened: first thing
                // on the page, so it is seen on a phone too.
                {move || nav.and_then(|n| n.message.get()).map(|m| view! { <p class="notice error" role="alert">{m}</p> })}
                <p class="start-lede">
                    "5D Chess With Multiverse Time Travel, played in your browser: no install, no account."
                </p>
                <div class="start-actions">
                    <button type="button" class="button button-primary new-game" data-action="new-game" on:click=move |_| {
                        if let Some(nav) = nav {
                            nav.new_game_open.set(true);
                        }
                    }>
                        "New game"
                    </button>
                    <button type="button" class="button learn-link" data-action="open-lessons" on:click=move |_| {
                        if let Some(nav) = nav {
                            nav.learn(crate::ui::nav::Learn::Lessons);
                        }
                    }>
                        "Lessons"
                    </button>
                    <button type="button" class="button learn-link" data-action="open-puzzles" on:click=move |_| {
                        if let Some(nav) = nav {
                            nav.learn(crate::ui::nav::Learn::Puzzles);
                        }
                    }>
                        "Puzzles"
                    </button>
                </div>
                <dl class="variant-facts">
                    <div>
                        <dt>"Variant"</dt>
                        <dd class="variant-name">{variant.name}</dd>
                    </div>
                    <div>
                        <dt>"Board"</dt>
                        <dd>{size}</dd>
                    </div>
                    <div>
                        <dt>"Promotion"</dt>
                        <dd>{promotions}</dd>
                    </div>
                </dl>
            </div>
            <div class="start-position" aria-label="Starting position">
                {start_boards}
            </div>
        </section>
    }
}
