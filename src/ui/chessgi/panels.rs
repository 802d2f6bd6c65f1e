//! The Chessgi screen's panels beside the board: both pockets (reserve to
//! drop by click or drag, pieces in transit with their countdown), the
//! cooldown, time travel ("send to the future", general travel) and the time
//! tree of recorded positions.

use leptos::ev;
use leptos::prelude::*;

use super::play::ChessgiPlay;
use crate::chess::{Color, Piece, PieceKind};
use crate::games::chessgi::{ChessgiAction, ChessgiGame, NodeId, Transit};
use crate::play::chessgi::{ChessgiSession, Pick};
use crate::ui::board::{color_class, kind_class};

/// A refusal as a sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_ascii_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

pub(super) fn piece_class(color: Color, kind: PieceKind) -> String {
    format!(
        "piece {} {}",
        color_class(color),
        kind_class(Piece::new(color, kind))
    )
}

fn plural(n: i64, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// One side's pocket: reserve (grouped with counts) and transit with countdowns.
#[component]
pub(super) fn PocketView(color: Color) -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    let side = color_class(color);
    let body = move || {
        let (position, pockets) = play.get(ChessgiSession::shown);
        let pocket = pockets[color.index()].clone();
        let to_move = position.turn() == color;
        let over = play.with_game(|g| g.outcome().is_some());
        let pick = play.get(ChessgiSession::pick);
        let (clock, due) = play.with_game(|g| {
            let clock = g.return_clock(color);
            let due = (g.side_to_move() == color && play.get(ChessgiSession::travel).is_none())
                .then(|| g.due())
                .flatten();
            (clock, due)
        });
        let mut kinds: Vec<(PieceKind, usize)> = Vec::new();
        for &k in pocket.reserve() {
            match kinds.last_mut() {
                Some((last, n)) if *last == k => *n += 1,
                _ => kinds.push((k, 1)),
            }
        }
        let reserve = kinds
            .into_iter()
            .map(|(kind, n)| {
                let active = to_move && !over;
                let mut class = String::from("cg-reserve-piece");
                if active {
                    class.push_str(" active");
                }
                if active && pick == Some(Pick::Reserve(kind)) {
                    class.push_str(" selected");
                }
                view! {
                    <button type="button" class=class data-pocket=side data-kind=kind.letter().to_string()
                        title=format!("{} {} in reserve: drop it on an empty square", color.name(), kind.name())
                        disabled=!active
                        on:pointerdown=move |e: ev::PointerEvent| {
                            if e.button() != 0 || !active { return; }
                            e.prevent_default();
                            if play.pick_reserve(kind) {
                                play.drag.set(Some((f64::from(e.client_x()), f64::from(e.client_y()), false)));
                            }
                        }
                        // Enter or Space (a click with no pointer): take it in hand, go on on the board.
                        on:click=move |e: ev::MouseEvent| {
                            if e.detail() == 0 && active && play.pick_reserve(kind) {
                                crate::ui::board::keyboard::focus_board_soon();
                            }
                        }>
                        <span class=piece_class(color, kind)></span>
                        {(n > 1).then(|| view! { <span class="cg-count">{n}</span> })}
                    </button>
                }
            })
            .collect_view();
        let transit = pocket
            .transit()
            .iter()
            .map(|&t: &Transit| {
                // The owner's turns until it lands: their turn in play counts 0, their
                // next one 1.
                let left = t.turns_until(clock) + i64::from(!to_move);
                let is_due = due == Some(t);
                let words = if is_due {
                    "due now: place it".to_string()
                } else if left <= 0 {
                    "overdue: waits its turn".to_string()
                } else if left == 1 {
                    "arrives next turn".to_string()
                } else {
                    format!("arrives in {left} turns")
                };
                let mut class = String::from("cg-transit");
                if is_due {
                    class.push_str(" due");
                }
                if is_due && pick == Some(Pick::Arrival) {
                    class.push_str(" selected");
                }
                view! {
                    <button type="button" class=class data-transit=side data-kind=t.kind.letter().to_string()
                        data-due-move=t.due_move data-countdown=left
                        title=format!("{} {} returns on move {}", color.name(), t.kind.name(), t.due_move)
                        disabled=!is_due
                        on:pointerdown=move |e: ev::PointerEvent| {
                            if e.button() != 0 || !is_due { return; }
                            e.prevent_default();
                            play.pick_arrival();
                            play.drag.set(Some((f64::from(e.client_x()), f64::from(e.client_y()), false)));
                        }
                        on:click=move |e: ev::MouseEvent| {
                            if e.detail() == 0 && is_due {
                                play.pick_arrival();
                                crate::ui::board::keyboard::focus_board_soon();
                            }
                        }>
                        <span class="cg-transit-piece"><span class=piece_class(color, t.kind)></span></span>
                        <span class="cg-transit-text">
                            <span class="cg-transit-move">{format!("move {}", t.due_move)}</span>
                            <span class="cg-countdown">{words}</span>
                        </span>
                    </button>
                }
            })
            .collect_view();
        let empty = pocket.reserve().is_empty();
        view! {
            <div class="cg-pocket-head">
                <span class=format!("to-move-dot {side}") aria-hidden="true"></span>
                <span class="cg-pocket-name">{color.name()}</span>
                {to_move.then(|| view! { <span class="cg-turn-tag">"to move"</span> })}
            </div>
            <div class="cg-reserve" aria-label=format!("{} reserve", color.name())>
                {reserve}
                {empty.then(|| view! { <span class="cg-empty">"nothing to drop"</span> })}
            </div>
            {(!pocket.transit().is_empty()).then(|| view! {
                <div class="cg-transit-list" aria-label=format!("{} pieces in transit", color.name())>{transit}</div>
            })}
        }
    };
    view! { <div class=format!("cg-pocket {side}") data-pocket-side=side>{body}</div> }
}

