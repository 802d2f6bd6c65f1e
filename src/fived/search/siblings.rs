//! Reasons between sibling jumps in phase 2 (issue 14): a jump sequence
//! that ended `stuck` says why, and each other jump made in its place is
//! skipped, unmade, when the same reason holds after it.
//!
//! Where the budget went before (`stress/README.md`): at a phase-2 node,
//! the free boards' jumps were tried one after the other, and after each of
//! them `stuck` found the same board at the present with no way out, for a
//! reason that did not depend on the jump at all (on `fresh.tsv`
//! `smallcentered-3-kings` 29: 951 phase-1 leaves reach phase 2, and
//! 298 546 jumps were each made, tested and found stuck at the next level;
//! the first jump made the next timeline inactive, and the only way out
//! had been pulling the present back). Phase 1 has long skipped such
//! siblings by their reasons (`why.rs`); phase 2 did not gather any.
//!
//! What a phase-2 node returns: `stuck`'s reason, or a reserved board's
//! (`reserved_stuck`), when it is cut at its top; otherwise, while an early
//! board waits at the present (so phase 3 does not run and nothing is
//! visited), the union over its jumps of why each failed, stated before
//! the jump (a nogood's conditions, the check found, a sibling's reason or
//! the child's, minus the conditions on the boards the jump makes), plus
//! the base of `phase2_base_why`. The root's goes back to phase 1, whose
//! skipping and backjumping (`why.rs`) then work across phase 2.
//!
//! Why it is exact. A reason holds in a position where nothing is found,
//! given what it leaves implicit: the present, the number of timelines (it
//! decides the next timeline's number, whether it is active, which old
//! timelines it reactivates) and the reservations of phase 2. Siblings
//! are made from one node, so each adds one timeline, the same number; the
//! present and the reservations after a sibling are compared explicitly
//! with those kept with the reason. For a node's union: the base keeps the
//! waiting early boards unplayed (so the present is theirs, phase 3 does
//! not run, and the present after a jump is the same wherever the union
//! holds, checked by `present_pinned_after`; else the union is unknown),
//! keeps every played board that could jump played (no jump is added), and
//! pins the boards of inactive timelines. Then each jump possible where the
//! union holds was possible here and fails there for the reason it failed
//! here. Phase 1's leaves have no new timeline and no reservation, so the
//! root's union holds the same way there. The test of a sibling makes it
//! (no check test), asks whether a kept reason holds, and undoes it; it is
//! charged one node so that the budget still bounds the time. `stuck`
//! notes the boards whose existence it depends on (`depends_on_board`),
//! including the free boards that could still hop onto a board a jump
//! lands on, and `reserved_stuck` those it looked at.

use super::super::coords::{color_of, BoardId, Move};
use super::orders::{JumpKey, JumpReasons};
use super::why::{Cond, Why};
use std::ops::ControlFlow;

use super::{Search, Stop};

/// At most this many reasons are kept per phase-2 node.
const KEPT: usize = 16;

