//! The collapse (`shared/rules/seed-variants.md` C.5): once the branch limit is
//! reached, a random non-king piece leaves the latest board of a random active branch
//! before every branch-turn.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::board::bit;
use super::{BranchId, Game, GameEvent};
use crate::chess::{Piece, PieceKind, Position, Square};

/// A piece the collapse took away (C.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CollapseRemoval {
    /// The branch hit.
    pub branch: BranchId,
    /// The time of its latest board then.
    pub t: u32,
    /// Where the piece stood.
    pub square: Square,
    /// The piece removed.
    pub piece: Piece,
}

impl Game {
    /// One random removal (C.5): a uniformly random active branch, then a uniformly
    /// random non-king piece of its latest board whose removal does not leave the side
    /// not to move in check; branches without such a piece are passed over.
    pub(super) fn collapse_once(&mut self) {
        let mut candidates = self.active_ids();
        while !candidates.is_empty() {
            let id = candidates.remove(self.rng.below(candidates.len()));
            let latest = Rc::clone(&self.branches[id.index()].latest);
            let pos = latest.position();
            let idle = !pos.turn();
            let removable: Vec<(Square, Piece, Position)> = pos
                .pieces()
                .filter(|(_, p)| p.kind != PieceKind::King)
                .filter_map(|(sq, p)| {
                    let without = pos.with_piece(sq, None).ok()?;
                    (!without.is_king_attacked(idle)).then_some((sq, p, without))
                })
                .collect();
            if removable.is_empty() {
                continue;
            }
            let (square, piece, without) = removable[self.rng.below(removable.len())];
            let node = latest.replaced(without, latest.arrived_mask() & !bit(square));
            self.branches[id.index()].latest = Rc::new(node);
            self.events.push(GameEvent::Removal(CollapseRemoval {
                branch: id,
                t: latest.t(),
                square,
                piece,
            }));
            self.evaluate(id);
            return;
        }
    }
}
