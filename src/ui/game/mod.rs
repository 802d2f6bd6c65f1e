//! The game screen: the multiverse view with the action bar (undo, submit
//! and why not), the status, the move list in 5dpgn, view tools, and the
//! dialogs of a game in play (promotion, game over, takeback, export, help).

pub mod outcome_worker;
pub mod play;

// The session and the worker protocol live in the host-compiled play layer;
// re-exported under their old paths for the screens and tests that use them.
pub use crate::play::fived::mate_check::grouped;
pub use crate::play::fived::{outcome_job, session};

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use self::play::{CameraRequest, Play};
use self::session::{Session, Status};
use crate::chess::{Color, Piece};
use crate::fived::{Outcome, SubmitError};
use crate::notation::writer;
use crate::storage::GameId;
use crate::ui::board::{color_class, kind_class};
use crate::ui::dialogs::{ExportDialog, HelpDialog, Modal};
use crate::ui::multiverse::MultiverseView;
use crate::ui::nav::Nav;
use crate::ui::saves::{result_words, Saves};

/// A game open on screen: its id, its name, its play state.
#[derive(Debug, Clone)]
pub struct ActiveGame {
    /// The saved game's id.
    pub id: GameId,
    /// Its display name.
    pub name: RwSignal<String>,
    /// The play state.
    pub play: Play,
}

/// Why Submit is disabled, in the players' words.
#[must_use]
pub fn submit_reason(e: &SubmitError, over: bool) -> String {
    if over {
        return "The game is over.".to_string();
    }
    match e {
        SubmitError::NothingPlayed => "Make a move on an outlined board.".to_string(),
        SubmitError::PresentNotPassed { boards } => format!(
            "The present must pass: move on {} more board{} with a solid outline, or travel to the past.",
            boards.len(),
            if boards.len() == 1 { "" } else { "s" }
        ),
        SubmitError::RoyalCapturable(c) => format!(
            "Your royal piece could be captured ({} red arrow{}): undo or block.",
            c.len(),
            if c.len() == 1 { "" } else { "s" }
        ),
    }
}

/// The status line: whose move, check, the outcome.
#[must_use]
pub fn status_words(s: &Session) -> (String, &'static str) {
    if s.is_over() {
        let why = s.result.reason().unwrap_or("").to_string();
        let head = match s.result.winner() {
            Some(c) => format!("{} wins by {why}", c.name_capitalised()),
            None => format!("Draw by {why}"),
        };
        return (head, "over");
    }
    let side = s.game().to_move().name_capitalised();
    match s.status {
        Status::Pending if s.action_count() > 0 => {
            (format!("{side} to move · checking…"), "pending")
        }
        Status::Pending => (format!("{side} to move"), "normal"),
        Status::Unknown => (format!("{side} to move · outcome unknown"), "unknown"),
        Status::Known(Outcome::Ongoing {
            in_check: true,
            softmate: true,
        }) => (
            format!("{side} to move · check (every way out moves the present back)"),
            "check",
        ),
        Status::Known(Outcome::Ongoing { in_check: true, .. }) => {
            (format!("{side} to move · check"), "check")
        }
        Status::Known(_) => (format!("{side} to move"), "normal"),
    }
}

/// The non-blocking "checking for checkmate" indicator, while the web worker
/// searches: moves searched so far and *Stop*; after ten seconds without an
/// answer, "not decided yet" with *Keep searching* and *Stop*. The game stays
/// playable meanwhile.
#[component]
fn MateCheckIndicator() -> impl IntoView {
    let play = expect_context::<Play>();
    move || {
        play.checking.get().map(|check| {
            let asking = check.asking();
            let class = if asking {
                "panel mate-check asking"
            } else {
                "panel mate-check"
            };
            view! {
                <div class=class role="status" data-testid="mate-check" data-stage=if asking { "asking" } else { "searching" }>
                    {(!asking).then(|| view! { <span class="mate-check-spinner" aria-hidden="true"></span> })}
                    <span class="mate-check-text">{check.words()}</span>
                    {asking.then(|| view! {
                        <button type="button" class="btn small btn-primary" data-action="keep-checking"
                            title="Let the search go on; the game stays playable"
                            on:click=move |_| play.keep_checking()>"Keep searching"</button>
                    })}
                    <button type="button" class="btn small" data-action="cancel-check"
                        title="Stop the search: the outcome stays unknown and the game goes on"
                        on:click=move |_| play.cancel_check()>"Stop"</button>
                </div>
            }
        })
    }
}

/// Words for a colour in sentences ("White wins").
pub(crate) trait ColorWords {
    fn name_capitalised(self) -> &'static str;
}

