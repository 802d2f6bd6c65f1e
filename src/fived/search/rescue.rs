//! Reserved boards that only hops can still play, and not enough hops
//! left (issue 14, branch `deep`): a matching test for `can_finish`.
//!
//! In phase 3 a reserved free board (a branching jump landed on its end
//! board, so it must be played: `phases.rs`) that has passed can still be
//! played by a hop onto it from a free board still to decide. `can_finish`
//! asked only whether each such board had some board left that lists a hop
//! onto it. Two things make that too weak:
//!
//! - One board makes one move, so it plays at most one such board: the
//!   passed reserved boards need *distinct* rescuers.
//! - A hop that a learnt nogood rules out now is ruled out in every
//!   completion of phase 3: the nogood's conditions off the hop's own
//!   boards are pieces, empty squares or boards that exist now, boards
//!   never change, and phase 3 makes no timeline (so no number shifts).
//!   That rescuer does not count.
//!
//! Before, a reserved board that phase 3 passed (its first choice) and
//! that only a board decided much later could rescue, by a hop that gives
//! a check, was found unfinishable only once that board was decided, below
//! every combination of the boards decided between them
//! (`holdout3.tsv focusedjustqueens-0-checks` 12: phase 2 made 18 jumps,
//! reserving 7 boards, and phase 3 there spent the whole 300 000 nodes;
//! now decided, an action, in 1 006 + 29 nodes).
//!
//! The test: a matching of the passed reserved boards into the undecided
//! playable free boards, along the hops not ruled out. No matching, no
//! completion plays them all: a necessary condition only, like the rest
//! of `can_finish`, so cutting on it is exact.

use super::nogood;
use super::why::Holds;
use super::Search;

impl Search<'_> {
    /// In phase 3, before step `next`: can the reserved free boards already
    /// passed all still be played, each by a hop from a different free board
    /// still to decide? (See the module docs.)
    pub(super) fn rescuers_suffice(&self, next: usize) -> bool {
        let undecided = |j: usize| self.p3_pos[j] != usize::MAX && self.p3_pos[j] >= next;
        let n = self.boards.len();
        let passed: Vec<usize> = (self.first_free..n)
            .filter(|&j| {
                self.reserved[j] && !undecided(j) && self.mv.is_playable(self.boards[j], self.mover)
            })
            .collect();
        if passed.is_empty() {
            return true;
        }
        let rescuers: Vec<Vec<usize>> = passed
            .iter()
            .map(|&j| {
                self.hop_sources[j]
                    .iter()
                    .copied()
                    .filter(|&o| {
                        o != j
                            && undecided(o)
                            && self.mv.is_playable(self.boards[o], self.mover)
                            && self.some_hop_open(o, j)
                    })
                    .collect()
            })
            .collect();
        // Kuhn's augmenting paths: `owner[o]` is the passed board (index
        // into `passed`) that rescuer `o` is matched to.
        let mut owner: Vec<Option<usize>> = vec![None; n];
        for p in 0..passed.len() {
            let mut seen = vec![false; n];
            if !augment(p, &rescuers, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }
}

impl Search<'_> {
    /// Whether board `o` has a hop onto board `j` not ruled out for the
    /// rest of phase 3: by a nogood whose conditions off the hop's own
    /// boards are pieces, empty squares or existing boards, all there now.
    /// Boards never change and phase 3 makes no timeline, so such a nogood
    /// holds in every completion.
    fn some_hop_open(&self, o: usize, j: usize) -> bool {
        let target = self.boards[j];
        (0..self.nonbranching[o].len()).any(|k| {
            let m = self.nonbranching[o][k];
            if m.is_physical() || m.to.board != target {
                return false;
            }
            let id = self.learnt.nb_id(o, k);
            let own = nogood::own_boards(&m, true);
            !(0..self.learnt.nogood_count(id)).any(|g| {
                let (conds, any_number) = self.learnt.nogood(id, g);
                any_number
                    && conds.iter().all(|c| {
                        own.contains(&c.board)
                            || (matches!(c.holds, Holds::Piece(_) | Holds::Empty | Holds::Board)
                                && c.holds_in(&self.mv))
                    })
            })
        })
    }
}

/// Finds a rescuer for passed board `p`, moving earlier matches along an
/// augmenting path if needed.
fn augment(
    p: usize,
    rescuers: &[Vec<usize>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &o in &rescuers[p] {
        if seen[o] {
            continue;
        }
        seen[o] = true;
        if owner[o].is_none_or(|q| augment(q, rescuers, owner, seen)) {
            owner[o] = Some(p);
            return true;
        }
    }
    false
}
