//! Where everything of the multiverse view sits, in world pixels (before the
//! camera's pan and zoom): one row per timeline (negative above, positive
//! below, `shared/rules/5d-chess.md` section 2), one column per half-turn,
//! White's and Black's board of a turn side by side.

use crate::fived::coords::{BoardId, Coord};
use crate::fived::Multiverse;
use crate::notation::decimal::fixed;

/// Side of one square, world pixels.
pub const SQUARE: f64 = 44.0;
/// Frame around a board's squares.
pub const PAD: f64 = 7.0;
/// Gap between White's and Black's board of one turn.
pub const GAP_IN_TURN: f64 = 18.0;
/// Gap between one turn's Black board and the next turn's White board.
pub const GAP_TURNS: f64 = 46.0;
/// Gap between timeline rows.
pub const GAP_ROWS: f64 = 58.0;
/// Room left of the first column for the timeline labels.
pub const LEFT: f64 = 84.0;
/// Room above the first row for the turn labels.
pub const TOP: f64 = 44.0;

/// The geometry of one position as drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Board width and height in squares.
    pub files: u8,
    /// Board height in squares.
    pub ranks: u8,
    /// Smallest and largest half-turn of any board.
    pub vmin: i32,
    /// Largest half-turn.
    pub vmax: i32,
    /// Smallest timeline.
    pub lmin: i32,
    /// Largest timeline.
    pub lmax: i32,
    /// Black's view: boards turned round and timelines in reverse order.
    pub flipped: bool,
}

impl Layout {
    /// The layout of a position.
    #[must_use]
    pub fn of(m: &Multiverse, flipped: bool) -> Layout {
        let (lmin, lmax) = m.timeline_range();
        let mut vmin = i32::MAX;
        let mut vmax = i32::MIN;
        for l in lmin..=lmax {
            if let Some(tl) = m.timeline(l) {
                vmin = vmin.min(tl.start());
                vmax = vmax.max(tl.end());
            }
        }
        if vmin > vmax {
            (vmin, vmax) = (0, 0);
        }
        Layout {
            files: m.width(),
            ranks: m.height(),
            vmin,
            vmax,
            lmin,
            lmax,
            flipped,
        }
    }

    /// A board's outer width.
    #[must_use]
    pub fn board_width(&self) -> f64 {
        f64::from(self.files) * SQUARE + 2.0 * PAD
    }

    /// A board's outer height.
    #[must_use]
    pub fn board_height(&self) -> f64 {
        f64::from(self.ranks) * SQUARE + 2.0 * PAD
    }

    fn turn_stride(&self) -> f64 {
        2.0 * self.board_width() + GAP_IN_TURN + GAP_TURNS
    }

    /// The left edge of a half-turn's column.
    #[must_use]
    pub fn column_x(&self, v: i32) -> f64 {
        let t0 = self.vmin.div_euclid(2);
        let t = v.div_euclid(2) - t0;
        let black = v.rem_euclid(2);
        LEFT + f64::from(t) * self.turn_stride()
            + f64::from(black) * (self.board_width() + GAP_IN_TURN)
    }

    /// The row of a timeline, 0 at the top.
    #[must_use]
    pub fn row(&self, l: i32) -> i32 {
        if self.flipped {
            self.lmax - l
        } else {
            l - self.lmin
        }
    }

    /// The top edge of a timeline's row.
    #[must_use]
    pub fn row_y(&self, l: i32) -> f64 {
        TOP + f64::from(self.row(l)) * (self.board_height() + GAP_ROWS)
    }

    /// The top-left corner of a board.
    #[must_use]
    pub fn board_origin(&self, b: BoardId) -> (f64, f64) {
        (self.column_x(b.v), self.row_y(b.l))
    }

    /// The centre of a square, world pixels.
    #[must_use]
    pub fn square_center(&self, c: Coord) -> (f64, f64) {
        let (x0, y0) = self.board_origin(c.board);
        let (col, row) = self.square_cell(c.square.x, c.square.y);
        (
            x0 + PAD + (f64::from(col) + 0.5) * SQUARE,
            y0 + PAD + (f64::from(row) + 0.5) * SQUARE,
        )
    }

    /// The drawn column and row (from the top-left) of a square.
    #[must_use]
    pub fn square_cell(&self, x: u8, y: u8) -> (u8, u8) {
        if self.flipped {
            (self.files - 1 - x, y)
        } else {
            (x, self.ranks - 1 - y)
        }
    }

    /// The timeline drawn on row `row`.
    #[must_use]
    pub fn timeline_of_row(&self, row: i32) -> i32 {
        if self.flipped {
            self.lmax - row
        } else {
            self.lmin + row
        }
    }

    /// The boards a `view`-sized viewport shows through `cam`, with a
    /// margin of `margin` times the viewport's size on each side.
    #[must_use]
    pub fn window(&self, cam: &Camera, view: (f64, f64), margin: f64) -> Window {
        let z = cam.zoom.max(1e-6);
        let (mx, my) = (view.0 * margin / z, view.1 * margin / z);
        let (x0, x1) = (-cam.x / z - mx, (view.0 - cam.x) / z + mx);
        let (y0, y1) = (-cam.y / z - my, (view.1 - cam.y) / z + my);
        let stride = self.turn_stride();
        let t0 = self.vmin.div_euclid(2);
        // Float to int casts saturate: a far-away camera gives an empty range.
        let ta = ((x0 - LEFT) / stride).floor() as i32;
        let tb = ((x1 - LEFT) / stride).floor() as i32;
        let row_h = self.board_height() + GAP_ROWS;
        let ra = ((y0 - TOP) / row_h).floor() as i32;
        let rb = ((y1 - TOP) / row_h).floor() as i32;
        Window {
            vmin: t0.saturating_add(ta).saturating_mul(2),
            vmax: t0.saturating_add(tb).saturating_mul(2).saturating_add(1),
            rmin: ra,
            rmax: rb,
            compact: cam.zoom < COMPACT_BELOW,
        }
    }

