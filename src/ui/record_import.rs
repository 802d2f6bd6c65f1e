//! Pasting a game's exported record to open it: a text box, the reason a
//! paste is refused, Cancel and Import. The games' new-game entries put it in
//! their own frame (a dialog, a pane); what the text means is the game's.

use leptos::prelude::*;

/// The form. Its hooks: `[data-testid={game}-import-text]`,
/// `[data-testid={game}-import-error]`, `[data-action={game}-import-confirm]`.
#[component]
pub fn RecordImportForm(
    /// The game's hook prefix (`chessgi`, `branching`).
    game: &'static str,
    /// The text box's height in lines.
    rows: u32,
    /// What the empty text box shows.
    placeholder: &'static str,
    /// Reads the pasted text and opens the game, or gives the reason it cannot.
    on_import: Callback<String, Result<(), String>>,
    /// Closes the form.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let import = move |_| {
        if let Err(e) = on_import.run(text.get_untracked()) {
            error.set(Some(e));
        }
    };
    view! {
        <textarea class="pgn-input" data-testid=format!("{game}-import-text") rows=rows spellcheck="false"
            placeholder=placeholder
            prop:value=move || text.get()
            on:input=move |e| {
                text.set(event_target_value(&e));
                error.set(None);
            }></textarea>
        {move || error.get().map(|e| view! { <p class="notice error" role="alert" data-testid=format!("{game}-import-error")>{e}</p> })}
        <div class="dialog-actions">
            <button type="button" class="btn" on:click=move |_| on_cancel.run(())>"Cancel"</button>
            <button type="button" class="btn btn-primary" data-action=format!("{game}-import-confirm") on:click=import>"Import"</button>
        </div>
    }
}
