//! The multiverse view: every board of every timeline on a pannable,
//! zoomable plane, with the present line, playable-board outlines, legal
//! destinations on every board, arrows for jumps and checks, drag and click
//! moving.
//!
//! Like chessground, the view decides no rule: it draws the [`Play`] state
//! and reports clicks and drops to it.

mod camera;
mod gestures;
pub mod layout;
mod view;

use leptos::ev;
use leptos::prelude::*;

use self::camera::{CameraMover, Viewport};
use self::gestures::Gestures;
use self::layout::{Camera, Layout, Window};
use self::view::{arrows_of, board_count, board_flags, board_view, boards_in, px, BoardItem};
use crate::chess::Color;
use crate::fived::coords::{BoardId, Coord};
use crate::notation::decimal::fixed;
use crate::play::fived::game_session::scene_of;
use crate::play::Input;
use crate::ui::board::Keyboard;
use crate::ui::game::play::CameraRequest;
use crate::ui::game::play::Play;
use crate::ui::game::session::Session;

/// Extra highlights a teaching screen asks for (provided as context; the
/// game screen provides none): boards outlined as a hint, and squares
/// ringed as targets to reach. What to highlight is decided in `play/`.
#[derive(Debug, Clone, Copy)]
pub struct Guide {
    /// Boards outlined (`.mv-board.hint`).
    pub boards: RwSignal<Vec<BoardId>>,
    /// Squares ringed (the scene mark `Target`).
    pub squares: RwSignal<Vec<Coord>>,
}

impl Guide {
    /// No highlight yet.
    #[must_use]
    pub fn new() -> Guide {
        Guide {
            boards: RwSignal::new(Vec::new()),
            squares: RwSignal::new(Vec::new()),
        }
    }
}

impl Default for Guide {
    fn default() -> Guide {
        Guide::new()
    }
}

/// The multiverse view of the game in the [`Play`] context.
#[component]
pub fn MultiverseView() -> impl IntoView {
    let play = expect_context::<Play>();
    let guide = use_context::<Guide>();
    let viewport = Viewport::new();
    let size = viewport.size;
    let layout =
        Memo::new(move |_| play.with_shown(|s| Layout::of(s.multiverse(), play.flipped.get())));
    // Which boards are drawn: what the camera shows plus a margin, kept
    // while the camera stays inside it (panning re-renders nothing until the
    // margin is used up), re-made when it leaves it, zooms far in or crosses
    // the compact threshold.
    let window = Memo::new(move |prev: Option<&Window>| {
        let cam = play.camera.get();
        let view = size.get();
        layout.with(|lay| {
            let fresh = lay.window(&cam, view, layout::MARGIN);
            match prev {
                Some(p) if p.serves(&lay.window(&cam, view, 0.02), &fresh) => *p,
                _ => fresh,
            }
        })
    });
    let boards = Memo::new(move |_| {
        let lay = layout.get();
        let w = window.get();
        play.with_shown(|s| boards_in(s, &lay, &w))
    });
    let total_boards = Memo::new(move |_| play.with_shown(board_count));
    let flags = Memo::new(move |_| play.with_shown(board_flags));
    // The checks are worked out once per position (a search over the
    // position with every playable board passed), for the marks and arrows.
    let threats = Memo::new(move |_| play.with_shown(Session::threats));
    let orientation = Signal::derive(move || {
        if play.flipped.get() {
            Color::Black
        } else {
            Color::White
        }
    });
    // What every board shows (pieces, marks): the scene of the shown position,
    // seen from the side at the bottom (keyboard play starts at that side's
    // near left corner, as on a lichess board).
    let scene = Memo::new(move |_| {
        let selected = play.selected();
        let mut scene = threats.with(|t| play.with_shown(|s| scene_of(s, selected, t)));
        scene.orientation = orientation.get();
        if let Some(g) = guide {
            g.squares
                .with(|squares| view::guide_marks(&mut scene, squares));
        }
        scene
    });
    let keyboard = Keyboard::new(
        scene.into(),
        orientation,
        Callback::new(move |spot| {
            play.input(Input::Press(spot));
        }),
        Callback::new(move |()| {
            play.input(Input::Cancel);
        }),
    )
    .revealing(Callback::new(move |spot: crate::play::Spot| {
        play.request_camera(CameraRequest::Show(BoardId::from(spot.board)));
    }));
    let arrows = Memo::new(move |_| {
        let lay = layout.get();
        threats.with(|t| play.with_shown(|s| arrows_of(s, &lay, t)))
    });
    let mover = CameraMover::new(play.camera);
    let moving = mover.moving;
    camera::follow_requests(play, layout, viewport, mover);
    let gestures = Gestures::new(play, viewport, mover);

    // The only thing a pan or zoom frame changes in the world.
    let world_transform = move || play.camera.with(Camera::transform);
    // Outlines and arrows stay visible far out: the stylesheet divides their
    // widths by this zoom, rounded to steps of 20 % and changed only when the
    // camera rests, so that a zoom gesture restyles no board.
    let zoom_step = Memo::new(move |prev: Option<&i32>| match prev {
        Some(p) if moving.get() => *p,
        _ => {
            let z = play.camera.with(|c| c.zoom);
            (z.ln() / 1.2f64.ln()).round() as i32
        }
    });
    let world_zoom = move || fixed(1.2f64.powi(zoom_step.get()), 4);
    let world_width = move || format!("{}px", px(layout.with(Layout::world_size).0));
    let world_height = move || format!("{}px", px(layout.with(Layout::world_size).1));

    view! {
        <div
            class="mv-viewport"
            node_ref=viewport.node
            on:wheel=move |e| gestures.wheel(e)
            on:pointerdown=move |e| gestures.down(e)
            on:pointermove=move |e| gestures.moved(e)
            on:pointerup=move |e| gestures.up(e)
            on:pointercancel=move |e| gestures.cancel(e)
            on:contextmenu=|e: ev::MouseEvent| e.prevent_default()
            // The camera alone moves the plane: a square taking the keyboard
            // focus must not scroll the viewport.
            on:scroll=move |_| {
                if let Some(el) = viewport.node.get_untracked() {
                    el.set_scroll_left(0);
                    el.set_scroll_top(0);
                }
            }
        >
            <div
                class="mv-world"
                class:moving=move || moving.get()
                style:transform=world_transform
                style:width=world_width
                style:--mv-z=world_zoom
                style:height=world_height
                data-boards=move || total_boards.get().to_string()
            >
                {view::rails(play, layout)}
                {view::present_line(play, layout)}
                <For
                    each=move || boards.get()
                    key=BoardItem::key
                    children=move |item| board_view(item, play, flags, scene, layout, keyboard, guide)
                />
                {view::arrows_svg(layout, arrows)}
            </div>
            {view::sticky_labels(play, layout, window)}
            {gestures.ghost_view()}
        </div>
    }
}
