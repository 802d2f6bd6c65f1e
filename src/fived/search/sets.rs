//! Three or four boards that must all jump and cannot (issue 14, branch
//! `hunt`): the pair test of `pair.rs`, one or two boards further.
//!
//! Where the budget went before (`stress/README.md`): on the positions
//! still undecided at 300 000 nodes (`fresh.tsv`
//! `standardtwotimelines-1-checks` 13, `smallopen-1-checks` 19,
//! `standardreversedroyalty-0-swarm` 16, and `holdout2.tsv`'s two), phase 1
//! passed three or four early boards at the present that can only be left
//! by their own branching jumps. No two of them exclude each other, but
//! once any one of them has jumped, the others do: say a piece on Z's next
//! board sees along a line through X's and Y's next boards, which stay
//! empty whatever X and Y do, to a royal piece beyond them. The pair test
//! saw that only in phase 2, one level down, below every sequence of the
//! other boards' jumps made before the first of them; and the reason phase
//! 2 gave phase 1 named every board played (phase 2's base), so phase 1
//! tried the combinations of those boards too. Phase 2's sibling tests
//! took 80–90 % of the 300 000 nodes.
//!
//! The set test, for a set S of such boards: S is excluded if two of its
//! boards exclude each other (the pair test), or if for each board of S,
//! and each of its jumps not known to give a check in every completion,
//! once that jump is made the rest of S is excluded. Then no completion
//! exists: take one, and the first board of S to jump in it; after that
//! jump the rest of S must still all jump, which they cannot, by the same
//! argument (down to a pair, `pair.rs`: checks for good are on existing
//! boards of the searched position's timelines, which the other jumps of
//! the action do not change, and a board's jump makes the same boards
//! whenever it is made). The reason is the union of the conditions used,
//! without those on the boards of S's next boards (the jumps make them),
//! plus "every board of S unplayed".
//!
//! Cost: the test makes jumps without a check test (each charged one
//! node, so that the budget still bounds the time) and looks nogoods up; a
//! jump not ruled out is probed once (a node) and what that teaches is
//! kept. A set found excluded is kept with its reason and reused wherever
//! the reason holds (also as a part of a larger set); a set that was not
//! keeps the jump after which the rest was not, tried first next time. It
//! runs only where the pair test found no pair, on sets of at most
//! [`MAX_SET`] of at most [`MAX_WAITING`] waiting boards.

use super::fasthash::FastMap;
use std::ops::ControlFlow;

use super::super::coords::BoardId;
use super::why::{Cond, Why};
use super::{Search, Stop};

/// The set test runs only with at most this many boards that must jump.
const MAX_WAITING: usize = 6;

/// The largest set tested.
const MAX_SET: usize = 4;

/// At most this many excluded sets are kept (a cache).
const KEPT: usize = 128;

/// What the set test learnt in one search.
#[derive(Default)]
pub(super) struct Sets {
    /// Sets found to exclude one another (sorted), with why, and whether
    /// the reason names only boards of the searched position's timelines.
    /// Found after a jump of another board, a reason names that board's
    /// next board, and holds again only once a jump leaving the same board
    /// is made.
    learnt: Vec<(Vec<usize>, Why, bool)>,
    /// Per set whose test failed: the board and jump after which the rest
    /// was not excluded.
    witness: FastMap<Vec<usize>, (usize, usize)>,
    /// How many jumps the test has made (and not undone) to test.
    depth: usize,
    /// How often the test cut (tests).
    pub(super) cuts: u64,
}

