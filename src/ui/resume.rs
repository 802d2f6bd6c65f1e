//! Opening a saved game on the screen of its kind.

use leptos::prelude::*;

use super::branching::BranchingNav;
use super::chessgi::ChessgiNav;
use super::nav::Nav;
use super::saves::Saves;
use super::time_traveling::TtNav;
use crate::storage::{GameId, GameKind};

/// Opens a saved game of any kind: the Multiverse, Chessgi and Time Traveling
/// screens take their own kinds, every other record goes to the 5D screen (which reports a
/// record it cannot read).
pub fn resume_any(saves: Saves, nav: Nav, id: &GameId) {
    let kind = saves.load_other(id).map(|r| r.kind).ok();
    match kind {
        Some(GameKind::Branching) => {
            if let Some(branching) = use_context::<BranchingNav>() {
                branching.resume(saves, nav, id);
                return;
            }
        }
        Some(GameKind::Chessgi) => {
            if let Some(chessgi) = use_context::<ChessgiNav>() {
                chessgi.resume(saves, nav, id);
                return;
            }
        }
        Some(GameKind::TimeTraveling) => {
            if let Some(tt) = use_context::<TtNav>() {
                tt.resume(saves, id);
                return;
            }
        }
        _ => {}
    }
    nav.resume(saves, id);
}
