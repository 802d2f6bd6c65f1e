//! The parameters fixed when a game of Time Travel Chessgi is created
//! (`seed-variants.md` B.6), with the recommended defaults.

use serde::{Deserialize, Serialize};

/// Whose pocket a general time travel keeps (B.6.1 and B.6.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PocketCarry {
    /// The recommended reading: the traveller brings their current pocket (reserve and
    /// pieces in transit); the opponent's pocket is the one recorded at the destination.
    #[default]
    TravellerOnly,
    /// The alternative: both players keep their current pockets.
    BothPlayers,
}

/// What the return point of a special traveller counts (B.6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnSchedule {
    /// The recommended reading: the owner's move number (the FEN full-move number),
    /// as the seed says. A backward general travel delays the return; a forward one
    /// can make it overdue.
    #[default]
    MoveNumber,
    /// The alternative: the owner's own turns counted in meta-time (their first action
    /// is turn 1). A return is never delayed or missed by general travel.
    OwnTurns,
}

/// Rules chosen at game creation. The defaults are the recommendations of B.6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChessgiOptions {
    /// Most pieces a pocket (reserve + transit) may hold before a special travel is
    /// refused (B.6.12). `None`: unlimited, the default, which makes rule 5 vacuous.
    /// Captures are never refused: a pocket may go over capacity by capturing.
    pub pocket_capacity: Option<u32>,
    /// Most moves ahead a piece other than a king may be sent by special travel
    /// (B.6.7). `None`: unlimited, the default (Gifford's game uses 10).
    pub max_delay: Option<u32>,
    /// Most moves ahead a king may be sent (B.6.11; the seed says five). `max_delay`
    /// applies to kings too, when smaller.
    pub king_max_delay: u32,
    /// Own non-travel actions a player must make after any travel (by either side)
    /// before travelling (B.6.4; the seed's "wait two moves").
    pub cooldown: u32,
    /// Actions (by both sides, counted in meta-time) after which the game is drawn
    /// (B.5). `None`: no cap.
    pub action_cap: Option<u32>,
    /// Whose pocket a general time travel keeps.
    pub carry: PocketCarry,
    /// What a special traveller's return point counts.
    pub schedule: ReturnSchedule,
}

impl Default for ChessgiOptions {
    fn default() -> Self {
        ChessgiOptions {
            pocket_capacity: None,
            max_delay: None,
            king_max_delay: 5,
            cooldown: 2,
            action_cap: Some(1000),
            carry: PocketCarry::TravellerOnly,
            schedule: ReturnSchedule::MoveNumber,
        }
    }
}