/// Are two sorted lists of boards the same? (An element-wise loop: the
/// lists are short, mostly empty, and compared for every sibling jump,
/// where the slice comparison's call to `memcmp` was a quarter of the time
/// of `holdout9.tsv misckingofkings-0-kings` 13, and more in WASM.)
#[inline]
pub(super) fn same_boards(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Why a jump made from a phase-2 node failed: a reason that holds after
/// it, with what the reason leaves implicit (the present, and the free
/// boards reserved, after the jump).
pub(super) struct Failed {
    why: Why,
    present: i32,
    reserved: Vec<usize>,
}

impl Search<'_> {
    /// If jump `m`, made from the current phase-2 node as a branching jump
    /// (reserving free board `reserve`, if any), leads to a position where
    /// one of the `failed` reasons of its siblings holds with the same
    /// present and the same reservations: that reason and present (the
    /// jump fails the same way). Made without a check test (no node).
    pub(super) fn sibling_explained(
        &mut self,
        i: usize,
        m: &Move,
        reserve: Option<usize>,
        failed: &[Failed],
    ) -> ControlFlow<Stop, Option<(Why, i32, Option<usize>)>> {
        if failed.is_empty() || self.reuse_off {
            return ControlFlow::Continue(None);
        }
        let reserved = self.reserved_after(reserve);
        if !failed.iter().any(|f| same_boards(&f.reserved, &reserved)) {
            return ControlFlow::Continue(None);
        }
        // A move applied (not tested for a check): charged as a node all
        // the same, so that the budget bounds the time.
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply_as(m, true) else {
            return ControlFlow::Continue(None);
        };
        let present = self.mv.present();
        let kept = self.keep_present.is_none_or(|p| present >= p);
        let found = if kept {
            failed
                .iter()
                .find(|f| {
                    f.present == present
                        && same_boards(&f.reserved, &reserved)
                        && f.why.holds_in(&self.mv)
                })
                .map(|f| f.why.clone())
                // Or a reason kept for the child's context in another
                // order of the same jumps (`orders.rs`).
                .or_else(|| {
                    let key = self.child_order_key(reserved, present);
                    self.order_known_in(&key)
                })
        } else {
            None
        };
        // The board keeping the present is looked for only when the jump
        // is explained (it goes with the reason).
        let found = found.map(|w| (w, present, self.present_keeper(i, present)));
        self.mv.undo(u);
        ControlFlow::Continue(found)
    }

    /// The reserved boards once a jump reserving `reserve` is made.
    fn reserved_after(&self, reserve: Option<usize>) -> Vec<usize> {
        let mut r: Vec<usize> = (0..self.reserved.len())
            .filter(|&j| self.reserved[j])
            .collect();
        if let Some(j) = reserve {
            if !r.contains(&j) {
                r.push(j);
                r.sort_unstable();
            }
        }
        r
    }

    /// Keeps `why`, the reason a jump made from this node (reserving
    /// `reserve`) failed with the present `present` after it, for its
    /// siblings (unless unknown, known already, or enough are kept).
    pub(super) fn keep_failed(
        &self,
        failed: &mut Vec<Failed>,
        why: Why,
        present: i32,
        reserve: Option<usize>,
    ) {
        if why.is_unknown() || failed.len() >= KEPT {
            return;
        }
        let reserved = self.reserved_after(reserve);
        if !failed
            .iter()
            .any(|f| f.present == present && same_boards(&f.reserved, &reserved) && f.why == why)
        {
            failed.push(Failed {
                why,
                present,
                reserved,
            });
        }
    }

    /// The boards a branching jump `m` made from here creates: its
    /// source's next board and the first board of its new timeline.
    pub(super) fn jump_own_boards(&self, m: &Move) -> [BoardId; 2] {
        let from = m.from.board;
        [
            BoardId {
                l: from.l,
                v: from.v + 1,
            },
            BoardId {
                l: self.next_timeline(),
                v: m.to.board.v + 1,
            },
        ]
    }

    /// The early boards waiting at the present (unplayed, active): while
    /// one is, phase 3 is not run.
    pub(super) fn waiting_early(&self) -> Vec<usize> {
        let present = self.mv.present();
        (0..self.first_free)
            .filter(|&i| {
                let b = self.boards[i];
                b.v == present && self.mv.is_playable(b, self.mover) && self.mv.is_active(b.l)
            })
            .collect()
    }

    /// What a phase-2 node's reason always holds (see the module docs): the
    /// early boards waiting at the present are unplayed (so phase 3 is not
    /// run, and the present stays theirs), every board that could jump but
    /// was played stays played (no jump is added), and the boards of
    /// inactive timelines are as they are (which old timelines a new one
    /// would pull the present back to).
    pub(super) fn phase2_base_why(&self) -> Why {
        let mut why = Why::empty();
        let next = |b: BoardId| BoardId { l: b.l, v: b.v + 1 };
        for i in self.waiting_early() {
            why.push(Cond::existence(&self.mv, next(self.boards[i])));
        }
        for (i, &b) in self.boards.iter().enumerate() {
            let jumped = !self.jumps[i].is_empty() && !self.mv.is_playable(b, self.mover);
            if jumped || !self.mv.is_active(b.l) {
                why.push(Cond::existence(&self.mv, next(b)));
            }
        }
        why
    }

    /// The boards of inactive timelines as they are (the part of
    /// [`Search::phase2_base_why`] that decides which old timelines a new
    /// one would reactivate, and so the present after a jump).
    pub(super) fn inactive_pins(&self) -> Why {
        let mut why = Why::empty();
        for &b in &self.boards {
            if !self.mv.is_active(b.l) {
                why.push(Cond::existence(&self.mv, BoardId { l: b.l, v: b.v + 1 }));
            }
        }
        why
    }

    /// Why a jump made from this node failed, stated before it (kept in
    /// `orders.rs` [`JumpReasons`](super::orders::JumpReasons), which
    /// argues it): `pins`, the boards of inactive timelines as they are
    /// ([`Search::inactive_pins`]), plus `pin` (what
    /// `present_pinned_after` gave: the conditions that pin the present
    /// after the jump; `None`, not pinned, gives unknown), plus `stated`,
    /// the reason found after the jump without the conditions on the
    /// boards it makes.
    pub(super) fn jump_reason(pins: &Why, pin: Option<&[Cond]>, stated: &Why) -> Why {
        let Some(pin) = pin else {
            return Why::unknown();
        };
        if stated.is_unknown() {
            return Why::unknown();
        }
        let mut r = pins.clone();
        for &c in pin {
            r.push(c);
        }
        r.union_with(stated);
        r
    }

    /// What a failed jump from a phase-2 node adds to the node's reason
    /// `node_why`: the conditions that pin the present after it
    /// ([`Search::present_pinned_after`] of the jump's board and
    /// `present`: the present at the node, once the jump is made, the board
    /// that kept it; unknown if none do) and `stated`, the reason found
    /// after it without its own boards. While
    /// the cache admits it ([`Search::jump_learns`]), the same is kept as
    /// the jump's own reason under `jump` ([`Search::jump_reason`];
    /// `kept`: the node's kept reasons and its inactive timelines' pins,
    /// built on first use).
    pub(super) fn fold_jump_failure(
        &mut self,
        node_why: &mut Why,
        kept: (&mut Option<JumpReasons>, &mut Option<Why>),
        jump: JumpKey,
        present: (i32, i32, Option<usize>),
        stated: &Why,
    ) {
        let (before, after, keeper) = present;
        let pin = self.present_pinned_after(jump.0, before, after, keeper);
        match &pin {
            Some(cs) => cs.iter().for_each(|&c| node_why.push(c)),
            None => node_why.set_unknown(),
        }
        node_why.union_with(stated);
        let (jump_reasons, pins) = kept;
        if let (Some(r), true) = (jump_reasons.as_mut(), self.jump_learns()) {
            let pins = pins.get_or_insert_with(|| self.inactive_pins());
            let jr = Self::jump_reason(pins, pin.as_deref(), stated);
            if !jr.is_unknown() {
                self.jump_reason_counted(true);
            }
            r.keep(jump, jr);
        }
    }

    /// Once a jump from board `i` is made: a board other than `i` that
    /// waits at the present (playable, active), if any. It keeps the present
    /// there (see [`Search::present_pinned_after`]).
    /// (`present`: the present now.)
    pub(super) fn present_keeper(&self, i: usize, present: i32) -> Option<usize> {
        let (lo, hi) = self.mv.active_range();
        (0..self.boards.len()).find(|&w| {
            let b = self.boards[w];
            w != i
                && b.v == present
                && (lo..=hi).contains(&b.l)
                && self.mv.is_playable(b, self.mover)
        })
    }

    /// Is the present after a jump from board `i` (`before` at this node,
    /// `after` once made, when board `keeper` waited there:
    /// [`Search::present_keeper`]) the same in every position where this
    /// node's reason holds? `None` if not known; `Some(c)` if so, once the
    /// condition `c` (if any) is added to the reason.
    ///
    /// Yes if the jump pulled it back (that depends only on the jump, the
    /// number of timelines and the old inactive timelines' ends, all
    /// pinned), or if it stayed where it was and board `keeper` waits
    /// there, with "`keeper` unplayed" as `c`. Where the reason holds, with
    /// the same timeline range and present, the jump adds the same timeline
    /// and plays board `i` only: `keeper` is still the end of its timeline,
    /// active (activity depends on the range only), so the present stays at
    /// most `before`; and every active end is at least `before`: those
    /// active before the jump (the present was `before`), the new
    /// timeline's board (the same as here), and the ends of the old
    /// timelines the jump reactivates (pinned by the base, or the
    /// opponent's, which the mover never changes; here they kept the
    /// present at `before`). Before, only an early waiting board counted as
    /// `keeper`, not a board whose timeline the jump itself reactivates
    /// (`cuts.md`, "The jump's own new timeline").
    ///
    /// Also yes if the jump moved it one step forward (`after` is
    /// `before + 1`) because board `i`, the last active board waiting at
    /// `before`, left it, with "played" for every other board of the
    /// searched position at `before` that is played now as the conditions
    /// (`cuts.md`, "The present a waiting board's own jump moves on").
    /// Where the reason holds, in the same context: `i` is playable (the
    /// jump is made from it), active (activity depends on the range only,
    /// and only grows during the mover's action), and its end after the
    /// jump is `before + 1`, so the present is at most that. It is at least
    /// that: every active end is at least `before` (the context's present),
    /// and an end at `before` (the mover's colour, since here the present
    /// could move on past it) is a board of the searched position at
    /// `before` left unplayed (ends only grow, one step per action; the
    /// boards a jump creates have the opponent's colour): `i`, which the
    /// jump plays, one named played, or one still playable here and so
    /// inactive after the jump here (else it would have kept the present)
    /// and there (the same range).
    pub(super) fn present_pinned_after(
        &self,
        i: usize,
        before: i32,
        after: i32,
        keeper: Option<usize>,
    ) -> Option<Vec<Cond>> {
        let next = |b: BoardId| BoardId { l: b.l, v: b.v + 1 };
        if after < before {
            return Some(Vec::new());
        }
        if after == before {
            return keeper.map(|w| vec![Cond::existence(&self.mv, next(self.boards[w]))]);
        }
        let b = self.boards[i];
        if after != before + 1
            || b.v != before
            || color_of(before) != self.mover
            || !self.mv.is_active(b.l)
            || !self.mv.is_playable(b, self.mover)
        {
            return None;
        }
        Some(
            (0..self.boards.len())
                .filter(|&w| {
                    let bw = self.boards[w];
                    w != i && bw.v == before && !self.mv.is_playable(bw, self.mover)
                })
                .map(|w| Cond::existence(&self.mv, next(self.boards[w])))
                .collect(),
        )
    }
}
