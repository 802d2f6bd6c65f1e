//! Dialogs: the modal frame, new game (the catalogue grouped as the desktop
//! game groups it, with previews), export (copy, download, the 5dpgn in
//! `data-pgn`, a share link), import (paste or file, the reader's line:column
//! errors), help.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chess::Color;
use crate::fived::boards::{self, Group, Variant};
use crate::play::clock::{Clock, TimeControl};
use crate::play::SceneBoard;
use crate::ui::board::Board;
use crate::ui::clock::ClockChoice;
use crate::ui::game::session::Session;
use crate::ui::import::import_text;
use crate::ui::nav::Nav;
use crate::ui::saves::{now_ms, Saves};
use crate::ui::site::Page;

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

/// The group names in the desktop game's order.
#[must_use]
pub fn group_name(g: Group) -> &'static str {
    match g {
        Group::Standard => "Standard",
        Group::Simple => "Simple",
        Group::Small => "Small",
        Group::VerySmall => "Very Small",
        Group::Misc => "Misc",
        Group::Focused => "Focused",
        Group::CheckmatePractice => "Checkmate Practice",
    }
}

const GROUPS: [Group; 7] = [
    Group::Standard,
    Group::Simple,
    Group::Small,
    Group::VerySmall,
    Group::Misc,
    Group::Focused,
    Group::CheckmatePractice,
];

/// A default name for a new game: the board and the date.
#[must_use]
pub fn default_name(variant: &str) -> String {
    let date = web_sys::js_sys::Date::new_0();
    let when: String = date
        .to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED)
        .into();
    let short = when
        .rsplit_once(':')
        .map_or(when.as_str(), |(a, _)| a)
        .to_string();
    let mut name = format!("{variant} · {short}");
    name.truncate(80);
    name
}

fn short_name(v: &Variant) -> String {
    let name = v.name;
    match name.split_once(" - ") {
        Some((_, rest)) if v.group != Group::Standard || name.starts_with("Standard - ") => {
            rest.to_string()
        }
        _ => name.to_string(),
    }
}

/// The side the player asks for in a game against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SideChoice {
    White,
    Random,
    Black,
}

/// Who plays a new game: two players on this device, or the player against
/// the computer (the side chosen, its level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Players {
    HotSeat,
    Computer(SideChoice, crate::fived::ai::Level),
}

/// A new game on `v` for `players` (with a clock on `control`, for two
/// players), saved and opened.
fn start_game(
    v: &'static Variant,
    players: Players,
    control: Option<TimeControl>,
    nav: Nav,
    saves: Saves,
) {
    use crate::play::fived::computer::Opponent;
    let session = match Session::new(v) {
        Ok(session) => session,
        Err(e) => {
            nav.message
                .set(Some(format!("This board cannot start: {e}")));
            return;
        }
    };
    let session = match players {
        Players::HotSeat => session,
        Players::Computer(side, level) => {
            let now = now_ms();
            let player = match side {
                SideChoice::White => Color::White,
                SideChoice::Black => Color::Black,
                SideChoice::Random if web_sys::js_sys::Math::random() < 0.5 => Color::White,
                SideChoice::Random => Color::Black,
            };
            session.against(Opponent {
                color: !player,
                level,
                seed: now,
            })
        }
    };
    let clock = match players {
        Players::HotSeat => control.map(|c| {
            Clock::new(
                c,
                crate::play::clock::present_timelines(session.multiverse()),
            )
        }),
        Players::Computer(..) => None,
    };
    nav.start(saves, default_name(v.name), session, clock);
}

fn variant_card(
    v: &'static Variant,
    players: RwSignal<Players>,
    control: RwSignal<Option<TimeControl>>,
    nav: Nav,
    saves: Saves,
) -> impl IntoView {
    // One preview board per timeline (its latest start board), negative above.
    let previews: Vec<crate::chess::Placement> = match crate::fived::Multiverse::from_variant(v) {
        Ok(m) => {
            let (lo, hi) = m.timeline_range();
            (lo..=hi)
                .filter_map(|l| {
                    let tl = m.timeline(l)?;
                    Some(tl.boards().last()?.to_placement(m.width(), m.height()))
                })
                .collect()
        }
        Err(_) => Vec::new(),
    };
    let timelines = previews.len();
    let preview = previews
        .into_iter()
        .map(|p| view! { <Board board=SceneBoard::from(p) coordinates=false /> })
        .collect_view();
    let facts = format!(
        "{}×{}{}",
        v.width,
        v.height,
        if timelines > 1 {
            format!(" · {timelines} timelines")
        } else {
            String::new()
        }
    );
    let title = if v.note.is_empty() {
        v.name.to_string()
    } else {
        format!("{} — {}", v.name, v.note)
    };
    view! {
        <button type="button" class="variant-card" data-variant=v.name title=title on:click=move |_| {
            start_game(v, players.get_untracked(), control.get_untracked(), nav, saves);
        }>
            <div class=format!("variant-preview timelines-{}", timelines.min(4))>{preview}</div>
            <div class="variant-card-name">{short_name(v)}</div>
            <div class="variant-card-facts">{facts}</div>
        </button>
    }
}

