//! The Time Traveling Chess game screen: the board at any ply, the history as
//! a timeline beside it, and a panel with the turn, what a click does, the
//! preview of a change, the terminus, what still blocks the end, the
//! acceptances, the knight/bishop orders and the game controls.

use leptos::ev;
use leptos::prelude::*;

use super::board::TtBoard;
use super::play::TtPlay;
use super::timeline::{Legend, Timeline};
use super::{TtActive, TtNav};
use crate::chess::Color;
use crate::games::time_traveling::{Action, EndBlocker, TerminusKind, TimeTravelingChess};
use crate::play::time_traveling::{candidate_moves, mode_at, Mode, Preview, TimeTravelingSession};
use crate::play::{GameSession, Input};
use crate::ui::board::color_class;
use crate::ui::dialogs::{Download, ExportDialog, Modal, PromotionChooser};
use crate::ui::help::{on_control, typing_in_field, TIME_TRAVELING_KEYS};
use crate::ui::nav::Nav;
use crate::ui::session_play::{GameHead, SessionClock, SessionCommands, TurnAnnouncer};

/// The screen for the open game (nothing when none is open).
#[component]
pub fn TimeTravelingScreen() -> impl IntoView {
    let tt = expect_context::<TtNav>();
    move || tt.open.get().map(|active| view! { <GameView active /> })
}

#[component]
fn GameView(active: TtActive) -> impl IntoView {
    let play = active.play;
    provide_context(play);
    let nav = expect_context::<Nav>();
    let export_open = RwSignal::new(false);
    let resign_open = RwSignal::new(false);

    // Autosave after every action (and on opening).
    let id = active.id.clone();
    let name = active.name;
    let save_now = play.autosave(move || Some((id.clone(), name.get())));
    let bottom = Signal::derive(move || {
        if play.flipped.get() {
            Color::Black
        } else {
            Color::White
        }
    });

    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if typing_in_field(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        if export_open.get_untracked() || resign_open.get_untracked() {
            return;
        }
        let handled = match e.key().as_str() {
            "Escape" => {
                play.cancel();
                true
            }
            "ArrowLeft" => {
                play.look_back();
                true
            }
            "ArrowRight" => {
                play.look_forward();
                true
            }
            "Enter"
                if !on_control(&e) && play.session.with_untracked(|s| s.preview().is_some()) =>
            {
                play.confirm();
                true
            }
            "f" => {
                play.flipped.update(|f| *f = !*f);
                true
            }
            "z" | "Backspace" => {
                play.look_at(None);
                true
            }
            _ => false,
        };
        if handled {
            e.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());

    let variant_text = active.variant.clone();
    view! {
        <section class="tt-screen" data-game="time-traveling">
            <div class="tt-board-col">
                <h2 class="visually-hidden">"Board"</h2>
                <ViewBanner />
                <TtBoard />
                <div class="tt-board-tools" role="toolbar" aria-label="View">
                    <button type="button" class="tool" data-action="first-ply" title="First ply" on:click=move |_| play.look_at(Some(1))>"«"</button>
                    <button type="button" class="tool" data-action="prev-ply" title="Previous ply (←)" on:click=move |_| play.look_back()>"‹"</button>
                    <button type="button" class="tool" data-action="next-ply" title="Next ply (→)" on:click=move |_| play.look_forward()>"›"</button>
                    <button type="button" class="tool wide" data-action="present" title="Back to the present" on:click=move |_| play.look_at(None)>"Present"</button>
                    <button type="button" class="tool wide" data-action="flip" title="Flip the board (F)" on:click=move |_| play.flipped.update(|f| *f = !*f)>"Flip"</button>
                </div>
            </div>
            <aside class="tt-history panel" aria-label="History">
                <h2 class="visually-hidden">"History"</h2>
                <div class="panel-title">"History"</div>
                <Timeline />
                <Legend />
            </aside>
            <aside class="tt-side">
                <h2 class="visually-hidden">"Game"</h2>
                <GameHead name variant=variant_text keys=&TIME_TRAVELING_KEYS />
                <SessionClock play=play.play bottom on_save=save_now />
                <TurnAnnouncer play=play.play />
                <crate::ui::computer::ComputerPlayer play=play.play />
                <StatusPanel />
                <PreviewPanel />
                <EndPanel />
                <div class="panel tt-controls">
                    <Controls resign_open />
                    <div class="tt-tools">
                        <button type="button" class="btn small" data-action="export" on:click=move |_| export_open.set(true)>"Export"</button>
                        <button type="button" class="btn small" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                    </div>
                </div>
                <SessionCommands play=play.play />
            </aside>
            {move || play.promotion().map(|moves| {
                let color = play.session.with_untracked(|s| s.game().to_act());
                let kinds = moves.iter().filter_map(|m| m.promotion).collect();
                let on_choose = Callback::new(move |kind| {
                    play.input(Input::Promote(kind));
                });
                view! { <PromotionChooser color kinds on_choose on_close=Callback::new(move |()| play.close_promotion()) /> }
            })}
            <Show when=move || export_open.get()>
                <ExportDialog title="Export the game record" testid="tt-export"
                    lede="The whole game as JSON (format chronochess/time-traveling, version 1). Import it from New game → Time Traveling Chess → Import record."
                    text=Signal::derive(move || play.session.with(GameSession::export_text))
                    download=Download::json(Signal::derive(move || name.get()), "timetravel.json")
                    on_close=Callback::new(move |()| export_open.set(false)) />
            </Show>
            <Show when=move || resign_open.get()>
                <ResignDialog on_close=Callback::new(move |()| resign_open.set(false)) />
            </Show>
        </section>
    }
}

/// The banner over the board when a past ply is shown.
#[component]
fn ViewBanner() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    move || {
        let view = play.get(TimeTravelingSession::view);
        play.with_game(|g| {
            let (text, class) = match (view, mode_at(g, view)) {
                (None, _) => match g.terminus() {
                    Some(t) => (
                        format!("The end of the history: {} at ply {}", describe_kind(t.kind), t.ply),
                        "tt-banner end",
                    ),
                    None => (format!("The present · ply {}", g.next_ply()), "tt-banner now"),
                },
                (Some(p), Mode::Replace { .. } | Mode::Fill { .. }) => (
                    format!("Before ply {p} · you are viewing the past: a move here will alter the past"),
                    "tt-banner past",
                ),
                (Some(p), _) if p >= g.live_limit() => (
                    format!("Ply {p} is dormant: it lies after the end of the history"),
                    "tt-banner dormant",
                ),
                (Some(p), _) => (format!("Before ply {p} · looking only"), "tt-banner look"),
            };
            view! { <div class=class data-testid="tt-banner">{text}</div> }
        })
    }
}

