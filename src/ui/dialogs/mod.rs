//! Dialogs, the same for all four games: the modal frame, a confirmation,
//! the promotion chooser, game over, export and import ([`transfer`]); and
//! the 5D page's new game ([`new_game`]) and help.

pub mod new_game;
pub mod transfer;

pub use new_game::{default_name, group_name, NewGameDialog};
pub use transfer::{share_link, Download, ExportDialog, ImportDialog, RecordImportForm};

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chess::Color;

/// A modal dialog: a backdrop, a titled box, a close button; Escape or a
/// click on the backdrop closes it.
#[component]
pub fn Modal(
    /// The dialog's title.
    #[prop(into)]
    title: String,
    /// Called to close it.
    on_close: Callback<()>,
    /// Extra class for the box.
    #[prop(optional, into)]
    class: String,
    /// The content.
    children: Children,
) -> impl IntoView {
    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if e.key() == "Escape" {
            on_close.run(());
        }
    });
    // The focus moves into the dialog, stays there (Tab and Shift+Tab wrap
    // around), and goes back where it was when the dialog closes.
    let boxed = NodeRef::<html::Div>::new();
    let opener = document()
        .active_element()
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    RETURN_FOCUS.with(|r| r.borrow_mut().push(opener));
    Effect::new(move |_| {
        if let Some(el) = boxed.get() {
            if let Some(first) = focusables(&el).into_iter().next() {
                let _ = first.focus();
            }
        }
    });
    let trap = move |e: ev::KeyboardEvent| {
        if e.key() != "Tab" {
            return;
        }
        let Some(el) = boxed.get_untracked() else {
            return;
        };
        let all = focusables(&el);
        let (Some(first), Some(last)) = (all.first(), all.last()) else {
            return;
        };
        let active = document().active_element();
        let at = |x: &web_sys::HtmlElement| active.as_ref() == Some(x.unchecked_ref());
        let inside = active.as_ref().is_some_and(|a| el.contains(Some(a)));
        if e.shift_key() && (at(first) || !inside) {
            e.prevent_default();
            let _ = last.focus();
        } else if !e.shift_key() && (at(last) || !inside) {
            e.prevent_default();
            let _ = first.focus();
        }
    };
    on_cleanup(move || {
        handle.remove();
        let opener = RETURN_FOCUS.with(|r| r.borrow_mut().pop()).flatten();
        if let Some(el) = opener.filter(|el| el.is_connected()) {
            let _ = el.focus();
        }
    });
    let aria = title.clone();
    view! {
        <div class="modal-backdrop" on:pointerdown=move |e: ev::PointerEvent| {
            if e.target() == e.current_target() {
                on_close.run(());
            }
        }>
            <div class=format!("modal {class}") role="dialog" aria-modal="true" aria-label=aria
                node_ref=boxed on:keydown=trap>
                <header class="modal-head">
                    <h2>{title}</h2>
                    <button type="button" class="modal-close" aria-label="Close" on:click=move |_| on_close.run(())>"×"</button>
                </header>
                // Focusable, so a body longer than the screen (Help) scrolls by keyboard too.
                <div class="modal-body" tabindex="0">{children()}</div>
            </div>
        </div>
    }
}

thread_local! {
    /// Where the focus was when each open dialog opened (innermost last).
    static RETURN_FOCUS: std::cell::RefCell<Vec<Option<web_sys::HtmlElement>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The elements of `root` that take the focus by Tab, in document order.
fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let selector =
        "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), \
                    textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|el| el.offset_parent().is_some())
        .collect()
}

/// A question before an action that cannot be undone: a sentence, Cancel and
/// the action's button (`data-action` given), which closes and acts.
#[component]
pub fn ConfirmDialog(
    /// The dialog's title (the question).
    #[prop(into)]
    title: String,
    /// What the action does, in a sentence.
    #[prop(into)]
    text: Signal<String>,
    /// The action button's words.
    confirm: &'static str,
    /// The action button's `data-action`.
    action: &'static str,
    /// The action.
    on_confirm: Callback<()>,
    /// Called to close without acting.
    on_close: Callback<()>,
) -> impl IntoView {
    view! {
        <Modal title on_close>
            <p>{move || text.get()}</p>
            <div class="dialog-actions">
                <button type="button" class="btn" on:click=move |_| on_close.run(())>"Cancel"</button>
                <button type="button" class="btn btn-primary" data-action=action on:click=move |_| {
                    on_close.run(());
                    on_confirm.run(());
                }>{confirm}</button>
            </div>
        </Modal>
    }
}

