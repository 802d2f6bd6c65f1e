//! Cuts of `outcome`'s second search, the one for an action that keeps the
//! present (issue 14: on the stress suite these searches were the largest
//! source of positions over 100 ms, deciding in a few hundred nodes that a
//! legal action exists and then running out of budget proving that none
//! keeps the present).
//!
//! In that search a branching jump whose new timeline is active and starts
//! before the present is never made (it would pull the present back, and a
//! pulled-back present never comes back within the action). The first
//! `active_timelines_left` timelines the mover still creates are active,
//! so a jump into the past keeps the present only if at least that many
//! jumps that keep it come first, from other boards. `stuck` asked whether
//! a board waiting at the present still had a jump, without asking whether
//! that jump could ever be made here: a board whose only way out is a jump
//! into the past was kept alive below every combination of the other
//! boards.
//!
//! The pair test of `pair.rs` (two boards waiting at the present whose ways
//! out exclude each other) was not run in that search. Its premise, that
//! both boards must be played, holds there by definition while the present
//! is the searched one; here it also counts the hops onto the two boards as
//! ways out (see [`Search::keep_pair_stuck`]), so it cuts as soon as both are
//! passed in phase 1 instead of below every board that can hop onto them.

use super::fasthash::FastMap;
use std::ops::ControlFlow;

use super::super::coords::{BoardId, Move};
use super::exclude::Recipe;
use super::nogood;
use super::why::{Cond, Why};
use super::{Search, Stop};

impl Search<'_> {
    /// In a search keeping the present: true if jump `k` of board `u` would
    /// pull the present back wherever it is made in a completion of the
    /// current partial action: it lands before the present, and fewer other
    /// boards can still make a jump that keeps it than timelines the mover
    /// can still create active. The reason goes to `why`: which of the
    /// boards with such a jump were played already. `memo` keeps the
    /// answer for `u`'s jumps into the past between calls on one position
    /// (the reason is stated once).
    pub(super) fn keep_forbids_jump(
        &mut self,
        u: usize,
        k: usize,
        memo: &mut Option<bool>,
    ) -> ControlFlow<Stop, bool> {
        let Some(floor) = self.keep_present else {
            return ControlFlow::Continue(false);
        };
        if self.jumps[u][k].to.board.v + 1 >= floor {
            return ControlFlow::Continue(false);
        }
        if let Some(f) = *memo {
            return ControlFlow::Continue(f);
        }
        let f = self.keep_forbids_past_jumps(u, floor)?;
        *memo = Some(f);
        ControlFlow::Continue(f)
    }

    /// [`Search::keep_forbids_jump`] for any jump of `u` into the past.
    fn keep_forbids_past_jumps(&mut self, u: usize, floor: i32) -> ControlFlow<Stop, bool> {
        let need = self.mv.active_timelines_left(self.mover);
        if need == 0 {
            return ControlFlow::Continue(false);
        }
        let mut have = 0;
        for j in 0..self.boards.len() {
            if j == u || !self.has_forward_jump(j, floor)? {
                continue;
            }
            if self.mv.is_playable(self.boards[j], self.mover) {
                have += 1;
                if have >= need {
                    return ControlFlow::Continue(false);
                }
            } else {
                let b = self.boards[j];
                self.why
                    .push(Cond::existence(&self.mv, BoardId { l: b.l, v: b.v + 1 }));
            }
        }
        ControlFlow::Continue(true)
    }

    /// Does board `j` have a jump landing at or after the present `floor`
    /// (its new timeline starts after it) that does not give a check in
    /// every action? Memoised per board (`floor` is fixed for the search).
    fn has_forward_jump(&mut self, j: usize, floor: i32) -> ControlFlow<Stop, bool> {
        if self.keep_pairs.forward.len() != self.boards.len() {
            self.keep_pairs.forward = vec![None; self.boards.len()];
        }
        if let Some(f) = self.keep_pairs.forward[j] {
            return ControlFlow::Continue(f);
        }
        let mut found = false;
        for k in 0..self.jumps[j].len() {
            if self.jumps[j][k].to.board.v + 1 >= floor && !self.dead_jump(j, k)? {
                found = true;
                break;
            }
        }
        self.keep_pairs.forward[j] = Some(found);
        ControlFlow::Continue(found)
    }

    /// In a search keeping the present: is the present still the one the
    /// search started from? Then no completion moves it back at all, so
    /// every board waiting at it must be played in every completion (what
    /// the pair test of `pair.rs` needs; in the full search it needs that
    /// no new timeline is active and no old one can be reactivated).
    pub(super) fn keep_pins_present(&self) -> bool {
        self.keep_present == Some(self.mv.present())
    }
}