fn describe_kind(kind: TerminusKind) -> &'static str {
    kind.describe()
}

/// Whose action it is and what a click on the board does now.
#[component]
fn StatusPanel() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let status = move || {
        let view = play.get(TimeTravelingSession::view);
        play.with_game(|g| {
            if let Some(r) = g.result() {
                return (r.to_string(), "Game over.".to_string(), "over".to_string(), "over");
            }
            let me = g.to_act();
            let hint = match mode_at(g, view) {
                Mode::Append => {
                    let upg = g.upgradable(me).len();
                    let blanks = g.blanks(me).len();
                    let mut h = "Play a move".to_string();
                    if blanks > 0 {
                        h.push_str(&format!(", or fill one of your {blanks} blank{}", plural(blanks)));
                    }
                    if upg > 0 {
                        h.push_str(&format!(
                            ", or change the past: {upg} of your moves {} an upgrade (↑ in the history)",
                            if upg == 1 { "has" } else { "have" }
                        ));
                    }
                    h.push('.');
                    h
                }
                Mode::Replace { ply, old } => {
                    let n = g.upgrades_at(ply).len();
                    if n == 0 {
                        format!("Ply {ply} ({old}) has no legal upgrade under your knight/bishop order ({}).", g.nb_order(me).describe())
                    } else {
                        format!("Replace ply {ply} ({old}): {n} upgrade{} with a more valuable piece. Pieces that can are outlined.", plural(n))
                    }
                }
                Mode::Fill { ply } => format!("Fill the blank at ply {ply}: any legal move (no upgrade needed)."),
                Mode::Look => match g.terminus() {
                    Some(_) if view.is_none() => {
                        if g.blanks(me).is_empty() {
                            "The history has ended. Change an earlier move of yours (↑), or accept the end.".to_string()
                        } else {
                            "The history has ended. Fill your blanks, or change an earlier move of yours.".to_string()
                        }
                    }
                    _ => "Only looking: this is not a ply you can change now.".to_string(),
                },
            };
            let check = g.end_position().is_check() && g.terminus().is_none();
            let head = format!("{me} to act{}", if check { " · check" } else { "" });
            let class = if check { "check" } else { "normal" };
            (head, hint, color_class(me).to_string(), class)
        })
    };
    // The upgrades of a past move, or the fill-ins of a blank, as a list too.
    let choices = move || {
        let view = play.get(TimeTravelingSession::view);
        if play.session.with(|s| s.preview().is_some()) {
            return None;
        }
        play.with_game(|g| {
            let mode = mode_at(g, view);
            if !matches!(mode, Mode::Replace { .. } | Mode::Fill { .. }) {
                return None;
            }
            let moves = candidate_moves(g, mode);
            let buttons = moves
                .into_iter()
                .map(|m| {
                    view! {
                        <button type="button" class="tt-choice" data-move=m.uci() on:click=move |_| play.choose(mode, m)>
                            {m.to_string()}
                        </button>
                    }
                })
                .collect_view();
            Some(view! { <div class="tt-choices" data-testid="tt-choices">{buttons}</div> })
        })
    };
    view! {
        <div class=move || format!("panel status status-{}", status().3) role="status" aria-live="polite">
            <div class="tt-status-line">
                <span class=move || format!("to-move-dot {}", status().2) aria-hidden="true"></span>
                <span class="status-text" data-testid="tt-status">{move || status().0}</span>
            </div>
            <p class="tt-hint" data-testid="tt-hint">{move || status().1}</p>
            {choices}
            {move || play.notice.get().map(|n| view! { <p class="notice error" role="alert" data-testid="tt-notice">{n}</p> })}
        </div>
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The change waiting for confirmation and its consequences.
#[component]
fn PreviewPanel() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    move || {
        play.preview().map(|p: Preview| {
            let items = p
                .consequences
                .iter()
                .map(|c| view! { <li>{c.clone()}</li> })
                .collect_view();
            view! {
                <div class="panel tt-preview" data-testid="tt-preview" role="dialog" aria-label="Confirm the change">
                    <div class="panel-title">"Change the past?"</div>
                    <p class="tt-preview-title">{p.title.clone()}</p>
                    <ul class="tt-consequences">{items}</ul>
                    <div class="action-buttons">
                        <button type="button" class="btn" data-action="cancel" on:click=move |_| play.cancel()>"Cancel"</button>
                        <button type="button" class="btn btn-primary" data-action="confirm" on:click=move |_| play.confirm()>"Confirm"</button>
                    </div>
                </div>
            }
        })
    }
}

