//! The inner loop of the pair test of a search keeping the present
//! (`keep.rs`, [`Search::keep_excludes`]): does every way of board `b` give
//! a check for good once board `a` has been played by any of its ways?
//!
//! Where the time went (issue 14, `stress/README.md` "Cheaper nodes"): on
//! `fresh-slow.tsv standarddefendedpawn-0-swarm` 23 the softmate search
//! ran the full test 1 168 times in 25 000 nodes (561 cuts), each over
//! ~98 ways of `a` times ~80 ways of `b`: 8.6 M scans of a way's nogoods
//! (`Learnt::blocks_for_good`) and 37 M conditions pushed into reasons,
//! 60 % of its time, for reasons that ended with ~16 conditions.
//!
//! What changed; none of it changes what the test answers, which moves it
//! probes (nodes), or the reason of a cut (the same conditions in the same
//! order):
//!
//! - **The nogoods of each way of `b` are sorted once per test**, not once
//!   per way of `a` ([`Sorted`]). Making `a`'s way only adds boards (boards
//!   never change), so a condition on a board that exists before it holds
//!   after every way of `a` or after none; only conditions on boards that
//!   do not exist yet depend on the way (they can hold only on the boards
//!   that way makes). A way of `b` ruled out by a nogood with no such
//!   condition (or by a jump that gives a check in every action) is ruled
//!   out the same way after every way of `a`, and is looked at once; the
//!   others read only the nogoods that wait for new boards.
//! - **The reason is stated only for a cut**, from a record of which
//!   nogood ruled out each way of `b` ([`Recipe`]): the caller replays the
//!   two records (`a` excludes `b`, `b` excludes `a`) only when both hold.
//!   Before, each way of `a` added to the reason the conditions of those
//!   nogoods, without the ones on the boards it made. What a given nogood
//!   of a given way of `b` adds that way is the same after every way of `a`:
//!   its conditions on boards that existed before (the others are on the
//!   boards that way of `b`, or that way of `a`, makes). So once added it
//!   adds nothing new, and the record keeps each (way of `b`, nogood) pair
//!   once, at the first way of `a` where it ruled that way out, in the
//!   order the conditions were added before. The one other effect of a
//!   pair seen again was on the bound of the conditions gathered per way
//!   of `a` ([`Why::MAX`], beyond which a reason is unknown): where the
//!   recorded nogoods' distinct conditions exceed it, the replay makes
//!   every way of `a` again and gathers as before (no probe: the nogoods
//!   are only ever appended, so the first that holds is the one found).

use std::ops::ControlFlow;

use super::super::coords::BoardId;
use super::keep::Way;
use super::nogood;
use super::why::{Cond, Holds, Why};
use super::{new_boards, Search, Stop};

/// What ruled out a way of `b` after a way of `a`: a nogood's index among
/// those of that way's move, or [`DEAD`].
type Ruled = u32;

/// The jump gives a check in every action (`Search::dead_jump`).
const DEAD: Ruled = u32::MAX;

/// How the reason of "`a` excludes `b`" is stated: the conditions that
/// left some ways of `a` out, then per way of `a` (with the boards it
/// makes) what ruled out each way of `b`.
pub(super) struct Recipe {
    ways_why: Why,
    /// The ways of `a`, and `(a, b, decided)`.
    ways: Vec<Way>,
    ab: (usize, usize, usize),
    /// The ways of `b` looked at: their move's number and the boards that
    /// move makes (left out of the reason).
    xs: Vec<(usize, [BoardId; 2])>,
    /// Per way of `a`: the boards it makes, and where its entries end.
    per_way: Vec<([BoardId; 2], usize)>,
    /// Per way of `a` in turn, per way of `b` it had: `(x, ruled)`, with
    /// `x` an index into `xs` (a way of `b` ruled out the same way after
    /// every way of `a` only the first time: see the module docs).
    entries: Vec<(u32, Ruled)>,
    /// The distinct conditions of the recorded nogoods (without those on
    /// the boards the ways of `b` make), up to one more than [`Why::MAX`].
    conds: Vec<Cond>,
}

