//! The game screen: the multiverse view with the action bar (undo, submit
//! and why not), the status, the move list in 5dpgn, view tools, and the
//! dialogs of a game in play (promotion, game over, takeback, export, help).

pub mod outcome_worker;
mod panels;
pub mod play;

// The session and the worker protocol live in the host-compiled play layer;
// re-exported under their old paths for the screens and tests that use them.
pub use crate::play::fived::mate_check::grouped;
pub use crate::play::fived::words::{status_words, submit_reason};
pub use crate::play::fived::{outcome_job, session};

use leptos::ev;
use leptos::prelude::*;

use self::panels::{MateCheckIndicator, MoveList, Players};
use self::play::{CameraRequest, Play};
use self::session::{Session, Status};
use crate::chess::Color;
use crate::play::clock::{self as chess_clock, Clock};
use crate::play::fived::choice::Choice;
use crate::play::fived::speech::last_action_words;
use crate::play::fived::words::ending_detail;
use crate::play::fived::words::side_name;
use crate::play::{Ending, Input};
use crate::storage::GameId;
use crate::ui::board::color_class;
use crate::ui::clock::{ChessClock, ClockTurn};
use crate::ui::dialogs::{
    share_link, Download, ExportDialog, GameOverDialog, HelpDialog, Modal, PromotionChooser,
};
use crate::ui::help::{on_control, typing_in_field};
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
    /// The chess clock (`None`: untimed).
    pub clock: RwSignal<Option<Clock>>,
}

/// Words for a colour in sentences ("White wins").
pub(crate) trait ColorWords {
    fn name_capitalised(self) -> &'static str;
}

