//! Time Travel Chessgi games in the [`GameStore`](crate::storage::GameStore):
//! the save record (kind [`GameKind::Chessgi`], payload = the rules module's
//! [`ChessgiRecord`](crate::games::chessgi::ChessgiRecord)) and the board
//! drawing helpers. Plain functions, no signals.

use crate::chess::{Color, PlacedPiece, Placement, Position};
use crate::games::chessgi::{ChessgiGame, Outcome};
use crate::storage::{GameId, GameKind, GameResult, SaveRecord};

/// The variant name shown in the saved-games list.
pub const VARIANT: &str = "Time Travel Chessgi";

/// The pieces of a position, as the shared [`Board`](crate::ui::board::Board) draws them.
#[must_use]
pub fn placement_of(position: &Position) -> Placement {
    let mut placement = Placement::empty(8, 8).unwrap_or_else(|| unreachable!("8×8 is a board"));
    for (sq, piece) in position.pieces() {
        placement.set(
            sq,
            Some(PlacedPiece {
                piece,
                unmoved: false,
            }),
        );
    }
    placement
}

/// The reason word of an outcome, as the saved-games list shows it.
#[must_use]
pub fn outcome_reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Checkmate { .. } => "checkmate",
        Outcome::KingLostInTime { .. } => "king lost in time",
        Outcome::Stalemate => "stalemate",
        Outcome::ActionCap => "action cap",
        Outcome::Resignation { .. } => "resignation",
        Outcome::DrawAgreed => "agreement",
    }
}

/// The store's result for a game.
#[must_use]
pub fn game_result(game: &ChessgiGame) -> GameResult {
    match game.outcome() {
        None => GameResult::Ongoing,
        Some(o) => {
            let reason = outcome_reason(o).to_string();
            match o.winner() {
                Some(Color::White) => GameResult::WhiteWins { reason },
                Some(Color::Black) => GameResult::BlackWins { reason },
                None => GameResult::Draw { reason },
            }
        }
    }
}

/// The save record of a game: kind Chessgi, payload the rules module's record.
#[must_use]
pub fn save_record(id: &GameId, name: &str, game: &ChessgiGame, now_ms: u64) -> SaveRecord {
    let payload = serde_json::to_value(game.to_record()).unwrap_or_default();
    let mut record = SaveRecord::new(
        id.clone(),
        GameKind::Chessgi,
        name,
        VARIANT.to_string(),
        now_ms,
        payload,
    );
    record.updated_ms = now_ms;
    record.to_move = game.side_to_move();
    record.result = game_result(game);
    record
}

/// Rebuilds a game from a stored record.
///
/// # Errors
/// Why it cannot be opened, in words (another kind, or the rules refuse the record).
pub fn game_of(record: &SaveRecord) -> Result<ChessgiGame, String> {
    if record.kind != GameKind::Chessgi {
        return Err(format!("it is a {} game", record.kind.title()));
    }
    let saved: crate::games::chessgi::ChessgiRecord = record
        .payload_as()
        .map_err(|e| format!("the saved game cannot be read: {e}"))?;
    ChessgiGame::from_record(&saved).map_err(|e| e.to_string())
}
