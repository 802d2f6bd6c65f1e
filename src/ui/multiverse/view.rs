//! What the multiverse view draws: the boards in the camera's window with
//! their outlines (each drawn by the one [`Board`] component from the
//! session's scene, `play::fived::game_session::scene_of`), the timelines' rails, the present, the
//! sticky timeline and turn labels, and the arrows. Each part reads the
//! [`Play`] state and the layout; none decides a rule.

use std::collections::HashMap;

use leptos::prelude::*;

use super::layout::{self, Layout, Window, PAD, SQUARE};
use crate::chess::{Color, Placement};
use crate::fived::coords::{color_of, turn_of, BoardId, Coord};
use crate::fived::Check;
use crate::notation::decimal::{fixed, trimmed};
use crate::play::{BoardKey, Mark, Scene, SceneBoard};
use crate::ui::board::{color_class, Board, Keyboard};
use crate::ui::game::play::Play;
use crate::ui::game::session::{display_label, Session};

/// A board as drawn: where it is, what is on it and in which form.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct BoardItem {
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
    pub(super) fn key(&self) -> String {
        format!(
            "{}:{}:{}:{}:{}",
            self.id.l,
            self.id.v,
            self.flipped,
            self.compact,
            self.placement.to_fen()
        )
    }
}

/// Board outline and shading flags.
pub(super) const MANDATORY: u8 = 1;
pub(super) const OPTIONAL: u8 = 2;
pub(super) const STAGED: u8 = 4;
pub(super) const INACTIVE: u8 = 8;
pub(super) const LAST: u8 = 16;

/// An arrow between two squares, world pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Arrow {
    from: (f64, f64),
    to: (f64, f64),
    class: &'static str,
}

/// The boards inside the camera's window (the others are not in the DOM).
pub(super) fn boards_in(s: &Session, layout: &Layout, window: &Window) -> Vec<BoardItem> {
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
pub(super) fn board_count(s: &Session) -> usize {
    let m = s.multiverse();
    let (lo, hi) = m.timeline_range();
    (lo..=hi)
        .filter_map(|l| m.timeline(l))
        .map(|tl| tl.boards().len())
        .sum()
}

pub(super) fn board_flags(s: &Session) -> HashMap<BoardId, u8> {
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

/// A teaching screen's target squares ([`super::Guide`]), ringed.
pub(super) fn guide_marks(scene: &mut Scene, squares: &[Coord]) {
    for c in squares {
        if let Some(b) = scene.board_mut(BoardKey::from(c.board)) {
            b.mark(c.square, Mark::Target);
        }
    }
}

pub(super) fn arrows_of(s: &Session, layout: &Layout, threats: &[Check]) -> Vec<Arrow> {
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

/// One board of the view: its frame (outline flags, labels, position in
/// the world) around the [`Board`] component drawing the scene's board,
/// compact far out. Its squares are redrawn only when its scene board
/// changes.
pub(super) fn board_view(
    item: BoardItem,
    play: Play,
    flags: Memo<HashMap<BoardId, u8>>,
    scene: Memo<Scene>,
    layout: Memo<Layout>,
    keyboard: Keyboard,
    guide: Option<super::Guide>,
) -> AnyView {
    let id = item.id;
    let key = BoardKey::from(id);
    let (files, ranks) = (item.placement.width(), item.placement.height());
    let compact = item.compact;
    let color = color_of(id.v);
    let c = if color == Color::White { "w" } else { "b" };
    let class = move || {
        let f = flags.with(|f| f.get(&id).copied().unwrap_or(0));
        let sel = play.selected().is_some_and(|s| s.board == id);
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
        if guide.is_some_and(|g| g.boards.with(|b| b.contains(&id))) {
            cls.push_str(" hint");
        }
        cls
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
    let fallback = SceneBoard::new(key, item.placement.clone());
    let board = Memo::new(move |_| {
        scene
            .with(|s| s.board(key).cloned())
            .unwrap_or_else(|| fallback.clone())
    });
    let orientation = if item.flipped {
        Color::Black
    } else {
        Color::White
    };
    let name = format!(
        "timeline {}, turn {}, {}",
        item.label,
        turn_of(id.v),
        color.name().to_ascii_lowercase()
    );
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
            <Board board=board orientation=orientation compact=compact name=name keyboard=keyboard />
        </div>
    }
    .into_any()
}

/// A length in CSS pixels as `format!("{x}")` writes whole and short
/// numbers, without float formatting (see [`crate::notation::decimal`]).
pub(super) fn px(x: f64) -> String {
    trimmed(x, 3)
}

pub(super) fn arrow_path(a: &Arrow) -> String {
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

/// The timelines' rails and bands.
pub(super) fn rails(play: Play, layout: Memo<Layout>) -> impl IntoView {
    move || {
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
    }
}

/// The present: a line through the column of the half-turn to play.
pub(super) fn present_line(play: Play, layout: Memo<Layout>) -> impl IntoView {
    move || {
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
    }
}

/// The arrows (last action, staged moves, checks) as one SVG over the world.
pub(super) fn arrows_svg(layout: Memo<Layout>, arrows: Memo<Vec<Arrow>>) -> impl IntoView {
    move || {
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
    }
}

/// Timeline and turn labels on the viewport's edges at a readable size.
/// Each strip follows the camera by a transform; the labels in it are
/// re-drawn only when the drawn window or the zoom changes.
pub(super) fn sticky_labels(
    play: Play,
    layout: Memo<Layout>,
    window: Memo<Window>,
) -> impl IntoView {
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
    move || {
        view! {
            <div class="mv-sticky-turns" style:transform=turn_strip>{turn_labels}</div>
            <div class="mv-sticky-rows" style:transform=row_strip>{row_labels}</div>
        }
    }
}
