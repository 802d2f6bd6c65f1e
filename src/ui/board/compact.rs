//! The compact form of a board: one element, its squares and pieces painted
//! as background layers and its marks as a few positioned elements, for
//! boards drawn by the hundred far out (the 5D multiverse view zoomed out).
//! A press on it finds its square from the point ([`spot_in_compact`]).

use crate::chess::{Color, Square};
use crate::play::{BoardKey, SceneBoard, Spot};

/// The drawn column and row (from the top-left) of `sq` on a board of
/// `files` × `ranks` seen with `orientation` at the bottom.
#[must_use]
pub fn cell(sq: Square, files: u8, ranks: u8, orientation: Color) -> (u8, u8) {
    match orientation {
        Color::White => (sq.x, ranks - 1 - sq.y),
        Color::Black => (files - 1 - sq.x, sq.y),
    }
}

/// A percentage written short (`12.5`, `0`).
fn pct(x: f64) -> String {
    crate::notation::decimal::trimmed(x, 3)
}

/// The `background-position` of a layer one square big at `col` of `n`.
fn layer_at(col: u8, n: u8) -> String {
    if n <= 1 {
        "0%".to_string()
    } else {
        format!("{}%", pct(f64::from(col) * 100.0 / f64::from(n - 1)))
    }
}

/// The inline style painting `board`: one layer per piece over a
/// checkerboard, all in percentages of the board's box.
#[must_use]
pub fn background(board: &SceneBoard, orientation: Color) -> String {
    let p = &board.placement;
    let (files, ranks) = (p.width(), p.height());
    let (w, h) = (pct(100.0 / f64::from(files)), pct(100.0 / f64::from(ranks)));
    let mut images = String::new();
    let mut positions = String::new();
    let mut sizes = String::new();
    let mut repeats = String::new();
    for (sq, pp) in p.pieces() {
        let (col, row) = cell(sq, files, ranks, orientation);
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
            "{} {}, ",
            layer_at(col, files),
            layer_at(row, ranks)
        ));
        sizes.push_str(&format!("{w}% {h}%, "));
        repeats.push_str("no-repeat, ");
    }
    // The top-left square's shade: a1 (x + y even) is dark.
    let top_left = match orientation {
        Color::White => Square { x: 0, y: ranks - 1 },
        Color::Black => Square { x: files - 1, y: 0 },
    };
    let (a, b) = if (top_left.x + top_left.y) % 2 == 0 {
        ("var(--square-light)", "var(--square-dark)")
    } else {
        ("var(--square-dark)", "var(--square-light)")
    };
    // A conic gradient starts at twelve o'clock: top-right, bottom-right,
    // bottom-left, top-left quadrants of a two-by-two tile.
    let (tw, th) = (pct(200.0 / f64::from(files)), pct(200.0 / f64::from(ranks)));
    format!(
        "background-image: {images}conic-gradient({a} 0 25%, {b} 0 50%, {a} 0 75%, {b} 0); \
         background-position: {positions}0 0; background-size: {sizes}{tw}% {th}%; \
         background-repeat: {repeats}repeat;"
    )
}

/// The marks of `board` as `(classes, style)` of positioned elements.
#[must_use]
pub fn marks(board: &SceneBoard, orientation: Color) -> Vec<(String, String)> {
    let (files, ranks) = (board.placement.width(), board.placement.height());
    let mut squares: Vec<Square> = board.marks.iter().map(|&(s, _)| s).collect();
    crate::chess::order::sort_stable_by(&mut squares, |a, b| (a.y, a.x).cmp(&(b.y, b.x)));
    squares.dedup();
    squares
        .into_iter()
        .map(|sq| {
            let (col, row) = cell(sq, files, ranks, orientation);
            let style = format!(
                "left: {}%; top: {}%; width: {}%; height: {}%;",
                pct(f64::from(col) * 100.0 / f64::from(files)),
                pct(f64::from(row) * 100.0 / f64::from(ranks)),
                pct(100.0 / f64::from(files)),
                pct(100.0 / f64::from(ranks))
            );
            (format!("mark {}", board.classes_at(sq)), style)
        })
        .collect()
}

/// The square of a compact board element (`data-board`, `data-files`,
/// `data-ranks`, `data-orientation`) under the viewport point (`x`, `y`).
#[must_use]
pub fn spot_in_compact(el: &web_sys::Element, x: f64, y: f64) -> Option<Spot> {
    let board = el.closest(".board.compact[data-board]").ok().flatten()?;
    let key: BoardKey = super::parse_board_attr(&board.get_attribute("data-board")?)?;
    let files: u8 = board.get_attribute("data-files")?.parse().ok()?;
    let ranks: u8 = board.get_attribute("data-ranks")?.parse().ok()?;
    let black = board.get_attribute("data-orientation").as_deref() == Some("black");
    let r = board.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let col = (x - r.left()) / r.width() * f64::from(files);
    let row = (y - r.top()) / r.height() * f64::from(ranks);
    if col < 0.0 || row < 0.0 || col >= f64::from(files) || row >= f64::from(ranks) {
        return None;
    }
    let (col, row) = (col as u8, row as u8);
    let square = if black {
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
    Some(Spot { board: key, square })
}
