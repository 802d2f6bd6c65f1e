//! The multiverse view's camera: the viewport's size (measured only when
//! needed), pan and zoom steps applied once per animation frame, and where a
//! camera request (fit all, present, zoom buttons) puts the camera.

use std::time::Duration;

use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use super::layout::{Camera, Layout, COMPACT_BELOW, TOP};
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::game::session::Session;

/// The view's viewport element and its size, read when a gesture starts, on
/// camera requests and on window resizes (never per frame: reading it may
/// force a layout).
#[derive(Debug, Clone, Copy)]
pub(super) struct Viewport {
    /// The element.
    pub node: NodeRef<html::Div>,
    /// Its last measured size (CSS pixels).
    pub size: RwSignal<(f64, f64)>,
    measured: StoredValue<bool>,
}

impl Viewport {
    /// A viewport not yet measured, assumed 1200 × 700; measured again on
    /// every window resize.
    pub fn new() -> Viewport {
        let v = Viewport {
            node: NodeRef::new(),
            size: RwSignal::new((1200.0, 700.0)),
            measured: StoredValue::new(false),
        };
        let _resize = window_event_listener(ev::resize, move |_| {
            v.measure();
        });
        v
    }

    /// Measures the element (keeping the last size while it has none).
    pub fn measure(&self) -> (f64, f64) {
        let rect = self.node.get_untracked().map(|el| {
            let r = el.get_bounding_client_rect();
            (r.width(), r.height())
        });
        match rect {
            Some(m) if m.0 > 0.0 && m.1 > 0.0 => {
                self.measured.set_value(true);
                if self.size.get_untracked() != m {
                    self.size.set(m);
                }
                m
            }
            _ => self.size.get_untracked(),
        }
    }

    /// The size without forcing a layout, once it has been measured: a
    /// camera request right after a submit would otherwise lay out the page
    /// twice.
    pub fn known_size(&self) -> (f64, f64) {
        if self.measured.get_value() {
            self.size.get_untracked()
        } else {
            self.measure()
        }
    }

    /// A screen point relative to the viewport's top-left corner.
    pub fn local_point(&self, cx: f64, cy: f64) -> (f64, f64) {
        self.node
            .get_untracked()
            .map(|el| {
                let r = el.get_bounding_client_rect();
                (cx - r.left(), cy - r.top())
            })
            .unwrap_or((cx, cy))
    }
}

/// Moves the camera for gestures. Pointer and wheel events come faster than
/// frames: they move a pending camera, applied once per animation frame (one
/// transform change). While the camera moves the world is its own
/// compositor layer (panning then repaints nothing); when it rests it is
/// painted at the final scale.
#[derive(Debug, Clone, Copy)]
pub(super) struct CameraMover {
    camera: RwSignal<Camera>,
    pending: StoredValue<Option<Camera>>,
    /// The camera moved less than 160 ms ago.
    pub moving: RwSignal<bool>,
    rest_timer: StoredValue<Option<TimeoutHandle>>,
}

impl CameraMover {
    /// A mover of `camera`, at rest.
    pub fn new(camera: RwSignal<Camera>) -> CameraMover {
        CameraMover {
            camera,
            pending: StoredValue::new(None),
            moving: RwSignal::new(false),
            rest_timer: StoredValue::new(None),
        }
    }

    /// Applies `f` to the camera at the next animation frame (after the
    /// other steps of this frame).
    pub fn nudge(&self, f: &dyn Fn(&mut Camera)) {
        let first = self.pending.with_value(Option::is_none);
        let mut cam = self
            .pending
            .get_value()
            .unwrap_or_else(|| self.camera.get_untracked());
        f(&mut cam);
        self.pending.set_value(Some(cam));
        if first {
            let mover = *self;
            request_animation_frame(move || {
                if let Some(cam) = mover.pending.get_value() {
                    mover.pending.set_value(None);
                    if !mover.moving.get_untracked() {
                        mover.moving.set(true);
                    }
                    mover.camera.set(cam);
                    if let Some(t) = mover.rest_timer.get_value() {
                        t.clear();
                    }
                    let t = set_timeout_with_handle(
                        move || mover.moving.set(false),
                        Duration::from_millis(160),
                    )
                    .ok();
                    mover.rest_timer.set_value(t);
                }
            });
        }
    }

