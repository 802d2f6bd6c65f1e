//! The multiverse as a grid: one row per branch, one column per time `t`.
//!
//! A branch's row holds its own boards (the boards before its fork are in its
//! ancestors' rows, where they were played). The branch being moved on is
//! highlighted, the latest boards still to play this phase are outlined, and the
//! staged move is shown as a preview board after the latest one. Each board
//! is the shared [`Board`] drawing the session's scene, in a frame with the
//! 5D view's look (`mv-board` of `multiverse.css`).

use std::collections::HashMap;

use leptos::prelude::*;

use super::state::BranchingPlay;
use crate::chess::{Color, Placement};
use crate::games::branching::{BranchResult, BranchStatus, Game};
use crate::play::branching::{board_key, preview_key, BranchingSession, PREVIEW};
use crate::play::{BoardKey as Cell, GameSession, Mark, Scene, SceneBoard};
use crate::ui::board::{color_class, orientation_of, Board, Keyboard};

/// One board as laid out in the grid (its pieces and marks are the scene's).
#[derive(Debug, Clone, PartialEq)]
struct BoardItem {
    cell: Cell,
    to_move: Color,
    /// Grid row (1-based, after the header row) and column.
    grid_row: usize,
    grid_col: u32,
}

fn boards_of(game: &Game, staged: Option<(u32, Color)>, t0: u32) -> Vec<BoardItem> {
    let mut out = Vec::new();
    for (i, br) in game.branches().iter().enumerate() {
        for node in br.own_boards() {
            out.push(BoardItem {
                cell: board_key(br.id().0, node.t()),
                to_move: node.position().turn(),
                grid_row: i + 2,
                grid_col: node.t() - t0 + 2,
            });
        }
        if let Some((row, to_move)) = staged {
            if row == br.id().0 {
                let t = br.latest().t() + 1;
                out.push(BoardItem {
                    cell: preview_key(row),
                    to_move,
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

fn board_view(
    item: BoardItem,
    play: BranchingPlay,
    flags: Memo<HashMap<Cell, u8>>,
    scene: Memo<Scene>,
    keyboard: Keyboard,
) -> impl IntoView {
    let cell = item.cell;
    let board = Memo::new(move |_| {
        scene
            .with(|s| s.board(cell).cloned())
            .unwrap_or_else(|| SceneBoard::new(cell, Placement::empty(8, 8).expect("an 8×8 board")))
    });
    let orientation = orientation_of(play.flipped);
    // A press selects, stages or lands; a piece dragged from a board lands
    // where a press there would (on this board or another).
    let (on_press, on_drop) = play.board_callbacks();
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
        if board.with(|b| b.marks.iter().any(|&(_, m)| m == Mark::Landing)) {
            cls.push_str(" landing-target");
        }
        if play
            .get(BranchingSession::focus)
            .is_some_and(|f| i64::from(f.0) == i64::from(cell.line))
        {
            cls.push_str(" in-focus-row");
        }
        cls
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
            <Board board orientation on_press on_drop keyboard name=aria.to_ascii_lowercase() />
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
        }) + u32::from(play.get(BranchingSession::preview_position).is_some())
    });
    let boards = Memo::new(move |_| {
        let staged = play
            .get(BranchingSession::focus)
            .zip(play.get(BranchingSession::preview_position))
            .map(|(b, pos)| (b.0, pos.turn()));
        play.with_game(|g| boards_of(g, staged, t0.get()))
    });
    let flags = Memo::new(move |_| {
        let focus = play.get(BranchingSession::focus).map(|b| b.0);
        play.with_game(|g| flags_of(g, focus))
    });
    let scene = Memo::new(move |_| play.session.with(GameSession::scene));
    let keyboard = play.keyboard(scene);

    let row_labels = move || {
        let focus = play.get(BranchingSession::focus);
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

    // Keep the branch being moved on in view.
    Effect::new(move |_| {
        let focus = play.get(BranchingSession::focus);
        let _ = play.get(BranchingSession::staged);
        let _ = play.get(BranchingSession::journey);
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
        <div class="br-viewport" style=move || format!("--sq: {}px;", play.square.get())>
            <div class="br-grid" style=move || format!("--cols: {};", tmax.get() - t0.get() + 1)>
                <div class="br-corner">"branch \\ t"</div>
                {col_labels}
                {row_labels}
                <For each=move || boards.get() key=|b| (b.cell, b.to_move == Color::White, b.grid_row, b.grid_col) children=move |item| board_view(item, play, flags, scene, keyboard) />
            </div>
        </div>
    }
}
