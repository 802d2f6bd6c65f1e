//! Browser tests of the board component: it draws whatever placement it is given,
//! of any size, from either side, with the marks it is given as square classes,
//! reports presses and drags, and knows no chess.
use crate::support::container;
use chronochess::chess::{Color, Placement, Square};
use chronochess::play::{BoardKey, Mark, SceneBoard, Spot};
use chronochess::ui::board::Board;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

fn attributes(root: &Element, selector: &str, attribute: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|node| {
            node.unchecked_into::<Element>()
                .get_attribute(attribute)
                .unwrap_or_default()
        })
        .collect()
}

#[wasm_bindgen_test]
fn a_small_board_seen_from_black_is_drawn_upside_down() {
    // 3×3 board: a white king on a1, a black unicorn on c3.
    let placement = Placement::from_fen("2u/3/K2", 3, 3).unwrap();
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        view! { <Board board=SceneBoard::from(placement.clone()) orientation=Color::Black /> }
    });
    let root: Element = root.into();

    let squares = attributes(&root, ".square", "data-sq");
    assert_eq!(
        squares,
        ["c1", "b1", "a1", "c2", "b2", "a2", "c3", "b3", "a3"]
    );
    let pieces = attributes(&root, ".piece", "aria-label");
    assert_eq!(pieces, ["white king", "black unicorn"]);
    assert_eq!(
        root.query_selector(".board")
            .unwrap()
            .unwrap()
            .get_attribute("style")
            .as_deref(),
        Some("--files: 3; --ranks: 3;")
    );
}

#[wasm_bindgen_test]
async fn the_board_redraws_when_its_placement_changes() {
    let first = Placement::from_fen("k7/8/8/8/8/8/8/7K", 8, 8).unwrap();
    let second = Placement::from_fen("k7/8/8/8/8/8/8/8", 8, 8).unwrap();
    let placement = RwSignal::new(first);
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        view! { <Board board=Signal::derive(move || SceneBoard::from(placement.get())) coordinates=false /> }
    });
    let root: Element = root.into();

    assert_eq!(attributes(&root, ".piece", "aria-label").len(), 2);
    assert!(attributes(&root, ".coord", "class").is_empty());
    placement.set(second);
    // The board is read inside a reactive closure: Leptos applies the change on the next tick.
    leptos::task::tick().await;
    assert_eq!(attributes(&root, ".piece", "aria-label"), ["black king"]);
}

/// Sends a bubbling pointer event of the main button at viewport (`x`, `y`)
/// (set with the legacy `initMouseEvent`, which needs no dictionary type).
fn dispatch(target: &Element, kind: &str, x: f64, y: f64) {
    let event = web_sys::PointerEvent::new(kind).unwrap();
    event.init_mouse_event_with_can_bubble_arg_and_cancelable_arg_and_view_arg_and_detail_arg_and_screen_x_arg_and_screen_y_arg_and_client_x_arg_and_client_y_arg(
        kind, true, true, None, 0, 0, 0, x as i32, y as i32,
    );
    target.dispatch_event(&event).unwrap();
}

fn centre(el: &Element) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

