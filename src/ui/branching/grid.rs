//! The multiverse as a grid: one row per branch, one column per time `t`.
//!
//! A branch's row holds its own boards (the boards before its fork are in its
//! ancestors' rows, where they were played). The branch being moved on is
//! highlighted, the latest boards still to play this phase are outlined, and the
//! staged move is shown as a preview board after the latest one. Boards reuse
//! the 5D view's look (`mv-board`, `sq`, `mark` classes of `multiverse.css`).

use std::collections::HashMap;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::BranchingPlay;
use crate::chess::{Color, Placement, Square};
use crate::games::branching::{BranchResult, BranchStatus, Game};
use crate::play::branching::{board_key, preview_key, PREVIEW};
use crate::play::{placement_of, BoardKey as Cell, Mark};
use crate::ui::board::{color_class, kind_class};

/// One board as drawn.
#[derive(Debug, Clone, PartialEq)]
struct BoardItem {
    cell: Cell,
    placement: Placement,
    to_move: Color,
    arrived: u64,
    /// Changes whenever the board does (a collapse replaces a board at the same t).
    key: String,
    /// Grid row (1-based, after the header row) and column.
    grid_row: usize,
    grid_col: u32,
}

fn boards_of(game: &Game, staged: Option<(u32, Placement, Color)>, t0: u32) -> Vec<BoardItem> {
    let mut out = Vec::new();
    for (i, br) in game.branches().iter().enumerate() {
        for node in br.own_boards() {
            let pos = node.position();
            out.push(BoardItem {
                cell: board_key(br.id().0, node.t()),
                placement: placement_of(pos),
                to_move: pos.turn(),
                arrived: node.arrived_mask(),
                key: format!(
                    "{}:{}:{}:{}",
                    br.id().0,
                    node.t(),
                    pos.to_fen(),
                    node.arrived_mask()
                ),
                grid_row: i + 2,
                grid_col: node.t() - t0 + 2,
            });
        }
        if let Some((row, placement, to_move)) = staged.as_ref() {
            if *row == br.id().0 {
                let t = br.latest().t() + 1;
                out.push(BoardItem {
                    cell: preview_key(*row),
                    key: format!("{row}:preview:{}", placement.to_fen()),
                    placement: placement.clone(),
                    to_move: *to_move,
                    arrived: 0,
                    grid_row: i + 2,
                    grid_col: t - t0 + 2,
                });
            }
        }
    }
    out
}

/// Per-board flags for the frame's classes.
const PENDING: u8 = 1;
const FOCUS: u8 = 2;
const FINISHED: u8 = 4;
const LATEST: u8 = 8;

fn flags_of(game: &Game, focus: Option<u32>) -> HashMap<Cell, u8> {
    let mut out = HashMap::new();
    for br in game.branches() {
        let id = br.id().0;
        let latest = board_key(id, br.latest().t());
        let mut f = LATEST;
        if game.result().is_none() && game.phase().pending.contains(&br.id()) {
            f |= PENDING;
        }
        if focus == Some(id) {
            f |= FOCUS;
        }
        if !br.is_active() {
            f |= FINISHED;
        }
        out.insert(latest, f);
    }
    out
}

/// The words of a branch's state for its row label.
#[must_use]
pub fn status_words(game: &Game, id: u32) -> (&'static str, String) {
    let Some(br) = game.branches().get(id as usize) else {
        return ("", String::new());
    };
    match br.status() {
        BranchStatus::Active => {
            if game.result().is_none() && game.phase().pending.contains(&br.id()) {
                ("pending", "to play".to_string())
            } else {
                ("played", "played".to_string())
            }
        }
        BranchStatus::Finished { result, reason } => {
            let r = match result {
                BranchResult::Win(Color::White) => "1–0",
                BranchResult::Win(Color::Black) => "0–1",
                BranchResult::Draw => "½–½",
            };
            ("finished", format!("{r} {}", reason_words(reason)))
        }
    }
}

