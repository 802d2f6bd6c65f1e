//! The multiverse view: every board of every timeline on a pannable,
//! zoomable plane, with the present line, playable-board outlines, legal
//! destinations on every board, arrows for jumps and checks, drag and click
//! moving.
//!
//! Like chessground, the view decides no rule: it draws the [`Play`] state
//! and reports clicks and drops to it.

pub mod layout;

use std::collections::HashMap;
use std::time::Duration;

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use self::layout::{Camera, Layout, Window, PAD, SQUARE, TOP};
use crate::chess::{Color, Placement, Square};
use crate::fived::coords::{color_of, turn_of, BoardId, Coord, Move};
use crate::fived::Check;
use crate::notation::decimal::{fixed, trimmed};
use crate::ui::board::{color_class, kind_class};
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::game::session::{display_label, Session};

/// A board as drawn: where it is, what is on it and in which form.
#[derive(Debug, Clone, PartialEq)]
struct BoardItem {
    id: BoardId,
    label: String,
    placement: Placement,
    flipped: bool,
    /// Drawn as one element (far zoom) rather than with its squares.
    compact: bool,
}

impl BoardItem {
    /// What makes a drawn board reusable: the same board, orientation, form
    /// and pieces. A submit keeps every existing board's key, so only new
    /// boards are created (a take-back and a different move changes pieces).
    fn key(&self) -> String {
        format!(
            "{}:{}:{}:{}:{}",
            self.id.l,
            self.id.v,
            self.flipped,
            self.compact,
            self.placement.to_fen()
        )
    }

    /// The drawn column and row (from the top-left) of a square.
    fn cell(&self, sq: Square) -> (u8, u8) {
        let (files, ranks) = (self.placement.width(), self.placement.height());
        if self.flipped {
            (files - 1 - sq.x, sq.y)
        } else {
            (sq.x, ranks - 1 - sq.y)
        }
    }
}

/// Board outline and shading flags.
const MANDATORY: u8 = 1;
const OPTIONAL: u8 = 2;
const STAGED: u8 = 4;
const INACTIVE: u8 = 8;
const LAST: u8 = 16;

/// One thing drawn over a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MarkKind {
    Dot,
    Capture,
    Branch,
    Selected,
    LastFrom,
    LastTo,
    StagedFrom,
    StagedTo,
    Check,
}

impl MarkKind {
    const fn class(self) -> &'static str {
        match self {
            MarkKind::Dot => "mark dest",
            MarkKind::Capture => "mark dest capture",
            MarkKind::Branch => "mark dest branch",
            MarkKind::Selected => "mark selected",
            MarkKind::LastFrom => "mark last",
            MarkKind::LastTo => "mark last",
            MarkKind::StagedFrom => "mark staged",
            MarkKind::StagedTo => "mark staged",
            MarkKind::Check => "mark check",
        }
    }
}

/// An arrow between two squares, world pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Arrow {
    from: (f64, f64),
    to: (f64, f64),
    class: &'static str,
}

/// The boards inside the camera's window (the others are not in the DOM).
fn boards_in(s: &Session, layout: &Layout, window: &Window) -> Vec<BoardItem> {
    let m = s.multiverse();
    let rows = layout.lmax - layout.lmin;
    let mut out = Vec::new();
    for row in window.rmin.max(0)..=window.rmax.min(rows) {
        let l = layout.timeline_of_row(row);
        let Some(tl) = m.timeline(l) else { continue };
        let label = display_label(l, m.even());
        for v in window.vmin.max(tl.start())..=window.vmax.min(tl.end()) {
            let Some(b) = usize::try_from(v - tl.start())
                .ok()
                .and_then(|k| tl.boards().get(k))
            else {
                continue;
            };
            out.push(BoardItem {
                id: BoardId { l, v },
                label: label.clone(),
                placement: b.to_placement(m.width(), m.height()),
                flipped: layout.flipped,
                compact: window.compact,
            });
        }
    }
    out
}

/// How many boards the position has (drawn or not).
fn board_count(s: &Session) -> usize {
    let m = s.multiverse();
    let (lo, hi) = m.timeline_range();
    (lo..=hi)
        .filter_map(|l| m.timeline(l))
        .map(|tl| tl.boards().len())
        .sum()
}