/// The choices of a game against the computer: the player's side and the
/// computer's level (lichess' "play with the computer").
#[component]
fn ComputerSetup(players: RwSignal<Players>) -> impl IntoView {
    use crate::play::fived::computer::{level_blurb, level_name, level_number, levels};
    let side = move || match players.get() {
        Players::Computer(s, _) => s,
        Players::HotSeat => SideChoice::Random,
    };
    let level = move || match players.get() {
        Players::Computer(_, l) => l,
        Players::HotSeat => crate::fived::ai::Level::Depth(1),
    };
    let sides = [
        (SideChoice::White, "white", "White", "w"),
        (SideChoice::Random, "random", "Random side", "r"),
        (SideChoice::Black, "black", "Black", "b"),
    ]
    .into_iter()
    .map(|(choice, slug, label, class)| {
        view! {
            <button type="button" class=move || if side() == choice { format!("side-choice {class} active") } else { format!("side-choice {class}") }
                data-side=slug title=label aria-label=label aria-pressed=move || (side() == choice).to_string()
                on:click=move |_| players.update(|p| if let Players::Computer(s, _) = p { *s = choice; })>
                <span class="side-king" aria-hidden="true"></span>
            </button>
        }
    })
    .collect_view();
    let level_buttons = levels()
        .into_iter()
        .map(|l| {
            let n = level_number(l);
            view! {
                <button type="button" class=move || if level() == l { "level-choice active" } else { "level-choice" }
                    data-level=l.to_string() title=level_name(l) aria-pressed=move || (level() == l).to_string()
                    on:click=move |_| players.update(|p| if let Players::Computer(_, old) = p { *old = l; })>
                    {n}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="computer-setup" data-testid="computer-setup">
            <div class="setup-row">
                <span class="setup-label">"Strength"</span>
                <div class="level-choices" role="group" aria-label="Strength">{level_buttons}</div>
            </div>
            <p class="level-line">
                <strong>{move || format!("Level {} · {}", level_number(level()), level_name(level()))}</strong>
                " — "{move || level_blurb(level())}
            </p>
            <div class="setup-row">
                <span class="setup-label">"You play"</span>
                <div class="side-choices" role="group" aria-label="Your side">{sides}</div>
            </div>
        </div>
    }
}

/// The new-game dialog: two players or against the computer, then every
/// catalogue board, grouped, with a preview.
#[component]
pub fn NewGameDialog() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let group = RwSignal::new(Group::Standard);
    // The computer's last settings stay while the dialog is open.
    let players = RwSignal::new(Players::HotSeat);
    let computer_choice = RwSignal::new(Players::Computer(
        SideChoice::White,
        crate::fived::ai::Level::Depth(1),
    ));
    let vs_computer = move || matches!(players.get(), Players::Computer(..));
    // The clock of a game between two players (`None`: untimed).
    let control = RwSignal::new(None);
    let mode = move |computer: bool| {
        if computer == vs_computer() {
            return;
        }
        if computer {
            players.set(computer_choice.get_untracked());
        } else {
            computer_choice.set(players.get_untracked());
            players.set(Players::HotSeat);
        }
    };
    let tabs = GROUPS
        .iter()
        .map(|&g| {
            let count = boards::CATALOGUE.iter().filter(|v| v.group == g).count();
            view! {
                <button type="button" role="tab" class=move || if group.get() == g { "tab active" } else { "tab" }
                    aria-selected=move || (group.get() == g).to_string()
                    on:click=move |_| group.set(g)>
                    {group_name(g)}<span class="tab-count">{count}</span>
                </button>
            }
        })
        .collect_view();
    let cards = move || {
        let g = group.get();
        boards::CATALOGUE
            .iter()
            .filter(|v| v.group == g)
            .map(|v| variant_card(v, players, control, nav, saves))
            .collect_view()
    };
    view! {
        <Modal title="New game" class="new-game-dialog" on_close=Callback::new(move |()| nav.new_game_open.set(false))>
            <div class="mode-switch" role="tablist" aria-label="Opponent">
                <button type="button" role="tab" data-mode="hot-seat" class=move || if vs_computer() { "mode" } else { "mode active" }
                    aria-selected=move || (!vs_computer()).to_string() on:click=move |_| mode(false)>
                    <span class="mode-title">"Two players"</span>
                    <span class="mode-text">"Take turns on this device"</span>
                </button>
                <button type="button" role="tab" data-mode="computer" class=move || if vs_computer() { "mode active" } else { "mode" }
                    aria-selected=move || vs_computer().to_string() on:click=move |_| mode(true)>
                    <span class="mode-title">"Play the computer"</span>
                    <span class="mode-text">"Eight levels, from a random mover to the strongest"</span>
                </button>
            </div>
            <Show when=vs_computer fallback=move || view! { <ClockChoice choice=control five_d=true /> }>
                <ComputerSetup players />
            </Show>
            <p class="dialog-lede">{move || if vs_computer() { "Choose a board to start:" } else { "Two players, one device. Choose a board:" }}</p>
            <div class="tabs" role="tablist">{tabs}</div>
            <div class="variant-grid">{cards}</div>
            <OtherGamesLinks />
        </Modal>
    }
}

/// The other games of the site, each a link to the other-games page with its
/// new-game entry open (they are played there, so this page never loads them).
#[component]
fn OtherGamesLinks() -> impl IntoView {
    let games = crate::ui::site::OTHER_GAMES
        .iter()
        .map(|g| {
            let href = format!("{}#new={}", Page::FiveD.url_to(Page::OtherGames), g.slug);
            view! {
                <a class="other-game" href=href data-action=format!("open-{}", g.slug)>
                    <span class="other-game-name">{g.name}</span>
                    <span class="other-game-text">{g.summary}</span>
                </a>
            }
        })
        .collect_view();
    view! {
        <section class="other-games" aria-label="Other time-travel games">
            <h3 class="other-games-title">"Other time-travel games"</h3>
            <div class="other-games-grid">{games}</div>
        </section>
    }
}

/// Copies text to the clipboard (best effort: a refusal leaves the text on screen).
pub(crate) fn copy_text(text: &str) {
    let _ = window().navigator().clipboard().write_text(text);
}

/// Offers `text` as a file download named after `name` (letters, digits and
/// `-` kept, anything else `_`) with the given extension and MIME type.
pub(crate) fn download(name: &str, extension: &str, mime: &str, text: &str) {
    let parts = web_sys::js_sys::Array::new();
    parts.push(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document().create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        let file: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        a.set_download(&format!("{file}.{extension}"));
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// The share link of a game's 5dpgn text: this page's address (origin and
/// path, no query) with the game in the fragment (`notation::share`).
#[must_use]
pub fn share_link(pgn: &str) -> String {
    let location = window().location();
    format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        crate::notation::share::encode_fragment(pgn)
    )
}

/// The export dialog of a 5D game: the game's 5dpgn, copy, download, and a
/// share link that carries the game in the URL fragment.
#[component]
pub fn ExportDialog(
    /// The text.
    pgn: Signal<String>,
    /// The game's name (for the file name).
    name: Signal<String>,
    /// Close.
    on_close: Callback<()>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let link = RwSignal::new(None::<String>);
    view! {
        <Modal title="Export 5dpgn" class="export-dialog" on_close=on_close>
            <pre class="pgn-text" data-pgn=move || pgn.get()>{move || pgn.get()}</pre>
            {move || link.get().map(|l| view! {
                <input type="text" class="pgn-input share-link" style="margin-top: 8px" readonly
                    aria-label="Share link" data-testid="share-link" prop:value=l
                    on:focus=move |e| {
                        let input: web_sys::HtmlInputElement = event_target(&e);
                        input.select();
                    } />
            })}
            <div class="dialog-actions">
                <button type="button" class="btn" data-action="copy" on:click=move |_| {
                    copy_text(&pgn.get_untracked());
                    copied.set(true);
                }>{move || if copied.get() { "Copied" } else { "Copy" }}</button>
                <button type="button" class="btn" data-action="share-link" title="A link that opens this game in Chronochess" on:click=move |_| {
                    let l = share_link(&pgn.get_untracked());
                    copy_text(&l);
                    link.set(Some(l));
                }>{move || if link.get().is_some() { "Link copied" } else { "Copy share link" }}</button>
                <button type="button" class="btn btn-primary" data-action="download" on:click=move |_| download(&name.get_untracked(), "5dpgn", "application/x-5dpgn;charset=utf-8", &pgn.get_untracked())>"Download .5dpgn"</button>
            </div>
        </Modal>
    }
}

/// The import dialog: paste or choose a file; errors with line and column.
#[component]
pub fn ImportDialog() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let file_input = NodeRef::<html::Input>::new();
    let on_file = move |_| {
        let Some(input) = file_input.get_untracked() else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let promise = file.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(v) => text.set(v.as_string().unwrap_or_default()),
                Err(_) => error.set(Some("The file could not be read.".to_string())),
            }
        });
    };
    let import = move |_| match import_text(&text.get_untracked()) {
        Ok(session) => {
            let name = default_name(&format!("Imported {}", session.variant));
            let _ = now_ms();
            nav.start(saves, name, session, None);
        }
        Err(e) => error.set(Some(e)),
    };
    view! {
        <Modal title="Import 5dpgn" class="import-dialog" on_close=Callback::new(move |()| nav.import_open.set(false))>
            <p class="dialog-lede">"Paste a game in 5dpgn, or choose a file."</p>
            <textarea class="pgn-input" data-testid="import-text" rows="12" spellcheck="false" aria-label="5dpgn text"
                placeholder="[Board \"Standard\"]\n\n1. (0T1)e2e4 / (0T1)e7e5"
                prop:value=move || text.get()
                on:input=move |e| {
                    text.set(event_target_value(&e));
                    error.set(None);
                }></textarea>
            <div class="import-row">
                <input type="file" accept=".5dpgn,.txt,.pgn,text/plain" aria-label="5dpgn file" node_ref=file_input on:change=on_file />
            </div>
            {move || error.get().map(|e| view! { <p class="notice error" role="alert" data-testid="import-error">{e}</p> })}
            <div class="dialog-actions">
                <button type="button" class="btn" on:click=move |_| nav.import_open.set(false)>"Cancel"</button>
                <button type="button" class="btn btn-primary" data-action="import-confirm" on:click=import>"Import"</button>
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

/// A game's record as text, to copy (and, given a file extension, to
/// download): the export of every game but 5D's. The text is in a read-only
/// textarea that also carries it in `data-record`.
#[component]
pub fn RecordExportDialog(
    /// The dialog's title.
    #[prop(into)]
    title: String,
    /// One sentence on what the text is and where it imports.
    #[prop(into)]
    lede: String,
    /// The record text.
    text: Signal<String>,
    /// The textarea's `data-testid`.
    #[prop(into)]
    testid: String,
    /// The file name (the game's name) and extension for "Download"; none: no download.
    #[prop(optional)]
    download_as: Option<(Signal<String>, &'static str)>,
    /// Called to close it.
    on_close: Callback<()>,
) -> impl IntoView {
    let copied = RwSignal::new(false);
    let download_button = download_as.map(|(name, extension)| {
        view! {
            <button type="button" class="btn" data-action="download" on:click=move |_| download(&name.get_untracked(), extension, "application/json;charset=utf-8", &text.get_untracked())>{format!("Download .{extension}")}</button>
        }
    });
    view! {
        <Modal title=title class="export-dialog" on_close=on_close>
            <p class="dialog-lede">{lede}</p>
            <textarea class="pgn-input" data-testid=testid rows="14" readonly spellcheck="false"
                data-record=move || text.get() prop:value=move || text.get()></textarea>
            <div class="dialog-actions">
                <button type="button" class="btn" data-action="copy" on:click=move |_| {
                    copy_text(&text.get_untracked());
                    copied.set(true);
                }>{move || if copied.get() { "Copied" } else { "Copy" }}</button>
                {download_button}
                <button type="button" class="btn btn-primary" data-action="close" on:click=move |_| on_close.run(())>"Done"</button>
            </div>
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
