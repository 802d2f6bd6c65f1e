//! Importing a 5dpgn text: the notation reader (errors with line and column),
//! then each written move matched against the engine's legal moves.
//!
//! Adapter: the engine branch's resolver (`notation::resolve`) was not merged
//! when this was written; this matcher covers the long and short forms the
//! canonical writer and the corpus use (board prefix, piece letter, from
//! square or file, jump, target board, target square, promotion, castling).
//! Replace it with the engine's resolver once merged.

use crate::chess::{PieceKind, Placement};
use crate::fived::coords::{timeline_from_label, Coord, Move};
use crate::fived::{boards, Game, InitialBoard, Multiverse};
use crate::notation::ast::{BoardText, CastleText, GameText, MoveText};
use crate::notation::read;
use crate::ui::game::session::Session;

fn board_matches(text: &Option<BoardText>, c: Coord, even: bool) -> bool {
    let Some(b) = text else { return true };
    if let Some(t) = b.timeline {
        if timeline_from_label(t.sign, t.number, even) != c.board.l {
            return false;
        }
    }
    if let Some(turn) = b.turn {
        if i64::from(turn) != i64::from(c.board.turn()) {
            return false;
        }
    }
    true
}

fn matches(game: &Game, mt: &MoveText, m: &Move) -> bool {
    let mv = game.multiverse();
    let even = mv.even();
    let Some(piece) = mv
        .board(m.from.board.l, m.from.board.v)
        .and_then(|b| b.piece_at(m.from.square))
    else {
        return false;
    };
    if !board_matches(&mt.source, m.from, even) {
        return false;
    }
    if let Some(castle) = mt.castle {
        let dx = i32::from(m.to.square.x) - i32::from(m.from.square.x);
        let want = match castle {
            CastleText::KingSide => 2,
            CastleText::QueenSide => -2,
        };
        return piece.piece.kind == PieceKind::King && m.is_physical() && dx == want;
    }
    // The long form `d1h5` (full source square, no letter) names any piece.
    let long_form = mt.piece.is_none() && mt.from_file.is_some() && mt.from_rank.is_some();
    let kind = mt.piece.unwrap_or(PieceKind::Pawn);
    if !long_form && piece.piece.kind != kind {
        return false;
    }
    if mt.from_file.is_some_and(|f| f != m.from.square.x)
        || mt.from_rank.is_some_and(|r| r != m.from.square.y)
    {
        return false;
    }
    if mt.to != Some(m.to.square) {
        return false;
    }
    match &mt.target {
        Some(t) => {
            if !board_matches(&Some(*t), m.to, even) {
                return false;
            }
        }
        None => {
            if !m.is_physical() {
                return false;
            }
        }
    }
    mt.promotion.is_none() || mt.promotion == m.promotion
}

fn resolve(game: &Game, mt: &MoveText) -> Result<Move, String> {
    let found: Vec<Move> = game
        .candidate_moves()
        .into_iter()
        .filter(|m| matches(game, mt, m))
        .collect();
    match found.as_slice() {
        [] => Err(format!("no legal move matches `{}`", mt.text)),
        [m] => Ok(*m),
        [first, rest @ ..] => {
            // Promotions of one move: the variant's first choice unless written.
            if rest
                .iter()
                .all(|m| m.from == first.from && m.to == first.to)
            {
                Ok(*first)
            } else {
                Err(format!(
                    "`{}` could be {} different moves",
                    mt.text,
                    found.len()
                ))
            }
        }
    }
}

fn start_of(game: &GameText) -> Result<(String, Multiverse), String> {
    let name = game
        .tag("Board")
        .or_else(|| game.tag("Variant"))
        .unwrap_or("Standard")
        .to_string();
    if game.fen_boards.is_empty() {
        let v = boards::lookup(&name).map_err(|e| e.to_string())?;
        let m = Multiverse::from_variant(v).map_err(|e| e.to_string())?;
        return Ok((v.name.to_string(), m));
    }
    let variant = boards::find(&name);
    let (w, h) = game
        .tag("Size")
        .and_then(crate::notation::reader::parse_size)
        .or_else(|| variant.map(|v| (v.width, v.height)))
        .unwrap_or((8, 8));
    let even = game
        .fen_boards
        .iter()
        .any(|b| b.timeline.number == 0 && b.timeline.sign.is_some());
    let mut list = Vec::new();
    for b in &game.fen_boards {
        let placement =
            Placement::from_fen(&b.pieces, w, h).map_err(|e| format!("{}: {e}", b.span))?;
        list.push(InitialBoard {
            l: timeline_from_label(b.timeline.sign, b.timeline.number, even),
            turn: i32::try_from(b.turn).unwrap_or(0),
            to_move: b.to_move,
            placement,
        });
    }
    let promotions: Vec<PieceKind> = game
        .tag("Promotions")
        .map(|p| p.chars().filter_map(PieceKind::from_letter).collect())
        .or_else(|| variant.map(|v| v.promotions.to_vec()))
        .unwrap_or_default();
    let m = Multiverse::from_boards(w, h, even, &promotions, &list).map_err(|e| e.to_string())?;
    let label = variant.map_or_else(|| "Custom".to_string(), |v| v.name.to_string());
    Ok((label, m))
}

/// Reads and replays a 5dpgn text into a new session.
///
/// # Errors
/// The reader's error (`line L, column C: …`), an unknown board, or the
/// first move that cannot be played, with its place in the text.
pub fn import_text(text: &str) -> Result<Session, String> {
    let read = read(text).map_err(|e| e.to_string())?;
    let (variant, start) = start_of(&read.game)?;
    let mut session = Session::from_position(variant, start);
    for action in &read.game.actions {
        if action.moves.is_empty() {
            continue;
        }
        for mt in &action.moves {
            let m = resolve(session.game(), mt).map_err(|e| format!("{}: {e}", mt.span))?;
            session
                .play(m)
                .map_err(|e| format!("{}: `{}`: {e}", mt.span, mt.text))?;
        }
        session
            .submit()
            .map_err(|e| format!("{}: the action cannot be submitted: {e}", action.span))?;
    }
    if session.action_count() > 0 {
        session.decide_outcome(crate::ui::game::session::OUTCOME_BUDGET);
    }
    Ok(session)
}
