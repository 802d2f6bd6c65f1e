//! Draws one board: squares, coordinates and pieces.
//!
//! Like lichess's chessground, the board knows no chess: it draws the
//! [`Placement`] it is given (any size up to 8×8) and nothing else. Pieces are
//! `<div class="piece {colour} {kind}">`; the piece set is chosen in CSS.

use leptos::prelude::*;

use crate::chess::{Color, Piece, Placement, Square};

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

/// The square under the viewport point (`x`, `y`): the nearest element there
/// naming a square, by `data-sq` (the game screens' clickable layers) or
/// `data-square` (this board's own squares); a dragged piece is dropped
/// where this says.
#[must_use]
pub fn square_at_point(x: f64, y: f64) -> Option<Square> {
    let el = document().element_from_point(x as f32, y as f32)?;
    let cell = el.closest("[data-sq], [data-square]").ok().flatten()?;
    let name = cell
        .get_attribute("data-sq")
        .or_else(|| cell.get_attribute("data-square"))?;
    Square::parse(&name)
}

/// A board of squares with the given pieces, seen from `orientation`'s side.
#[component]
pub fn Board(
    /// The pieces to draw and the board size.
    #[prop(into)]
    placement: Signal<Placement>,
    /// The side shown at the bottom.
    #[prop(default = Color::White)]
    orientation: Color,
    /// Whether to write file letters and rank numbers along the edges.
    #[prop(default = true)]
    coordinates: bool,
) -> impl IntoView {
    let squares = move || {
        let placement = placement.get();
        let (width, height) = (placement.width(), placement.height());
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
        let mut cells = Vec::with_capacity(usize::from(width) * usize::from(height));
        for &y in &rows {
            for &x in &files {
                let square = Square { x, y };
                let shade = if (x + y) % 2 == 0 { "dark" } else { "light" };
                let rank_coord = (coordinates && Some(x) == left_file)
                    .then(|| view! { <span class="coord coord-rank">{y + 1}</span> });
                let file_coord = (coordinates && Some(y) == bottom_row)
                    .then(|| view! { <span class="coord coord-file">{square.file_char().to_string()}</span> });
                let piece = placement.get(square).map(|placed| {
                    let color = color_class(placed.piece.color);
                    let kind = kind_class(placed.piece);
                    let label = format!("{color} {}", placed.piece.kind.name());
                    view! {
                        <div class=format!("piece {color} {kind}") role="img" aria-label=label.clone() title=label></div>
                    }
                });
                cells.push(view! {
                    <div class=format!("square {shade}") data-square=square.to_string()>
                        {rank_coord}
                        {file_coord}
                        {piece}
                    </div>
                });
            }
        }
        view! {
            <div class="board" style=format!("--files: {width}; --ranks: {height};")>
                {cells}
            </div>
        }
    };
    view! { <div class="board-wrap">{squares}</div> }
}