/// The nogoods of one way of `b` (move `id`), sorted against the position
/// before `a`'s way is made.
#[derive(Debug, Default)]
pub(super) struct Sorted {
    /// Its index in the recipe's `xs`.
    x: u32,
    /// How many of its nogoods were sorted.
    seen: usize,
    /// The first that holds after every way of `a`, if any.
    always: Option<usize>,
    /// Before `always`: the nogoods that hold after a way of `a` only if
    /// their conditions on boards that do not exist yet hold then.
    pending: Vec<(usize, Vec<Cond>)>,
    /// Ruled out the same way after every way of `a` (and recorded).
    fixed: bool,
    /// The nogoods (bit `index`, or bit 63 for [`DEAD`]) recorded for it
    /// so far (a way keeps at most `nogood::KEEP` + 1 nogoods, below 63;
    /// any other index would be recorded every time).
    recorded: u64,
}

/// Per learnt move number, its [`Sorted`] for the test running now, and
/// the numbers filled (cleared when the test ends).
#[derive(Default)]
pub(super) struct SortedCache {
    by_id: Vec<Option<Sorted>>,
    filled: Vec<usize>,
}

impl Search<'_> {
    /// Nogood `index` of move `id` sorted at the position now, where
    /// `made` are the boards `a`'s way just made: `None` if it holds after
    /// no way of `a`, else its conditions on boards that do not exist
    /// without `a`'s way (empty: it holds after every one). The same test
    /// as `Learnt::blocks_for_good`, split by which boards exist before.
    fn sort_nogood(
        &self,
        id: usize,
        index: usize,
        own: [BoardId; 2],
        made: &[BoardId],
    ) -> Option<Vec<Cond>> {
        let (conds, any_number) = self.learnt.nogood(id, index);
        if !any_number {
            return None;
        }
        let mut pending = Vec::new();
        for c in conds {
            if own.contains(&c.board) {
                continue;
            }
            if !self.learnt.in_root(c.board.l) || !matches!(c.holds, Holds::Piece(_) | Holds::Empty)
            {
                return None;
            }
            let before = !made.contains(&c.board) && self.mv.board(c.board.l, c.board.v).is_some();
            if !before {
                pending.push(*c);
            } else if !c.holds_in(&self.mv) {
                return None;
            }
        }
        Some(pending)
    }

    /// The first nogood of `sorted`'s move `id` that holds for good now,
    /// sorting the ones not sorted yet.
    fn first_for_good(
        &self,
        sorted: &mut Sorted,
        id: usize,
        own: [BoardId; 2],
        made: &[BoardId],
    ) -> Option<usize> {
        let len = self.learnt.nogood_count(id);
        while sorted.always.is_none() && sorted.seen < len {
            let index = sorted.seen;
            sorted.seen += 1;
            match self.sort_nogood(id, index, own, made) {
                None => {}
                Some(p) if p.is_empty() => sorted.always = Some(index),
                Some(p) => sorted.pending.push((index, p)),
            }
        }
        sorted
            .pending
            .iter()
            .find(|(_, p)| p.iter().all(|c| c.holds_in(&self.mv)))
            .map(|&(index, _)| index)
            .or(sorted.always)
    }

    /// What rules out way `x` of board `b` for good now, if anything
    /// (`Search::keep_way_fails_for_good` without the reason), and whether
    /// that is the same after every way of `a`.
    fn ruled_out(
        &mut self,
        b: usize,
        x: Way,
        sorted: &mut Sorted,
        made: &[BoardId],
    ) -> ControlFlow<Stop, Option<(Ruled, bool)>> {
        let (id, own) = match x {
            Way::Jump(k) => {
                if self.dead_jump(b, k)? {
                    return ControlFlow::Continue(Some((DEAD, true)));
                }
                let own = nogood::own_boards(&self.jumps[b][k], false);
                (self.learnt.jump_id(b, k), own)
            }
            Way::Hop(o, k) => {
                let own = nogood::own_boards(&self.nonbranching[o][k], true);
                (self.learnt.nb_id(o, k), own)
            }
        };
        let found = self.first_for_good(sorted, id, own, made);
        let fixed = sorted.pending.is_empty();
        ControlFlow::Continue(found.map(|index| (index as Ruled, fixed)))
    }

    /// [`Search::ruled_out`], probing the way once (a node) if nothing
    /// learnt rules it out yet.
    fn ruled_out_probed(
        &mut self,
        b: usize,
        x: Way,
        sorted: &mut Sorted,
        made: &[BoardId],
    ) -> ControlFlow<Stop, Option<(Ruled, bool)>> {
        if let Some(r) = self.ruled_out(b, x, sorted, made)? {
            return ControlFlow::Continue(Some(r));
        }
        match x {
            Way::Jump(k) => self.probe_jump(b, k)?,
            Way::Hop(o, k) => self.probe_nb(o, k)?,
        };
        self.ruled_out(b, x, sorted, made)
    }

    /// The full pair test after its witness check: every way of `a` (listed
    /// with the conditions that left others out), then every way of `b`.
    /// Returns how to state the reason if `a` excludes `b`. Leaves `why` as
    /// it found it.
    pub(super) fn excludes_all(
        &mut self,
        a: usize,
        b: usize,
        decided: usize,
    ) -> ControlFlow<Stop, Option<Recipe>> {
        if self.excl.by_id.len() != self.learnt.ids() {
            self.excl.by_id = (0..self.learnt.ids()).map(|_| None).collect();
        }
        let outer = std::mem::replace(&mut self.why, Why::empty());
        let r = self.excludes_sorted(a, b, decided);
        self.why = outer;
        for id in std::mem::take(&mut self.excl.filled) {
            self.excl.by_id[id] = None;
        }
        r
    }

    /// [`Search::excludes_all`] with `why` empty and the cache of sorted
    /// nogoods in use.
    fn excludes_sorted(
        &mut self,
        a: usize,
        b: usize,
        decided: usize,
    ) -> ControlFlow<Stop, Option<Recipe>> {
        let ways = self.keep_ways(a, decided)?;
        let mut recipe = Recipe {
            ways_why: std::mem::replace(&mut self.why, Why::empty()),
            ways: ways.clone(),
            ab: (a, b, decided),
            xs: Vec::new(),
            per_way: Vec::with_capacity(ways.len()),
            entries: Vec::new(),
            conds: Vec::new(),
        };
        // The hops onto `b` (`keep_hops_onto`), listed once: a way of `a`
        // only makes boards stop being playable, and is made from `a` or
        // from the board it hops from.
        let hops = self.keep_hops_onto(b, decided, usize::MAX);
        for w in ways {
            let (m, branch, own) = self.keep_way_move(a, w);
            let Some(u) = self.mv.apply_as(&m, branch) else {
                return ControlFlow::Continue(None);
            };
            let made = new_boards(&self.mv, &m, u);
            let from = match w {
                Way::Hop(o, _) => o,
                Way::Jump(_) => usize::MAX,
            };
            let playable = |s: &Self, x: &Way| match *x {
                Way::Hop(o, _) => o != from && s.mv.is_playable(s.boards[o], s.mover),
                Way::Jump(_) => true,
            };
            let jumps = (0..self.jumps[b].len()).map(Way::Jump);
            let xs: Vec<Way> = jumps
                .chain(hops.iter().copied().filter(|x| playable(self, x)))
                .collect();
            for x in xs {
                match self.rule_out_way(b, x, &made, &mut recipe) {
                    ControlFlow::Continue(true) => {}
                    ControlFlow::Continue(false) => {
                        self.keep_pairs.witness.insert((a, b), (w, x));
                        self.mv.undo(u);
                        return ControlFlow::Continue(None);
                    }
                    ControlFlow::Break(s) => {
                        self.mv.undo(u);
                        return ControlFlow::Break(s);
                    }
                }
            }
            self.mv.undo(u);
            // The probes' reasons are not needed: each way of `b` is
            // ruled out by the nogood recorded.
            self.why = Why::empty();
            recipe.per_way.push((own, recipe.entries.len()));
        }
        ControlFlow::Continue(Some(recipe))
    }

    /// Is way `x` of board `b` ruled out for good after the way of `a` just
    /// made (which made the boards `made`)? Records what rules it out in
    /// `recipe` the first time (see the module docs).
    fn rule_out_way(
        &mut self,
        b: usize,
        x: Way,
        made: &[BoardId],
        recipe: &mut Recipe,
    ) -> ControlFlow<Stop, bool> {
        let (id, own_x) = match x {
            Way::Jump(k) => (
                self.learnt.jump_id(b, k),
                nogood::own_boards(&self.jumps[b][k], false),
            ),
            Way::Hop(o, k) => (
                self.learnt.nb_id(o, k),
                nogood::own_boards(&self.nonbranching[o][k], true),
            ),
        };
        if self.excl.by_id[id].as_ref().is_some_and(|s| s.fixed) {
            // Ruled out the same way after every way of `a`: recorded.
            return ControlFlow::Continue(true);
        }
        let mut sorted = self.excl.by_id[id].take().unwrap_or_else(|| {
            self.excl.filled.push(id);
            recipe.xs.push((id, own_x));
            Sorted {
                x: (recipe.xs.len() - 1) as u32,
                ..Sorted::default()
            }
        });
        let r = self.ruled_out_probed(b, x, &mut sorted, made);
        if let ControlFlow::Continue(Some((ruled, fixed))) = r {
            sorted.fixed = fixed;
            let bit = match ruled {
                DEAD => 1 << 63,
                i if i < 63 => 1u64 << i,
                _ => 0,
            };
            if bit == 0 || sorted.recorded & bit == 0 {
                sorted.recorded |= bit;
                recipe.entries.push((sorted.x, ruled));
                if ruled != DEAD && recipe.conds.len() <= Why::MAX {
                    for c in self.learnt.nogood(id, ruled as usize).0 {
                        if !own_x.contains(&c.board) && !recipe.conds.contains(c) {
                            recipe.conds.push(*c);
                        }
                    }
                }
            }
            self.excl.by_id[id] = Some(sorted);
        }
        r.map_continue(|found| found.is_some())
    }

    /// Adds to `why` the reason `recipe` states (see the module docs).
    pub(super) fn replay(&mut self, why: &mut Why, recipe: &Recipe) -> ControlFlow<Stop> {
        why.union_with(&recipe.ways_why);
        if recipe.conds.len() > Why::MAX {
            return self.replay_in_full(why, recipe);
        }
        let mut start = 0;
        for (own_w, end) in &recipe.per_way {
            if why.is_unknown() {
                // It stays unknown (more conditions change nothing).
                break;
            }
            let entries = &recipe.entries[start..*end];
            start = *end;
            let mut found = Why::empty();
            for &(x, ruled) in entries {
                if ruled == DEAD {
                    continue;
                }
                let (id, own) = recipe.xs[x as usize];
                for c in self.learnt.nogood(id, ruled as usize).0 {
                    if !own.contains(&c.board) {
                        found.push(*c);
                    }
                }
            }
            why.union_with(&found.without(own_w));
        }
        ControlFlow::Continue(())
    }

    /// [`Search::replay`] where the conditions gathered for one way of `a`
    /// could exceed [`Why::MAX`]: every way of `a` is made again and each
    /// way of `b` stated by the nogood that rules it out, as before
    /// reasons were deferred (no probe: the same nogoods rule them out, the
    /// first that holds, since nogoods are only appended).
    fn replay_in_full(&mut self, why: &mut Why, recipe: &Recipe) -> ControlFlow<Stop> {
        let (a, b, decided) = recipe.ab;
        let outer = std::mem::replace(&mut self.why, Why::empty());
        for &w in &recipe.ways {
            if why.is_unknown() {
                break;
            }
            let (m, branch, own) = self.keep_way_move(a, w);
            let Some(u) = self.mv.apply_as(&m, branch) else {
                break;
            };
            let from = match w {
                Way::Hop(o, _) => o,
                Way::Jump(_) => usize::MAX,
            };
            let mut xs: Vec<Way> = (0..self.jumps[b].len()).map(Way::Jump).collect();
            xs.extend(self.keep_hops_onto(b, decided, from));
            self.why = Why::empty();
            for x in xs {
                match self.keep_way_fails_for_good(b, x) {
                    ControlFlow::Continue(ruled) => debug_assert!(ruled, "ruled out before"),
                    ControlFlow::Break(s) => {
                        self.mv.undo(u);
                        self.why = outer;
                        return ControlFlow::Break(s);
                    }
                }
            }
            self.mv.undo(u);
            let found = std::mem::replace(&mut self.why, Why::empty());
            why.union_with(&found.without(&own));
        }
        self.why = outer;
        ControlFlow::Continue(())
    }
}