/// A branch end's reason in a few words.
#[must_use]
pub fn reason_words(r: crate::games::branching::EndReason) -> &'static str {
    use crate::games::branching::EndReason as E;
    match r {
        E::Checkmate => "mate",
        E::Resignation => "resigned",
        E::Stalemate => "stalemate",
        E::InsufficientMaterial => "no mating material",
        E::SeventyFiveMoves => "75 moves",
        E::FivefoldRepetition => "fivefold",
    }
}

fn cell_of(el: &web_sys::Element) -> Option<(Cell, Square)> {
    let sq_el = el.closest("[data-sq]").ok()??;
    let board = sq_el.closest("[data-branch]").ok()??;
    let sq = Square::parse(&sq_el.get_attribute("data-sq")?)?;
    let row = board.get_attribute("data-branch")?.parse().ok()?;
    let cell = match board.get_attribute("data-t")?.as_str() {
        "preview" => preview_key(row),
        s => board_key(row, s.parse().ok()?),
    };
    Some((cell, sq))
}

fn board_view(
    item: BoardItem,
    play: BranchingPlay,
    flags: Memo<HashMap<Cell, u8>>,
    marks: Memo<HashMap<Cell, Vec<(Square, Mark)>>>,
    flipped: bool,
) -> impl IntoView {
    let cell = item.cell;
    let p = &item.placement;
    let mut cells = Vec::with_capacity(64);
    // Top row first: rank 8 from White's side, rank 1 from Black's.
    let ys: [u8; 8] = if flipped {
        [0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        [7, 6, 5, 4, 3, 2, 1, 0]
    };
    let edge = if flipped { 7 } else { 0 };
    for y in ys {
        for x in ys.map(|v| 7 - v) {
            let sq = Square { x, y };
            let shade = if (x + y) % 2 == 0 {
                "sq dark"
            } else {
                "sq light"
            };
            let piece = p.get(sq).map(|pp| {
                let arrived = item.arrived & (1u64 << (u32::from(y) * 8 + u32::from(x))) != 0;
                let cls = format!(
                    "piece {} {}{}",
                    color_class(pp.piece.color),
                    kind_class(pp.piece),
                    if arrived { " arrived" } else { "" }
                );
                view! { <div class=cls></div> }
            });
            let file = (y == edge)
                .then(|| view! { <span class="co co-file">{sq.file_char().to_string()}</span> });
            let rank = (x == edge).then(|| view! { <span class="co co-rank">{y + 1}</span> });
            cells.push(view! {
                <div class=shade data-sq=sq.to_string()>{file}{rank}{piece}</div>
            });
        }
    }
    let color = item.to_move;
    let preview = cell.time == PREVIEW;
    let class = move || {
        let f = flags.with(|f| f.get(&cell).copied().unwrap_or(0));
        let mut cls = format!("mv-board br-board {}", color_class(color));
        if preview {
            cls.push_str(" preview");
        }
        if f & PENDING != 0 {
            cls.push_str(" playable mandatory");
        }
        if f & FOCUS != 0 && f & PENDING != 0 {
            cls.push_str(" has-focus");
        }
        if f & FINISHED != 0 {
            cls.push_str(" finished");
        }
        if f & LATEST == 0 && !preview {
            cls.push_str(" past");
        }
        let landing = marks.with(|m| {
            m.get(&cell)
                .is_some_and(|l| l.iter().any(|(_, k)| *k == Mark::Landing))
        });
        if landing {
            cls.push_str(" landing-target");
        }
        if play
            .focus()
            .is_some_and(|f| i64::from(f.0) == i64::from(cell.line))
        {
            cls.push_str(" in-focus-row");
        }
        cls
    };
    let overlay = move || {
        marks.with(|all| {
            all.get(&cell).map(|list| {
                list.iter()
                    .map(|(sq, kind)| {
                        let (col, row) = if flipped {
                            (7 - sq.x, sq.y)
                        } else {
                            (sq.x, 7 - sq.y)
                        };
                        let style =
                            format!("left: calc(var(--sq) * {col}); top: calc(var(--sq) * {row});");
                        view! { <div class=format!("mark {}", kind.class()) style=style></div> }
                    })
                    .collect_view()
            })
        })
    };
    let t_attr = if preview {
        "preview".to_string()
    } else {
        cell.time.to_string()
    };
    let aria = if preview {
        format!("Branch {}, the staged move", cell.line)
    } else {
        format!(
            "Branch {}, t {}, {} to move",
            cell.line,
            cell.time,
            color.name()
        )
    };
    let style = format!(
        "grid-row: {}; grid-column: {};",
        item.grid_row, item.grid_col
    );
    view! {
        <div class=class style=style data-branch=cell.line.to_string() data-t=t_attr
            data-c=if color == Color::White { "w" } else { "b" } aria-label=aria.clone() title=aria>
            <div class="mv-squares br-squares">{cells}</div>
            <div class="mv-marks br-marks">{overlay}</div>
        </div>
    }
}

/// The grid of branches × times, with click and drag moving.
#[component]
pub fn BranchGrid() -> impl IntoView {
    let play = expect_context::<BranchingPlay>();
    let t0 = Memo::new(move |_| {
        play.with_game(|g| g.branches().iter().map(|b| b.first_t()).min().unwrap_or(0))
    });
    let tmax = Memo::new(move |_| {
        play.with_game(|g| {
            g.branches()
                .iter()
                .map(|b| b.latest().t())
                .max()
                .unwrap_or(0)
        }) + u32::from(play.staged().is_some())
    });
    let boards = Memo::new(move |_| {
        let staged = play.focus().zip(play.staged()).and_then(|(b, mv)| {
            play.with_game(|g| {
                let pos = g.branch(b).ok()?.latest().position().play(mv).ok()?;
                Some((b.0, placement_of(&pos), pos.turn()))
            })
        });
        play.with_game(|g| boards_of(g, staged, t0.get()))
    });
    let flags = Memo::new(move |_| {
        let focus = play.focus().map(|b| b.0);
        play.with_game(|g| flags_of(g, focus))
    });
    let marks = Memo::new(move |_| play.marks());

    let row_labels = move || {
        let focus = play.focus();
        play.with_game(|g| {
            g.branches()
                .iter()
                .enumerate()
                .map(|(i, br)| {
                    let id = br.id();
                    let (state, words) = status_words(g, id.0);
                    let origin = match (br.parent(), br.fork_t()) {
                        (Some(p), Some(t)) => format!("from B{} at t{t}", p.0),
                        _ => "the original".to_string(),
                    };
                    let cls = format!(
                        "br-row-label {state}{}",
                        if focus == Some(id) { " focus" } else { "" }
                    );
                    let band = format!(
                        "br-band {state}{}",
                        if focus == Some(id) { " focus" } else { "" }
                    );
                    let clickable = state == "pending";
                    view! {
                        <div class=band style=format!("grid-row: {};", i + 2)></div>
                        <button type="button" class=cls style=format!("grid-row: {};", i + 2)
                            data-action="focus-branch" data-branch=id.0.to_string()
                            disabled=!clickable
                            on:click=move |_| play.set_focus(id)>
                            <span class="br-name">{format!("B{}", id.0)}</span>
                            <span class="br-origin">{origin}</span>
                            <span class=format!("br-state {state}")>{words}</span>
                        </button>
                    }
                })
                .collect_view()
        })
    };
    let col_labels = move || {
        let (a, b) = (t0.get(), tmax.get());
        (a..=b)
            .map(|t| {
                let who = if t % 2 == 0 { "w" } else { "b" };
                view! {
                    <div class=format!("br-t-label {who}") style=format!("grid-column: {};", t - a + 2)>
                        {format!("t{t}")}<span class="br-move-no">{format!(" · {}{}", t / 2 + 1, if t % 2 == 0 { "." } else { "…" })}</span>
                    </div>
                }
            })
            .collect_view()
    };

    // Pointer: press selects / stages / lands; a drag from a piece drops on a square.
    let drag = StoredValue::new(None::<(Cell, Square, f64, f64, bool)>);
    let ghost = RwSignal::new(None::<(String, f64, f64)>);
    let on_down = move |e: ev::PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let Some(el) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Some((cell, sq)) = cell_of(&el) else {
            return;
        };
        if play.press(cell, sq) {
            e.prevent_default();
            drag.set_value(Some((
                cell,
                sq,
                f64::from(e.client_x()),
                f64::from(e.client_y()),
                false,
            )));
        }
    };
    let on_move = move |e: ev::PointerEvent| {
        let Some((cell, sq, x0, y0, dragging)) = drag.get_value() else {
            return;
        };
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        let dragging = dragging || (x - x0).hypot(y - y0) > 5.0;
        if dragging {
            let cls = play.with_game_untracked(|g| {
                let row = u32::try_from(cell.line).ok()?;
                let b = g.branch(crate::games::branching::BranchId(row)).ok()?;
                let pos = if cell.time == PREVIEW {
                    let mv = play.staged_untracked()?;
                    b.latest().position().play(mv).ok()?
                } else {
                    *b.latest().position()
                };
                let p = pos.piece_at(sq)?;
                Some(format!("piece {} {}", color_class(p.color), kind_class(p)))
            });
            if let Some(cls) = cls {
                ghost.set(Some((cls, x, y)));
            }
        }
        drag.set_value(Some((cell, sq, x0, y0, dragging)));
    };
    let on_up = move |e: ev::PointerEvent| {
        let d = drag.get_value();
        drag.set_value(None);
        ghost.set(None);
        if let Some((cell, sq, _, _, true)) = d {
            let target = document()
                .element_from_point(e.client_x() as f32, e.client_y() as f32)
                .and_then(|el| cell_of(&el));
            if let Some((c2, s2)) = target {
                if (c2, s2) != (cell, sq) {
                    play.press(c2, s2);
                }
            }
        }
    };
    let ghost_view = move || {
        ghost.get().map(|(cls, x, y)| {
            view! { <div class=format!("{cls} mv-ghost br-ghost") style=format!("left: {}px; top: {}px;", x - 24.0, y - 24.0)></div> }
        })
    };
    // Keep the branch being moved on in view.
    Effect::new(move |_| {
        let focus = play.focus();
        let _ = play.staged();
        let _ = play.with_game(|g| g.events().len());
        if let Some(b) = focus {
            let sel = format!(
                ".br-board[data-branch=\"{}\"].playable, .br-board[data-branch=\"{}\"].preview",
                b.0, b.0
            );
            request_animation_frame(move || {
                let (Ok(Some(el)), Ok(Some(vp))) = (
                    document().query_selector(&sel),
                    document().query_selector(".br-viewport"),
                ) else {
                    return;
                };
                let (b, r) = (el.get_bounding_client_rect(), vp.get_bounding_client_rect());
                // The row labels stick on the left: keep boards clear of them.
                let left = r.left() + 140.0;
                let mut dx = 0.0;
                if b.right() > r.right() - 12.0 {
                    dx = b.right() - r.right() + 24.0;
                } else if b.left() < left {
                    dx = b.left() - left - 12.0;
                }
                let mut dy = 0.0;
                if b.bottom() > r.bottom() - 12.0 {
                    dy = b.bottom() - r.bottom() + 24.0;
                } else if b.top() < r.top() + 36.0 {
                    dy = b.top() - r.top() - 48.0;
                }
                vp.set_scroll_left(vp.scroll_left() + dx as i32);
                vp.set_scroll_top(vp.scroll_top() + dy as i32);
            });
        }
    });

    view! {
        <div class="br-viewport" style=move || format!("--sq: {}px;", play.square.get()) on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up
            on:pointercancel=move |_| { drag.set_value(None); ghost.set(None); }>
            <div class="br-grid" style=move || format!("--cols: {};", tmax.get() - t0.get() + 1)>
                <div class="br-corner">"branch \\ t"</div>
                {col_labels}
                {row_labels}
                {move || {
                    // Flipping redraws every board.
                    let flipped = play.flipped.get();
                    view! { <For each=move || boards.get() key=|b| b.key.clone() children=move |item| board_view(item, play, flags, marks, flipped) /> }
                }}
            </div>
            {ghost_view}
        </div>
    }
}
