//! The multiverse view's pointer gestures: pan with a drag on empty space,
//! zoom with the wheel or two fingers, and pieces moved by click-click or by
//! drag and drop (a ghost piece follows the pointer). Like chessground's
//! drag, they only report to the [`Play`] state what was pressed and where
//! it was dropped.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::camera::{CameraMover, Viewport};
use super::layout::SQUARE;
use super::view::px;
use crate::fived::coords::Coord;
use crate::notation::decimal::fixed;
use crate::play::fived::choice::Choice;
use crate::play::{Effect, Input};
use crate::ui::board::{color_class, kind_class};
use crate::ui::game::play::Play;

/// The board and square under an element (a square or anything inside it,
/// or a compact board) at the screen point (`x`, `y`).
pub(super) fn coord_at(el: &web_sys::Element, x: f64, y: f64) -> Option<Coord> {
    crate::ui::board::spot_at(el, x, y).map(Coord::from)
}

/// What a pointer is doing in the view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Gesture {
    Idle,
    /// Moving the plane.
    Pan {
        last: (f64, f64),
        start: (f64, f64),
        moved: bool,
    },
    /// Holding a piece.
    Piece {
        from: Coord,
        start: (f64, f64),
        at: (f64, f64),
        dragging: bool,
        was_selected: bool,
    },
    /// Two fingers: pinch zoom.
    Pinch {
        distance: f64,
    },
}

/// The view's pointer state and its handlers (cheap `Copy` handles).
#[derive(Debug, Clone, Copy)]
pub(super) struct Gestures {
    play: Play,
    viewport: Viewport,
    mover: CameraMover,
    gesture: StoredValue<Gesture>,
    /// The pointers down: id and screen point.
    pointers: StoredValue<Vec<(i32, f64, f64)>>,
    /// The dragged piece's classes, while dragging.
    ghost: RwSignal<Option<String>>,
    /// Where the dragged piece is (screen point).
    ghost_at: RwSignal<(f64, f64)>,
}

impl Gestures {
    /// No pointer down.
    pub fn new(play: Play, viewport: Viewport, mover: CameraMover) -> Gestures {
        Gestures {
            play,
            viewport,
            mover,
            gesture: StoredValue::new(Gesture::Idle),
            pointers: StoredValue::new(Vec::new()),
            ghost: RwSignal::new(None),
            ghost_at: RwSignal::new((0.0, 0.0)),
        }
    }

    /// A wheel turn or a trackpad swipe: zoom (with Ctrl, or a plain wheel) or pan.
    pub fn wheel(&self, e: ev::WheelEvent) {
        let Gestures {
            viewport, mover, ..
        } = *self;
        e.prevent_default();
        let (sx, sy) = viewport.local_point(f64::from(e.client_x()), f64::from(e.client_y()));
        if e.ctrl_key() || e.delta_mode() != 0 || e.delta_y().abs() > 0.0 && e.delta_x() == 0.0 {
            let factor = (-e.delta_y() * if e.ctrl_key() { 0.01 } else { 0.0015 }).exp();
            mover.nudge(&|c| *c = c.zoom_at(factor, sx, sy));
        } else {
            let (dx, dy) = (e.delta_x(), e.delta_y());
            mover.nudge(&|c| {
                c.x -= dx;
                c.y -= dy;
            });
        }
    }

    /// A press: a second finger starts a pinch; on a piece, selects it (or
    /// plays the selected piece there) and may start a drag; elsewhere, a pan.
    pub fn down(&self, e: ev::PointerEvent) {
        let Gestures {
            play,
            viewport,
            gesture,
            pointers,
            ghost,
            ..
        } = *self;
        if e.button() != 0 {
            return;
        }
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        viewport.measure();
        pointers.update_value(|p| {
            p.retain(|q| q.0 != e.pointer_id());
            p.push((e.pointer_id(), x, y));
        });
        if let Some(el) = viewport.node.get_untracked() {
            let _ = el.set_pointer_capture(e.pointer_id());
        }
        if pointers.with_value(Vec::len) == 2 {
            let d = pointers.with_value(|p| ((p[0].1 - p[1].1).hypot(p[0].2 - p[1].2)).max(1.0));
            gesture.set_value(Gesture::Pinch { distance: d });
            ghost.set(None);
            return;
        }
        let target = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let coord = target.as_ref().and_then(|el| coord_at(el, x, y));
        // A press the play layer takes (the selected piece, one of its
        // destinations, a piece to pick) is the board's; any other becomes a
        // pan. A press on the selected piece is sent on release, unless it
        // became a drag.
        if let Some(c) = coord.filter(|&c| play.takes(c)) {
            let was_selected = play.choice.with_untracked(Choice::selected) == Some(c);
            if was_selected || play.input(Input::Press(c.into())) == Effect::Picked {
                e.prevent_default();
                gesture.set_value(Gesture::Piece {
                    from: c,
                    start: (x, y),
                    at: (x, y),
                    dragging: false,
                    was_selected,
                });
            } else {
                gesture.set_value(Gesture::Idle);
            }
            return;
        }
        gesture.set_value(Gesture::Pan {
            last: (x, y),
            start: (x, y),
            moved: false,
        });
    }