#[wasm_bindgen_test]
async fn marks_are_square_classes_and_presses_and_drags_are_reported() {
    let placement = Placement::from_fen("4k3/8/8/8/8/8/4P3/4K3", 8, 8).unwrap();
    let mut scene = SceneBoard::new(BoardKey::new(2, 5), placement);
    let sq = crate::support::sq;
    scene.mark(sq("e2"), Mark::Selected);
    scene.mark(sq("e4"), Mark::Dest);
    scene.mark(sq("e1"), Mark::Check);
    scene.mark(sq("e1"), Mark::Last);
    let presses = RwSignal::new(Vec::<Spot>::new());
    let drops = RwSignal::new(Vec::<(Spot, Option<Spot>)>::new());
    let root = crate::support::sized_container(320, 320);
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        // The game of this test lets only the e2 pawn be picked up.
        let on_press = Callback::new(move |spot: Spot| {
            presses.update(|p| p.push(spot));
            spot.square == sq("e2")
        });
        let on_drop = Callback::new(move |d: (Spot, Option<Spot>)| drops.update(|v| v.push(d)));
        view! { <Board board=scene.clone() on_press on_drop /> }
    });
    let root: Element = root.into();
    // The page has no stylesheet: lay the squares out as board.css does, and
    // bring the board into view (points off the viewport have no element).
    crate::support::add_style(&root, ".board { display: grid; grid-template-columns: repeat(8, 40px); grid-template-rows: repeat(8, 40px); }");
    root.scroll_into_view();
    let cell = |name: &str| {
        root.query_selector(&format!("[data-sq={name}]"))
            .unwrap()
            .unwrap()
    };
    assert_eq!(
        root.query_selector(".board")
            .unwrap()
            .unwrap()
            .get_attribute("data-board")
            .as_deref(),
        Some("2:5")
    );
    assert_eq!(
        cell("e2").get_attribute("class").as_deref(),
        Some("square light selected")
    );
    assert_eq!(
        cell("e4").get_attribute("class").as_deref(),
        Some("square light dest")
    );
    assert_eq!(
        cell("e1").get_attribute("class").as_deref(),
        Some("square dark last check")
    );
    assert_eq!(
        cell("a1").get_attribute("class").as_deref(),
        Some("square dark")
    );

    // A press on an empty square is reported; nothing follows the pointer.
    let (x, y) = centre(&cell("d4"));
    dispatch(&cell("d4"), "pointerdown", x, y);
    dispatch(&cell("d4"), "pointerup", x, y);
    let spot = |name: &str| Spot {
        board: BoardKey::new(2, 5),
        square: sq(name),
    };
    assert_eq!(presses.get_untracked(), [spot("d4")]);

    // The pawn picked up and dragged to e4: the piece follows the pointer,
    // and the drop names the square under it.
    let (x0, y0) = centre(&cell("e2"));
    let (x1, y1) = centre(&cell("e4"));
    dispatch(&cell("e2"), "pointerdown", x0, y0);
    dispatch(&cell("e2"), "pointermove", x0 + 10.0, y0 - 10.0);
    leptos::task::tick().await;
    assert!(root
        .query_selector(".board-ghost .piece.white.pawn")
        .unwrap()
        .is_some());
    assert!(cell("e2").class_list().contains("drag-origin"));
    dispatch(&cell("e4"), "pointermove", x1, y1);
    dispatch(&cell("e4"), "pointerup", x1, y1);
    leptos::task::tick().await;
    assert!(root.query_selector(".board-ghost").unwrap().is_none());
    assert!(!cell("e2").class_list().contains("drag-origin"));
    assert_eq!(drops.get_untracked(), [(spot("e2"), Some(spot("e4")))]);

    // A piece the game did not pick up is not dragged.
    let (x, y) = centre(&cell("e8"));
    dispatch(&cell("e8"), "pointerdown", x, y);
    dispatch(&cell("e8"), "pointermove", x + 30.0, y + 30.0);
    dispatch(&cell("e8"), "pointerup", x + 30.0, y + 30.0);
    leptos::task::tick().await;
    assert_eq!(presses.get_untracked().len(), 3);
    assert_eq!(drops.get_untracked().len(), 1);
}

/// Sends a bubbling keydown of `key` to `target`.
fn key(target: &Element, key: &str) {
    let send = js_sys::Function::new_with_args(
        "t, k",
        "t.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))",
    );
    send.call2(
        &wasm_bindgen::JsValue::NULL,
        target,
        &wasm_bindgen::JsValue::from_str(key),
    )
    .unwrap();
}

/// Waits a few timer turns (the keyboard focuses a square after the page updates).
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
        gloo_timers_sleep(20).await;
    }
}

async fn gloo_timers_sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn active_sq() -> Option<(String, String)> {
    let el = web_sys::window()?.document()?.active_element()?;
    let board = el
        .closest("[data-board]")
        .ok()??
        .get_attribute("data-board")?;
    Some((board, el.get_attribute("data-sq")?))
}

#[wasm_bindgen_test]
async fn the_keyboard_moves_one_focus_over_two_boards_and_presses() {
    use chronochess::play::Scene;
    use chronochess::ui::board::Keyboard;
    let sq = crate::support::sq;
    let placement = Placement::from_fen("4k3/8/8/8/8/8/4P3/4K3", 8, 8).unwrap();
    let (a, b) = (BoardKey::new(0, 0), BoardKey::new(1, 0));
    let scene = Scene {
        boards: vec![
            SceneBoard::new(a, placement.clone()),
            SceneBoard::new(b, placement),
        ],
        arrows: Vec::new(),
        orientation: Color::White,
    };
    let presses = RwSignal::new(Vec::<Spot>::new());
    let cancels = RwSignal::new(0);
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        let scene = Signal::derive(move || scene.clone());
        let keyboard = Keyboard::new(
            scene,
            Signal::from(Color::White),
            Callback::new(move |s: Spot| presses.update(|p| p.push(s))),
            Callback::new(move |()| cancels.update(|c| *c += 1)),
        );
        let one = Signal::derive(move || scene.with(|s| s.boards[0].clone()));
        let two = Signal::derive(move || scene.with(|s| s.boards[1].clone()));
        view! {
            <Board board=one keyboard name="board one" />
            <Board board=two keyboard name="board two" />
        }
    });
    let root: Element = root.into();
    // One Tab stop: a1 of the first board; every other square is -1.
    let stops = attributes(&root, "[tabindex=\"0\"]", "data-sq");
    assert_eq!(stops, ["a1"]);
    assert_eq!(attributes(&root, "[tabindex=\"-1\"]", "data-sq").len(), 127);
    let a1 = root
        .query_selector("[data-board=\"0:0\"] [data-sq=a1]")
        .unwrap()
        .unwrap();
    assert_eq!(
        a1.get_attribute("aria-label").as_deref(),
        Some("a1, empty, board one")
    );
    a1.unchecked_ref::<web_sys::HtmlElement>().focus().unwrap();
    let focused = |b: &str, s: &str| {
        root.query_selector(&format!("[data-board=\"{b}\"] [data-sq={s}]"))
            .unwrap()
            .unwrap()
    };
    key(&a1, "ArrowUp");
    settle().await;
    // The DOM focus follows each step.
    assert_eq!(active_sq(), Some(("0:0".to_string(), "a2".to_string())));
    key(&focused("0:0", "a2"), "ArrowRight");
    settle().await;
    assert_eq!(active_sq(), Some(("0:0".to_string(), "b2".to_string())));
    key(&focused("0:0", "b2"), "PageDown");
    settle().await;
    assert_eq!(active_sq(), Some(("1:0".to_string(), "b2".to_string())));
    assert_eq!(attributes(&root, "[tabindex=\"0\"]", "data-sq"), ["b2"]);
    key(&focused("1:0", "b2"), "Enter");
    key(&focused("1:0", "b2"), "Escape");
    settle().await;
    assert_eq!(
        presses.get_untracked(),
        [Spot {
            board: b,
            square: sq("b2")
        }]
    );
    assert_eq!(cancels.get_untracked(), 1);
    assert_eq!(
        focused("1:0", "e2").get_attribute("aria-label").as_deref(),
        Some("e2, white pawn, board two")
    );
}

