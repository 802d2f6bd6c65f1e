//! The new-game entry for Time Traveling Chess, shown in the app's new-game
//! dialog: start from the standard position or a FEN, or import a record.

use leptos::prelude::*;

use super::TtNav;
use crate::games::time_traveling::TimeTravelingChess;
use crate::play::clock::Clock;
use crate::ui::board::Board;
use crate::ui::clock::ClockChoice;
use crate::ui::computer::ComputerChoice;
use crate::ui::dialogs::RecordImportForm;
use crate::ui::saves::Saves;

use crate::play::{placement_of, SceneBoard};

/// Which option of the entry is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pane {
    Closed,
    Fen,
    Import,
}

/// The Time Traveling Chess card of the new-game dialog, with its options.
#[component]
pub fn NewGameEntry() -> impl IntoView {
    let Some(tt) = use_context::<TtNav>() else {
        return ().into_any();
    };
    let saves = expect_context::<Saves>();
    let pane = RwSignal::new(Pane::Closed);
    let fen = RwSignal::new(crate::chess::STARTING_FEN.to_string());
    let error = RwSignal::new(None::<String>);
    let preview = placement_of(TimeTravelingChess::standard().end_position());
    let control = RwSignal::new(None);
    let clock = move || control.get_untracked().map(|c| Clock::new(c, 1));
    let computer = RwSignal::new(None);
    let start_standard = move |_| {
        tt.start(
            saves,
            super::default_name("Time Traveling"),
            "Time Traveling Chess".to_string(),
            TimeTravelingChess::standard(),
            clock(),
            computer.get_untracked(),
        );
    };
    let start_fen = move |_| match TimeTravelingChess::from_fen(fen.get_untracked().trim()) {
        Ok(game) => tt.start(
            saves,
            super::default_name("Time Traveling (FEN)"),
            "Time Traveling Chess · custom position".to_string(),
            game,
            clock(),
            computer.get_untracked(),
        ),
        Err(e) => error.set(Some(e.to_string())),
    };
    let on_import = Callback::new(move |text: String| {
        if text.trim().is_empty() {
            return Err("Paste a Time Traveling Chess record (JSON) first.".to_string());
        }
        let game = TimeTravelingChess::from_json(&text)
            .map_err(|e| format!("This record cannot be imported: {e}"))?;
        tt.start(
            saves,
            super::default_name("Imported Time Traveling"),
            "Time Traveling Chess · imported".to_string(),
            game,
            clock(),
            computer.get_untracked(),
        );
        Ok(())
    });
    let toggle = move |p: Pane| {
        error.set(None);
        pane.update(|cur| *cur = if *cur == p { Pane::Closed } else { p });
    };
    view! {
        <section class="tt-entry" data-game="time-traveling" aria-label="Time Traveling Chess">
            <div class="tt-entry-preview">
                <Board board=SceneBoard::from(preview) coordinates=false />
            </div>
            <div class="tt-entry-body">
                <h3 class="tt-entry-title">"Time Traveling Chess"</h3>
                <p class="tt-entry-text">
                    "Ordinary chess on one board, except that on your turn you may instead replace one of your earlier moves with a move of a more valuable piece (P < N/B < R < Q < K). The history is replayed: moves that no longer fit become blanks their owner may fill later."
                </p>
                <ClockChoice choice=control />
                <ComputerChoice choice=computer game="tt" />
                <div class="tt-entry-actions">
                    <button type="button" class="btn btn-primary" data-action="new-time-traveling" on:click=start_standard>"Play (standard start)"</button>
                    <button type="button" class="btn" data-action="tt-fen-open" on:click=move |_| toggle(Pane::Fen)>"From a FEN…"</button>
                    <button type="button" class="btn" data-action="tt-import-open" on:click=move |_| toggle(Pane::Import)>"Import record…"</button>
                </div>
                <Show when=move || pane.get() == Pane::Fen>
                    <div class="tt-entry-pane">
                        <label class="tt-label" for="tt-fen">"Start position (FEN)"</label>
                        <input id="tt-fen" class="tt-input" data-testid="tt-fen" spellcheck="false" prop:value=move || fen.get()
                            on:input=move |e| { fen.set(event_target_value(&e)); error.set(None); } />
                        <button type="button" class="btn btn-primary" data-action="tt-start-fen" on:click=start_fen>"Start"</button>
                    </div>
                </Show>
                <Show when=move || pane.get() == Pane::Import>
                    <div class="tt-entry-pane">
                        <p class="tt-label">"Record (the JSON an export gives)"</p>
                        <RecordImportForm game="tt" rows=7
                            placeholder="{ \"format\": \"chronochess/time-traveling\", \"version\": 1, … }"
                            on_import on_cancel=Callback::new(move |()| toggle(Pane::Import)) />
                    </div>
                </Show>
                {move || error.get().map(|e| view! { <p class="notice error" role="alert" data-testid="tt-error">{e}</p> })}
            </div>
        </section>
    }
    .into_any()
}
