//! Two boards that must both jump and cannot (issue 14): the pair test of
//! `stuck`, over two of ftxi/5dchess_engine's new-timeline axes at once.
//!
//! `stuck` looks at each board waiting at the present alone: a board keeps
//! a way out while one of its branching jumps is not known to fail. Two
//! such boards E and X can still exclude each other: every jump of X gives
//! a check once E has jumped (whichever jump E made), and every jump of E
//! once X has. Both must be played (the present cannot be pulled back
//! below them, nothing else can play them), so no completion exists. Before,
//! the search found that only below every sequence of the other boards'
//! jumps ahead of E's, where each of X's jumps still had a later timeline
//! number it might get (`standardreversedroyalty-1-checks` 22 of
//! `stress/slow.tsv`: 300 000 nodes undecided, now checkmate in 101).
//! This is ftxi/5dchess_engine's slice over two axes at once, for the case
//! where the check does not go through a new timeline: it removes every
//! order of the other boards' jumps together.
//!
//! It runs wherever `stuck` finds each board alone with a way out, in
//! phase 1 (the reason then sends the search back past every board it does
//! not name) and in phase 2. In `outcome`'s second search (an action
//! keeping the present) its own variant runs instead (`keep.rs`: the
//! present may not go back at all there, and hops onto the two boards count
//! as ways out).
//!
//! Why it is exact: a completion plays E and X by one branching jump each
//! (a passed early board has no other move left, and passing sealed it:
//! no hop arrives onto it, see `phases.rs`). Say E's jump `e` comes first. X's jump `x` is
//! made later, after any other jumps. The test made `e` here, and found
//! that `x` gives a check whose points lie on boards that exist now (after
//! `e`) or that `x` itself makes, none of them on a timeline a jump makes
//! (its number would depend on the jumps in between): a nogood of `x` for
//! any timeline number, every condition a piece or an empty square on an
//! existing board of a timeline of the searched position. Boards never
//! change, `e` and `x` make the same boards whenever they are made (their
//! sources' end boards are unchanged until then), so the check is there
//! when `x` is made, and a check never goes away (module docs of
//! `search`). The same holds with the roles swapped.
//!
//! Why it is cheap: the tests are nogood look-ups; a jump of X not ruled
//! out by one is probed once (a node) and what it teaches is kept. A pair
//! found to exclude each other is kept with its reason (the conditions
//! of the checks used, and that both boards are unplayed): wherever the
//! reason holds again, the cut is made without the test.

/// At most this many pairs are kept (a cache: a pair dropped is found again
/// by the test).
const PAIRS_KEPT: usize = 64;

use std::ops::ControlFlow;

use super::super::coords::{color_of, BoardId};
use super::nogood::own_boards;
use super::why::{Cond, Why};
use super::{Search, Stop};

/// What [`Search::excludes_with`] learns, while it makes the jumps of one
/// board `a` in turn, about the jumps of the other board `b`.
///
/// A jump of `a` (made as a branching jump) changes no board and makes two:
/// `a`'s next board, which is `a`'s end without the piece that jumped, and
/// the first board of a new timeline, which no nogood that holds for good
/// names (it is no timeline of the searched position). Whether a nogood of
/// a jump of `b` holds for good is a question about boards of the searched
/// position's timelines only, so after two jumps of `a` from the same
/// square it has the same answer, and the first nogood that
/// [`Learnt::blocks_for_good`](super::nogood::Learnt::blocks_for_good)
/// finds is the same one (nogoods are only ever appended). It is kept per
/// jump of `b` and square, and not looked up again. This was most of the
/// time of `stress/holdout13-tz.tsv` (issue 14): two boards with some 40
/// jumps each, a pair tested by 40 × 40 look-ups.
pub(super) struct AfterJumps {
    /// The square the jump of `a` made now leaves.
    from: u8,
    /// Per jump of `b`: for each square a jump of `a` left (in this
    /// search's `mv`), the first nogood found for good after it, and the
    /// generation of `why` its conditions were last added to.
    found: Vec<Vec<(u8, usize, u32)>>,
    /// Bumped whenever `excludes_with` puts back an earlier `why`: within
    /// one generation `why` only grows (or becomes unknown), so conditions
    /// added once in it need not be added again (`Why::push` would find
    /// each already there).
    generation: u32,
}