    /// The world's size: every board plus the label margins.
    #[must_use]
    pub fn world_size(&self) -> (f64, f64) {
        let w = self.column_x(self.vmax) + self.board_width() + GAP_TURNS;
        let rows = f64::from(self.lmax - self.lmin + 1);
        let h = TOP + rows * (self.board_height() + GAP_ROWS);
        (w, h)
    }
}

/// Below this zoom boards are drawn in their compact form (one element per
/// board, squares and pieces painted as backgrounds): a square is then under
/// 18 screen pixels, too small for coordinates, and hundreds of boards show.
/// The automatic camera never goes below 0.42, so play at the zoom it picks
/// always has the square elements (and their `data-sq` hooks).
pub const COMPACT_BELOW: f64 = 0.4;
/// How much of the viewport's size is drawn beyond each edge: panning
/// re-renders nothing until the camera has moved this far.
pub const MARGIN: f64 = 0.5;

/// The boards the view draws: those within the camera's rectangle plus a
/// margin, snapped to whole chunks of turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// First half-turn drawn.
    pub vmin: i32,
    /// Last half-turn drawn.
    pub vmax: i32,
    /// First row drawn (0 at the top).
    pub rmin: i32,
    /// Last row drawn.
    pub rmax: i32,
    /// Whether boards are drawn compact (see [`COMPACT_BELOW`]).
    pub compact: bool,
}

impl Window {
    /// Whether the board on half-turn `v` of row `row` is drawn.
    #[must_use]
    pub fn contains(&self, v: i32, row: i32) -> bool {
        (self.vmin..=self.vmax).contains(&v) && (self.rmin..=self.rmax).contains(&row)
    }

    /// Whether this window still serves a camera that needs `need`: it
    /// holds it, in the same form, and is not much larger (after a zoom in,
    /// a window drawn far out would keep hundreds of boards for nothing).
    #[must_use]
    pub fn serves(&self, need: &Window, fresh: &Window) -> bool {
        let area = |w: &Window| {
            (i64::from(w.vmax) - i64::from(w.vmin) + 1).max(0)
                * (i64::from(w.rmax) - i64::from(w.rmin) + 1).max(0)
        };
        self.compact == need.compact
            && self.vmin <= need.vmin
            && self.vmax >= need.vmax
            && self.rmin <= need.rmin
            && self.rmax >= need.rmax
            && area(self) <= 3 * area(fresh).max(1)
    }
}

/// Pan and zoom: screen = world × zoom + (x, y).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Horizontal offset, screen pixels.
    pub x: f64,
    /// Vertical offset, screen pixels.
    pub y: f64,
    /// Scale.
    pub zoom: f64,
}

/// The smallest zoom (about 1 000 boards across a laptop screen).
pub const MIN_ZOOM: f64 = 0.03;
/// The largest zoom.
pub const MAX_ZOOM: f64 = 2.5;

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            x: 0.0,
            y: 0.0,
            zoom: 1.0,
        }
    }
}

/// `zoom` within `MIN_ZOOM..=max_zoom`, as `f64::clamp` gives it for a valid
/// range (NaN stays NaN); unlike `clamp`, no panic path (whose message
/// formats floats) when `max_zoom` is below `MIN_ZOOM`: then `max_zoom`.
fn clamp_zoom(zoom: f64, max_zoom: f64) -> f64 {
    if zoom > max_zoom {
        max_zoom
    } else if zoom < MIN_ZOOM {
        MIN_ZOOM
    } else {
        zoom
    }
}

impl Camera {
    /// The camera showing the world rectangle `(x, y, w, h)` whole and
    /// centred in a `view_w × view_h` viewport, no larger than `max_zoom`.
    #[must_use]
    pub fn fit(rect: (f64, f64, f64, f64), view: (f64, f64), max_zoom: f64) -> Camera {
        let (x, y, w, h) = rect;
        let (vw, vh) = view;
        let zoom = clamp_zoom((vw / w.max(1.0)).min(vh / h.max(1.0)), max_zoom);
        Camera {
            x: (vw - w * zoom) / 2.0 - x * zoom,
            y: (vh - h * zoom) / 2.0 - y * zoom,
            zoom,
        }
    }

    /// Zooms by `factor` keeping the screen point (`sx`, `sy`) fixed.
    #[must_use]
    pub fn zoom_at(self, factor: f64, sx: f64, sy: f64) -> Camera {
        let zoom = clamp_zoom(self.zoom * factor, MAX_ZOOM);
        let k = zoom / self.zoom;
        Camera {
            x: sx - (sx - self.x) * k,
            y: sy - (sy - self.y) * k,
            zoom,
        }
    }

    /// The CSS transform of the world element.
    #[must_use]
    pub fn transform(&self) -> String {
        format!(
            "translate({}px, {}px) scale({})",
            fixed(self.x, 2),
            fixed(self.y, 2),
            fixed(self.zoom, 5)
        )
    }
}