    /// A pointer moves: pans, drags the held piece (after 5 px) or pinches.
    pub fn moved(&self, e: ev::PointerEvent) {
        let Gestures {
            play,
            viewport,
            mover,
            gesture,
            pointers,
            ghost,
            ghost_at,
            ..
        } = *self;
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        pointers.update_value(|p| {
            for q in p.iter_mut() {
                if q.0 == e.pointer_id() {
                    q.1 = x;
                    q.2 = y;
                }
            }
        });
        match gesture.get_value() {
            Gesture::Idle => {}
            Gesture::Pan { last, start, moved } => {
                let moved = moved || (x - start.0).hypot(y - start.1) > 3.0;
                let (dx, dy) = (x - last.0, y - last.1);
                mover.nudge(&|c| {
                    c.x += dx;
                    c.y += dy;
                });
                gesture.set_value(Gesture::Pan {
                    last: (x, y),
                    start,
                    moved,
                });
            }
            Gesture::Piece {
                from,
                start,
                dragging,
                was_selected,
                ..
            } => {
                let dragging = dragging || (x - start.0).hypot(y - start.1) > 5.0;
                if dragging {
                    let cls = play.session.with_untracked(|s| {
                        s.multiverse()
                            .board(from.board.l, from.board.v)
                            .and_then(|b| b.piece_at(from.square))
                            .map(|pp| {
                                format!(
                                    "piece {} {}",
                                    color_class(pp.piece.color),
                                    kind_class(pp.piece)
                                )
                            })
                    });
                    if let Some(cls) = cls {
                        ghost_at.set((x, y));
                        if ghost.with_untracked(Option::is_none) {
                            ghost.set(Some(cls));
                        }
                    }
                }
                gesture.set_value(Gesture::Piece {
                    from,
                    start,
                    at: (x, y),
                    dragging,
                    was_selected,
                });
            }
            Gesture::Pinch { distance } => {
                let d = pointers.with_value(|p| {
                    (p.len() >= 2).then(|| ((p[0].1 - p[1].1).hypot(p[0].2 - p[1].2)).max(1.0))
                });
                if let Some(d) = d {
                    let (mx, my) =
                        pointers.with_value(|p| ((p[0].1 + p[1].1) / 2.0, (p[0].2 + p[1].2) / 2.0));
                    let (sx, sy) = viewport.local_point(mx, my);
                    let factor = d / distance;
                    mover.nudge(&|c| *c = c.zoom_at(factor, sx, sy));
                    gesture.set_value(Gesture::Pinch { distance: d });
                }
            }
        }
    }

    /// A release: drops a dragged piece, or deselects after a click.
    pub fn up(&self, e: ev::PointerEvent) {
        let Gestures {
            play,
            gesture,
            pointers,
            ghost,
            ..
        } = *self;
        pointers.update_value(|p| p.retain(|q| q.0 != e.pointer_id()));
        let g = gesture.get_value();
        gesture.set_value(Gesture::Idle);
        ghost.set(None);
        match g {
            Gesture::Piece {
                from,
                at,
                dragging,
                was_selected,
                ..
            } => {
                if dragging {
                    let target = document()
                        .element_from_point(at.0 as f32, at.1 as f32)
                        .and_then(|el| coord_at(&el, at.0, at.1));
                    if let Some(to) = target {
                        if to != from {
                            play.input(Input::Drop(to.into()));
                        }
                    }
                } else if was_selected {
                    play.input(Input::Press(from.into()));
                }
            }
            Gesture::Pan { moved: false, .. } => {
                play.input(Input::Cancel);
            }
            _ => {}
        }
    }

    /// The browser took the pointer away: the gesture ends.
    pub fn cancel(&self, e: ev::PointerEvent) {
        let Gestures {
            gesture,
            pointers,
            ghost,
            ..
        } = *self;
        pointers.update_value(|p| p.retain(|q| q.0 != e.pointer_id()));
        gesture.set_value(Gesture::Idle);
        ghost.set(None);
    }

    /// The piece under the pointer while dragging: created once per drag,
    /// then only moved (by a transform).
    pub fn ghost_view(&self) -> impl IntoView {
        let Gestures {
            play,
            ghost,
            ghost_at,
            ..
        } = *self;
        move || {
            ghost.get().map(|cls| {
                let size = SQUARE * play.camera.get_untracked().zoom;
                let style = format!("left: 0; top: 0; width: {0}px; height: {0}px;", px(size));
                let at = move || {
                    let (x, y) = ghost_at.get();
                    format!(
                        "translate({}px, {}px)",
                        fixed(x - size / 2.0, 1),
                        fixed(y - size / 2.0, 1)
                    )
                };
                view! { <div class=format!("{cls} mv-ghost") style=style style:transform=at></div> }
            })
        }
    }
}
