//! One board of the multiverse: its timeline label (`L0`), its turn label
//! (`T1`) and an outline in the colour of the side to move, around a [`Board`].

use leptos::prelude::*;

use super::board::Board;
use crate::chess::{Color, Placement};
use crate::fived::boards::StartBoard;
use crate::play::SceneBoard;

/// The timeline label shown beside a board: `L` and the 5dpgn timeline (`L0`, `L+1`, `L-0`).
#[must_use]
pub fn timeline_label(timeline: &str) -> String {
    format!("L{timeline}")
}

/// The turn label shown above a board: `T` and the turn number (`T1`).
#[must_use]
pub fn turn_label(turn: u32) -> String {
    format!("T{turn}")
}

/// A starting board with its labels, as the multiverse view shows each board.
#[component]
pub fn TimelineBoard(
    /// Where the board sits in the multiverse and who moves on it.
    start: StartBoard,
    /// The pieces on it.
    placement: Placement,
) -> impl IntoView {
    let to_move = match start.to_move {
        Color::White => "white",
        Color::Black => "black",
    };
    let frame_class = format!("timeline-board to-move-{to_move}");
    let caption = format!("{} to move", start.to_move.name());
    let aria = format!(
        "Timeline {}, turn {}, {} to move",
        start.timeline,
        start.turn,
        start.to_move.name()
    );
    view! {
        <figure class=frame_class aria-label=aria>
            <div class="turn-label">{turn_label(start.turn)}</div>
            <div class="timeline-label">{timeline_label(start.timeline)}</div>
            <div class="board-frame">
                <Board board=SceneBoard::from(placement) />
            </div>
            <figcaption class="board-caption">
                <span class=format!("to-move-dot {to_move}") aria-hidden="true"></span>
                <span class="to-move-text">{caption}</span>
            </figcaption>
        </figure>
    }
}