/// The compact form's backgrounds: one layer per piece over a checkerboard,
/// in world pixels (the camera's transform scales them).
fn compact_background(item: &BoardItem) -> String {
    let p = &item.placement;
    let (files, ranks) = (p.width(), p.height());
    let mut images = String::new();
    let mut positions = String::new();
    let mut sizes = String::new();
    let mut repeats = String::new();
    for (sq, pp) in p.pieces() {
        let (col, row) = item.cell(sq);
        let side = if pp.piece.color == Color::White {
            'w'
        } else {
            'b'
        };
        images.push_str(&format!(
            "url(assets/pieces/{side}{}.svg), ",
            pp.piece.kind.letter()
        ));
        positions.push_str(&format!(
            "{}px {}px, ",
            px(f64::from(col) * SQUARE),
            px(f64::from(row) * SQUARE)
        ));
        sizes.push_str(&format!("{0}px {0}px, ", px(SQUARE)));
        repeats.push_str("no-repeat, ");
    }
    // The top-left square's shade: a1 (x + y even) is dark.
    let top_left = if item.flipped {
        Square { x: files - 1, y: 0 }
    } else {
        Square { x: 0, y: ranks - 1 }
    };
    let (a, b) = if (top_left.x + top_left.y) % 2 == 0 {
        ("var(--square-light)", "var(--square-dark)")
    } else {
        ("var(--square-dark)", "var(--square-light)")
    };
    // A conic gradient starts at twelve o'clock: top-right, bottom-right,
    // bottom-left, top-left quadrants of a two-by-two tile.
    format!(
        "background-image: {images}conic-gradient({a} 0 25%, {b} 0 50%, {a} 0 75%, {b} 0); \
         background-position: {positions}0 0; background-size: {sizes}{}px {}px; \
         background-repeat: {repeats}repeat;",
        px(2.0 * SQUARE),
        px(2.0 * SQUARE)
    )
}

fn board_flags(s: &Session) -> HashMap<BoardId, u8> {
    let m = s.multiverse();
    let committed = s.game().committed();
    let mut flags: HashMap<BoardId, u8> = HashMap::new();
    let (lo, hi) = m.timeline_range();
    for l in lo..=hi {
        let Some(tl) = m.timeline(l) else { continue };
        let active = m.is_active(l);
        for v in tl.start()..=tl.end() {
            let mut f = 0;
            if !active {
                f |= INACTIVE;
            }
            if committed.board(l, v).is_none() {
                f |= STAGED;
            }
            if f != 0 {
                flags.insert(BoardId { l, v }, f);
            }
        }
    }
    if !s.is_over() {
        let mandatory = m.mandatory_boards();
        for b in m.playable_boards(m.to_move()) {
            let bit = if mandatory.contains(&b) {
                MANDATORY
            } else {
                OPTIONAL
            };
            *flags.entry(b).or_default() |= bit;
        }
    }
    for mv in s.last_action() {
        // The boards the last action created sit one half-turn after its sources.
        for b in [mv.from.board, mv.to.board] {
            let next = BoardId { l: b.l, v: b.v + 1 };
            if m.board(next.l, next.v).is_some() {
                *flags.entry(next).or_default() |= LAST;
            }
        }
    }
    flags
}

/// The boards a move's squares are highlighted on: the board it left (the
/// source before the move) and the one it created.
fn move_marks(
    out: &mut HashMap<BoardId, Vec<(Square, MarkKind)>>,
    m: &Move,
    from_kind: MarkKind,
    to_kind: MarkKind,
) {
    let src_after = BoardId {
        l: m.from.board.l,
        v: m.from.board.v + 1,
    };
    out.entry(m.from.board)
        .or_default()
        .push((m.from.square, from_kind));
    out.entry(src_after)
        .or_default()
        .push((m.from.square, from_kind));
    if m.is_physical() {
        out.entry(src_after)
            .or_default()
            .push((m.to.square, to_kind));
    } else {
        out.entry(m.to.board)
            .or_default()
            .push((m.to.square, to_kind));
    }
}

