//! The Time Traveling Chess board: the shared board's pieces under two
//! layers drawn from the session's scene (square shades with their marks,
//! clickable `data-sq` squares with targets), and dragging a piece.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::play::TtPlay;
use crate::chess::{Color, Piece, Square};
use crate::play::{placement_of, GameSession, Mark};
use crate::ui::board::{color_class, kind_class, square_at_point, Board};

/// The board at the ply being looked at, with an overlay of clickable
/// squares (`data-sq`) carrying the marks: movable pieces, selection, legal
/// targets, the move recorded at that ply, the previewed move, check.
#[component]
pub(super) fn TtBoard() -> impl IntoView {
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