/// The terminus, what still blocks the end, acceptances and N/B orders.
#[component]
fn EndPanel() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let body = move || {
        play.with_game(|g| {
            let terminus = match g.terminus() {
                Some(t) => {
                    let who = g.owner(t.ply);
                    let what = match t.kind {
                        TerminusKind::Checkmate => format!("checkmate at ply {}: {who} is mated", t.ply),
                        kind => format!("{} at ply {}", kind.describe(), t.ply),
                    };
                    format!("The history ends in {what}.")
                }
                None => "No end in the history yet.".to_string(),
            };
            let blockers: Vec<String> = if g.result().is_some() {
                Vec::new()
            } else {
                g.end_blockers().iter().map(EndBlocker::to_string).collect()
            };
            let accepts = Color::ALL
                .into_iter()
                .map(|c| {
                    let accepted = g.has_accepted(c);
                    let state = if g.terminus().is_none() {
                        "nothing to accept"
                    } else if accepted {
                        "accepted ✓"
                    } else {
                        "not accepted"
                    };
                    view! {
                        <div class="tt-player-row" data-player=color_class(c) data-accepted=accepted.to_string()>
                            <span class=format!("to-move-dot {}", color_class(c)) aria-hidden="true"></span>
                            <span class="tt-player">{c.name()}</span>
                            <span class=if accepted { "tt-accept yes" } else { "tt-accept" }>{state}</span>
                            <span class="tt-order" title="Knight/bishop order">{format!("N/B: {}", g.nb_order(c).describe())}</span>
                        </div>
                    }
                })
                .collect_view();
            let offer = g.draw_offer().map(|c| {
                view! { <p class="tt-offer" data-testid="tt-draw-offer">{format!("{c} offers a draw.")}</p> }
            });
            let blockers_view = (!blockers.is_empty()).then(|| {
                view! {
                    <p class="tt-block-title">"The game goes on while:"</p>
                    <ul class="tt-blockers" data-testid="tt-blockers">
                        {blockers.into_iter().map(|b| view! { <li>{b}</li> }).collect_view()}
                    </ul>
                }
            });
            view! {
                <p class=if g.terminus().is_some() { "tt-terminus-line has-end" } else { "tt-terminus-line" } data-testid="tt-terminus-line">{terminus}</p>
                {blockers_view}
                <div class="tt-players">{accepts}</div>
                {offer}
            }
        })
    };
    view! {
        <div class="panel tt-end">
            <div class="panel-title">"End of game"</div>
            {body}
        </div>
    }
}