    /// Drops a step not yet applied (a camera request overrides it).
    pub fn drop_pending(&self) {
        self.pending.set_value(None);
    }
}

/// Where a camera request puts the camera, for a viewport of `size` showing
/// `lay` (of the shown session `s`) through `cam`: every board when they
/// fit at a comfortable size, else the present and the boards to play (the
/// previous turn kept in view), or one zoom step.
pub(super) fn requested(
    req: CameraRequest,
    lay: &Layout,
    size: (f64, f64),
    cam: Camera,
    s: &Session,
) -> Camera {
    match req {
        CameraRequest::FitAll => {
            let (w, h) = lay.world_size();
            Camera::fit((-16.0, 0.0, w + 32.0, h + 8.0), size, 1.4)
        }
        CameraRequest::Auto
            if {
                let (w, h) = lay.world_size();
                Camera::fit((-16.0, 0.0, w + 32.0, h + 8.0), size, 1.4).zoom >= 0.42
            } =>
        {
            let (w, h) = lay.world_size();
            Camera::fit((-16.0, 0.0, w + 32.0, h + 8.0), size, 1.4)
        }
        CameraRequest::Present | CameraRequest::Auto => {
            let m = s.multiverse();
            let mut targets = m.mandatory_boards();
            if targets.is_empty() {
                targets = m.playable_boards(m.to_move());
            }
            let present = m.present();
            let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
            for b in &targets {
                let (x, y) = lay.board_origin(*b);
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + lay.board_width());
                y1 = y1.max(y + lay.board_height());
            }
            if targets.is_empty() {
                let x = lay.column_x(present);
                (x0, y0, x1, y1) = (x, TOP, x + lay.board_width(), TOP + lay.board_height());
            }
            // Keep the previous turn in view too: most moves look one step back.
            let back = lay.board_width() * 2.0 + 64.0;
            let rect = (x0 - back, y0 - 30.0, x1 - x0 + back + 40.0, y1 - y0 + 60.0);
            let fitted = Camera::fit(rect, size, 1.2);
            if cam.zoom < fitted.zoom && cam.zoom > 0.5 {
                // Keep a zoom the player chose; just centre.
                let cx = (x0 + x1) / 2.0;
                let cy = (y0 + y1) / 2.0;
                Camera {
                    x: size.0 / 2.0 - cx * cam.zoom,
                    y: size.1 / 2.0 - cy * cam.zoom,
                    zoom: cam.zoom,
                }
            } else {
                fitted
            }
        }
        CameraRequest::Show(b) => {
            let (x, y) = lay.board_origin(b);
            let (w, h) = (lay.board_width(), lay.board_height());
            let z = cam.zoom;
            let (sx0, sy0) = (cam.x + x * z, cam.y + y * z);
            let (sx1, sy1) = (sx0 + w * z, sy0 + h * z);
            let inside = sx0 >= 0.0 && sy0 >= 0.0 && sx1 <= size.0 && sy1 <= size.1;
            if inside && z >= COMPACT_BELOW {
                return cam;
            }
            // Readable: at least the zoom the automatic camera allows.
            let zoom = z.max(0.6);
            Camera {
                x: size.0 / 2.0 - (x + w / 2.0) * zoom,
                y: size.1 / 2.0 - (y + h / 2.0) * zoom,
                zoom,
            }
        }
        CameraRequest::ZoomIn => cam.zoom_at(1.25, size.0 / 2.0, size.1 / 2.0),
        CameraRequest::ZoomOut => cam.zoom_at(0.8, size.0 / 2.0, size.1 / 2.0),
    }
}

/// Carries out the game screen's camera requests (fit all, go to present,
/// zoom buttons).
pub(super) fn follow_requests(
    play: Play,
    layout: Memo<Layout>,
    viewport: Viewport,
    mover: CameraMover,
) {
    Effect::new(move |_| {
        let (_, req) = play.camera_request.get();
        let Some(req) = req else { return };
        mover.drop_pending();
        let lay = layout.get_untracked();
        let size = viewport.known_size();
        let cam = play.camera.get_untracked();
        let next = play.with_shown_untracked(|s| requested(req, &lay, size, cam, s));
        play.camera.set(next);
    });
}
