//! Replaying the history (A.4): positions before every ply, permanent
//! invalidation, and the terminus.

use super::moves::RecordedMove;
use super::position::{playable_moves, ChessPosition};
use super::slot::Slot;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Why the replayed history stops at the terminus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerminusKind {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can mate (an automatic draw).
    InsufficientMaterial,
    /// 75 moves by each side with no capture and no pawn move (nulls count).
    SeventyFiveMoves,
    /// The same position for the fifth time.
    FivefoldRepetition,
}

impl TerminusKind {
    /// True for checkmate; every other kind is a draw terminus.
    #[must_use]
    pub const fn is_checkmate(self) -> bool {
        matches!(self, TerminusKind::Checkmate)
    }

    /// "checkmate", "stalemate", …
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            TerminusKind::Checkmate => "checkmate",
            TerminusKind::Stalemate => "stalemate",
            TerminusKind::InsufficientMaterial => "insufficient material",
            TerminusKind::SeventyFiveMoves => "the 75-move rule",
            TerminusKind::FivefoldRepetition => "fivefold repetition",
        }
    }
}

/// The first replayed position where the game would be over (A.6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Terminus {
    /// The ply that cannot be played: plies `< ply` are live, the rest dormant.
    pub ply: usize,
    /// Why.
    pub kind: TerminusKind,
}

/// The derived state of one replay.
#[derive(Debug, Clone)]
pub(crate) struct Replay<P> {
    /// `positions[k]` is the position before ply `k + 1`; the last one is the
    /// end position, or the position at the terminus.
    pub positions: Vec<P>,
    /// The terminus, if the history reaches one.
    pub terminus: Option<Terminus>,
    /// Plies this replay turned into blanks.
    pub blanked: Vec<usize>,
    /// `signature(T)`: a hash of the effective plies before the terminus (or of
    /// all plies when there is none).
    pub signature: u64,
}

/// Replays `slots` from `start`, turning every invalid move into a blank for
/// good (A.4.3, A.6.3).
pub(crate) fn replay<P: ChessPosition>(start: &P, slots: &mut [Slot]) -> Replay<P> {
    let mut positions = Vec::with_capacity(slots.len() + 1);
    let mut seen: HashMap<P::RepetitionKey, u32> = HashMap::new();
    let mut blanked = Vec::new();
    let mut effective: Vec<Option<RecordedMove>> = Vec::with_capacity(slots.len());
    let mut pos = start.clone();
    *seen.entry(pos.repetition_key()).or_default() += 1;
    let mut terminus = None;
    for (index, slot) in slots.iter_mut().enumerate() {
        let ply = index + 1;
        let legal = playable_moves(&pos);
        if let Some(kind) = terminal(&pos, &legal, &seen) {
            terminus = Some(Terminus { ply, kind });
            break;
        }
        let next = match *slot {
            Slot::Move(rec) => {
                let owner_piece = pos
                    .piece_at(rec.from)
                    .is_some_and(|p| p.kind == rec.piece && p.color == pos.side_to_move());
                if owner_piece && legal.contains(&rec) {
                    effective.push(Some(rec));
                    pos.play(&rec)
                } else {
                    *slot = Slot::Blank;
                    blanked.push(ply);
                    effective.push(None);
                    pos.play_null()
                }
            }
            Slot::Blank | Slot::Pass | Slot::Pending => {
                effective.push(None);
                pos.play_null()
            }
        };
        positions.push(std::mem::replace(&mut pos, next));
        *seen.entry(pos.repetition_key()).or_default() += 1;
    }
    if terminus.is_none() {
        let legal = playable_moves(&pos);
        terminus = terminal(&pos, &legal, &seen).map(|kind| Terminus {
            ply: slots.len() + 1,
            kind,
        });
    }
    positions.push(pos);
    Replay {
        positions,
        terminus,
        blanked,
        signature: signature(&effective),
    }
}

/// Step 1 of A.4: is the game over in `pos`?
fn terminal<P: ChessPosition>(
    pos: &P,
    legal: &[RecordedMove],
    seen: &HashMap<P::RepetitionKey, u32>,
) -> Option<TerminusKind> {
    if legal.is_empty() {
        return Some(if pos.is_check() {
            TerminusKind::Checkmate
        } else {
            TerminusKind::Stalemate
        });
    }
    if pos.is_insufficient_material() {
        return Some(TerminusKind::InsufficientMaterial);
    }
    if pos.halfmove_clock() >= 150 {
        return Some(TerminusKind::SeventyFiveMoves);
    }
    if seen.get(&pos.repetition_key()).copied().unwrap_or(0) >= 5 {
        return Some(TerminusKind::FivefoldRepetition);
    }
    None
}

/// FNV-1a (64 bit) of the effective plies written as text (`Pe2-e4`, `--` for
/// a null), separated by spaces. Stable across versions: it is saved.
pub(crate) fn signature(effective: &[Option<RecordedMove>]) -> u64 {
    let mut text = String::new();
    for (i, ply) in effective.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        match ply {
            Some(m) => text.push_str(&m.to_string()),
            None => text.push_str("--"),
        }
    }
    fnv1a(text.as_bytes())
}

/// FNV-1a, 64 bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
