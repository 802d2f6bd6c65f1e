//! What a flag fall gives, and the game facts the clock needs: mating
//! material and 5D's present timelines.
//!
//! A side that runs out of time loses, unless the other side cannot
//! checkmate by any series of legal moves (FIDE Laws 6.9): then it is a
//! draw. What each game counts as "cannot checkmate" (only cases that are
//! certain; anything doubtful counts as mating material, so a flag loses):
//!
//! - **5D Chess**: every piece the side has on every board of the
//!   multiverse, past boards included, is a king. Pieces travel to past
//!   boards and a new timeline copies a past board with everything on it, so
//!   material ever recorded may come back; a royal queen counts as material
//!   (it attacks like a queen). [`fived_can_mate`].
//! - **Time Travel Chessgi**: the same over every recorded position of the
//!   time tree, pockets (reserve and transit) included: a travel returns to
//!   a recorded position, a capture fills a pocket. [`chessgi_can_mate`].
//! - **Time Traveling Chess** and **Multiverse Time Travel Chess**: nothing.
//!   Both games keep their start position (the standard one) in play: a
//!   player may replace an earlier move of theirs, or travel back to an
//!   earlier board of the branch's lineage, so the full material of the
//!   start can always return. A flag always loses.

use crate::chess::{Color, PieceKind};
use crate::fived::Multiverse;
use crate::games::chessgi::ChessgiGame;
use crate::play::Ending;

/// The result of `flagged` running out of time: a loss, or a draw when the
/// other side cannot mate (`opponent_can_mate` false).
#[must_use]
pub fn flag_ending(flagged: Color, opponent_can_mate: bool) -> Ending {
    if opponent_can_mate {
        Ending::win(!flagged, "time")
    } else {
        Ending::draw("time vs insufficient material")
    }
}

/// Whether a stored result is a flag fall's ([`flag_ending`]'s two
/// reasons). Such an ending is final: no takeback undoes it (as on
/// lichess), since the clock that fell cannot run again.
#[must_use]
pub fn ended_on_time(result: &crate::storage::GameResult) -> bool {
    matches!(
        result.reason(),
        Some("time" | "time vs insufficient material")
    )
}

/// The game-over sentence of a flag fall: "White ran out of time." (a
/// loss), or the draw's reason when the other side cannot mate.
#[must_use]
pub fn flag_words(flagged: Color, lost: bool) -> String {
    let name = crate::play::fived::words::side_name(flagged);
    if lost {
        format!("{name} ran out of time.")
    } else {
        format!(
            "{name} ran out of time, but {} has no piece left that could checkmate.",
            crate::play::fived::words::side_name(!flagged)
        )
    }
}

/// Whether `side` has a piece other than a king on any board of `m`.
#[must_use]
pub fn fived_can_mate(m: &Multiverse, side: Color) -> bool {
    let (lo, hi) = m.timeline_range();
    (lo..=hi).filter_map(|l| m.timeline(l)).any(|tl| {
        tl.boards()
            .iter()
            .any(|b| b.side(side) & !b.pieces(side, PieceKind::King) != 0)
    })
}

/// Whether `side` holds a piece other than a king in any recorded position
/// of `game` (on the board or in its pocket).
#[must_use]
pub fn chessgi_can_mate(game: &ChessgiGame, side: Color) -> bool {
    game.nodes()
        .iter()
        .any(|n| n.holdings(side).iter().any(|&k| k != PieceKind::King))
}

/// The present timelines of the side to move in `m`: active timelines whose
/// last board is at the present (the boards it must move on); at least 1.
/// The scale of a [`Scaling::PerPresentTimeline`](super::Scaling) bonus.
#[must_use]
pub fn present_timelines(m: &Multiverse) -> u32 {
    u32::try_from(m.mandatory_boards().len())
        .unwrap_or(u32::MAX)
        .max(1)
}