/// The cooldown of both sides: pips of own moves made since the last travel.
#[component]
pub(super) fn CooldownView() -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    let row = move |color: Color| {
        play.with_game(|g| {
            let need = g.options().cooldown;
            let wait = g.travel_wait(color);
            let made = need.saturating_sub(wait);
            let pips = (0..need)
                .map(|i| {
                    view! { <span class=if i < made { "cg-pip done" } else { "cg-pip" }></span> }
                })
                .collect_view();
            let words = if wait == 0 {
                "travel ready".to_string()
            } else {
                format!("travel after {wait} more move{}", if wait == 1 { "" } else { "s" })
            };
            view! {
                <div class=if wait == 0 { "cg-cool ready" } else { "cg-cool" } data-cooldown=color_class(color) data-wait=wait>
                    <span class=format!("to-move-dot {}", color_class(color)) aria-hidden="true"></span>
                    <span class="cg-pips">{pips}</span>
                    <span class="cg-cool-text">{words}</span>
                </div>
            }
        })
    };
    view! {
        <div class="panel cg-cooldown" aria-label="Time travel cooldown">
            <div class="panel-title">"Time travel cooldown"</div>
            {move || row(Color::White)}
            {move || row(Color::Black)}
        </div>
    }
}

/// Time travel: "send to the future" for the selected piece, and the general
/// travel switch.
#[component]
pub(super) fn TravelPanel() -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    let special = move || {
        let Some(Pick::Square(sq)) = play.get(ChessgiSession::pick) else {
            return view! { <p class="cg-hint">"Select one of your pieces to send it to the future."</p> }.into_any();
        };
        if play.get(ChessgiSession::travel).is_some() {
            return ().into_any();
        }
        let window = play.with_game(|g| g.special_travel_window(sq));
        match window {
            Err(e) => view! { <p class="cg-hint refused" data-testid="send-refused">{format!("Send to the future: {e}.")}</p> }.into_any(),
            Ok(w) => {
                let horizon = w.earliest.saturating_add(9);
                let clock = play.with_game(|g| g.return_clock(g.side_to_move()));
                let choices = w
                    .moves_up_to(horizon)
                    .map(|m| {
                        let ahead = i64::from(m) - i64::from(clock);
                        view! {
                            <button type="button" class="cg-due-choice" data-due=m title=format!("{} ahead", plural(ahead, "move"))
                                on:click=move |_| play.play(ChessgiAction::SpecialTravel { from: sq, due_move: m })>
                                <span class="cg-due-move">{m}</span>
                                <span class="cg-due-ahead">{format!("+{ahead}")}</span>
                            </button>
                        }
                    })
                    .collect_view();
                let name = play.with_game(|g| g.position().piece_at(sq).map(|p| p.kind.name()).unwrap_or("piece"));
                view! {
                    <div class="cg-send" data-action="send-future">
                        <p class="cg-send-title">{format!("Send the {name} on {sq} to the future: it returns on your move…")}</p>
                        <div class="cg-due-choices">{choices}</div>
                    </div>
                }
                .into_any()
            }
        }
    };
    let general = move || {
        let travel = play.get(ChessgiSession::travel);
        let choosing = play.get(ChessgiSession::choosing_travel);
        let gate = play.with_game(|g| g.travel_destinations().map(|d| d.len()));
        if let Some(node) = travel {
            return view! {
                <div class="cg-travelling" role="status">
                    <p>{format!("Travelling to position {node}: make your move there, or drop from your pocket.")}</p>
                    <button type="button" class="btn small" data-action="cancel-travel" on:click=move |_| {
                        play.stay();
                    }>"Stay in the present"</button>
                </div>
            }
            .into_any();
        }
        match gate {
            Err(e) => view! {
                <button type="button" class="btn" data-action="general-travel" disabled=true>"Travel to a position…"</button>
                <p class="cg-hint refused" data-testid="travel-refused">{sentence(&e.to_string())}</p>
            }
            .into_any(),
            Ok(_) => view! {
                <button type="button" class=if choosing { "btn active" } else { "btn" } data-action="general-travel"
                    on:click=move |_| {
                        play.toggle_travel_choice();
                    }>{if choosing { "Cancel travel" } else { "Travel to a position…" }}</button>
                {choosing.then(|| view! { <p class="cg-hint">"Choose a highlighted position in the time tree."</p> })}
            }
            .into_any(),
        }
    };
    view! {
        <div class="panel cg-travel">
            <div class="panel-title">"Time travel"</div>
            {general}
            {special}
        </div>
    }
}

