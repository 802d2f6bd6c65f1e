//! Reserved boards that only hops can still play, and too few boards left
//! to hop (issue 14, branch `deep`): a matching test for `can_finish`.
//!
//! In phase 3 a reserved free board (a branching jump landed on its end
//! board, so it must be played: `phases.rs`) that has passed can still be
//! played by a hop onto it from a free board still to decide. One board
//! makes one move, so it plays at most one such board: the passed reserved
//! boards need *distinct* rescuers. `can_finish` asked only whether each
//! one has some rescuer left; two passed reserved boards whose only
//! rescuer is the same board were found unfinishable only once that board
//! was decided, below every combination of the boards decided between
//! them (`holdout3.tsv focusedjustqueens-0-checks` 12: phase 3 passed a
//! reserved board, then tried every move of the boards after it).
//!
//! The test: a matching of the passed reserved boards into the undecided
//! playable free boards along the hops between them (each board's hops as
//! listed before the search: a hop left out there gives a check on its
//! own). No matching, no completion plays them all: exact, and a necessary
//! condition only, like the rest of `can_finish`.

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
        if passed.len() < 2 {
            // One alone: `can_finish` asks for some rescuer already.
            return true;
        }
        let rescuers: Vec<Vec<usize>> = passed
            .iter()
            .map(|&j| {
                self.hop_sources[j]
                    .iter()
                    .copied()
                    .filter(|&o| {
                        o != j && undecided(o) && self.mv.is_playable(self.boards[o], self.mover)
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
