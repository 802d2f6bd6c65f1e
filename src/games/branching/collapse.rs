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

#[cfg(test)]
mod tests {
    use super::super::test_support::{play, B0};
    use super::super::Config;
    use super::*;

    fn collapsing(seed: u64) -> Game {
        Game::new(Config::new(1, seed)).unwrap()
    }

    #[test]
    fn at_the_limit_a_removal_precedes_the_first_turn() {
        let game = collapsing(7);
        assert!(game.is_collapsing());
        let removals: Vec<CollapseRemoval> = game.removals().copied().collect();
        assert_eq!(removals.len(), 1);
        let r = removals[0];
        assert_eq!((r.branch, r.t), (B0, 0));
        assert_ne!(r.piece.kind, PieceKind::King);
        let latest = game.branch(B0).unwrap().latest();
        assert_eq!(latest.position().piece_at(r.square), None);
        assert_eq!(latest.t(), 0, "a removal replaces the board, it adds none");
        assert_eq!(Position::startpos().piece_at(r.square), Some(r.piece));
    }

    #[test]
    fn the_seed_decides_the_removals() {
        let mut a = collapsing(42);
        let mut b = collapsing(42);
        for san in ["e4", "e5"] {
            // A removal may take the piece a fixed move needs: play what stands.
            let legal = a.branch(B0).unwrap().latest().position().parse_san(san);
            if legal.is_err() {
                break;
            }
            play(&mut a, B0, san);
            play(&mut b, B0, san);
        }
        assert_eq!(a.events(), b.events());
        let firsts: Vec<Square> = (0..8)
            .map(|seed| collapsing(seed).removals().next().unwrap().square)
            .collect();
        assert!(firsts.iter().any(|&s| s != firsts[0]), "{firsts:?}");
    }

    #[test]
    fn a_removal_never_leaves_the_side_not_to_move_in_check() {
        for seed in 0..40 {
            let game = collapsing(seed);
            let pos = game.branch(B0).unwrap().latest().position();
            assert!(!pos.is_king_attacked(!pos.turn()), "seed {seed}");
        }
    }
}
