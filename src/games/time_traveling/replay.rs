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
pub(crate) struct Replay<P: ChessPosition> {
    /// `positions[k]` is the position before ply `k + 1`; the last one is the
    /// end position, or the position at the terminus.
    pub positions: Vec<P>,
    /// `keys[k]` is the repetition key of `positions[k]`.
    keys: Vec<P::RepetitionKey>,
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
    let key = start.repetition_key();
    resume(vec![start.clone()], vec![key], slots)
}

/// Replays `slots` again after a change, reusing the part of `previous` (the
/// replay of `old_slots`) that the change cannot affect: the positions before
/// every ply up to the first slot that differs.
///
/// Gives exactly what [`replay`] gives (the property tests compare them).
pub(crate) fn replay_after_change<P: ChessPosition>(
    previous: &Replay<P>,
    old_slots: &[Slot],
    slots: &mut [Slot],
) -> Replay<P> {
    let first_change = old_slots
        .iter()
        .zip(slots.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(old_slots.len().min(slots.len()));
    // Keep the positions before plies 1..=first_change+1: plies up to
    // `first_change` are unchanged and were replayed without reaching a terminus.
    let keep = (first_change + 1).min(previous.positions.len());
    resume(
        previous.positions[..keep].to_vec(),
        previous.keys[..keep].to_vec(),
        slots,
    )
}

/// Replays from ply `positions.len()` on. `positions` (not empty) holds the
/// positions before plies `1..=positions.len()`, the plies before the last one
/// replayed without reaching a terminus, and `keys` their repetition keys.
fn resume<P: ChessPosition>(
    mut positions: Vec<P>,
    mut keys: Vec<P::RepetitionKey>,
    slots: &mut [Slot],
) -> Replay<P> {
    let first = positions.len();
    let mut seen: HashMap<P::RepetitionKey, u32> = HashMap::new();
    for key in &keys {
        *seen.entry(key.clone()).or_default() += 1;
    }
    let mut effective: Vec<Option<RecordedMove>> =
        slots[..first - 1].iter().map(Slot::recorded_move).collect();
    let mut blanked = Vec::new();
    let mut terminus = None;
    for (index, slot) in slots.iter_mut().enumerate().skip(first - 1) {
        let ply = index + 1;
        let pos = &positions[index];
        let legal = playable_moves(pos);
        if let Some(kind) = terminal(pos, &legal, &keys[index], &seen) {
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
        let key = next.repetition_key();
        *seen.entry(key.clone()).or_default() += 1;
        keys.push(key);
        positions.push(next);
    }
    if terminus.is_none() {
        let last = positions.len() - 1;
        let legal = playable_moves(&positions[last]);
        terminus = terminal(&positions[last], &legal, &keys[last], &seen).map(|kind| Terminus {
            ply: slots.len() + 1,
            kind,
        });
    }
    Replay {
        positions,
        keys,
        terminus,
        blanked,
        signature: signature(&effective),
    }
}

/// Step 1 of A.4: is the game over in `pos`?
fn terminal<P: ChessPosition>(
    pos: &P,
    legal: &[RecordedMove],
    key: &P::RepetitionKey,
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
    if seen.get(key).copied().unwrap_or(0) >= 5 {
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