/// Accept, draw offers, resign.
#[component]
fn Controls(resign_open: RwSignal<bool>) -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let over = move || play.with_game(|g| g.result().is_some());
    let can_accept = move || {
        play.with_game(|g| {
            g.result().is_none() && g.terminus().is_some() && g.blanks(g.to_act()).is_empty()
        })
    };
    let accept_title = move || {
        play.with_game(|g| {
            if g.terminus().is_none() {
                "There is no end in the history to accept".to_string()
            } else if !g.blanks(g.to_act()).is_empty() {
                "Fill your blanks first".to_string()
            } else {
                format!("{} accepts the end as it stands (also a pass)", g.to_act())
            }
        })
    };
    let offer = move || play.with_game(|g| g.draw_offer());
    let to_act = move || play.with_game(TimeTravelingChess::to_act);
    view! {
        <div class="tt-control-buttons">
            <button type="button" class=move || if can_accept() { "btn btn-primary" } else { "btn" } data-action="accept" title=accept_title disabled=move || !can_accept() on:click=move |_| play.act(Action::Accept)>
                {move || play.with_game(|g| {
                    let me = g.to_act();
                    match g.terminus() {
                        Some(t) if t.kind == TerminusKind::Checkmate && g.owner(t.ply) == me => {
                            format!("{me} accepts the mate (concedes)")
                        }
                        _ => format!("{me} accepts the end"),
                    }
                })}
            </button>
            {move || match offer() {
                Some(by) if !over() => {
                    let other = by.opponent();
                    view! {
                        <button type="button" class="btn" data-action="accept-draw" on:click=move |_| play.act_as(other, Action::AcceptDraw)>
                            {format!("{other} accepts the draw")}
                        </button>
                    }.into_any()
                }
                _ => view! {
                    <button type="button" class="btn" data-action="offer-draw" disabled=over on:click=move |_| play.act(Action::OfferDraw)>
                        {move || format!("{} offers a draw", to_act())}
                    </button>
                }.into_any(),
            }}
            <button type="button" class="btn danger" data-action="resign" disabled=over on:click=move |_| resign_open.set(true)>"Resign…"</button>
        </div>
    }
}

/// Who resigns (either player, at any time).
#[component]
fn ResignDialog(on_close: Callback<()>) -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let buttons = Color::ALL
        .into_iter()
        .map(|c| {
            view! {
                <button type="button" class="btn danger" data-action=format!("resign-{}", color_class(c)) on:click=move |_| {
                    play.act_as(c, Action::Resign);
                    on_close.run(());
                }>{format!("{c} resigns")}</button>
            }
        })
        .collect_view();
    view! {
        <Modal title="Resign" on_close=on_close>
            <p>"Either player may resign at any time. The other one wins."</p>
            <div class="dialog-actions">
                <button type="button" class="btn" on:click=move |_| on_close.run(())>"Cancel"</button>
                {buttons}
            </div>
        </Modal>
    }
}
