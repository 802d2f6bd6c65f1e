//! The Time Traveling Chess game screen: the board at any ply, the history as
//! a timeline beside it, and a panel with the turn, what a click does, the
//! preview of a change, the terminus, what still blocks the end, the
//! acceptances, the knight/bishop orders and the game controls.

use leptos::ev;
use leptos::prelude::*;

use wasm_bindgen::JsCast;

use super::play::TtPlay;
use super::{TtActive, TtNav};
use crate::chess::{Color, Piece, Square};
use crate::games::time_traveling::{Action, EndBlocker, Slot, TerminusKind, TimeTravelingChess};
use crate::play::time_traveling::{candidate_moves, mode_at, Mode, Preview};
use crate::play::{placement_of, GameSession, Mark};
use crate::ui::board::{color_class, kind_class, square_at_point, Board};
use crate::ui::dialogs::{Modal, PromotionChooser, RecordExportDialog};
use crate::ui::nav::Nav;
use crate::ui::saves::{now_ms, Saves};

/// The screen for the open game (nothing when none is open).
#[component]
pub fn TimeTravelingScreen() -> impl IntoView {
    let tt = expect_context::<TtNav>();
    move || tt.open.get().map(|active| view! { <GameView active /> })
}

fn typing_in_field(e: &ev::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

#[component]
fn GameView(active: TtActive) -> impl IntoView {
    let play = active.play;
    provide_context(play);
    let saves = expect_context::<Saves>();
    let nav = expect_context::<Nav>();
    let export_open = RwSignal::new(false);
    let resign_open = RwSignal::new(false);

    // Autosave after every action (and on opening).
    let id = active.id.clone();
    let name = active.name;
    let payload = Memo::new(move |_| play.session.with(GameSession::payload));
    Effect::new(move |_| {
        let n = name.get();
        payload.track();
        play.session.with_untracked(|s| {
            let _ = saves.save_other(s.save_record(&id, &n, now_ms()));
        });
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
            "Enter" if play.session.with_untracked(|s| s.preview().is_some()) => {
                play.confirm();
                true
            }
            "f" => {
                play.flipped.update(|f| *f = !*f);
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
                <div class="panel-title">"History"</div>
                <Timeline />
                <Legend />
            </aside>
            <aside class="tt-side">
                <div class="panel game-head">
                    <div class="game-name" title="Game name">{move || name.get()}</div>
                    <div class="game-variant">{variant_text}</div>
                </div>
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
            </aside>
            {move || play.promotion().map(|moves| {
                let (mode, color) = play.session.with_untracked(|s| (s.mode(), s.game().to_act()));
                let kinds = moves.iter().filter_map(|m| m.promotion).collect();
                let on_choose = Callback::new(move |kind| {
                    if let Some(&m) = moves.iter().find(|m| m.promotion == Some(kind)) {
                        play.choose(mode, m);
                    }
                });
                view! { <PromotionChooser color kinds on_choose on_close=Callback::new(move |()| play.close_promotion()) /> }
            })}
            <Show when=move || export_open.get()>
                <RecordExportDialog title="Export the game record" testid="tt-export"
                    lede="The whole game as JSON (format chronochess/time-traveling, version 1). Import it from New game → Time Traveling Chess → Import record."
                    text=Signal::derive(move || play.session.with(GameSession::export_text))
                    download_as=(Signal::derive(move || name.get()), "timetravel.json")
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
        let view = play.view();
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

/// The board at the ply being looked at, with an overlay of clickable
/// squares (`data-sq`) carrying the marks: movable pieces, selection, legal
/// targets, the move recorded at that ply, the previewed move, check.
#[component]
fn TtBoard() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    // Dragging: a press on a piece that can move records where; once the
    // pointer has moved a few pixels the piece is picked up (selected, its
    // targets shown) and follows the pointer, and letting go over a square
    // does what a click there would (play the move when it is a target). A
    // press without movement is left to the click.
    let drag = RwSignal::new(None::<Drag>);
    let pointer_moves = window_event_listener(ev::pointermove, move |e: ev::PointerEvent| {
        let Some(mut d) = drag.get_untracked() else {
            return;
        };
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        if !d.moving && (x - d.x0).hypot(y - d.y0) <= 4.0 {
            return;
        }
        if !d.moving {
            d.moving = true;
            play.pick_up(d.from);
        }
        d.x = x;
        d.y = y;
        drag.set(Some(d));
    });
    let pointer_ups = window_event_listener(ev::pointerup, move |e: ev::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if !d.moving {
            return;
        }
        play.drag_to(
            d.from,
            square_at_point(f64::from(e.client_x()), f64::from(e.client_y())),
        );
    });
    on_cleanup(move || {
        pointer_moves.remove();
        pointer_ups.remove();
    });
    let ghost = move || {
        let d = drag.get().filter(|d| d.moving)?;
        let piece = d.piece;
        Some(view! {
            <div class="tt-ghost" style=format!("left: {}px; top: {}px; width: {}px; height: {}px;", d.x as i64, d.y as i64, d.size as i64, d.size as i64)>
                <div class=format!("piece {} {}", color_class(piece.color), kind_class(piece))></div>
            </div>
        })
    };
    let placement = Signal::derive(move || play.session.with(|s| placement_of(&s.position())));
    let board = move || {
        let orientation = if play.flipped.get() {
            Color::Black
        } else {
            Color::White
        };
        view! { <Board placement orientation /> }
    };
    let overlay = move || {
        let flipped = play.flipped.get();
        play.session.with(|session| {
            let scene = session.scene();
            let board = &scene.boards[0];
            let pos = session.position();
            let movable: Vec<Square> = session.candidates().iter().map(|m| m.from).collect();
            let ys: Vec<u8> = if flipped {
                (0..8).collect()
            } else {
                (0..8).rev().collect()
            };
            let xs: Vec<u8> = if flipped {
                (0..8).rev().collect()
            } else {
                (0..8).collect()
            };
            // Two layers: the squares' colours and highlights under the
            // board's pieces, the clickable squares with targets over them.
            let mut under = Vec::with_capacity(64);
            let mut cells = Vec::with_capacity(64);
            for &y in &ys {
                for &x in &xs {
                    let sq = Square { x, y };
                    let mut shade = String::from(if (x + y) % 2 == 0 {
                        "tt-shade dark"
                    } else {
                        "tt-shade light"
                    });
                    let mut class = String::from("tt-sq");
                    for mark in board.marks_at(sq) {
                        let (on_shade, on_cell) = match mark {
                            Mark::Selected | Mark::Check => (true, false),
                            Mark::Movable | Mark::Dest | Mark::Capture => (false, true),
                            _ => (true, true),
                        };
                        if on_shade && !shade.contains(mark.class()) {
                            shade.push(' ');
                            shade.push_str(mark.class());
                        }
                        if on_cell && !class.contains(mark.class()) {
                            class.push(' ');
                            class.push_str(mark.class());
                        }
                    }
                    under.push(view! { <div class=shade></div> });
                    // The piece a press here may pick up: one with a move.
                    let draggable = movable.contains(&sq).then(|| pos.piece_at(sq)).flatten();
                    cells.push(view! {
                        <div class=class data-sq=sq.to_string()
                            on:click=move |_| play.click_square(sq)
                            on:pointerdown=move |e: ev::PointerEvent| {
                                let Some(piece) = draggable.filter(|_| e.button() == 0) else {
                                    return;
                                };
                                e.prevent_default();
                                let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
                                let size = e
                                    .current_target()
                                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                                    .map_or(48.0, |el| el.get_bounding_client_rect().width());
                                drag.set(Some(Drag { from: sq, piece, x0: x, y0: y, x, y, size, moving: false }));
                            }></div>
                    });
                }
            }
            let mode_class = format!("tt-overlay {}", session.mode().class());
            view! {
                <div class="tt-under" aria-hidden="true">{under}</div>
                <div class=mode_class>{cells}</div>
            }
        })
    };
    let frame = move || {
        let side = play.with_game(|g| {
            if g.result().is_some() {
                "over"
            } else {
                color_class(g.to_act())
            }
        });
        let past = play.view().is_some();
        format!(
            "tt-board-frame to-act-{side}{}",
            if past { " viewing-past" } else { "" }
        )
    };
    view! {
        <div class=frame>
            <div class="tt-board">
                {overlay}
                <div class="tt-pieces">{board}</div>
            </div>
            {ghost}
        </div>
    }
}

/// A press (and maybe a drag) on a piece of the board.
#[derive(Debug, Clone, Copy)]
struct Drag {
    /// The piece's square.
    from: Square,
    /// The piece.
    piece: Piece,
    /// Where the press was (viewport pixels).
    x0: f64,
    y0: f64,
    /// Where the pointer is now.
    x: f64,
    y: f64,
    /// A square's width, for the piece following the pointer.
    size: f64,
    /// Moved past the threshold: the piece is picked up.
    moving: bool,
}

/// One cell of the timeline.
struct Cell {
    ply: usize,
    kind: &'static str,
    text: String,
    title: String,
    class: String,
    badge: bool,
}

/// The history as a timeline: two columns (White, Black), one cell per ply;
/// blanks dashed, passes locked, pendings in italics, an ↑ on moves with a
/// legal upgrade, the terminus as a bar with the dormant plies greyed below.
#[component]
fn Timeline() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let rows = move || {
        let view = play.view();
        let flash = play.flash();
        let doomed = play
            .session
            .with(|s| s.preview().map(|p| p.blanked.clone()).unwrap_or_default());
        play.with_game(|g| {
            let over = g.result().is_some();
            let upg: [Vec<usize>; 2] = if over {
                [Vec::new(), Vec::new()]
            } else {
                [g.upgradable(Color::White), g.upgradable(Color::Black)]
            };
            let len = g.slots().len();
            let terminus = g.terminus();
            let live = g.live_limit();
            let offset = usize::from(g.owner(1) == Color::Black);
            let present = (terminus.is_none() && !over).then_some(len + 1);
            let last = present.unwrap_or(len).max(terminus.map_or(0, |t| t.ply));
            let mut rows: Vec<[Option<Cell>; 2]> = Vec::new();
            for ply in 1..=last {
                let k = ply - 1 + offset;
                while rows.len() <= k / 2 {
                    rows.push([None, None]);
                }
                let owner = g.owner(ply);
                let dormant = ply >= live;
                let mut class = String::from("tt-cell");
                let (kind, text, title) = if Some(ply) == present {
                    (
                        "now",
                        "to play".to_string(),
                        format!("The present: {owner} plays ply {ply}"),
                    )
                } else if terminus.is_some_and(|t| t.ply == ply) && ply > len {
                    let t = terminus.unwrap_or_else(|| unreachable!());
                    (
                        "terminus",
                        terminus_mark(t.kind).to_string(),
                        format!("{owner} cannot move: {}", t.kind.describe()),
                    )
                } else {
                    match g.slot(ply) {
                        Some(Slot::Move(m)) => (
                            "move",
                            if dormant {
                                m.to_string()
                            } else {
                                g.san(ply).unwrap_or_else(|| m.to_string())
                            },
                            format!("Ply {ply}: {owner} {m}"),
                        ),
                        Some(Slot::Blank) => (
                            "blank",
                            "blank".to_string(),
                            format!("Ply {ply}: a blank; {owner} may fill it with any legal move"),
                        ),
                        Some(Slot::Pass) => (
                            "pass",
                            "pass".to_string(),
                            format!("Ply {ply}: a forfeited turn, never fillable"),
                        ),
                        Some(Slot::Pending) => (
                            "pending",
                            "pending".to_string(),
                            format!("Ply {ply}: {owner} changed the past; a new move by the opponent makes this a pass"),
                        ),
                        None => ("empty", String::new(), String::new()),
                    }
                };
                class.push(' ');
                class.push_str(kind);
                class.push(' ');
                class.push_str(color_class(owner));
                if dormant && kind != "terminus" {
                    class.push_str(" dormant");
                }
                if terminus.is_some_and(|t| t.ply == ply) {
                    class.push_str(" at-terminus");
                }
                let viewing = match view {
                    Some(v) => v == ply,
                    None => Some(ply) == present,
                };
                if viewing {
                    class.push_str(" viewing");
                }
                if owner == g.to_act() && !over {
                    class.push_str(" mine");
                }
                if flash.contains(&ply) {
                    class.push_str(" flash");
                }
                if doomed.contains(&ply) {
                    class.push_str(" doomed");
                }
                let badge = upg[owner.index()].contains(&ply);
                rows[k / 2][k % 2] = Some(Cell {
                    ply,
                    kind,
                    text,
                    title,
                    class,
                    badge,
                });
            }
            let terminus_row = terminus.map(|t| (t.ply - 1 + offset) / 2);
            let mut out = Vec::new();
            for (r, [w, b]) in rows.into_iter().enumerate() {
                let number = r + 1;
                let row_dormant = terminus_row.is_some_and(|tr| r > tr);
                out.push(
                    view! {
                        <li class=if row_dormant { "tt-row dormant" } else { "tt-row" }>
                            <span class="tt-num">{format!("{number}.")}</span>
                            {cell_view(play, w)}
                            {cell_view(play, b)}
                        </li>
                    }
                    .into_any(),
                );
                if terminus_row == Some(r) {
                    let t = terminus.unwrap_or_else(|| unreachable!());
                    let text = match t.kind {
                        TerminusKind::Checkmate => {
                            format!("Checkmate at ply {}: {} is mated", t.ply, g.owner(t.ply))
                        }
                        kind => format!("{} at ply {}", capitalised(kind.describe()), t.ply),
                    };
                    out.push(
                        view! {
                            <li class="tt-terminus-bar" data-testid="tt-terminus" data-ply=t.ply.to_string()>
                                <span>{text}</span>
                            </li>
                        }
                        .into_any(),
                    );
                }
            }
            out
        })
    };
    view! {
        <ol class="tt-timeline" aria-label="Plies">
            {rows}
        </ol>
    }
}

fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn terminus_mark(kind: TerminusKind) -> &'static str {
    match kind {
        TerminusKind::Checkmate => "# mate",
        _ => "½ draw",
    }
}

fn cell_view(play: TtPlay, cell: Option<Cell>) -> AnyView {
    match cell {
        None => view! { <span class="tt-cell empty"></span> }.into_any(),
        Some(c) => {
            let ply = c.ply;
            let target = (c.kind != "now").then_some(ply);
            let lock = (c.kind == "pass")
                .then(|| view! { <span class="tt-lock" aria-hidden="true">"🔒"</span> });
            let badge = c.badge.then(|| {
                view! { <span class="tt-upg" title="This move has a legal upgrade">"↑"</span> }
            });
            view! {
                <button type="button" class=c.class data-ply=ply.to_string() data-slot=c.kind title=c.title
                    on:click=move |_| play.look_at(target)>
                    <span class="tt-ply">{ply}</span>
                    {lock}
                    <span class="tt-text">{c.text}</span>
                    {badge}
                </button>
            }
            .into_any()
        }
    }
}

/// A small padlock (passes can never be changed).
fn lock_icon() -> impl IntoView {
    view! {
        <svg class="tt-lock" viewBox="0 0 10 12" width="9" height="11" aria-hidden="true">
            <rect x="1" y="5" width="8" height="7" rx="1.2" fill="currentColor"></rect>
            <path d="M3 5.5V3.6a2 2 0 0 1 4 0v1.9" stroke="currentColor" stroke-width="1.4" fill="none"></path>
        </svg>
    }
}

/// What the timeline's marks mean.
#[component]
fn Legend() -> impl IntoView {
    view! {
        <ul class="tt-legend" aria-label="Legend">
            <li><span class="tt-key upg">"↑"</span>"has an upgrade"</li>
            <li><span class="tt-key blank"></span>"blank: its owner may fill it"</li>
            <li><span class="tt-key pass">{lock_icon()}</span>"pass: a lost turn"</li>
            <li><span class="tt-key pending">"p"</span>"pending: the past was changed"</li>
        </ul>
    }
}

/// Whose action it is and what a click on the board does now.
#[component]
fn StatusPanel() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let status = move || {
        let view = play.view();
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
        let view = play.view();
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
