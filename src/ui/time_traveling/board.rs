//! The Time Traveling Chess board: the shared [`Board`] drawing the session's
//! scene at the ply being looked at, in a frame in the colour to act (blue
//! while looking at the past); presses and drops go to the session.

use leptos::prelude::*;

use super::play::TtPlay;
use crate::play::time_traveling::TimeTravelingSession;
use crate::ui::board::{color_class, orientation_of, Board};

/// The board at the ply being looked at, with the session's marks: movable
/// pieces, selection, legal targets, the move recorded at that ply, the
/// previewed move, check. The mode (`mode-append`, `mode-replace`, …) is a
/// class of the frame.
#[component]
pub(super) fn TtBoard() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let scene = play.main_board();
    let orientation = orientation_of(play.flipped);
    let (on_press, on_drop) = play.board_callbacks();
    let keyboard = play.keyboard(orientation);
    let frame = move || {
        let side = play.with_game(|g| {
            if g.result().is_some() {
                "over"
            } else {
                color_class(g.to_act())
            }
        });
        let past = play.get(TimeTravelingSession::view).is_some();
        format!(
            "tt-board-frame to-act-{side}{}",
            if past { " viewing-past" } else { "" }
        )
    };
    view! {
        <div class=frame>
            <div class=move || format!("tt-board {}", play.get(TimeTravelingSession::mode).class())>
                <Board board=scene orientation on_press on_drop keyboard />
            </div>
        </div>
    }
}