/// One row of the time tree: a line of positions from `start`, indented by depth.
struct TreeRow {
    depth: usize,
    nodes: Vec<NodeId>,
}

fn tree_rows(game: &ChessgiGame) -> Vec<TreeRow> {
    let mut rows = Vec::new();
    let mut pending = vec![(NodeId(0), 0usize)];
    while let Some((start, depth)) = pending.pop() {
        let mut nodes = vec![start];
        let mut branches = Vec::new();
        let mut at = start;
        loop {
            let kids = game.children(at);
            let Some((&first, rest)) = kids.split_first() else {
                break;
            };
            branches.extend(rest.iter().map(|&k| (k, depth + 1)));
            nodes.push(first);
            at = first;
        }
        rows.push(TreeRow { depth, nodes });
        // Oldest branch first.
        pending.extend(branches.into_iter().rev());
    }
    rows
}

fn node_label(game: &ChessgiGame, id: NodeId) -> String {
    let Some(node) = game.node(id) else {
        return String::new();
    };
    let Some(played) = node.played() else {
        return "start".to_string();
    };
    let number = node
        .parent()
        .and_then(|p| game.node(p))
        .map_or(0, |p| p.position().fullmove_number());
    let dots = if played.mover == Color::White {
        "."
    } else {
        "…"
    };
    let text = game.describe(id).unwrap_or_default();
    // A general travel reads `#4: Bc4`; the tree already says where the line starts.
    let text = match (played.action, text.split_once(": ")) {
        (ChessgiAction::GeneralTravel { .. }, Some((_, then))) => format!("⟲ {then}"),
        _ => text,
    };
    format!("{number}{dots} {text}")
}

/// The tree of recorded positions; while choosing a travel, its destinations.
#[component]
pub(super) fn TimeTree() -> impl IntoView {
    let play = expect_context::<ChessgiPlay>();
    let rows = move || {
        let choosing = play.get(ChessgiSession::choosing_travel);
        let travel = play.get(ChessgiSession::travel);
        play.with_game(|g| {
            let destinations = if choosing {
                g.travel_destinations().unwrap_or_default()
            } else {
                Vec::new()
            };
            let current = g.current();
            tree_rows(g)
                .into_iter()
                .map(|row| {
                    let branch_from = row
                        .nodes
                        .first()
                        .and_then(|&n| g.node(n))
                        .and_then(|n| n.parent())
                        .filter(|_| row.depth > 0);
                    let chips = row
                        .nodes
                        .iter()
                        .map(|&id| {
                            let open = destinations.contains(&id);
                            let mut class = String::from("cg-node");
                            if id == current {
                                class.push_str(" current");
                            }
                            if open {
                                class.push_str(" destination");
                            }
                            if travel == Some(id) {
                                class.push_str(" chosen");
                            }
                            let title = if open {
                                "travel here with your pocket"
                            } else if id == current {
                                "the present position"
                            } else {
                                ""
                            };
                            view! {
                                <button type="button" class=class data-node=id.0 title=title disabled=!open
                                    on:click=move |_| {
                                        play.travel_to(id);
                                    }>
                                    <span class="cg-node-id">{id.to_string()}</span>
                                    <span class="cg-node-text">{node_label(g, id)}</span>
                                </button>
                            }
                        })
                        .collect_view();
                    view! {
                        <div class="cg-line" style=format!("--depth: {};", row.depth)>
                            {branch_from.map(|p| view! { <span class="cg-branch-from">{format!("↳ from {p}")}</span> })}
                            {chips}
                        </div>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="panel cg-tree-panel">
            <div class="panel-title">"Time tree"</div>
            <div class="cg-tree" aria-label="Recorded positions">{rows}</div>
        </div>
    }
}