#[wasm_bindgen_test]
async fn a_compact_board_is_one_element_with_its_marks_on_top() {
    use chronochess::ui::board::spot_at_point;
    let sq = crate::support::sq;
    let placement = Placement::from_fen("4k3/8/8/8/8/8/4P3/4K3", 8, 8).unwrap();
    let mut scene = SceneBoard::new(BoardKey::new(-1, 3), placement);
    scene.mark(sq("e2"), Mark::Last);
    scene.mark(sq("e4"), Mark::Branch);
    let root = crate::support::sized_container(320, 320);
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        view! { <div style="width: 320px; height: 320px;"><Board board=scene.clone() compact=true /></div> }
    });
    let root: Element = root.into();
    crate::support::add_style(&root, ".board.compact { position: relative; width: 320px; height: 320px; } .board.compact .mark { position: absolute; pointer-events: none; }");
    root.scroll_into_view();
    assert_eq!(root.query_selector_all("[data-sq]").unwrap().length(), 0);
    assert_eq!(
        attributes(&root, ".mark", "class"),
        ["mark last", "mark dest branch"]
    );
    let board = root.query_selector(".board.compact").unwrap().unwrap();
    assert!(board
        .get_attribute("style")
        .unwrap()
        .contains("url(assets/pieces/wP.svg)"));
    // The square under a point: e4 is the fifth column, fifth row from the top.
    let r = board.get_bounding_client_rect();
    let (x, y) = (r.left() + 4.5 * 40.0, r.top() + 4.5 * 40.0);
    assert_eq!(
        spot_at_point(x, y),
        Some(Spot {
            board: BoardKey::new(-1, 3),
            square: sq("e4")
        })
    );
}

#[wasm_bindgen_test]
async fn a_new_selection_changes_the_squares_in_place() {
    let placement = Placement::from_fen("k7/8/8/8/8/8/4P3/K7", 8, 8).unwrap();
    let selected = RwSignal::new(None::<&'static str>);
    let root = container();
    let _mounted = leptos::mount::mount_to(root.clone(), move || {
        let board = Signal::derive(move || {
            let mut scene = SceneBoard::new(BoardKey::MAIN, placement.clone());
            if let Some(at) = selected.get() {
                scene.mark(Square::parse(at).unwrap(), Mark::Selected);
                scene.mark(Square::parse("e4").unwrap(), Mark::Dest);
            }
            scene
        });
        view! { <Board board /> }
    });
    let root: Element = root.into();
    let at = |s: &str| {
        root.query_selector(&format!("[data-sq=\"{s}\"]"))
            .unwrap()
            .unwrap()
    };
    let (e2, e4, a1) = (at("e2"), at("e4"), at("a1"));
    let pawn = e2.query_selector(".piece").unwrap().unwrap();
    selected.set(Some("e2"));
    leptos::task::tick().await;
    // The same elements, their classes changed in place: a selection makes
    // no square (and no piece) anew, and the keyboard focus and CSS
    // transitions stay on them.
    assert!(at("e2").is_same_node(Some(&e2)));
    assert!(at("e4").is_same_node(Some(&e4)));
    assert!(at("a1").is_same_node(Some(&a1)));
    assert!(e2
        .query_selector(".piece")
        .unwrap()
        .unwrap()
        .is_same_node(Some(&pawn)));
    assert_eq!(
        e2.get_attribute("class").as_deref(),
        Some("square light selected")
    );
    assert_eq!(
        e4.get_attribute("class").as_deref(),
        Some("square light dest")
    );
    selected.set(None);
    leptos::task::tick().await;
    assert_eq!(e2.get_attribute("class").as_deref(), Some("square light"));
    assert!(at("e2").is_same_node(Some(&e2)));
}
