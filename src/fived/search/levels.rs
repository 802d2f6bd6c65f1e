//! Failures remembered across the whole of phase 1 (issue 14): nogood
//! recording for the conflict-directed backjumping of `phases.rs`.
//!
//! Phase 1 decides the early boards in a fixed order; `phase_a(i)` returns
//! why its subtree found nothing, as conditions on the position at level
//! `i` (`why.rs`). Before, such a reason was used only by the siblings of
//! that subtree (the other choices of board `i - 1`) and by the boards it
//! sent the search back past. When the search went back further, to a
//! board the reason of another branch named, and tried that board's next
//! choice, the same deep subtree was searched again below every choice
//! of every board in between whose reason it did not name: the thrashing
//! of backjumping without learning.
//!
//! `stress/selfplay-standard-undecided.5dpgn` position 48 (40 timelines,
//! 16 boards at the present, 39 decided in phase 1; checkmate by ftxi's
//! `5dtools checkmate`): two mandatory boards without a royal piece are
//! passed and wait for hops from boards decided late; each time the last
//! possible rescuer was decided, `stuck` failed for the same few reasons,
//! but phase 1 reached that level 2 271 times (one pass/move combination
//! of the boards between that the reasons of other branches named), each
//! time making and testing ~75 moves of the board there: 300 000 nodes,
//! undecided.
//!
//! Now every known reason returned by `phase_a(i)` is kept for level `i`
//! (at most [`PER_LEVEL`], the oldest dropped first), and on entering
//! level `i` the search first asks whether one of them holds: then it
//! fails at once with that reason.
//!
//! Why it is exact: a reason of `phase_a(i)` is a sufficient condition on
//! the position for the subtree of level `i` to find nothing, whatever
//! path led there (the backjumping of `phases.rs` already relies on that:
//! a reason that names none of the boards a board's choices make is taken
//! to hold below every choice of that board). What it leaves implicit is
//! the same at every visit of level `i` in one search: which boards are
//! decided (`..i`), no branching jump yet (so no new timeline and no
//! reservation), and the present, which phase 1 cannot lower and which a
//! reason naming an unplayed board at the present pins (`siblings.rs`).
//! The nogoods and excluded pairs the search learns meanwhile are facts
//! about the position, true on every path. A reason is kept only when it
//! is known, which it is not if an action was visited below.
//!
//! Kept at the earliest level where it holds (2026-11-27, branch `hop`):
//! a reason of level `i` that names no board a choice of levels `r..i` can
//! make (their next boards, and those of the boards they hop onto or that
//! hop onto them) holds at level `i` on every path from level `r` where
//! it holds at `r`, since nothing between changes what it names. Every
//! path from `r` reaches level `i` or fails before (phase 1 visits no
//! action; level `i` is at most the first free board, where phase 2
//! starts), so it is a sufficient reason for level `r` too, and is kept
//! there, at the smallest such `r`: a later visit fails at `r` instead of
//! walking the first choices of `r..i` (with their `stuck` tests) down to
//! `i`. The backjumping above already returns the reason past those
//! levels; this makes a kept reason fire as early. On the twelve stress
//! files: `holdout3.tsv small-2-branching` 19, 22 437 nodes, now 5 986;
//! `holdout2.tsv simplenorooks-1-checks` 15, 32 709, now 19 944 (971 767
//! nodes in all, now 911 033; two rows 3 nodes more).

use super::super::coords::BoardId;
use super::kept::Kept;
use super::why::Why;
use super::Search;

/// At most this many reasons are kept per level (`kept.rs`).
pub(super) const PER_LEVEL: usize = 1024;

/// The reasons kept per phase-1 level.
#[derive(Default)]
pub(super) struct Levels {
    kept: Vec<Kept>,
    /// Per phase-1 level: every board a choice there can make (filled on
    /// first use).
    makes: Vec<Vec<BoardId>>,
}

impl Search<'_> {
    /// A reason kept for phase-1 level `i` that holds now (the level fails
    /// at once for it).
    pub(super) fn level_known(&mut self, i: usize) -> Option<Why> {
        if self.reuse_off {
            return None;
        }
        self.levels.kept.get_mut(i)?.holding(&self.mv).cloned()
    }

    /// Keeps the reason level `i` failed for, at the earliest level where
    /// it holds whenever it holds at `i` (module docs).
    pub(super) fn level_failed(&mut self, i: usize, why: &Why) {
        if why.is_unknown() {
            return;
        }
        if self.levels.makes.is_empty() {
            self.levels.makes = (0..self.first_free).map(|k| self.level_makes(k)).collect();
        }
        let mut i = i;
        while i > 0 && !why.names_any(&self.levels.makes[i - 1]) {
            i -= 1;
        }
        let kept = &mut self.levels.kept;
        if kept.len() <= i {
            kept.resize_with(i + 1, Kept::default);
        }
        kept[i].keep(why, PER_LEVEL);
    }

    /// Every board a choice of phase-1 level `k` can make: its board's next
    /// board, and the next board of each board it hops onto (its own hop)
    /// or that hops onto it (an arrival). A superset of `phase_a`'s `made`.
    fn level_makes(&self, k: usize) -> Vec<BoardId> {
        let next = |b: BoardId| BoardId { l: b.l, v: b.v + 1 };
        let b = self.boards[k];
        let mut out = vec![next(b)];
        for m in &self.nonbranching[k] {
            if !m.is_physical() {
                out.push(next(m.to.board));
            }
        }
        for &o in &self.hop_sources[k] {
            out.push(next(self.boards[o]));
        }
        out
    }
}