impl Search<'_> {
    /// True if three or four of the boards `must_jump` (waiting at the
    /// present, passed, so each must be left by its own branching jump;
    /// the premise of the pair test holds, and no two of them exclude each
    /// other here) exclude one another (module docs). On true, `why` gets
    /// the reason.
    pub(super) fn set_stuck(&mut self, must_jump: &[usize]) -> ControlFlow<Stop, bool> {
        if must_jump.len() < 3 || must_jump.len() > MAX_WAITING {
            return ControlFlow::Continue(false);
        }
        let saved = std::mem::replace(&mut self.why, Why::empty());
        for size in 3..=MAX_SET.min(must_jump.len()) {
            for set in subsets(must_jump, size) {
                self.why = Why::empty();
                if !self.set_excluded(&set, false)? {
                    continue;
                }
                let why = std::mem::replace(&mut self.why, saved);
                self.sets.cuts += 1;
                return ControlFlow::Continue(self.pair_cut(&why));
            }
        }
        self.why = saved;
        ControlFlow::Continue(false)
    }

    /// Whether the boards of `set` (sorted) cannot all jump (module docs);
    /// `pairs` whether to run the pair test on its pairs (already done at
    /// the top). On true, `why` gets the reason, which is kept.
    fn set_excluded(&mut self, set: &[usize], pairs: bool) -> ControlFlow<Stop, bool> {
        // Below a jump made only to test, a reason naming a timeline that
        // a jump of the action made may hold there by its number only (the
        // test's jump may get another number in an action): not reused.
        let depth = self.sets.depth;
        let known = self.sets.learnt.iter().find(|(s, why, root_only)| {
            !self.reuse_off
                && (depth == 0 || *root_only)
                && s.iter().all(|u| set.contains(u))
                && why.holds_in(&self.mv)
        });
        if let Some((_, why, _)) = known {
            let why = why.clone();
            self.why.union_with(&why);
            return ControlFlow::Continue(true);
        }
        // Below a jump made only to test, its new timeline may get another
        // number in an action: only failures for good count there.
        let strict = self.sets.depth > 0;
        let saved = std::mem::replace(&mut self.why, Why::empty());
        let mut found: Option<Vec<usize>> = None;
        if pairs {
            'pairs: for x in 0..set.len() {
                for y in x + 1..set.len() {
                    let (p, q) = (set[x], set[y]);
                    self.why = Why::empty();
                    // Each direction makes jumps without a check test: one
                    // node each, so that the budget bounds the time.
                    if self.charge()?
                        && self.excludes_with(p, q, strict, 0)?
                        && self.charge()?
                        && self.excludes_with(q, p, strict, 0)?
                    {
                        found = Some(vec![p, q]);
                        break 'pairs;
                    }
                }
            }
        }
        if found.is_none() && set.len() >= 3 {
            self.why = Why::empty();
            if self.first_jump_excludes_rest(set)? {
                found = Some(set.to_vec());
            }
        }
        let Some(part) = found else {
            self.why = saved;
            return ControlFlow::Continue(false);
        };
        let own: Vec<BoardId> = part.iter().map(|&u| self.next_of(u)).collect();
        let mut why = std::mem::replace(&mut self.why, saved).without(&own);
        for b in &own {
            why.push(Cond::existence(&self.mv, *b));
        }
        self.why.union_with(&why);
        if !why.is_unknown() && self.sets.learnt.len() < KEPT {
            // Phase 1 has made no timeline yet; below a test's jump only
            // failures for good (on the searched position's timelines) count.
            let root_only = strict || self.branch_count == 0;
            self.sets.learnt.push((part, why, root_only));
        }
        ControlFlow::Continue(true)
    }

    /// Whether, whichever board of `set` jumps first and by whichever of
    /// its jumps, the rest of `set` is excluded after it. The conditions
    /// used go to `why`.
    fn first_jump_excludes_rest(&mut self, set: &[usize]) -> ControlFlow<Stop, bool> {
        // What broke the test last time, if it still does: fail at once.
        if let Some(&(f, k)) = self.sets.witness.get(set) {
            if !self.after_jump_excluded(set, f, k)? {
                return ControlFlow::Continue(false);
            }
        }
        for &f in set {
            for k in 0..self.jumps[f].len() {
                if !self.after_jump_excluded(set, f, k)? {
                    self.sets.witness.insert(set.to_vec(), (f, k));
                    return ControlFlow::Continue(false);
                }
            }
        }
        ControlFlow::Continue(true)
    }

    /// True if jump `k` of board `f` (of `set`) gives a check in every
    /// completion, or if once it is made the rest of `set` is excluded.
    /// Making it is charged one node.
    fn after_jump_excluded(
        &mut self,
        set: &[usize],
        f: usize,
        k: usize,
    ) -> ControlFlow<Stop, bool> {
        let strict = self.sets.depth > 0;
        if self.a_jump_fails(f, k, strict)? {
            return ControlFlow::Continue(true);
        }
        // Not known to fail: one probe, which teaches a nogood if it does
        // (its own partial reason is not kept: the look-up states it).
        let saved = std::mem::replace(&mut self.why, Why::empty());
        let checked = self.probe_jump(f, k);
        self.why = saved;
        if checked? && self.a_jump_fails(f, k, strict)? {
            return ControlFlow::Continue(true);
        }
        let e = self.jumps[f][k];
        self.charge()?;
        let Some(u) = self.mv.apply_as(&e, true) else {
            return ControlFlow::Continue(false);
        };
        let rest: Vec<usize> = set.iter().copied().filter(|&x| x != f).collect();
        self.sets.depth += 1;
        let r = self.set_excluded(&rest, true);
        self.sets.depth -= 1;
        self.mv.undo(u);
        r
    }

    /// The next board of board `u` (the one its move makes).
    fn next_of(&self, u: usize) -> BoardId {
        let b = self.boards[u];
        BoardId { l: b.l, v: b.v + 1 }
    }

    /// Charges one node of the budget (always true, or stops).
    fn charge(&mut self) -> ControlFlow<Stop, bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        ControlFlow::Continue(true)
    }
}

/// The subsets of `items` with `size` elements, each in the order of
/// `items` (sorted when `items` is).
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}
