//! Help for keyboard players: the keys of the boards (the same in every
//! game) and each game's own shortcuts, in a dialog opened by a Help button
//! or `?`.

use leptos::ev;
use leptos::prelude::*;

use crate::ui::dialogs::Modal;
use wasm_bindgen::JsCast;

/// Whether a key event comes from a text field (the page's shortcuts then
/// leave it alone).
#[must_use]
pub fn typing_in_field(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Whether a key event comes from a button or a link (Enter and Space are
/// then theirs).
#[must_use]
pub fn on_control(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

/// A key (or keys) and what it does.
pub type Shortcut = (&'static str, &'static str);

/// The keys of every board (`ui::board::keyboard`).
pub const BOARD_KEYS: [Shortcut; 6] = [
    ("Tab", "to the board: the focused square has a blue ring"),
    ("← ↑ → ↓", "move over the board, as you see it"),
    ("PgDn / ]", "next board you may play on or move to"),
    ("PgUp / [", "previous board you may play on or move to"),
    ("Enter / Space", "pick up the piece, or put it down there"),
    ("Esc", "put the piece back"),
];

/// Time Traveling Chess's shortcuts.
pub const TIME_TRAVELING_KEYS: [Shortcut; 5] = [
    ("Enter", "play the change to the past (off the board)"),
    ("← / →", "look at the previous / next ply (off the board)"),
    (
        "Z / Backspace",
        "back to the present (no takeback: the past is rewritten by moves)",
    ),
    ("F", "flip the board"),
    ("?", "this help"),
];

/// Chessgi's shortcuts.
pub const CHESSGI_KEYS: [Shortcut; 4] = [
    ("Z / Backspace", "take back the last action"),
    ("Esc", "drop the piece or the piece in hand"),
    ("F", "flip the board and the pockets"),
    ("?", "this help"),
];

/// Multiverse Time Travel Chess's shortcuts.
pub const BRANCHING_KEYS: [Shortcut; 5] = [
    (
        "Enter",
        "play the staged move without travel (off the board)",
    ),
    (
        "T",
        "travel first: choose the traveller and its landing, then the move",
    ),
    ("Z / Backspace", "take back the staged move"),
    ("F", "flip the boards"),
    ("?", "this help"),
];

/// A list of shortcuts as a description list.
#[component]
pub fn KeyList(
    /// The keys.
    keys: &'static [Shortcut],
) -> impl IntoView {
    view! {
        <dl class="keys">
            {keys.iter().map(|&(k, what)| view! { <div><dt><kbd>{k}</kbd></dt><dd>{what}</dd></div> }).collect_view()}
        </dl>
    }
}

/// A Help button and its dialog (also opened and closed by `?`): the
/// board's keys and the game's `keys`.
#[component]
pub fn HelpButton(
    /// The game's own shortcuts.
    keys: &'static [Shortcut],
) -> impl IntoView {
    let open = RwSignal::new(false);
    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if e.key() == "?" && !typing_in_field(&e) {
            open.update(|o| *o = !*o);
            e.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
    view! {
        <button type="button" class="btn small" data-action="help" title="Keys and shortcuts (?)" on:click=move |_| open.set(true)>"Help"</button>
        <Show when=move || open.get()>
            <Modal title="Help" class="help-dialog" on_close=Callback::new(move |()| open.set(false))>
                <h3>"Playing by keyboard"</h3>
                <KeyList keys=&BOARD_KEYS />
                <h3>"Shortcuts"</h3>
                <KeyList keys=keys />
                <h3>"The Ask field"</h3>
                <p class="help-text" data-testid="command-help">{crate::play::command::HELP}</p>
                <h3>"The chess clock"</h3>
                <p class="help-text">{crate::ui::clock::HELP}</p>
            </Modal>
        </Show>
    }
}
