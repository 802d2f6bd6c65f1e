//! Browser tests of the multiverse view's drawing budget: only the boards
//! near the camera are in the DOM, far out they are drawn compact (one
//! element each, still with the `data-l` / `data-t` / `data-c` hooks), and
//! the drawn window survives small pans.
use crate::support::sized_container;
use chronochess::chess::{Color, Square};
use chronochess::fived::boards;
use chronochess::fived::coords::{half_turn, Coord, Move};
use chronochess::ui::game::play::{CameraRequest, Play};
use chronochess::ui::game::session::Session;
use chronochess::ui::multiverse::layout::{Camera, Layout, Window, COMPACT_BELOW};
use chronochess::ui::multiverse::MultiverseView;
use leptos::prelude::*;
use wasm_bindgen_futures::js_sys;
use wasm_bindgen_test::wasm_bindgen_test;

fn c(turn: i32, color: Color, sq: &str) -> Coord {
    Coord::new(0, half_turn(turn, color), Square::parse(sq).unwrap())
}

/// A Standard game of `turns` turns of knight shuffles: 2 × turns + 1 boards.
fn shuffled(turns: i32) -> Session {
    let mut s = Session::new(boards::standard()).unwrap();
    for t in 1..=turns {
        let (a, b, x, y) = if t % 2 == 1 {
            ("g1", "f3", "g8", "f6")
        } else {
            ("f3", "g1", "f6", "g8")
        };
        for (color, from, to) in [(Color::White, a, b), (Color::Black, x, y)] {
            s.play(Move {
                from: c(t, color, from),
                to: c(t, color, to),
                promotion: None,
            })
            .unwrap();
            s.submit().unwrap();
        }
    }
    s
}

/// Waits `n` animation frames (the view applies camera moves in frames),
/// letting Leptos run its effects after each.
async fn frames(n: usize) {
    for _ in 0..n {
        let p = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .request_animation_frame(&resolve)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
        leptos::task::tick().await;
    }
}

#[wasm_bindgen_test]
async fn a_long_game_draws_only_the_boards_near_the_camera() {
    let root = sized_container(1000, 600);
    let play = Play::new(shuffled(60));
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        provide_context(play);
        view! { <MultiverseView /> }
    });
    frames(3).await;
    let world = root.query_selector(".mv-world").unwrap().unwrap();
    assert_eq!(world.get_attribute("data-boards").as_deref(), Some("121"));
    let drawn = root.query_selector_all(".mv-board").unwrap().length();
    assert!(drawn > 0 && drawn < 40, "{drawn} boards drawn of 121");
    // The present (turn 61, White) is drawn with its squares.
    let present = root
        .query_selector(r#".mv-board[data-l="0"][data-t="61"][data-c="w"]"#)
        .unwrap()
        .expect("the board to play");
    assert_eq!(
        present.query_selector_all("[data-sq]").unwrap().length(),
        64
    );
    // The first board is far away: not in the DOM.
    assert!(root
        .query_selector(r#".mv-board[data-l="0"][data-t="1"][data-c="w"]"#)
        .unwrap()
        .is_none());
    // Fit all: far out, every board compact, hooks kept.
    play.request_camera(CameraRequest::FitAll);
    frames(3).await;
    assert!(play.camera.get_untracked().zoom < COMPACT_BELOW);
    let first = root
        .query_selector(r#".mv-board[data-l="0"][data-t="1"][data-c="w"]"#)
        .unwrap()
        .expect("the first board, far out");
    assert!(first.class_list().contains("compact"));
    assert_eq!(first.query_selector_all("[data-sq]").unwrap().length(), 0);
    // Go to the present: squares again.
    play.request_camera(CameraRequest::Present);
    frames(3).await;
    let present = root
        .query_selector(r#".mv-board[data-l="0"][data-t="61"][data-c="w"]"#)
        .unwrap()
        .expect("the board to play");
    assert!(!present.class_list().contains("compact"));
}

fn layout() -> Layout {
    Layout {
        files: 8,
        ranks: 8,
        vmin: 0,
        vmax: 999,
        lmin: -2,
        lmax: 2,
        flipped: false,
    }
}

#[wasm_bindgen_test]
fn the_window_covers_the_view_and_is_kept_for_small_pans() {
    let lay = layout();
    let view = (1400.0, 860.0);
    let cam = Camera {
        x: -20_000.0,
        y: 0.0,
        zoom: 1.0,
    };
    let w: Window = lay.window(&cam, view, 0.5);
    let exact = lay.window(&cam, view, 0.0);
    assert!(!w.compact);
    assert!(w.vmin < exact.vmin && w.vmax > exact.vmax);
    // Every board whose rectangle meets the view is inside.
    for v in 0..1000 {
        let x = lay.column_x(v) * cam.zoom + cam.x;
        if x + lay.board_width() > 0.0 && x < view.0 {
            assert!(exact.contains(v, 0), "half-turn {v} on screen");
        }
    }
    // A 200 px pan stays inside the margin; a pan of two screens does not.
    let near = Camera {
        x: cam.x - 200.0,
        ..cam
    };
    assert!(w.serves(&lay.window(&near, view, 0.0), &lay.window(&near, view, 0.5)));
    let far = Camera {
        x: cam.x - 2800.0,
        ..cam
    };
    assert!(!w.serves(&lay.window(&far, view, 0.0), &lay.window(&far, view, 0.5)));
    // Zooming far in drops a window made far out.
    let out = Camera { zoom: 0.05, ..cam };
    let wide = lay.window(&out, view, 0.5);
    assert!(wide.compact);
    let zoomed = Camera { zoom: 0.2, ..out };
    assert!(lay.window(&zoomed, view, 0.5).compact);
    assert!(!wide.serves(
        &lay.window(&zoomed, view, 0.0),
        &lay.window(&zoomed, view, 0.5)
    ));
}