/// A way to play a board waiting at the present, for the pair test of a
/// search keeping the present: one of its own jumps (`k`), or a hop onto it
/// by non-branching move `k` of board `o` whose phase-1 choice is still to
/// come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    Jump(usize),
    Hop(usize, usize),
}

/// What the pair test of a search keeping the present keeps (see
/// [`Search::keep_pair_stuck`]).
#[derive(Debug, Default)]
pub(super) struct KeepPairs {
    /// Pairs found to exclude each other: the two boards, the number of
    /// boards decided then (hops from boards decided later were ways out
    /// the test ruled out too), and the reason.
    learnt: Vec<(usize, usize, usize, Why)>,
    /// Per pair `(a, b)` whose test failed: the ways that made it fail.
    pub(super) witness: FastMap<(usize, usize), (Way, Way)>,
    /// How often the test cut (tests).
    pub(super) cuts: u64,
    /// Per board: does it have a jump that keeps the present and does not
    /// give a check in every action (see `has_forward_jump`)?
    forward: Vec<Option<bool>>,
}

/// At most this many pairs are kept (a cache).
const PAIRS_KEPT: usize = 64;

impl Search<'_> {
    /// The pair test of `pair.rs` in a search keeping the present, with
    /// hops: two boards waiting at the present, each of whose ways out
    /// (its own jumps, and the hops onto it from boards still to decide in
    /// phase 1) gives a check for good once the other board has been
    /// played by any of its ways. Both must be played (the present may not
    /// go back, and they are at it), so no completion exists.
    ///
    /// The full search's test looks only at boards no hop can reach: in
    /// phase 1 a board that can still hop onto one of the two then had its
    /// hop tried below every combination of the boards before it, and the
    /// walk doubled per such board (`stress/README.md`). Counting the hops
    /// as ways out lets the test cut as soon as both boards are passed.
    ///
    /// Exact by the argument of `pair.rs`: the checks used are nogoods that
    /// hold whatever number a jump's timeline gets, on pieces and empty
    /// squares of existing boards of the searched position's timelines, so
    /// they exist in the final position whatever the order of the moves. A
    /// reason found with boards `..decided` decided holds wherever it holds
    /// with at least as many boards decided (fewer hops are left).
    pub(super) fn keep_pair_stuck(
        &mut self,
        decided: usize,
        last: usize,
    ) -> ControlFlow<Stop, bool> {
        if !self.keep_pins_present() {
            return ControlFlow::Continue(false);
        }
        let present = self.mv.present();
        let must: Vec<usize> = (0..last.min(decided).min(self.first_free))
            .filter(|&u| {
                let b = self.boards[u];
                b.v == present && self.mv.is_playable(b, self.mover) && self.mv.is_active(b.l)
            })
            .collect();
        if must.len() < 2 {
            return ControlFlow::Continue(false);
        }
        let known = self.keep_pairs.learnt.iter().find(|(a, b, d, why)| {
            !self.reuse_off
                && must.contains(a)
                && must.contains(b)
                && decided >= *d
                && why.holds_in(&self.mv)
        });
        if let Some((_, _, _, why)) = known {
            let why = why.clone();
            self.keep_pairs.cuts += 1;
            self.why.union_with(&why);
            return ControlFlow::Continue(true);
        }
        let saved = std::mem::replace(&mut self.why, Why::empty());
        for x in 0..must.len() {
            for y in x + 1..must.len() {
                let (a, b) = (must[x], must[y]);
                let Some(ab) = self.keep_excludes(a, b, decided)? else {
                    continue;
                };
                if let Some(ba) = self.keep_excludes(b, a, decided)? {
                    let mut why = Why::empty();
                    self.replay(&mut why, &ab)?;
                    self.replay(&mut why, &ba)?;
                    self.why = saved;
                    for u in [a, b] {
                        let bu = self.boards[u];
                        why.push(Cond::existence(
                            &self.mv,
                            BoardId {
                                l: bu.l,
                                v: bu.v + 1,
                            },
                        ));
                    }
                    if !why.is_unknown() && self.keep_pairs.learnt.len() < PAIRS_KEPT {
                        self.keep_pairs.learnt.push((a, b, decided, why.clone()));
                    }
                    self.keep_pairs.cuts += 1;
                    self.why.union_with(&why);
                    return ControlFlow::Continue(true);
                }
            }
        }
        self.why = saved;
        ControlFlow::Continue(false)
    }

    /// The ways board `u` can still be played (see [`Way`]): its jumps not
    /// known to fail at any number nor to pull the present back, and the
    /// hops onto it from playable boards `decided..` not known to fail.
    /// The reasons of the ways left out go to `why`.
    pub(super) fn keep_ways(&mut self, u: usize, decided: usize) -> ControlFlow<Stop, Vec<Way>> {
        let mut ways = Vec::new();
        let mut memo = None;
        for k in 0..self.jumps[u].len() {
            if !self.jump_fails_any_number(u, k)? && !self.keep_forbids_jump(u, k, &mut memo)? {
                ways.push(Way::Jump(k));
            }
        }
        ways.extend(self.keep_hops_onto(u, decided, usize::MAX));
        let mut kept = Vec::with_capacity(ways.len());
        for w in ways {
            match w {
                Way::Hop(o, k) if self.nb_fails(o, k, false) => {}
                _ => kept.push(w),
            }
        }
        ControlFlow::Continue(kept)
    }

    /// The hops onto board `u` from playable boards `decided..` other than
    /// `not_from`.
    pub(super) fn keep_hops_onto(&self, u: usize, decided: usize, not_from: usize) -> Vec<Way> {
        let target = self.boards[u];
        let mut ways = Vec::new();
        if u < decided {
            // Passed in phase 1, so sealed: no hop arrives (`phases.rs`).
            return ways;
        }
        for o in decided..self.boards.len() {
            if o == u || o == not_from || !self.mv.is_playable(self.boards[o], self.mover) {
                continue;
            }
            for (k, m) in self.nonbranching[o].iter().enumerate() {
                if !m.is_physical() && m.to.board == target {
                    ways.push(Way::Hop(o, k));
                }
            }
        }
        ways
    }

    /// Is `w` still a way to play board `u` (see [`Search::keep_ways`]),
    /// not made by board `not_from`? Jumps: not known to fail at any number
    /// nor to pull the present back; hops: from a playable board `decided..`
    /// and not known to fail.
    fn keep_way_open(
        &mut self,
        u: usize,
        w: Way,
        decided: usize,
        not_from: usize,
    ) -> ControlFlow<Stop, bool> {
        match w {
            Way::Jump(k) => {
                let mut memo = None;
                let shut =
                    self.jump_fails_any_number(u, k)? || self.keep_forbids_jump(u, k, &mut memo)?;
                ControlFlow::Continue(!shut)
            }
            Way::Hop(o, k) => ControlFlow::Continue(
                u >= decided
                    && o >= decided
                    && o != u
                    && o != not_from
                    && self.mv.is_playable(self.boards[o], self.mover)
                    && !self.nb_fails(o, k, false),
            ),
        }
    }

    /// The move of a way of board `u`, whether it is made as a branching
    /// jump, and the boards it makes.
    pub(super) fn keep_way_move(&self, u: usize, w: Way) -> (Move, bool, [BoardId; 2]) {
        match w {
            Way::Jump(k) => {
                let m = self.jumps[u][k];
                (m, true, nogood::own_boards(&m, false))
            }
            Way::Hop(o, k) => {
                let m = self.nonbranching[o][k];
                (m, false, nogood::own_boards(&m, true))
            }
        }
    }

    /// Does way `x` of board `b` give a check for good here (a nogood whose
    /// conditions hold in every later position)? Conditions go to `why`.
    pub(super) fn keep_way_fails_for_good(&mut self, b: usize, x: Way) -> ControlFlow<Stop, bool> {
        match x {
            Way::Jump(k) => self.jump_fails_for_good(b, k),
            Way::Hop(o, k) => {
                let m = self.nonbranching[o][k];
                let id = self.learnt.nb_id(o, k);
                let own = nogood::own_boards(&m, true);
                let mut why = std::mem::replace(&mut self.why, Why::empty());
                let r = self.learnt.blocks_for_good(&self.mv, id, own, &mut why);
                self.why = why;
                ControlFlow::Continue(r)
            }
        }
    }

    /// Does every way of board `b` give a check for good once board `a`
    /// has been played by any of its ways (see [`Search::keep_pair_stuck`])?
    /// If so, how to state the reason (`exclude.rs`: the conditions used,
    /// without those on the boards `a`'s way made, which hold whenever it
    /// is made). Leaves `why` as it found it.
    fn keep_excludes(
        &mut self,
        a: usize,
        b: usize,
        decided: usize,
    ) -> ControlFlow<Stop, Option<Recipe>> {
        // What made the test fail last time, if it still does: fail at once,
        // before listing every way (the common case, and the cost of the
        // test in searches it does not help).
        if let Some(&(w, x)) = self.keep_pairs.witness.get(&(a, b)) {
            let saved = std::mem::replace(&mut self.why, Why::empty());
            let open = self.keep_way_open(a, w, decided, usize::MAX);
            self.why = saved;
            if open? {
                let (m, branch, _) = self.keep_way_move(a, w);
                if let Some(u) = self.mv.apply_as(&m, branch) {
                    let saved = std::mem::replace(&mut self.why, Why::empty());
                    let from = match w {
                        Way::Hop(o, _) => o,
                        Way::Jump(_) => usize::MAX,
                    };
                    let r = match self.keep_way_open(b, x, decided, from) {
                        ControlFlow::Continue(true) => self.keep_way_fails_for_good(b, x),
                        other => other.map_continue(|_| true),
                    };
                    self.why = saved;
                    self.mv.undo(u);
                    if !r? {
                        return ControlFlow::Continue(None);
                    }
                }
            }
        }
        self.excludes_all(a, b, decided)
    }
}

/// How often the pair test of a search keeping the present cut during that
/// search (`outcome`'s second one) within `budget`, and whether an action
/// keeping the present was found (`Unknown` if the budget ran out first).
/// Without the order hint of `blockers.rs` and the line cut of `lines.rs`,
/// so that the test measures the cut alone. For tests.
#[doc(hidden)]
#[must_use]
pub fn keep_pair_cuts(
    position: &super::Multiverse,
    budget: super::Budget,
) -> (u64, super::Answer<bool>) {
    let mut found = false;
    let mut visit = |_: &[Move], _: &super::Multiverse| {
        found = true;
        ControlFlow::Break(())
    };
    let mut s = Search::with_hint(position, budget, true, false, &mut visit);
    // The pair test alone, without the line cut (`lines.rs`).
    s.lines.off = true;
    let r = s.run();
    let cuts = s.keep_pairs.cuts;
    let answer = match r {
        ControlFlow::Break(Stop::Budget) => super::Answer::Unknown,
        _ => super::Answer::Known(found),
    };
    (cuts, answer)
}