fn square_marks(
    s: &Session,
    play: &Play,
    threats: &[Check],
) -> HashMap<BoardId, Vec<(Square, MarkKind)>> {
    let mut out: HashMap<BoardId, Vec<(Square, MarkKind)>> = HashMap::new();
    for m in s.last_action() {
        move_marks(&mut out, &m, MarkKind::LastFrom, MarkKind::LastTo);
    }
    for m in s.staged() {
        move_marks(&mut out, &m, MarkKind::StagedFrom, MarkKind::StagedTo);
    }
    for c in threats {
        out.entry(c.royal.board)
            .or_default()
            .push((c.royal.square, MarkKind::Check));
    }
    if let Some(sel) = play.selected.get() {
        out.entry(sel.board)
            .or_default()
            .push((sel.square, MarkKind::Selected));
        let m = s.multiverse();
        play.destinations.with(|d| {
            for mv in d {
                let occupied = m
                    .board(mv.to.board.l, mv.to.board.v)
                    .and_then(|b| b.piece_at(mv.to.square))
                    .is_some();
                let kind = if occupied {
                    MarkKind::Capture
                } else if s.game().is_branching(mv) {
                    MarkKind::Branch
                } else {
                    MarkKind::Dot
                };
                out.entry(mv.to.board)
                    .or_default()
                    .push((mv.to.square, kind));
            }
        });
    }
    out
}

fn arrows_of(s: &Session, layout: &Layout, threats: &[Check]) -> Vec<Arrow> {
    let mut out = Vec::new();
    for m in s.last_action() {
        if !m.is_physical() {
            out.push(Arrow {
                from: layout.square_center(m.from),
                to: layout.square_center(m.to),
                class: "arrow last",
            });
        }
    }
    for m in s.staged() {
        if !m.is_physical() {
            out.push(Arrow {
                from: layout.square_center(m.from),
                to: layout.square_center(m.to),
                class: "arrow staged",
            });
        }
    }
    for c in threats {
        out.push(Arrow {
            from: layout.square_center(c.attacker),
            to: layout.square_center(c.royal),
            class: "arrow check",
        });
    }
    out
}

/// The board and square under an element (a square or anything inside it)
/// at the screen point (`x`, `y`): a compact board has no square elements,
/// so its square comes from the point.
fn coord_at(el: &web_sys::Element, x: f64, y: f64) -> Option<Coord> {
    let board = el.closest("[data-bl]").ok().flatten()?;
    let l = board.get_attribute("data-bl")?.parse().ok()?;
    let v = board.get_attribute("data-bv")?.parse().ok()?;
    if let Some(sq) = el.closest("[data-sq]").ok().flatten() {
        let square = Square::parse(&sq.get_attribute("data-sq")?)?;
        return Some(Coord::new(l, v, square));
    }
    let files: u8 = board.get_attribute("data-files")?.parse().ok()?;
    let ranks: u8 = board.get_attribute("data-ranks")?.parse().ok()?;
    let flipped = board.get_attribute("data-flip").as_deref() == Some("true");
    let r = board.get_bounding_client_rect();
    let scale = r.width() / (f64::from(files) * SQUARE + 2.0 * PAD);
    let col = ((x - r.left()) / scale - PAD) / SQUARE;
    let row = ((y - r.top()) / scale - PAD) / SQUARE;
    if col < 0.0 || row < 0.0 || col >= f64::from(files) || row >= f64::from(ranks) {
        return None;
    }
    let (col, row) = (col as u8, row as u8);
    let square = if flipped {
        Square {
            x: files - 1 - col,
            y: row,
        }
    } else {
        Square {
            x: col,
            y: ranks - 1 - row,
        }
    };
    Some(Coord::new(l, v, square))
}

/// What a pointer is doing in the view.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Gesture {
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