/// Shortcuts and a short summary of the rules.
#[component]
pub fn HelpDialog(
    /// Close.
    on_close: Callback<()>,
) -> impl IntoView {
    let keys = [
        ("Z / Backspace", "undo the last staged move"),
        ("S / Enter (off the board)", "submit the action"),
        ("T", "take back the last submitted action"),
        ("← / →", "review the previous / next action (off the board)"),
        ("F", "flip the view"),
        ("A", "fit all boards"),
        ("P", "go to the present"),
        ("+ / −", "zoom"),
        ("?", "this help"),
        ("Esc", "drop the selection"),
    ];
    view! {
        <Modal title="Help" class="help-dialog" on_close=on_close>
            <h3>"Playing by keyboard"</h3>
            <crate::ui::help::KeyList keys=&crate::ui::help::BOARD_KEYS />
            <p class="help-text">"Past boards holding a legal move of the piece you picked up are reached with PgDn / PgUp too: that is how a piece travels in time by keyboard."</p>
            <h3>"Shortcuts"</h3>
            <dl class="keys">
                {keys.into_iter().map(|(k, what)| view! { <div><dt><kbd>{k}</kbd></dt><dd>{what}</dd></div> }).collect_view()}
            </dl>
            <h3>"How 5D chess plays"</h3>
            <ul class="rules">
                <li>"Each row is a timeline, each column a half-turn. Boards you may move on are outlined: solid = you must play there, dashed = you may."</li>
                <li>"Pieces move as in chess, and also through time (left/right) and across timelines (up/down), one board per square of their move."</li>
                <li>"Moving to a past board creates a new timeline; the present (the vertical line) is the earliest end of the active timelines."</li>
                <li>"An action is all your moves of one turn: stage them, then Submit once the present has passed to your opponent and no royal piece can be captured."</li>
                <li>"Checkmate: the side to move has no legal action and is in check. Drag the plane to pan; wheel or pinch to zoom."</li>
            </ul>
            <h3>"Playing the computer"</h3>
            <p class="help-text">"Chronochess thinks in the background (the page stays responsive) and shows how deep it got; “Move now” makes it play the best action it has found so far. “Take back” takes back your last action and its reply. Its levels and how long each may think:"</p>
            <dl class="keys levels-help">
                {crate::play::fived::computer::levels().into_iter().map(|l| view! {
                    <div>
                        <dt>{format!("{} · {}", crate::play::fived::computer::level_number(l), crate::play::fived::computer::level_name(l))}</dt>
                        <dd>{crate::play::fived::computer::level_blurb(l)}</dd>
                    </div>
                }).collect_view()}
            </dl>
            <h3>"The chess clock"</h3>
            <p class="help-text" data-testid="clock-help">{crate::ui::clock::HELP}</p>
            <h3>"The Ask field"</h3>
            <p class="help-text" data-testid="command-help">{crate::play::command::HELP}</p>
        </Modal>
    }
}

/// The promotion chooser: one button per piece `color`'s pawn may become.
#[component]
pub fn PromotionChooser(
    /// The side promoting.
    color: Color,
    /// The pieces on offer, in order.
    kinds: Vec<crate::chess::PieceKind>,
    /// Called with the chosen piece.
    on_choose: Callback<crate::chess::PieceKind>,
    /// Called to close it without a choice.
    on_close: Callback<()>,
) -> impl IntoView {
    let buttons = kinds
        .into_iter()
        .map(|kind| {
            let piece = crate::chess::Piece::new(color, kind);
            let cls = format!(
                "piece {} {}",
                crate::ui::board::color_class(color),
                crate::ui::board::kind_class(piece)
            );
            view! {
                <button type="button" class="promo-choice" data-promote=kind.letter().to_string() title=kind.name() on:click=move |_| on_choose.run(kind)>
                    <span class=cls></span>
                </button>
            }
        })
        .collect_view();
    view! {
        <Modal title="Promote to" on_close=on_close>
            <div class="promo-choices">{buttons}</div>
        </Modal>
    }
}

/// The end of a game, said once when it happens: who won and how, with
/// "show the position" and "new game". A game opened already finished shows
/// its result elsewhere only; when the game goes on again (a takeback) the
/// dialog is re-armed.
#[component]
pub fn GameOverDialog(
    /// How the game ended (`None` while it goes on).
    ending: Signal<Option<crate::play::Ending>>,
    /// One sentence on how it ended.
    detail: Signal<String>,
    /// Called by "New game".
    on_new_game: Callback<()>,
) -> impl IntoView {
    let seen = RwSignal::new(ending.get_untracked());
    Effect::new(move |_| {
        if ending.with(Option::is_none) {
            seen.set(None);
        }
    });
    move || {
        let e = ending.get()?;
        if seen.with(|s| s.as_ref() == Some(&e)) {
            return None;
        }
        let title = e.headline();
        let close = move || seen.set(ending.get_untracked());
        Some(view! {
            <Modal title="Game over" on_close=Callback::new(move |()| close())>
                <div class="game-over" data-testid="game-over">
                    <p class="game-over-title">{title}</p>
                    <p class="game-over-detail">{move || detail.get()}</p>
                    <div class="dialog-actions">
                        <button type="button" class="btn" on:click=move |_| close()>"Show the position"</button>
                        <button type="button" class="btn btn-primary" data-action="new-game" on:click=move |_| {
                            close();
                            on_new_game.run(());
                        }>"New game"</button>
                    </div>
                </div>
            </Modal>
        })
    }
}
