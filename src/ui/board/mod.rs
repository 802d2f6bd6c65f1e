//! The one board component every game screen draws its boards with.
//!
//! Like lichess's chessground, the board knows no chess: it is told what to
//! draw (a [`SceneBoard`]: the pieces and size of any board up to 8×8, and the
//! square [`Mark`](crate::play::Mark)s) and from which side, and it reports
//! what the player did: a press on a square (pointer down) and, when the game
//! answers that a piece was picked up, where a dragged piece was let go. The
//! game decides what a press means (`GameSession::input`).
//!
//! Its hooks, for stylesheets and tests: `.board[data-board="line:time"]`
//! holds the squares `.square.light|dark[data-sq="e4"]`, each with its marks
//! as classes (`last`, `check`, `selected`, `dest`, `capture`, …: see
//! [`Mark::class`](crate::play::Mark::class)) and its piece
//! `.piece.{colour}.{kind}`. The piece set is chosen in CSS.
//!
//! Two forms: the full one (a grid of square elements) and a compact one
//! ([`compact`]: one element painted with backgrounds, for boards drawn by
//! the hundred far out). With a [`Keyboard`] the squares take part in the
//! screen's roving keyboard focus ([`keyboard`]) and are named for screen
//! readers (square, piece, marks, board).

pub mod compact;
pub mod keyboard;

pub use keyboard::Keyboard;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chess::{Color, Piece, Square};
use crate::play::{BoardKey, SceneBoard, Spot};

/// A pixel length rounded to a whole number, written as an integer: `f64`'s
/// own formatting would bring Rust's float printing (~10 KB of WebAssembly)
/// into both pages for the drag ghost alone.
pub(crate) fn whole(x: f64) -> i64 {
    // `as` saturates; a pointer position is far inside i64.
    x.round() as i64
}

/// The CSS class of a piece kind: its English name with `-` for spaces (`common-king`).
#[must_use]
pub fn kind_class(piece: Piece) -> String {
    piece.kind.name().replace(' ', "-")
}

/// The CSS class of a colour: `white` or `black`.
#[must_use]
pub const fn color_class(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The orientation of a screen's "Flip" toggle: Black at the bottom while set.
#[must_use]
pub fn orientation_of(flipped: RwSignal<bool>) -> Signal<Color> {
    Signal::derive(move || {
        if flipped.get() {
            Color::Black
        } else {
            Color::White
        }
    })
}

/// The `data-board` value of a board: `line:time`.
#[must_use]
pub fn board_attr(key: BoardKey) -> String {
    format!("{}:{}", key.line, key.time)
}

/// The board a `data-board` value names.
pub(crate) fn parse_board_attr(attr: &str) -> Option<BoardKey> {
    let (line, time) = attr.split_once(':')?;
    Some(BoardKey::new(line.parse().ok()?, time.parse().ok()?))
}

/// The square of a board element (`[data-sq]`, inside a `[data-board]`) at
/// or around `el`.
#[must_use]
pub fn spot_of(el: &web_sys::Element) -> Option<Spot> {
    let cell = el.closest("[data-sq]").ok()??;
    let square = Square::parse(&cell.get_attribute("data-sq")?)?;
    let board = cell
        .closest("[data-board]")
        .ok()
        .flatten()
        .and_then(|b| parse_board_attr(&b.get_attribute("data-board")?))
        .unwrap_or(BoardKey::MAIN);
    Some(Spot { board, square })
}

/// The square at the viewport point (`x`, `y`) of `el` (the element there):
/// a square element's, or on a compact board the square under the point.
#[must_use]
pub fn spot_at(el: &web_sys::Element, x: f64, y: f64) -> Option<Spot> {
    spot_of(el).or_else(|| compact::spot_in_compact(el, x, y))
}

/// The square under the viewport point (`x`, `y`), on whichever board is
/// there; a dragged piece is dropped where this says.
#[must_use]
pub fn spot_at_point(x: f64, y: f64) -> Option<Spot> {
    spot_at(&document().element_from_point(x as f32, y as f32)?, x, y)
}

/// The square under the viewport point (`x`, `y`), whatever its board.
#[must_use]
pub fn square_at_point(x: f64, y: f64) -> Option<Square> {
    spot_at_point(x, y).map(|s| s.square)
}

/// The CSS classes of a piece: `piece {colour} {kind}`.
#[must_use]
pub fn piece_classes(piece: Piece) -> String {
    format!("piece {} {}", color_class(piece.color), kind_class(piece))
}

/// What the board calls on a press: with the square pressed; answers whether
/// the game picked up a piece there (it may then be dragged).
pub type OnPress = Callback<Spot, bool>;

/// What the board calls when a dragged piece is let go: where it was picked
/// up and the square under the pointer (on any board; `None` off every board).
pub type OnDrop = Callback<(Spot, Option<Spot>)>;

/// A press on a piece that the game let pick up, maybe becoming a drag.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Drag {
    /// Where it was picked up.
    from: Spot,
    /// The piece.
    piece: Piece,
    /// Where the press was (viewport pixels).
    x0: f64,
    y0: f64,
    /// Where the pointer is now.
    x: f64,
    y: f64,
    /// A square's width in pixels: the size of the piece under the pointer.
    size: f64,
    /// Moved past the threshold: the piece follows the pointer.
    moving: bool,
}