fn board_view(
    item: BoardItem,
    play: Play,
    flags: Memo<HashMap<BoardId, u8>>,
    marks: Memo<HashMap<BoardId, Vec<(Square, MarkKind)>>>,
    layout: Memo<Layout>,
) -> AnyView {
    let id = item.id;
    let (files, ranks) = (item.placement.width(), item.placement.height());
    let compact = item.compact;
    let color = color_of(id.v);
    let c = if color == Color::White { "w" } else { "b" };
    let class = move || {
        let f = flags.with(|f| f.get(&id).copied().unwrap_or(0));
        let sel = play.selected.with(|s| s.is_some_and(|s| s.board == id));
        let mut cls = format!("mv-board {}", color_class(color));
        if compact {
            cls.push_str(" compact");
        }
        for (bit, name) in [
            (MANDATORY, " playable mandatory"),
            (OPTIONAL, " playable optional"),
            (STAGED, " staged"),
            (INACTIVE, " inactive"),
            (LAST, " last"),
        ] {
            if f & bit != 0 {
                cls.push_str(name);
            }
        }
        if sel {
            cls.push_str(" has-selection");
        }
        cls
    };
    let flipped = item.flipped;
    let overlay = move || {
        marks.with(|all| {
            all.get(&id).map(|list| {
                list.iter()
                    .map(|(sq, kind)| {
                        let (col, row) = if flipped {
                            (files - 1 - sq.x, sq.y)
                        } else {
                            (sq.x, ranks - 1 - sq.y)
                        };
                        let style = format!(
                            "left: {}px; top: {}px;",
                            px(f64::from(col) * SQUARE),
                            px(f64::from(row) * SQUARE)
                        );
                        view! { <div class=kind.class() style=style></div> }
                    })
                    .collect_view()
            })
        })
    };
    let aria = format!(
        "Timeline {}, turn {}, {} to move",
        item.label,
        turn_of(id.v),
        color.name()
    );
    // The position follows the layout (a new timeline above shifts every row)
    // without re-creating the board.
    let position = move || {
        let (x, y) = layout.with(|lay| lay.board_origin(id));
        format!(
            "left: {}px; top: {}px; width: {}px; height: {}px; --files: {files}; --ranks: {ranks};",
            px(x),
            px(y),
            px(f64::from(files) * SQUARE + 2.0 * PAD),
            px(f64::from(ranks) * SQUARE + 2.0 * PAD)
        )
    };
    if compact {
        // Far out: one element, the squares and pieces painted as its
        // backgrounds; a click finds its square from the pointer.
        let background = compact_background(&item);
        let style = move || format!("{} {background}", position());
        return view! {
            <div
                class=class
                style=style
                data-l=item.label.clone()
                data-t=turn_of(id.v).to_string()
                data-c=c
                data-bl=id.l.to_string()
                data-bv=id.v.to_string()
                data-files=files.to_string()
                data-ranks=ranks.to_string()
                data-flip=flipped.to_string()
                aria-label=aria
            >
                <div class="mv-marks">{overlay}</div>
            </div>
        }
        .into_any();
    }
    let p = &item.placement;
    let rows: Vec<u8> = if flipped {
        (0..ranks).collect()
    } else {
        (0..ranks).rev().collect()
    };
    let cols: Vec<u8> = if flipped {
        (0..files).rev().collect()
    } else {
        (0..files).collect()
    };
    let bottom = rows.last().copied();
    let left = cols.first().copied();
    let mut cells = Vec::with_capacity(usize::from(files) * usize::from(ranks));
    for &y in &rows {
        for &x in &cols {
            let sq = Square { x, y };
            let shade = if (x + y) % 2 == 0 {
                "sq dark"
            } else {
                "sq light"
            };
            let piece = p.get(sq).map(|pp| {
                let cls = format!(
                    "piece {} {}",
                    color_class(pp.piece.color),
                    kind_class(pp.piece)
                );
                view! { <div class=cls></div> }
            });
            let file = (Some(y) == bottom)
                .then(|| view! { <span class="co co-file">{sq.file_char().to_string()}</span> });
            let rank = (Some(x) == left).then(|| view! { <span class="co co-rank">{y + 1}</span> });
            cells.push(view! {
                <div class=shade data-sq=sq.to_string()>
                    {file}
                    {rank}
                    {piece}
                </div>
            });
        }
    }
    view! {
        <div
            class=class
            style=position
            data-l=item.label.clone()
            data-t=turn_of(id.v).to_string()
            data-c=c
            data-bl=id.l.to_string()
            data-bv=id.v.to_string()
            aria-label=aria
        >
            <div class="mv-squares">{cells}</div>
            <div class="mv-marks">{overlay}</div>
        </div>
    }
    .into_any()
}

/// A length in CSS pixels as `format!("{x}")` writes whole and short
/// numbers, without float formatting (see [`crate::notation::decimal`]).
fn px(x: f64) -> String {
    trimmed(x, 3)
}

