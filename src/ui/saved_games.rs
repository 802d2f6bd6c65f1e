//! The saved-games list on the home screen: name, board, date, whose turn,
//! result; resume, rename, delete (with undo); data kept aside is reported.

use leptos::prelude::*;

use crate::storage::{GameSummary, ListEntry};
use crate::ui::nav::Nav;
use crate::ui::saves::{result_words, Saves};

fn date_words(ms: u64) -> String {
    let date = web_sys::js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let text: String = date
        .to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED)
        .into();
    text.rsplit_once(':')
        .map_or(text.clone(), |(a, _)| a.to_string())
}

fn game_row(g: GameSummary, nav: Nav, saves: Saves) -> impl IntoView {
    let editing = RwSignal::new(false);
    let draft = RwSignal::new(g.name.clone());
    let error = RwSignal::new(None::<String>);
    let id = g.id.clone();
    let id_resume = g.id.clone();
    let id_delete = g.id.clone();
    let name = g.name.clone();
    let turn = if g.result.is_over() {
        "—".to_string()
    } else {
        format!("{} to move", g.to_move)
    };
    let commit = move || match saves.rename(&id, &draft.get_untracked()) {
        Ok(()) => {
            editing.set(false);
            error.set(None);
        }
        Err(e) => error.set(Some(e)),
    };
    let commit_key = commit.clone();
    view! {
        <li class="saved-game" data-game=g.id.to_string()>
            <div class="saved-main">
                <Show when=move || editing.get() fallback={
                    let name = name.clone();
                    move || view! { <span class="saved-name">{name.clone()}</span> }
                }>
                    <input class="rename-input" aria-label="New name" prop:value=move || draft.get()
                        on:input=move |e| draft.set(event_target_value(&e))
                        on:keydown={
                            let commit_key = commit_key.clone();
                            move |e: leptos::ev::KeyboardEvent| {
                                if e.key() == "Enter" { commit_key(); }
                                if e.key() == "Escape" { editing.set(false); }
                            }
                        } />
                </Show>
                <span class="saved-meta">
                    <span class="saved-board">{g.variant.clone()}</span>
                    {g.opponent.clone().map(|o| view! { <span class="saved-opponent" data-testid="saved-opponent">{format!("vs {o}")}</span> })}
                    <span class="saved-date">{date_words(g.updated_ms)}</span>
                    <span class="saved-turn">{turn}</span>
                    <span class=if g.result.is_over() { "saved-result over" } else { "saved-result" }>{result_words(&g.result)}</span>
                </span>
                {move || error.get().map(|e| view! { <span class="notice error">{e}</span> })}
            </div>
            <div class="saved-actions">
                <button type="button" class="btn small btn-primary" data-action="resume" on:click=move |_| crate::ui::resume::resume_any(saves, nav, &id_resume)>"Resume"</button>
                <Show when=move || editing.get() fallback=move || view! {
                    <button type="button" class="btn small" data-action="rename" on:click=move |_| editing.set(true)>"Rename"</button>
                }>
                    <button type="button" class="btn small" data-action="rename-save" on:click={
                        let commit = commit.clone();
                        move |_| commit()
                    }>"Save"</button>
                </Show>
                <button type="button" class="btn small danger" data-action="delete" on:click={
                    let name = g.name.clone();
                    move |_| saves.delete(&id_delete, &name)
                }>"Delete"</button>
            </div>
        </li>
    }
}

/// The list of saved games.
#[component]
pub fn SavedGames() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let games = move || {
        saves
            .list
            .get()
            .into_iter()
            .filter_map(|e| match e {
                ListEntry::Game(g) => Some(g),
                ListEntry::Damaged(_) => None,
            })
            .collect::<Vec<_>>()
    };
    let issues = move || {
        let list = saves.issues.get();
        (!list.is_empty()).then(|| {
            view! {
                <div class="storage-issues" role="alert" data-testid="storage-issues">
                    <p class="issues-title">"Some saved data could not be read. It was kept aside, not deleted:"</p>
                    <ul>
                        {list.into_iter().map(|i| view! { <li>{i.what}</li> }).collect_view()}
                    </ul>
                </div>
            }
        })
    };
    let undo_bar = move || {
        saves.last_deleted.get().map(|name| {
            view! {
                <div class="undo-bar" role="status">
                    <span>{format!("Deleted “{name}”.")}</span>
                    <button type="button" class="btn small" data-action="undo-delete" on:click=move |_| saves.undo_delete()>"Undo"</button>
                </div>
            }
        })
    };
    view! {
        <section class="saved-games panel" aria-label="Saved games">
            <header class="saved-head">
                <h2>"Your games"</h2>
                <div class="saved-head-actions">
                    <button type="button" class="btn small" data-action="import" on:click=move |_| nav.import_open.set(true)>"Import 5dpgn"</button>
                    <button type="button" class="btn small btn-primary" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                </div>
            </header>
            {issues}
            {move || saves.message.get().map(|m| view! { <p class="notice warn">{m}</p> })}
            {undo_bar}
            <Show when=move || !games().is_empty() fallback=|| view! { <p class="saved-empty">"No saved games yet. Start one: games save themselves after every move."</p> }>
                <ul class="saved-list">
                    <For each=games key=|g| (g.id.to_string(), g.updated_ms, g.name.clone()) children=move |g| game_row(g, nav, saves) />
                </ul>
            </Show>
        </section>
    }
}