impl ColorWords for Color {
    fn name_capitalised(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// The move list: one row per turn, White's and Black's action in 5dpgn.
#[component]
fn MoveList() -> impl IntoView {
    let play = expect_context::<Play>();
    let rows = move || {
        let reviewing = play.review.with(|r| r.as_ref().map(|(k, _)| *k));
        play.session.with(|s| {
            let actions = s.action_texts();
            // (turn, White's action, Black's action), each with its 1-based index.
            type Cell = Option<(usize, String)>;
            let mut rows: Vec<(u32, Cell, Cell)> = Vec::new();
            for (i, a) in actions.iter().enumerate() {
                let text = a
                    .moves
                    .iter()
                    .map(writer::write_move)
                    .collect::<Vec<_>>()
                    .join(" ");
                let cell = Some((i + 1, text));
                let turn = a.turn_label.unwrap_or(0);
                match a.color {
                    Color::White => rows.push((turn, cell, None)),
                    Color::Black => match rows.last_mut() {
                        Some(last) if last.0 == turn && last.2.is_none() => last.2 = cell,
                        _ => rows.push((turn, None, cell)),
                    },
                }
            }
            let cell_view = move |cell: Cell, side: &'static str| match cell {
                Some((k, text)) => {
                    let current = reviewing == Some(k);
                    let cls = if current {
                        format!("ml-action {side} current")
                    } else {
                        format!("ml-action {side}")
                    };
                    view! {
                        <button type="button" class=cls title="Review the position after this action"
                            on:click=move |_| play.review_at(k)>{text}</button>
                    }
                    .into_any()
                }
                None => {
                    let filler = if side == "white" { "…" } else { "" };
                    view! { <span class=format!("ml-action {side}")>{filler}</span> }.into_any()
                }
            };
            rows.into_iter()
                .map(|(t, w, b)| {
                    view! {
                        <li class="ml-row">
                            <span class="ml-turn">{format!("{t}.")}</span>
                            {cell_view(w, "white")}
                            {cell_view(b, "black")}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let staged = move || {
        play.session.with(|s| {
            let texts = s.staged_texts();
            (!texts.is_empty()).then(|| {
                view! {
                    <li class="ml-row ml-staged" title="staged, not yet submitted">
                        <span class="ml-turn">"…"</span>
                        <span class="ml-action staged">{texts.join(" ")}</span>
                    </li>
                }
            })
        })
    };
    let empty = move || {
        play.session
            .with(|s| s.action_count() == 0 && s.staged().is_empty())
    };
    view! {
        <div class="move-list-wrap">
            <ol class="move-list" aria-label="Moves in 5dpgn">
                {rows}
                {staged}
            </ol>
            <Show when=empty>
                <p class="ml-empty">"No moves yet. White starts: click a piece on the outlined board."</p>
            </Show>
        </div>
    }
}

/// The promotion chooser.
#[component]
fn PromotionChooser() -> impl IntoView {
    let play = expect_context::<Play>();
    move || {
        play.promotion.get().map(|moves| {
            let color = play.session.with_untracked(|s| s.game().to_move());
            let buttons = moves
                .into_iter()
                .filter_map(|m| {
                    let kind = m.promotion?;
                    let piece = Piece::new(color, kind);
                    let cls = format!("piece {} {}", color_class(color), kind_class(piece));
                    Some(view! {
                        <button type="button" class="promo-choice" title=kind.name() on:click=move |_| play.play(m)>
                            <span class=cls></span>
                        </button>
                    })
                })
                .collect_view();
            view! {
                <Modal title="Promote to" on_close=Callback::new(move |()| play.promotion.set(None))>
                    <div class="promo-choices">{buttons}</div>
                </Modal>
            }
        })
    }
}

/// The game-over dialog.
#[component]
fn GameOverDialog() -> impl IntoView {
    let play = expect_context::<Play>();
    let nav = expect_context::<Nav>();
    move || {
        (play.game_over_open.get() && play.session.with(Session::is_over)).then(|| {
            let (title, detail) = play.session.with(|s| {
                let why = s.result.reason().unwrap_or("").to_string();
                match s.result.winner() {
                    Some(c) => (
                        format!("{} wins", c.name_capitalised()),
                        format!("by {why}: {} has no legal action and is in check.", (!c).name_capitalised()),
                    ),
                    None => (
                        "Draw".to_string(),
                        format!("by {why}: {} has no legal action but is not in check.", s.game().to_move().name_capitalised()),
                    ),
                }
            });
            view! {
                <Modal title="Game over" on_close=Callback::new(move |()| play.game_over_open.set(false))>
                    <div class="game-over" data-testid="game-over">
                        <p class="game-over-title">{title}</p>
                        <p class="game-over-detail">{detail}</p>
                        <div class="dialog-actions">
                            <button type="button" class="btn" on:click=move |_| play.game_over_open.set(false)>"Show the position"</button>
                            <button type="button" class="btn btn-primary" data-action="new-game" on:click=move |_| {
                                play.game_over_open.set(false);
                                nav.new_game_open.set(true);
                            }>"New game"</button>
                        </div>
                    </div>
                </Modal>
            }
        })
    }
}

fn typing_in_field(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// The whole game screen for the active game.
#[component]
pub fn GameScreen(
    /// The open game.
    game: ActiveGame,
) -> impl IntoView {
    let play = game.play;
    provide_context(play);
    let saves = expect_context::<Saves>();
    let nav = expect_context::<Nav>();
    let confirm_takeback = RwSignal::new(false);
    let export_open = RwSignal::new(false);
    let help_open = RwSignal::new(false);

    // Autosave after every staged move, undo, submit, outcome and takeback.
    let id = game.id.clone();
    let name = game.name;
    // Not on the first run: opening a game must not rewrite it (another tab
    // would see a change and reload it, and so on).
    Effect::new(move |previous: Option<()>| {
        let n = name.get();
        play.session.track();
        if previous.is_some() {
            play.session.with_untracked(|s| {
                let _ = saves.save(&id, &n, s);
            });
        }
    });

    // A game opened with its outcome unknown (the page's bounded search ran
    // out while restoring it): let the worker finish the check. Leaving the
    // screen stops it.
    if self::outcome_worker::available()
        && play
            .session
            .with_untracked(|s| s.status == Status::Unknown && !s.is_over())
    {
        play.check_in_worker();
    }
    on_cleanup(move || play.stop_check());

    let can_submit = move || play.session.with(|s| s.can_submit().is_ok());
    let submit_why = move || {
        play.session.with(|s| match s.can_submit() {
            Ok(()) => None,
            Err(e) => Some(submit_reason(&e, s.is_over())),
        })
    };
    let can_undo = move || play.session.with(|s| !s.staged().is_empty());
    let can_take_back = move || play.session.with(|s| s.action_count() > 0);
    let status = move || play.session.with(status_words);
    let side = move || play.session.with(|s| color_class(s.game().to_move()));

    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if typing_in_field(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let dialog_open = export_open.get_untracked()
            || confirm_takeback.get_untracked()
            || play.promotion.with_untracked(Option::is_some)
            || play.game_over_open.get_untracked()
            || nav.new_game_open.get_untracked()
            || nav.import_open.get_untracked();
        if e.key() == "Escape" {
            play.deselect();
            play.end_review();
            help_open.set(false);
            return;
        }
        if dialog_open {
            return;
        }
        let handled = match e.key().as_str() {
            "z" | "u" | "Backspace" => {
                play.undo();
                true
            }
            "Enter" | "s" => {
                if play.session.with_untracked(|s| s.can_submit().is_ok()) {
                    play.submit();
                }
                true
            }
            "f" => {
                play.flipped.update(|f| *f = !*f);
                play.request_camera(CameraRequest::FitAll);
                true
            }
            "a" | "0" => {
                play.request_camera(CameraRequest::FitAll);
                true
            }
            "p" | "." => {
                play.request_camera(CameraRequest::Present);
                true
            }
            "+" | "=" => {
                play.request_camera(CameraRequest::ZoomIn);
                true
            }
            "-" => {
                play.request_camera(CameraRequest::ZoomOut);
                true
            }
            "ArrowLeft" => {
                play.review_step(-1);
                true
            }
            "ArrowRight" => {
                play.review_step(1);
                true
            }
            "?" | "h" => {
                help_open.update(|h| *h = !*h);
                true
            }
            _ => false,
        };
        if handled {
            e.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());

    // Another tab saved this game: reopen it from storage rather than let the
    // two tabs overwrite each other silently.
    let key = crate::storage::game_key(&game.id);
    let reopen_id = game.id.clone();
    let storage_handle = window_event_listener(ev::storage, move |e: web_sys::StorageEvent| {
        if e.key().as_deref() == Some(key.as_str()) && e.new_value().is_some() {
            nav.resume(saves, &reopen_id);
            if let Some(g) = nav.active.get_untracked() {
                g.play.notice.set(Some(
                    "This game was changed in another tab: showing the latest version.".to_string(),
                ));
            }
        }
    });
    on_cleanup(move || storage_handle.remove());

    let variant = move || play.session.with(|s| s.variant.clone());
    let notice = move || {
        play.notice
            .get()
            .map(|n| view! { <p class="notice" role="status">{n}</p> })
    };
    let storage_message = move || {
        saves
            .message
            .get()
            .map(|m| view! { <p class="notice warn" role="alert">{m}</p> })
    };
    let result_line = move || {
        play.session
            .with(|s| s.is_over().then(|| result_words(&s.result)))
    };

    view! {
        <section class="game-screen">
            <div class=move || if play.review.with(Option::is_some) { "board-area reviewing" } else { "board-area" }>
                <MultiverseView />
                {move || play.review.with(|r| r.as_ref().map(|(k, _)| *k)).map(|k| view! {
                    <div class="review-banner" role="status" data-testid="review">
                        <span>{format!("Reviewing the position after action {k} · read-only")}</span>
                        <button type="button" class="btn small" on:click=move |_| play.review_step(-1)>"◀"</button>
                        <button type="button" class="btn small" on:click=move |_| play.review_step(1)>"▶"</button>
                        <button type="button" class="btn small btn-primary" on:click=move |_| play.end_review()>"Back to the game"</button>
                    </div>
                })}
                <div class="view-tools" role="toolbar" aria-label="View">
                    <button type="button" class="tool" title="Zoom in (+)" on:click=move |_| play.request_camera(CameraRequest::ZoomIn)>"+"</button>
                    <button type="button" class="tool" title="Zoom out (−)" on:click=move |_| play.request_camera(CameraRequest::ZoomOut)>"−"</button>
                    <button type="button" class="tool wide" data-action="fit" title="Fit all boards (A)" on:click=move |_| play.request_camera(CameraRequest::FitAll)>"Fit all"</button>
                    <button type="button" class="tool wide" data-action="present" title="Go to the present (P)" on:click=move |_| play.request_camera(CameraRequest::Present)>"Present"</button>
                    <button type="button" class="tool wide" data-action="flip" title="Flip the view (F)" on:click=move |_| {
                        play.flipped.update(|f| *f = !*f);
                        play.request_camera(CameraRequest::FitAll);
                    }>"Flip"</button>
                </div>
            </div>
            <aside class="side-panel">
                <div class="panel game-head">
                    <div class="game-name" title="Game name">{move || name.get()}</div>
                    <div class="game-variant">{variant}</div>
                </div>
                <div class=move || format!("panel status status-{}", status().1) role="status" aria-live="polite">
                    <span class=move || format!("to-move-dot {}", side()) aria-hidden="true"></span>
                    <span class="status-text" data-status=move || status().1>{move || status().0}</span>
                </div>
                <MateCheckIndicator />
                <div class="panel actions">
                    <div class="action-buttons">
                        <button type="button" class="btn" data-action="undo" title="Undo the last staged move (Z)" disabled=move || !can_undo() on:click=move |_| play.undo()>"Undo"</button>
                        <button type="button" class="btn btn-primary" data-action="submit" title="Submit the action (Enter)" disabled=move || !can_submit() on:click=move |_| play.submit()>"Submit"</button>
                    </div>
                    <p class="submit-why" data-testid="submit-why">{move || submit_why().unwrap_or_else(|| "Ready: submit to pass the turn.".to_string())}</p>
                    {notice}
                    {storage_message}
                    {move || result_line().map(|r| view! { <p class="result-line">{r}</p> })}
                </div>
                <div class="panel moves">
                    <div class="panel-title">"Moves"</div>
                    <MoveList />
                </div>
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="takeback" disabled=move || !can_take_back() on:click=move |_| confirm_takeback.set(true)>"Take back"</button>
                    <button type="button" class="btn small" data-action="export" on:click=move |_| export_open.set(true)>"Export"</button>
                    <button type="button" class="btn small" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                    <button type="button" class="btn small" data-action="help" title="Shortcuts and rules (?)" on:click=move |_| help_open.set(true)>"Help"</button>
                </div>
            </aside>
            <PromotionChooser />
            <GameOverDialog />
            <Show when=move || confirm_takeback.get()>
                <Modal title="Take back?" on_close=Callback::new(move |()| confirm_takeback.set(false))>
                    <p>"Take back the last submitted action? The other side will then play it again."</p>
                    <div class="dialog-actions">
                        <button type="button" class="btn" on:click=move |_| confirm_takeback.set(false)>"Cancel"</button>
                        <button type="button" class="btn btn-primary" data-action="confirm-takeback" on:click=move |_| {
                            confirm_takeback.set(false);
                            play.take_back();
                        }>"Take back"</button>
                    </div>
                </Modal>
            </Show>
            <Show when=move || export_open.get()>
                <ExportDialog pgn=Signal::derive(move || play.session.with(Session::pgn)) name=Signal::derive(move || name.get()) on_close=Callback::new(move |()| export_open.set(false)) />
            </Show>
            <Show when=move || help_open.get()>
                <HelpDialog on_close=Callback::new(move |()| help_open.set(false)) />
            </Show>
        </section>
    }
}
