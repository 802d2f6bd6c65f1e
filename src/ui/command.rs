//! The command field at the foot of every game screen (lichess' blind mode
//! is the model): type `c`, `l`, `p N`, `s e`… and the answer is shown and
//! read out in a polite live region. The answers are
//! [`crate::play::command`]'s; this only draws the field.

use leptos::prelude::*;

/// A labelled text field; Enter asks `answer` and shows (and announces) the
/// reply. Typing in it never triggers a game shortcut (the screens skip keys
/// typed into fields).
#[component]
pub fn CommandField(
    /// The reply to a command.
    answer: Callback<String, String>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let reply = RwSignal::new(String::new());
    let ask = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        reply.set(answer.run(text.get_untracked()));
        text.set(String::new());
    };
    view! {
        <form class="panel command-field" data-testid="command-field" on:submit=ask>
            <label class="command-label" for="command-input">"Ask"</label>
            <input id="command-input" class="command-input" type="text" autocomplete="off" spellcheck="false"
                placeholder="h for help" data-testid="command-input"
                aria-describedby="command-reply"
                prop:value=move || text.get() on:input=move |e| text.set(event_target_value(&e)) />
            <p id="command-reply" class="command-reply" role="status" aria-live="polite" data-testid="command-reply">{move || reply.get()}</p>
        </form>
    }
}