impl ColorWords for Color {
    fn name_capitalised(self) -> &'static str {
        side_name(self)
    }
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

    // Autosave after every staged move, undo, submit, outcome and takeback,
    // and every change of the clock (a turn, a pause).
    let name = game.name;
    // Not on the first run: opening a game must not rewrite it (another tab
    // would see a change and reload it, and so on).
    let clock = game.clock;
    let save_id = game.id.clone();
    let save_now = Callback::new(move |()| {
        play.session.with_untracked(|s| {
            clock.with_untracked(|c| {
                let _ = saves.save(&save_id, &name.get_untracked(), s, c.as_ref());
            });
        });
    });
    // The clock's state as saved: it changes with a turn, a pause or a
    // flag, not when the clock resumes (so a resume writes nothing, and
    // another window on the same game is not made to reload by it).
    let clock_state =
        Memo::new(move |_| clock.with(|c| c.as_ref().and_then(|c| serde_json::to_value(c).ok())));
    Effect::new(move |previous: Option<()>| {
        name.track();
        play.session.track();
        clock_state.track();
        if previous.is_some() {
            save_now.run(());
        }
    });
    let clock_turn = Memo::new(move |previous: Option<&ClockTurn>| {
        play.session.with(|s| {
            let g = s.game();
            // The bonus scale is taken when the turn starts (nothing staged).
            let scale = match previous {
                Some(p) if g.staged().next().is_some() => p.scale,
                _ => chess_clock::present_timelines(s.multiverse()),
            };
            ClockTurn {
                to_move: g.to_move(),
                turns: s.action_count(),
                over: s.is_over(),
                scale,
            }
        })
    });
    let on_flag = Callback::new(move |side: Color| {
        play.stop_check();
        play.stop_thinking();
        play.deselect();
        play.session.update(|s| {
            s.flag(side);
        });
    });
    let clock_bottom = Signal::derive(move || {
        if play.flipped.get() {
            Color::Black
        } else {
            Color::White
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
    } else {
        // Against the computer, on its turn (a new game where it is White,
        // a reload mid-thought): it starts (again) to think.
        play.computer_turn();
    }
    on_cleanup(move || {
        play.stop_check();
        play.stop_thinking();
    });

    let can_submit = move || play.session.with(|s| s.can_submit().is_ok());
    let submit_why = move || {
        play.session.with(|s| match s.can_submit() {
            Ok(()) => None,
            Err(_) if s.computer_to_move() => {
                Some("Chronochess is thinking: its move comes next.".to_string())
            }
            Err(e) => Some(submit_reason(&e, s.is_over())),
        })
    };
    let can_undo = move || play.session.with(|s| !s.staged().is_empty());
    let can_take_back = move || play.session.with(|s| s.takeback_count() > 0);
    let takeback_words = move || {
        play.session.with(|s| match (s.opponent.is_some(), s.takeback_count()) {
            (true, 2) => "Take back your last action and the computer's reply? It is then your move again.",
            (true, _) => "Take back your last action? The computer stops thinking; it is your move again.",
            _ => "Take back the last submitted action? The other side will then play it again.",
        })
    };
    let status = move || play.session.with(status_words);
    // Every action, by either side, in words for screen readers (changes only when one is submitted
    // or taken back, so staging a move announces nothing).
    let last_words = Memo::new(move |_| play.session.with(last_action_words));
    // How the game ended (a memo: the game-over dialog is redrawn only when it changes).
    let ending = Memo::new(move |_| play.session.with(|s| Ending::of_result(&s.result)));
    // The pieces on offer while a promotion waits (the chooser is drawn when it changes).
    let promotion = Memo::new(move |_| play.choice.with(Choice::promotion));
    let side = move || play.session.with(|s| color_class(s.game().to_move()));

    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if typing_in_field(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let dialog_open = export_open.get_untracked()
            || confirm_takeback.get_untracked()
            || play.choice.with_untracked(|c| c.promotion().is_some())
            || modal_open()
            || nav.new_game_open.get_untracked()
            || nav.import_open.get_untracked();
        if e.key() == "Escape" {
            play.input(Input::Cancel);
            play.end_review();
            help_open.set(false);
            return;
        }
        if dialog_open {
            return;
        }
        // Enter on a focused button or link is its own (the browser clicks it).
        if e.key() == "Enter" && on_control(&e) {
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
            "t" => {
                if play.session.with_untracked(|s| s.takeback_count() > 0) {
                    confirm_takeback.set(true);
                }
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
            <div class=move || {
                let reviewing = if play.review.with(Option::is_some) { " reviewing" } else { "" };
                let waiting = if play.session.with(Session::computer_to_move) { " computer-turn" } else { "" };
                format!("board-area{reviewing}{waiting}")
            }>
                <h2 class="visually-hidden">"The multiverse"</h2>
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
                    <button type="button" class="tool wide" data-action="flip" title="Flip the view (F)"
                        aria-pressed=move || if play.flipped.get() { "true" } else { "false" } on:click=move |_| {
                        play.flipped.update(|f| *f = !*f);
                        play.request_camera(CameraRequest::FitAll);
                    }>"Flip"</button>
                </div>
            </div>
            <aside class="side-panel">
                <h2 class="visually-hidden">"Game"</h2>
                <div class="panel game-head">
                    <div class="game-name" title="Game name">{move || name.get()}</div>
                    <div class="game-variant">{variant}</div>
                </div>
                <div class=move || format!("panel status status-{}", status().1) role="status" aria-live="polite">
                    <span class=move || format!("to-move-dot {}", side()) aria-hidden="true"></span>
                    <span class="status-text" data-status=move || status().1>{move || status().0}</span>
                </div>
                <p class="visually-hidden" aria-live="polite" data-testid="announce">{move || last_words.get()}</p>
                <ChessClock clock turn=clock_turn bottom=clock_bottom on_flag on_save=save_now />
                <Players />
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
                <crate::ui::command::CommandField answer=Callback::new(move |command: String| {
                    let session = crate::play::fived::game_session::FivedSession::new(play.session.get_untracked());
                    clock.with_untracked(|c| crate::play::command::answer(&session, c.as_ref(), crate::ui::saves::now_ms(), &command))
                }) />
            </aside>
            {move || promotion.get().map(|kinds| {
                let color = play.session.with_untracked(|s| s.game().to_move());
                let on_choose = Callback::new(move |kind| {
                    play.input(Input::Promote(kind));
                });
                let on_close = Callback::new(move |()| {
                    play.input(Input::Cancel);
                });
                view! { <PromotionChooser color kinds on_choose on_close /> }
            })}
            <GameOverDialog
                ending=Signal::from(ending)
                detail=Signal::derive(move || play.session.with(ending_detail))
                on_new_game=Callback::new(move |()| nav.new_game_open.set(true)) />
            <Show when=move || confirm_takeback.get()>
                <Modal title="Take back?" on_close=Callback::new(move |()| confirm_takeback.set(false))>
                    <p>{takeback_words}</p>
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
                <ExportDialog title="Export 5dpgn" testid="export-text"
                    text=Signal::derive(move || play.session.with(Session::pgn))
                    download=Download { name: Signal::derive(move || name.get()), extension: "5dpgn", mime: "application/x-5dpgn;charset=utf-8" }
                    share=share_link
                    on_close=Callback::new(move |()| export_open.set(false)) />
            </Show>
            <Show when=move || help_open.get()>
                <HelpDialog on_close=Callback::new(move |()| help_open.set(false)) />
            </Show>
        </section>
    }
}

/// Whether a modal dialog is open on the page (the screen's shortcuts wait).
fn modal_open() -> bool {
    document()
        .query_selector("[aria-modal=\"true\"]")
        .ok()
        .flatten()
        .is_some()
}