impl Search<'_> {
    /// True if two boards waiting at the present that must both be left by
    /// a branching jump exclude each other (see the module docs). Boards
    /// `..decided` have had their phase-1 choice; only boards `..last` are
    /// looked at. On true, `why` gets the reason (the conditions of the
    /// checks used, on boards other than the two boards' next ones, and
    /// that both were left unplayed).
    ///
    /// `no_pull_back`: `stuck` found that no jump of any board can pull the
    /// present back in any completion (each one that could fails at every
    /// number it can get, and the reasons are in `why`), so the premise
    /// below holds even while the mover's next timeline is active.
    pub(super) fn pair_stuck(
        &mut self,
        decided: usize,
        last: usize,
        no_pull_back: bool,
    ) -> ControlFlow<Stop, bool> {
        let present = self.mv.present();
        if color_of(present) != self.mover {
            return ControlFlow::Continue(false);
        }
        if self.keep_present.is_some() {
            // Keeping the present: its own test, with hops (`keep.rs`).
            return self.keep_pair_stuck(decided, last);
        }
        if !self.present_stays() {
            // Branch `kok4`: `stuck` found that no jump can pull the present
            // back (its reasons are in `why`), so the premise holds even
            // while the mover's next timeline is active; an inactive timeline
            // the mover's new ones could reactivate still rules it out.
            if !no_pull_back || self.stale_end_reactivable() {
                return ControlFlow::Continue(false);
            }
        }
        let must_jump: Vec<usize> = (0..last.min(decided).min(self.first_free))
            .filter(|&u| {
                let b = self.boards[u];
                b.v == present
                    && self.mv.is_playable(b, self.mover)
                    && self.mv.is_active(b.l)
                    && !self.jumps[u].is_empty()
            })
            .collect();
        if must_jump.len() < 2 {
            return ControlFlow::Continue(false);
        }
        // A pair found before whose reason holds again: the same cut.
        let known = self.pair_learnt.iter().find(|(a, b, why)| {
            !self.reuse_off
                && must_jump.contains(a)
                && must_jump.contains(b)
                && why.holds_in(&self.mv)
        });
        if let Some((_, _, why)) = known {
            let why = why.clone();
            return ControlFlow::Continue(self.pair_cut(&why));
        }
        let saved = std::mem::replace(&mut self.why, Why::empty());
        for x in 0..must_jump.len() {
            for y in x + 1..must_jump.len() {
                let (a, b) = (must_jump[x], must_jump[y]);
                self.why = Why::empty();
                if self.excludes(a, b, decided)? && self.excludes(b, a, decided)? {
                    let next = |s: &Self, u: usize| {
                        let bu = s.boards[u];
                        BoardId {
                            l: bu.l,
                            v: bu.v + 1,
                        }
                    };
                    let own = [next(self, a), next(self, b)];
                    let mut why = self.why.without(&own);
                    why.push(Cond::existence(&self.mv, own[0]));
                    why.push(Cond::existence(&self.mv, own[1]));
                    self.why = saved;
                    if !why.is_unknown() && self.pair_learnt.len() < PAIRS_KEPT {
                        self.pair_learnt.push((a, b, why.clone()));
                    }
                    return ControlFlow::Continue(self.pair_cut(&why));
                }
            }
        }
        self.why = saved;
        // No pair: three or four boards may still exclude one another
        // (`sets.rs`), tested only in phase 1: below a branching jump the
        // test re-probed at every node and almost never paid (on the
        // 25 563 rows of the stress files and the session-30 suites it
        // saved 90 nodes on one row, and cost `holdout10-bg.tsv
        // misctimelinebattlegrounds-2-branching` 9 23 892 of its 59 028
        // nodes). Skipping a cut is exact.
        if self.branch_count > 0 {
            return ControlFlow::Continue(false);
        }
        self.set_stuck(&must_jump)
    }

    /// True if the present cannot be pulled back in any completion of the
    /// action (the premise of the pair test and of `lines.rs`'s line cut),
    /// outside the search keeping the present.
    ///
    /// Either no jump of the searched position can pull it back at all
    /// (`can_pull_present`, a fact of the searched position: no jump whose
    /// new timeline would be active lands before the present, and no
    /// inactive timeline ends before it, so every new timeline starts after
    /// the present or stays inactive, and none reactivates an old end before
    /// it; the jumps of an action are the searched position's), or, here,
    /// no new timeline is active (nor will be: the mover's next timelines
    /// only get less active) and no inactive timeline that the mover's new
    /// ones could reactivate ends before the present. Before, only the
    /// second was asked, so wherever the mover's next timeline was active
    /// the two tests never ran, even with every jump landing at or after
    /// the present (`holdout12.tsv focusedjustunicorns-1-checks` 10,
    /// `cuts.md`).
    pub(super) fn present_stays(&self) -> bool {
        if !self.can_pull_present {
            return true;
        }
        !self.mv.next_timeline_active(self.mover) && !self.stale_end_reactivable()
    }

    /// True if an inactive timeline that the mover's new timelines could
    /// reactivate ends before the present (it would pull the present back).
    fn stale_end_reactivable(&self) -> bool {
        let present = self.mv.present();
        let (lmin, lmax) = self.mv.timeline_range();
        (lmin..=lmax).any(|l| {
            self.mv.reactivable_by(l, self.mover) && self.mv.end(l).is_some_and(|e| e < present)
        })
    }

    /// The pair test cut, for `reason` (the conditions it used, and that
    /// both boards were unplayed): adds it to `why`, and that no old
    /// inactive timeline was played to a stale end (as in `stuck`).
    pub(super) fn pair_cut(&mut self, reason: &Why) -> bool {
        self.why.union_with(reason);
        let present = self.mv.present();
        for j in 0..self.boards.len() {
            let bj = self.boards[j];
            if bj.v + 1 < present && !self.mv.is_active(bj.l) {
                self.depends_on_board(bj);
            }
        }
        self.pair_cuts += 1;
        true
    }

    /// True if every jump of board `b` gives a check, in every completion,
    /// once board `a` has made any of its jumps that can be made here (see
    /// the module docs). The conditions used go to `why`.
    fn excludes(&mut self, a: usize, b: usize, decided: usize) -> ControlFlow<Stop, bool> {
        self.excludes_with(a, b, false, decided)
    }

    /// [`Search::excludes`]; with `strict`, a jump of `a` is left out only
    /// if it fails for good (`jump_fails_for_good`), not by any nogood for
    /// any number: what the set test needs after jumps it made only to test
    /// (`sets.rs`), whose new timelines may get other numbers in an action.
    /// A jump of `b` onto the end of an early board among `..decided`
    /// (passed) also fails if it gives a check for good after each way that
    /// board can leave first (`fails_after_target_leaves`).
    pub(super) fn excludes_with(
        &mut self,
        a: usize,
        b: usize,
        strict: bool,
        decided: usize,
    ) -> ControlFlow<Stop, bool> {
        // What made the test fail last time, if it still does: fail at once
        // (no probe, unless a jump lands on a passed early board's end).
        if let Some(&(k, x)) = self.pair_witness.get(&(a, b)) {
            if !self.a_jump_fails(a, k, strict)? {
                let e = self.jumps[a][k];
                if let Some(u) = self.mv.apply_as(&e, true) {
                    let r = self.jump_fails_for_good(b, x);
                    let r = match r {
                        ControlFlow::Continue(false) => {
                            self.fails_after_target_leaves(b, x, decided, 0, true)
                        }
                        r => r,
                    };
                    self.mv.undo(u);
                    if !r? && !self.fails_after_target_leaves(a, k, decided, 0, true)? {
                        return ControlFlow::Continue(false);
                    }
                }
            }
        }
        let mut seen = AfterJumps {
            from: 0,
            found: vec![Vec::new(); self.jumps[b].len()],
            generation: 0,
        };
        for k in 0..self.jumps[a].len() {
            if self.a_jump_fails(a, k, strict)? {
                continue;
            }
            let e = self.jumps[a][k];
            let Some(u) = self.mv.apply_as(&e, true) else {
                return ControlFlow::Continue(false);
            };
            let before = self.why.clone();
            seen.from = e.from.square.index() as u8;
            let open = self.jump_left(b, decided, &mut seen);
            self.mv.undo(u);
            let Some(x) = open? else {
                continue;
            };
            // `e` leaves `x` open; but `e` may be no jump here at all (it
            // lands on a passed early board's end and gives a check after
            // each way that board can leave first): asked only now, as it
            // costs probes. The reasons of `b`'s jumps after `e` are then
            // not needed.
            self.why = before;
            seen.generation += 1;
            if self.fails_after_target_leaves(a, k, decided, 0, true)? {
                continue;
            }
            self.pair_witness.insert((a, b), (k, x));
            return ControlFlow::Continue(false);
        }
        ControlFlow::Continue(true)
    }

    /// The first jump of board `b` not shown to give a check for good here
    /// (by a nogood, by `fails_after_target_leaves`, or by a probe), if
    /// any, after the jump of another board from square `seen.from` made
    /// now. The conditions of those that fail go to `why`.
    fn jump_left(
        &mut self,
        b: usize,
        decided: usize,
        seen: &mut AfterJumps,
    ) -> ControlFlow<Stop, Option<usize>> {
        for x in 0..self.jumps[b].len() {
            if self.fails_for_good_after(b, x, seen)?
                || self.fails_after_target_leaves(b, x, decided, 0, true)?
            {
                continue;
            }
            self.probe_jump(b, x)?;
            if !self.fails_for_good_after(b, x, seen)? {
                return ControlFlow::Continue(Some(x));
            }
        }
        ControlFlow::Continue(None)
    }

    /// [`Search::jump_fails_for_good`] for jump `x` of board `b`, after a
    /// jump of another board made only to test (see [`AfterJumps`]): the
    /// same answer, and the same conditions added to `why`, without the
    /// look-up when an earlier jump of that board from the same square
    /// settled it.
    fn fails_for_good_after(
        &mut self,
        b: usize,
        x: usize,
        seen: &mut AfterJumps,
    ) -> ControlFlow<Stop, bool> {
        let id = self.learnt.jump_id(b, x);
        let own = own_boards(&self.jumps[b][x], false);
        let (from, generation) = (seen.from, seen.generation);
        if self.jump_dead[b][x] == Some(false) && !self.fresh_lookups {
            let found = &mut seen.found[x];
            if let Some(at) = found.iter().position(|f| f.0 == from) {
                let index = found[at].1;
                debug_assert_eq!(
                    self.learnt.for_good_index(&self.mv, id, own),
                    Some(index),
                    "the nogood found after another jump from the same square"
                );
                // Its conditions are in `why` already if added in this
                // generation (after a jump from any square).
                if !found.iter().any(|f| f.1 == index && f.2 == generation) {
                    self.learnt.add_nogood(id, index, own, &mut self.why);
                }
                found[at].2 = generation;
                return ControlFlow::Continue(true);
            }
        }
        if self.dead_jump(b, x)? {
            return ControlFlow::Continue(true);
        }
        let Some(index) = self.learnt.for_good_index(&self.mv, id, own) else {
            return ControlFlow::Continue(false);
        };
        self.learnt.add_nogood(id, index, own, &mut self.why);
        seen.found[x].push((from, index, generation));
        ControlFlow::Continue(true)
    }

    /// Whether jump `k` of board `a` gives a check at any number (`strict`:
    /// for good, see [`Search::excludes_with`]). The conditions go to `why`.
    pub(super) fn a_jump_fails(
        &mut self,
        a: usize,
        k: usize,
        strict: bool,
    ) -> ControlFlow<Stop, bool> {
        if strict {
            self.jump_fails_for_good(a, k)
        } else {
            self.jump_fails_any_number(a, k)
        }
    }
}
