//! Shared helpers for the 5D integration tests: a seeded random source and
//! the canonical 5dpgn text of engine moves.
//!
//! The canonical move text is a minimal re-implementation of what
//! `src/bin/chronochess/convert.rs` does (board prefix, piece letter, full
//! source square, `>`/`>>` as the position decides, `x`, castling,
//! promotion). That code lives only in the binary; it should move into the
//! library (`notation::writer`) so tests and the app share one version.

#![allow(dead_code)]

use chronochess::chess::PieceKind;
use chronochess::fived::coords::{timeline_label, turn_of};
use chronochess::fived::{Move, Multiverse};
use chronochess::notation::ast::{
    BoardText, CastleText, JumpText, Marks, MoveText, Span, TimelineText,
};
use chronochess::notation::writer::write_move;

/// A splitmix64 random source (Steele, Lea, Flood 2014), seeded, so every
/// test run plays the same games.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

fn timeline_text(l: i32, even: bool) -> TimelineText {
    let label = timeline_label(l, even);
    let (sign, digits) = match label.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), &label[1..]),
        _ => (None, label.as_str()),
    };
    TimelineText {
        sign,
        number: digits.parse().expect("timeline labels are numbers"),
    }
}

fn board_text(m: &Multiverse, l: i32, v: i32) -> BoardText {
    BoardText {
        timeline: Some(timeline_text(l, m.even())),
        turn: u32::try_from(turn_of(v)).ok(),
    }
}

/// The fully specified 5dpgn text of `mv`, played from `m` (which must be
/// the position the move is played in, mid-action included).
pub fn canonical_move(m: &Multiverse, mv: &Move) -> MoveText {
    let from = mv.from;
    let kind = m
        .board(from.board.l, from.board.v)
        .and_then(|b| b.piece_at(from.square))
        .expect("a generated move starts on a piece")
        .piece
        .kind;
    let physical = mv.is_physical();
    let captured = m
        .board(mv.to.board.l, mv.to.board.v)
        .and_then(|b| b.piece_at(mv.to.square))
        .is_some();
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
        capture: captured || en_passant,
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
    text.text = write_move(&text);
    text
}
