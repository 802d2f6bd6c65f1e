//! Engine moves back to text: the fully specified [`MoveText`] of a move
//! played from a position, and the canonical syntax tree of a whole game.
//!
//! A canonical move has its board prefix, piece letter (none for pawns), full
//! from square, `>`/`>>` as the position decides, `x` on captures (en passant
//! included), `O-O`/`O-O-O` for castling and `=Q`-style promotions; printed by
//! [`super::writer::write`] it reads back to the same game.

use crate::chess::PieceKind;
use crate::fived::coords::{timeline_label, turn_of};
use crate::fived::{Game, Move, Multiverse};

use super::ast::{
    ActionText, BoardText, CastleText, GameText, JumpText, Marks, MoveText, Span, TimelineText,
};

/// The syntax-tree label of internal timeline `l`.
#[must_use]
pub fn timeline_text(l: i32, even: bool) -> TimelineText {
    let label = timeline_label(l, even);
    let (sign, digits) = match label.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), &label[1..]),
        _ => (None, label.as_str()),
    };
    TimelineText {
        sign,
        number: digits.parse().unwrap_or(0),
    }
}

/// The `(LTt)` reference of board (`l`, `v`) of position `m`.
#[must_use]
pub fn board_text(m: &Multiverse, l: i32, v: i32) -> BoardText {
    BoardText {
        timeline: Some(timeline_text(l, m.even())),
        turn: u32::try_from(turn_of(v)).ok(),
    }
}

/// The fully specified text of move `mv`, played from position `m`.
///
/// # Errors
/// A message if no piece stands on the move's source square.
pub fn move_text(m: &Multiverse, mv: &Move) -> Result<MoveText, String> {
    let from = mv.from;
    let placed = m
        .board(from.board.l, from.board.v)
        .and_then(|b| b.piece_at(from.square))
        .ok_or_else(|| format!("no piece on the source of {mv:?}"))?;
    let kind = placed.piece.kind;
    let physical = mv.is_physical();
    let target_piece = m
        .board(mv.to.board.l, mv.to.board.v)
        .and_then(|b| b.piece_at(mv.to.square));
    let en_passant = physical && kind.is_pawnlike() && from.square.x != mv.to.square.x;
    let dx = i32::from(mv.to.square.x) - i32::from(from.square.x);
    let castle = (physical && kind == PieceKind::King && dx.abs() == 2).then_some(if dx > 0 {
        CastleText::KingSide
    } else {
        CastleText::QueenSide
    });
    let jump = if physical {
        JumpText::None
    } else if m.is_branching(mv) {
        JumpText::Branch
    } else {
        JumpText::Hop
    };
    let mut text = MoveText {
        span: Span::default(),
        text: String::new(),
        source: Some(board_text(m, from.board.l, from.board.v)),
        piece: (kind != PieceKind::Pawn).then_some(kind),
        from_file: Some(from.square.x),
        from_rank: Some(from.square.y),
        jump,
        capture: target_piece.is_some() || en_passant,
        target: (!physical).then(|| board_text(m, mv.to.board.l, mv.to.board.v)),
        to: Some(mv.to.square),
        castle,
        promotion: mv.promotion,
        marks: Marks::default(),
        new_timeline: None,
        present_turn: None,
    };
    if castle.is_some() {
        text.piece = None;
        text.from_file = None;
        text.from_rank = None;
        text.to = None;
        text.capture = false;
    }
    text.text = super::writer::write_move(&text);
    Ok(text)
}

/// The canonical syntax tree of a 5dpgn text: its tags and 5DFEN boards, and
/// every playable action with fully specified moves.
///
/// # Errors
/// The reader's or resolver's message if the text cannot be read or replayed.
pub fn canonical_game(text: &str) -> Result<GameText, String> {
    let read = super::read(text).map_err(|e| e.to_string())?;
    let replayed = super::resolve::replay(&read.game, |_, _| {}).map_err(|e| e.to_string())?;
    if let Some(e) = replayed.error {
        return Err(e.to_string());
    }
    let start = super::resolve::start_position(&read.game).map_err(|e| e.to_string())?;
    let mut game = Game::new(start);
    let mut actions = Vec::new();
    for (i, action) in replayed.game.actions().enumerate() {
        let color = game.to_move();
        let turn = u32::try_from(turn_of(game.multiverse().present())).ok();
        let mut moves = Vec::new();
        for mv in &action {
            moves.push(move_text(game.multiverse(), mv)?);
            game.play(*mv)
                .map_err(|e| format!("action {}: {e}", i + 1))?;
        }
        game.submit()
            .map_err(|e| format!("action {}: {e}", i + 1))?;
        actions.push(ActionText {
            span: Span::default(),
            color,
            turn_label: if i == 0 { turn } else { None },
            moves,
            comments: Vec::new(),
        });
    }
    Ok(GameText {
        tags: read.game.tags.clone(),
        fen_boards: read.game.fen_boards.clone(),
        actions,
        result: read.game.result.clone(),
    })
}