fn arrow_path(a: &Arrow) -> String {
    let (x1, y1) = a.from;
    let (x2, y2) = a.to;
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    // Stop short of the target's centre so the head sits on the square.
    let (ex, ey) = (x2 - dx / len * 14.0, y2 - dy / len * 14.0);
    // A gentle bend so arrows between the same rows stay apart from boards' edges.
    let bend = (len * 0.12).min(60.0);
    let (mx, my) = (
        (x1 + ex) / 2.0 - dy / len * bend,
        (y1 + ey) / 2.0 + dx / len * bend,
    );
    let [x1, y1, mx, my, ex, ey] = [x1, y1, mx, my, ex, ey].map(|v| fixed(v, 1));
    format!("M {x1} {y1} Q {mx} {my} {ex} {ey}")
}

/// The multiverse view of the game in the [`Play`] context.
#[component]
pub fn MultiverseView() -> impl IntoView {
    let play = expect_context::<Play>();
    let viewport = NodeRef::<html::Div>::new();
    let layout =
        Memo::new(move |_| play.with_shown(|s| Layout::of(s.multiverse(), play.flipped.get())));
    // The viewport's size, read when a gesture starts, on camera requests and
    // on window resizes (never per frame: reading it may force a layout).
    let size = RwSignal::new((1200.0, 700.0));
    let measured = StoredValue::new(false);
    let view_size = move || {
        let rect = viewport.get_untracked().map(|el| {
            let r = el.get_bounding_client_rect();
            (r.width(), r.height())
        });
        match rect {
            Some(m) if m.0 > 0.0 && m.1 > 0.0 => {
                measured.set_value(true);
                if size.get_untracked() != m {
                    size.set(m);
                }
                m
            }
            _ => size.get_untracked(),
        }
    };
    // The size without forcing a layout, once it has been measured: a camera
    // request right after a submit would otherwise lay out the page twice.
    let known_size = move || {
        if measured.get_value() {
            size.get_untracked()
        } else {
            view_size()
        }
    };
    let _resize = window_event_listener(ev::resize, move |_| {
        view_size();
    });
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
    let marks =
        Memo::new(move |_| threats.with(|t| play.with_shown(|s| square_marks(s, &play, t))));
    let arrows = Memo::new(move |_| {
        let lay = layout.get();
        threats.with(|t| play.with_shown(|s| arrows_of(s, &lay, t)))
    });
    let gesture = StoredValue::new(Gesture::Idle);
    let pointers = StoredValue::new(Vec::<(i32, f64, f64)>::new());
    // The piece under the pointer while dragging: created once per drag,
    // then only moved (by a transform).
    let ghost = RwSignal::new(None::<String>);
    let ghost_at = RwSignal::new((0.0, 0.0));

    // Pointer and wheel events come faster than frames: they move a pending
    // camera, applied once per animation frame (one transform change).
    let pending = StoredValue::new(None::<Camera>);
    // While the camera moves the world is its own compositor layer (panning
    // then repaints nothing); when it rests it is painted at the final scale.
    let moving = RwSignal::new(false);
    let rest_timer = StoredValue::new(None::<TimeoutHandle>);
    let move_camera = move |f: &dyn Fn(&mut Camera)| {
        let first = pending.with_value(Option::is_none);
        let mut cam = pending
            .get_value()
            .unwrap_or_else(|| play.camera.get_untracked());
        f(&mut cam);
        pending.set_value(Some(cam));
        if first {
            request_animation_frame(move || {
                if let Some(cam) = pending.get_value() {
                    pending.set_value(None);
                    if !moving.get_untracked() {
                        moving.set(true);
                    }
                    play.camera.set(cam);
                    if let Some(t) = rest_timer.get_value() {
                        t.clear();
                    }
                    let t = set_timeout_with_handle(
                        move || moving.set(false),
                        Duration::from_millis(160),
                    )
                    .ok();
                    rest_timer.set_value(t);
                }
            });
        }
    };
    // Camera requests: fit all, go to present, zoom buttons.
    Effect::new(move |_| {
        let (_, req) = play.camera_request.get();
        let Some(req) = req else { return };
        pending.set_value(None);
        let lay = layout.get_untracked();
        let size = known_size();
        let cam = play.camera.get_untracked();
        let next = match req {
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
            CameraRequest::Present | CameraRequest::Auto => play.with_shown_untracked(|s| {
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
            }),
            CameraRequest::ZoomIn => cam.zoom_at(1.25, size.0 / 2.0, size.1 / 2.0),
            CameraRequest::ZoomOut => cam.zoom_at(0.8, size.0 / 2.0, size.1 / 2.0),
        };
        play.camera.set(next);
    });

    let local_point = move |cx: f64, cy: f64| -> (f64, f64) {
        viewport
            .get_untracked()
            .map(|el| {
                let r = el.get_bounding_client_rect();
                (cx - r.left(), cy - r.top())
            })
            .unwrap_or((cx, cy))
    };

    let on_wheel = move |e: ev::WheelEvent| {
        e.prevent_default();
        let (sx, sy) = local_point(f64::from(e.client_x()), f64::from(e.client_y()));
        if e.ctrl_key() || e.delta_mode() != 0 || e.delta_y().abs() > 0.0 && e.delta_x() == 0.0 {
            let factor = (-e.delta_y() * if e.ctrl_key() { 0.01 } else { 0.0015 }).exp();
            move_camera(&|c| *c = c.zoom_at(factor, sx, sy));
        } else {
            let (dx, dy) = (e.delta_x(), e.delta_y());
            move_camera(&|c| {
                c.x -= dx;
                c.y -= dy;
            });
        }
    };

    let on_down = move |e: ev::PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        view_size();
        pointers.update_value(|p| {
            p.retain(|q| q.0 != e.pointer_id());
            p.push((e.pointer_id(), x, y));
        });
        if let Some(el) = viewport.get_untracked() {
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
        if let Some(c) = coord {
            if play.selected.get_untracked().is_some()
                && play.selected.get_untracked() != Some(c)
                && play.move_selected_to(c)
            {
                gesture.set_value(Gesture::Idle);
                return;
            }
            let was_selected = play.selected.get_untracked() == Some(c);
            if was_selected || play.select(c) {
                e.prevent_default();
                gesture.set_value(Gesture::Piece {
                    from: c,
                    start: (x, y),
                    at: (x, y),
                    dragging: false,
                    was_selected,
                });
                return;
            }
        }
        gesture.set_value(Gesture::Pan {
            last: (x, y),
            start: (x, y),
            moved: false,
        });
    };

    let on_move = move |e: ev::PointerEvent| {
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
                move_camera(&|c| {
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
                    let (sx, sy) = local_point(mx, my);
                    let factor = d / distance;
                    move_camera(&|c| *c = c.zoom_at(factor, sx, sy));
                    gesture.set_value(Gesture::Pinch { distance: d });
                }
            }
        }
    };

    let on_up = move |e: ev::PointerEvent| {
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
                            play.move_selected_to(to);
                        }
                    }
                } else if was_selected {
                    play.deselect();
                }
            }
            Gesture::Pan { moved: false, .. } => play.deselect(),
            _ => {}
        }
    };

    let on_cancel = move |e: ev::PointerEvent| {
        pointers.update_value(|p| p.retain(|q| q.0 != e.pointer_id()));
        gesture.set_value(Gesture::Idle);
        ghost.set(None);
    };

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

    let rails = move || {
        let lay = layout.get();
        play.with_shown(|s| {
            let m = s.multiverse();
            let (lo, hi) = m.timeline_range();
            (lo..=hi)
                .filter_map(|l| {
                    let tl = m.timeline(l)?;
                    let y = lay.row_y(l);
                    let x0 = lay.column_x(tl.start());
                    let x1 = lay.column_x(tl.end()) + lay.board_width();
                    let active = m.is_active(l);
                    let cls = if active { "mv-rail" } else { "mv-rail inactive" };
                    let band = if active { "mv-band" } else { "mv-band inactive" };
                    let (ww, _) = lay.world_size();
                    Some(view! {
                        <div class=band style=format!("top: {}px; height: {}px; width: {}px;", px(y - 14.0), px(lay.board_height() + 28.0), px(ww))></div>
                        <div class=cls style=format!("left: {}px; top: {}px; width: {}px;", px(x0), px(y + lay.board_height() / 2.0 - 5.0), px(x1 - x0))></div>
                    })
                })
                .collect_view()
        })
    };

    // Timeline and turn labels stay on the viewport's edges at a readable size.
    // Timeline and turn labels stay on the viewport's edges at a readable
    // size. Each strip follows the camera by a transform; the labels in it
    // are re-drawn only when the drawn window or the zoom changes.
    let zoom = Memo::new(move |_| play.camera.with(|c| c.zoom));
    let turn_strip = move || format!("translateX({}px)", fixed(play.camera.with(|c| c.x), 2));
    let row_strip = move || format!("translateY({}px)", fixed(play.camera.with(|c| c.y), 2));
    let row_labels = move || {
        let lay = layout.get();
        let w = window.get();
        let z = zoom.get();
        play.with_shown(|s| {
            let m = s.multiverse();
            let rows = lay.lmax - lay.lmin;
            (w.rmin.max(0)..=w.rmax.min(rows))
                .map(|row| {
                    let l = lay.timeline_of_row(row);
                    let y = (lay.row_y(l) + lay.board_height() / 2.0) * z;
                    let active = m.is_active(l);
                    let cls = if active {
                        "mv-tl-label"
                    } else {
                        "mv-tl-label inactive"
                    };
                    let title = if active {
                        "active timeline"
                    } else {
                        "inactive timeline"
                    };
                    view! {
                        <div class=cls style=format!("top: {}px;", fixed(y - 13.0, 1)) title=title>
                            {format!("L{}", display_label(l, m.even()))}
                        </div>
                    }
                })
                .collect_view()
        })
    };
    let turn_labels = move || {
        let lay = layout.get();
        let w = window.get();
        let z = zoom.get();
        let stride = (2.0 * lay.board_width() + layout::GAP_IN_TURN + layout::GAP_TURNS) * z;
        let every = ((56.0 / stride.max(1.0)).ceil() as i32).max(1);
        let t0 = lay.vmin.div_euclid(2);
        let t1 = lay.vmax.div_euclid(2);
        let first = w.vmin.div_euclid(2).max(t0);
        let last = w.vmax.div_euclid(2).min(t1);
        (first..=last)
            .filter(|t| (t - t0) % every == 0)
            .map(|t| {
                let bw = 2.0 * lay.board_width() + layout::GAP_IN_TURN;
                let x = (lay.column_x(2 * t) + bw / 2.0) * z;
                view! { <div class="mv-turn-label" style=format!("left: {}px;", fixed(x - 30.0, 1))>{format!("T{t}")}</div> }
            })
            .collect_view()
    };
    let sticky_labels = move || {
        view! {
            <div class="mv-sticky-turns" style:transform=turn_strip>{turn_labels}</div>
            <div class="mv-sticky-rows" style:transform=row_strip>{row_labels}</div>
        }
    };

    let present_line = move || {
        let lay = layout.get();
        play.with_shown(|s| {
            let m = s.multiverse();
            let p = m.present();
            let x = lay.column_x(p) + lay.board_width() / 2.0;
            let (_, h) = lay.world_size();
            let side = if color_of(p) == Color::White { "white" } else { "black" };
            view! {
                <div class=format!("mv-present {side}") style=format!("left: {}px; height: {}px;", px(x), px(h - 10.0)) title="the present">
                    <span class="mv-present-tag">"present"</span>
                </div>
            }
        })
    };

    let arrows_svg = move || {
        let (w, h) = layout.with(Layout::world_size);
        let (w, h) = (px(w), px(h));
        let paths = arrows
            .get()
            .into_iter()
            .map(|a| {
                let marker = match a.class {
                    "arrow check" => "url(#head-check)",
                    "arrow staged" => "url(#head-staged)",
                    _ => "url(#head-last)",
                };
                view! { <path class=a.class d=arrow_path(&a) marker-end=marker></path> }
            })
            .collect_view();
        view! {
            <svg class="mv-arrows" width=w.clone() height=h.clone() viewBox=format!("0 0 {w} {h}")>
                <defs>
                    <marker id="head-last" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="head last"></path>
                    </marker>
                    <marker id="head-staged" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="head staged"></path>
                    </marker>
                    <marker id="head-check" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="head check"></path>
                    </marker>
                </defs>
                {paths}
            </svg>
        }
    };

    let ghost_view = move || {
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
    };

    view! {
        <div
            class="mv-viewport"
            node_ref=viewport
            on:wheel=on_wheel
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_cancel
            on:contextmenu=|e: ev::MouseEvent| e.prevent_default()
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
                {rails}
                {present_line}
                <For
                    each=move || boards.get()
                    key=BoardItem::key
                    children=move |item| board_view(item, play, flags, marks, layout)
                />
                {arrows_svg}
            </div>
            {sticky_labels}
            {ghost_view}
        </div>
    }
}