/// What one square shows: its mark classes, its piece, its accessible name
/// (with keyboard play).
#[derive(Debug, Clone, PartialEq)]
struct Look {
    marks: String,
    piece: Option<Piece>,
    label: Option<String>,
}

/// How far (pixels) a pressed piece must move before it is dragged.
const DRAG_THRESHOLD: f64 = 4.0;

/// Draws one board: squares with their marks, coordinates, pieces, and the
/// piece being dragged. Reports presses and drops; decides nothing.
#[component]
pub fn Board(
    /// What to draw: the board's key, pieces, size and square marks.
    #[prop(into)]
    board: Signal<SceneBoard>,
    /// The side shown at the bottom.
    #[prop(into, default = Signal::from(Color::White))]
    orientation: Signal<Color>,
    /// Whether to write file letters and rank numbers along the edges.
    #[prop(default = true)]
    coordinates: bool,
    /// Drawn as one element painted with backgrounds, marks on top (far
    /// zoom): no square elements, no coordinates, no keyboard focus.
    #[prop(default = false)]
    compact: bool,
    /// The board's name, ending each square's accessible name ("timeline
    /// 0, turn 1").
    #[prop(optional, into)]
    name: Option<String>,
    /// The screen's keyboard play: the squares take its roving focus.
    #[prop(optional)]
    keyboard: Option<Keyboard>,
    /// A press (pointer down) on a square. Returns true when the game picked
    /// up a piece there: dragging it may start.
    #[prop(optional, into)]
    on_press: Option<OnPress>,
    /// A dragged piece let go: where it came from and the square under the
    /// pointer (on any board; `None` off every board). Not called when the
    /// piece is let go over its own square.
    #[prop(optional, into)]
    on_drop: Option<OnDrop>,
) -> impl IntoView {
    if compact {
        return compact_board(board, orientation).into_any();
    }
    let drag = RwSignal::new(None::<Drag>);
    let grid = NodeRef::<leptos::html::Div>::new();
    // The origin square of a moving drag shows no piece (the ghost carries
    // it): a memo, so that the pointer's moves redraw no square.
    let origin = Memo::new(move |_| drag.with(|d| d.filter(|d| d.moving).map(|d| d.from.square)));
    let on_down = move |e: ev::PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let Some(press) = on_press else {
            return;
        };
        let Some(cell) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-sq]").ok().flatten())
        else {
            return;
        };
        let Some(square) = cell
            .get_attribute("data-sq")
            .and_then(|s| Square::parse(&s))
        else {
            return;
        };
        e.prevent_default();
        let key = board.with_untracked(|b| b.key);
        let spot = Spot { board: key, square };
        let piece = board.with_untracked(|b| b.placement.get(square).map(|p| p.piece));
        let size = cell.get_bounding_client_rect().width();
        if press.run(spot) {
            if let Some(piece) = piece {
                let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
                drag.set(Some(Drag {
                    from: spot,
                    piece,
                    x0: x,
                    y0: y,
                    x,
                    y,
                    size,
                    moving: false,
                }));
            }
        }
    };
    let moves = window_event_listener(ev::pointermove, move |e: ev::PointerEvent| {
        let Some(mut d) = drag.get_untracked() else {
            return;
        };
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        if !d.moving && (x - d.x0).hypot(y - d.y0) <= DRAG_THRESHOLD {
            return;
        }
        d.moving = true;
        d.x = x;
        d.y = y;
        drag.set(Some(d));
    });
    let ups = window_event_listener(ev::pointerup, move |e: ev::PointerEvent| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if !d.moving {
            return;
        }
        let to = spot_at_point(f64::from(e.client_x()), f64::from(e.client_y()));
        if to != Some(d.from) {
            if let Some(dropped) = on_drop {
                dropped.run((d.from, to));
            }
        }
    });
    let cancels = window_event_listener(ev::pointercancel, move |_| {
        if drag.with_untracked(Option::is_some) {
            drag.set(None);
        }
    });
    on_cleanup(move || {
        moves.remove();
        ups.remove();
        cancels.remove();
    });

    // The square of this board holding the keyboard's Tab stop, if any:
    // a focus move re-renders no square, only their tabindex.
    let stop_here = keyboard.map(|k| {
        let stop = k.stop();
        Memo::new(move |_| {
            let key = board.with(|b| b.key);
            stop.get().filter(|s| s.board == key).map(|s| s.square)
        })
    });
    let name = StoredValue::new(name);
    // The grid's shape: the squares are made anew only when the side at the
    // bottom or the board's size changes. Each square's look (its mark
    // classes, its piece, its name) is then a signal of its own, which one
    // effect per board sets only where the board's new look differs: a new
    // selection or move redraws only the squares whose look changes.
    let shape = Memo::new(move |_| {
        let size = board.with(|b| (b.placement.width(), b.placement.height()));
        (orientation.get(), size)
    });
    let squares = move || {
        let (orientation, (width, height)) = shape.get();
        // Drawn anew while one of its squares has the keyboard focus: the
        // new square element takes it back.
        if keyboard.is_some() {
            let focused = grid.get_untracked().and_then(|g| {
                let active = document().active_element()?;
                g.contains(Some(&active))
                    .then(|| spot_of(&active))
                    .flatten()
            });
            if let Some(spot) = focused {
                keyboard::focus_soon(spot, 12);
            }
        }
        let rows: Vec<u8> = match orientation {
            Color::White => (0..height).rev().collect(),
            Color::Black => (0..height).collect(),
        };
        let files: Vec<u8> = match orientation {
            Color::White => (0..width).collect(),
            Color::Black => (0..width).rev().collect(),
        };
        let bottom_row = rows.last().copied();
        let left_file = files.first().copied();
        let named = stop_here.is_some();
        let look = move |b: &SceneBoard, square: Square| {
            let label = named.then(|| {
                let mut label = b.square_words(square);
                name.with_value(|n| {
                    if let Some(n) = n {
                        label.push_str(", ");
                        label.push_str(n);
                    }
                });
                label
            });
            Look {
                marks: b.classes_at(square),
                piece: b.placement.get(square).map(|p| p.piece),
                label,
            }
        };
        let mut looks = Vec::with_capacity(usize::from(width) * usize::from(height));
        let mut cells = Vec::with_capacity(looks.capacity());
        for &y in &rows {
            for &x in &files {
                let square = Square { x, y };
                let now = RwSignal::new(board.with_untracked(|b| look(b, square)));
                looks.push((square, now));
                let marks = Memo::new(move |_| now.with(|l| l.marks.clone()));
                let class = move || {
                    let mut class = String::from(if (x + y) % 2 == 0 {
                        "square dark"
                    } else {
                        "square light"
                    });
                    marks.with(|m| {
                        if !m.is_empty() {
                            class.push(' ');
                            class.push_str(m);
                        }
                    });
                    if origin.get() == Some(square) {
                        class.push_str(" drag-origin");
                    }
                    class
                };
                let rank_coord = (coordinates && Some(x) == left_file)
                    .then(|| view! { <span class="coord coord-rank">{y + 1}</span> });
                let file_coord = (coordinates && Some(y) == bottom_row).then(|| {
                    view! { <span class="coord coord-file">{square.file_char().to_string()}</span> }
                });
                let placed = Memo::new(move |_| now.with(|l| l.piece));
                let piece = move || {
                    placed.get().map(|piece| {
                        let label = format!("{} {}", color_class(piece.color), piece.kind.name());
                        view! {
                            <div class=piece_classes(piece) role="img" aria-label=label.clone() title=label></div>
                        }
                    })
                };
                let cell = match stop_here {
                    Some(stop) => {
                        let label = move || now.with(|l| l.label.clone().unwrap_or_default());
                        let tabindex = move || {
                            if stop.get() == Some(square) {
                                "0"
                            } else {
                                "-1"
                            }
                        };
                        view! {
                            <div class=class data-sq=square.to_string() role="button"
                                aria-label=label tabindex=tabindex>
                                {rank_coord}
                                {file_coord}
                                {piece}
                            </div>
                        }
                        .into_any()
                    }
                    None => view! {
                        <div class=class data-sq=square.to_string()>
                            {rank_coord}
                            {file_coord}
                            {piece}
                        </div>
                    }
                    .into_any(),
                };
                cells.push(cell);
            }
        }
        // The board changed: only the squares whose look differs are told.
        Effect::new(move |_| {
            board.with(|b| {
                for &(square, now) in &looks {
                    let new = look(b, square);
                    if now.with_untracked(|old| *old != new) {
                        now.set(new);
                    }
                }
            });
        });
        cells
    };
    let style = move || {
        board.with(|b| {
            format!(
                "--files: {}; --ranks: {};",
                b.placement.width(),
                b.placement.height()
            )
        })
    };
    let class = move || {
        if board.with(|b| b.active) && on_press.is_some() {
            "board active"
        } else {
            "board"
        }
    };
    let ghost = move || {
        let d = drag.get().filter(|d| d.moving)?;
        Some(view! {
            <div class="board-ghost" aria-hidden="true"
                style=format!("position: fixed; pointer-events: none; left: {}px; top: {}px; width: {2}px; height: {2}px;", whole(d.x), whole(d.y), whole(d.size))>
                <div class=piece_classes(d.piece)></div>
            </div>
        })
    };
    let spot_of_event = move |e: &web_sys::Event| {
        let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
        spot_of(&el)
    };
    let on_key = move |e: ev::KeyboardEvent| {
        let Some(k) = keyboard else { return };
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let Some(spot) = spot_of_event(&e) else {
            return;
        };
        if k.key(spot, &e.key()) {
            e.prevent_default();
            e.stop_propagation();
        }
    };
    let on_focus = move |e: ev::FocusEvent| {
        if let (Some(k), Some(spot)) = (keyboard, spot_of_event(&e)) {
            k.focused(spot);
        }
    };
    view! {
        <div class="board-wrap">
            <div node_ref=grid class=class style=style
                data-board=move || board.with(|b| board_attr(b.key))
                on:pointerdown=on_down
                on:keydown=on_key
                on:focusin=on_focus>
                {squares}
            </div>
            {ghost}
        </div>
    }
    .into_any()
}

/// The compact form: one element painted with the squares and pieces, the
/// marks as positioned elements over it; its square under a point is found
/// by [`compact::spot_in_compact`].
fn compact_board(board: Signal<SceneBoard>, orientation: Signal<Color>) -> impl IntoView {
    let style = move || {
        let facing = orientation.get();
        board.with(|b| {
            format!(
                "--files: {}; --ranks: {}; {}",
                b.placement.width(),
                b.placement.height(),
                compact::background(b, facing)
            )
        })
    };
    let marks = move || {
        let facing = orientation.get();
        board.with(|b| {
            compact::marks(b, facing)
                .into_iter()
                .map(|(class, style)| view! { <div class=class style=style></div> })
                .collect_view()
        })
    };
    view! {
        <div class="board-wrap">
            <div class="board compact" style=style
                data-board=move || board.with(|b| board_attr(b.key))
                data-files=move || board.with(|b| b.placement.width().to_string())
                data-ranks=move || board.with(|b| b.placement.height().to_string())
                data-orientation=move || color_class(orientation.get())>
                {marks}
            </div>
        </div>
    }
}
