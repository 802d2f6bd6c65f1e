//! What the search learns from a move that gave a check: the conditions on
//! the boards the action made under which the same check exists (a
//! "nogood", see `why.rs` for why they are exact). Wherever those
//! conditions hold again, the move is skipped without being made.
//!
//! A nogood of a move lists the points of the check's line on boards the
//! action made, the move's own new boards included. Those hold by
//! construction whenever the move is made (a move's new board is the end
//! board it leaves, or lands on, with the move applied, and a board is
//! playable only while it is the end of its timeline), so only the others
//! are tested before the move. A check through the timeline a branching
//! jump creates holds only for that timeline number (a jump that checks as
//! `+3` may not as `+4`); its points on that timeline are left out, and a
//! reason that leaves the number of timelines implicit (phase 2's) states
//! it by the others (`Search::learn`). A point on a timeline an earlier jump of the
//! action created is a condition like any other: it names the board by
//! its number and asks for the same piece or empty square there, which
//! holds whichever jump created that timeline only if the boards match.

use super::super::check::Check;
use super::super::coords::{BoardId, Move};
use super::super::multiverse::{Multiverse, Undo};
use super::why::{Cond, Holds, Why};
use super::{Search, Stop};
use std::ops::ControlFlow;

/// A nogood that holds whatever number the jump's new timeline gets.
const ANY_NUMBER: i32 = i32::MIN;

/// At most this many nogoods are kept per move (they are a cache: dropping
/// one only means a move is made and tested again).
const KEEP: usize = 48;

/// A move gives a check when `conds` hold and its new timeline (if it is a
/// branching jump) would get number `timeline` (`ANY_NUMBER`: whatever it
/// gets).
#[derive(Debug, Clone)]
struct Nogood {
    conds: Vec<Cond>,
    timeline: i32,
}

/// Per search: the nogoods learnt, and what a found check needs.
pub(super) struct Learnt {
    /// The timelines of the searched position.
    root_range: (i32, i32),
    /// Per timeline of the searched position: its end.
    root_ends: Vec<i32>,
    /// Per board: the number of its first non-branching move.
    nb_base: Vec<usize>,
    /// Per board: the number of its first jump (after every non-branching
    /// move's number).
    jump_base: Vec<usize>,
    /// Per move number: what is known to make it give a check.
    nogoods: Vec<Vec<Nogood>>,
}

/// The points of check `c`'s line: the attacker's, the royal's and, for a
/// rider, the points in between. `None` if a rider's path leaves the
/// board's squares.
pub(super) fn line_points(c: &Check) -> Option<Vec<(BoardId, crate::chess::Square)>> {
    let (a, r) = (c.attacker, c.royal);
    let d = [
        i32::from(r.square.x) - i32::from(a.square.x),
        i32::from(r.square.y) - i32::from(a.square.y),
        r.board.l - a.board.l,
        (r.board.v - a.board.v) / 2,
    ];
    let n = d.iter().map(|x| x.abs()).max().unwrap_or(0);
    let mut points = vec![(a.board, a.square), (r.board, r.square)];
    if n > 1 && d.iter().all(|x| *x == 0 || x.abs() == n) {
        for s in 1..n {
            let at = |k: usize| d[k] / n * s;
            let x = i32::from(a.square.x) + at(0);
            let y = i32::from(a.square.y) + at(1);
            let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
                return None;
            };
            let board = BoardId {
                l: a.board.l + at(2),
                v: a.board.v + 2 * at(3),
            };
            points.push((board, crate::chess::Square { x, y }));
        }
    }
    Some(points)
}

/// The boards move `m` makes (its source's next board, and for a hop its
/// target's), when made from the end boards they leave or land on.
pub(super) fn own_boards(m: &Move, hop: bool) -> [BoardId; 2] {
    let next = |b: BoardId| BoardId { l: b.l, v: b.v + 1 };
    let from = next(m.from.board);
    if hop {
        [from, next(m.to.board)]
    } else {
        [from, from]
    }
}

impl Learnt {
    pub(super) fn new(
        root: &Multiverse,
        nonbranching: &[Vec<Move>],
        jumps: &[Vec<Move>],
    ) -> Learnt {
        let (lmin, lmax) = root.timeline_range();
        let root_ends = (lmin..=lmax).map(|l| root.end(l).unwrap_or(0)).collect();
        let mut nb_base = Vec::with_capacity(nonbranching.len());
        let mut total = 0;
        for nb in nonbranching {
            nb_base.push(total);
            total += nb.len();
        }
        let mut jump_base = Vec::with_capacity(jumps.len());
        for jp in jumps {
            jump_base.push(total);
            total += jp.len();
        }
        Learnt {
            root_range: (lmin, lmax),
            root_ends,
            nb_base,
            jump_base,
            nogoods: vec![Vec::new(); total],
        }
    }

    /// How many move numbers there are (non-branching moves and jumps).
    pub(super) fn ids(&self) -> usize {
        self.nogoods.len()
    }

    /// How many nogoods move `id` has (they are only ever appended).
    pub(super) fn nogood_count(&self, id: usize) -> usize {
        self.nogoods[id].len()
    }

    /// The conditions of nogood `index` of move `id`, and whether it holds
    /// whatever number a jump's new timeline gets.
    pub(super) fn nogood(&self, id: usize, index: usize) -> (&[Cond], bool) {
        let g = &self.nogoods[id][index];
        (&g.conds, g.timeline == ANY_NUMBER)
    }

    /// Is `l` a timeline of the searched position?
    pub(super) fn in_root(&self, l: i32) -> bool {
        l >= self.root_range.0 && l <= self.root_range.1
    }

    /// The number of non-branching move `k` of board `i`.
    pub(super) fn nb_id(&self, i: usize, k: usize) -> usize {
        self.nb_base[i] + k
    }

    /// The number of jump `k` of board `i`.
    pub(super) fn jump_id(&self, i: usize, k: usize) -> usize {
        self.jump_base[i] + k
    }

    /// If a nogood of move `id` (which makes the boards `own`) holds in `mv`,
    /// where a branching jump would create timeline `next` (`None`: only
    /// nogoods that hold whatever number it gets): adds its conditions to
    /// `why` (with those on `own` if `with_own`, for a reason stated after
    /// the move) and returns true.
    pub(super) fn blocks(
        &self,
        mv: &Multiverse,
        id: usize,
        next: Option<i32>,
        own: [BoardId; 2],
        with_own: bool,
        why: &mut Why,
    ) -> bool {
        let found = self.nogoods[id].iter().find(|g| {
            (g.timeline == ANY_NUMBER || Some(g.timeline) == next)
                && g.conds
                    .iter()
                    .all(|c| own.contains(&c.board) || c.holds_in(mv))
        });
        match found {
            Some(g) => {
                for c in &g.conds {
                    if with_own || !own.contains(&c.board) {
                        why.push(*c);
                    }
                }
                true
            }
            None => false,
        }
    }

    /// If a nogood of move `id` (which makes the boards `own`) holds in `mv`
    /// whatever number a branching jump's timeline gets, and holds in every
    /// later position of the action too: each of its conditions not on
    /// `own` is a piece or an empty square on an existing board of a
    /// timeline of the searched position (boards never change; a board of
    /// a timeline a jump makes may get another number if more jumps come
    /// first). Adds those conditions to `why` and returns true.
    pub(super) fn blocks_for_good(
        &self,
        mv: &Multiverse,
        id: usize,
        own: [BoardId; 2],
        why: &mut Why,
    ) -> bool {
        match self.for_good_index(mv, id, own) {
            Some(index) => {
                self.add_nogood(id, index, own, why);
                true
            }
            None => false,
        }
    }

    /// The first nogood of move `id` that [`Learnt::blocks_for_good`] finds
    /// in `mv`, if any.
    pub(super) fn for_good_index(
        &self,
        mv: &Multiverse,
        id: usize,
        own: [BoardId; 2],
    ) -> Option<usize> {
        let (lmin, lmax) = self.root_range;
        self.nogoods[id].iter().position(|g| {
            g.timeline == ANY_NUMBER
                && g.conds.iter().all(|c| {
                    own.contains(&c.board)
                        || (c.board.l >= lmin
                            && c.board.l <= lmax
                            && matches!(c.holds, Holds::Piece(_) | Holds::Empty)
                            && c.holds_in(mv))
                })
        })
    }

    /// Adds the conditions of nogood `index` of move `id` (which makes the
    /// boards `own`) that are not on `own` to `why`.
    pub(super) fn add_nogood(&self, id: usize, index: usize, own: [BoardId; 2], why: &mut Why) {
        for c in &self.nogoods[id][index].conds {
            if !own.contains(&c.board) {
                why.push(*c);
            }
        }
    }

    /// The conditions of check `c` found in `mv` (see `why.rs`): every point
    /// of its line on a board the action made. The second value tells
    /// whether the check goes through timeline `created` (the one the move
    /// just made, if a branching jump; those points are left out). `None` if
    /// a rider's path leaves the board's squares.
    pub(super) fn conditions(
        &self,
        mv: &Multiverse,
        c: &Check,
        created: Option<i32>,
    ) -> Option<(Vec<Cond>, bool)> {
        let points = line_points(c)?;
        let mut conds = Vec::new();
        let mut numbered = false;
        for (b, sq) in points {
            if Some(b.l) == created {
                numbered = true;
                continue;
            }
            if b.l >= self.root_range.0 && b.l <= self.root_range.1 {
                let end = self.root_ends[(b.l - self.root_range.0) as usize];
                if b.v <= end {
                    continue;
                }
            }
            // Otherwise a board the action made: one after the end of a
            // timeline of the searched position, or one of a timeline an
            // earlier jump created (its contents say whether it is the same
            // board, whichever jump created it).
            let cond = Cond::observe(mv, b, sq);
            if !conds.contains(&cond) {
                conds.push(cond);
            }
        }
        Some((conds, numbered))
    }
}

impl Search<'_> {
    /// The number the next timeline the mover creates would get.
    pub(super) fn next_timeline(&self) -> i32 {
        let (lmin, lmax) = self.mv.timeline_range();
        match self.mover {
            crate::chess::Color::White => lmax + 1,
            crate::chess::Color::Black => lmin - 1,
        }
    }

    /// Notes in `last_conds` the conditions of `last_check`, found after
    /// move `m` (applied as `u`).
    pub(super) fn note_check(&mut self, u: Undo) {
        self.last_conds = match &self.last_check {
            None => None,
            Some(c) => self.learnt.conditions(&self.mv, c, u.created()),
        };
    }

    /// True if jump `k` of board `i` is known to give a check here: in every
    /// action ([`Search::dead_jump`]) or by a nogood.
    pub(super) fn jump_fails(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.dead_jump(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        let next = self.next_timeline();
        let own = own_boards(&self.jumps[i][k], false);
        let mut why = std::mem::replace(&mut self.why, Why::empty());
        let r = self
            .learnt
            .blocks(&self.mv, id, Some(next), own, false, &mut why);
        self.why = why;
        ControlFlow::Continue(r)
    }

    /// True if jump `k` of board `i` is known to give a check here whatever
    /// number its new timeline gets: in every action, or by a nogood that
    /// does not use the new timeline. What `stuck` may use: a way out it
    /// looks for may be made after other branching jumps, when the jump's
    /// timeline gets another number.
    pub(super) fn jump_fails_any_number(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.dead_jump(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        let own = own_boards(&self.jumps[i][k], false);
        let mut why = std::mem::replace(&mut self.why, Why::empty());
        let r = self.learnt.blocks(&self.mv, id, None, own, false, &mut why);
        self.why = why;
        ControlFlow::Continue(r)
    }

    /// True if jump `k` of board `i` gives a check in every action from
    /// here on: in every action ([`Search::dead_jump`]), or by a nogood
    /// whose conditions hold for good ([`Learnt::blocks_for_good`]). The
    /// conditions go to `why`.
    pub(super) fn jump_fails_for_good(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.dead_jump(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        let own = own_boards(&self.jumps[i][k], false);
        let mut why = std::mem::replace(&mut self.why, Why::empty());
        let r = self.learnt.blocks_for_good(&self.mv, id, own, &mut why);
        self.why = why;
        ControlFlow::Continue(r)
    }

    /// True if jump `k` of board `i` is known to give a check here whatever
    /// number among the next `later + 1` its new timeline gets (it may be
    /// made after up to `later` other branching jumps): by a nogood that
    /// holds for any number, or by one for each of those numbers.
    pub(super) fn jump_fails_numbers(
        &mut self,
        i: usize,
        k: usize,
        later: usize,
    ) -> ControlFlow<Stop, bool> {
        if self.jump_fails_any_number(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        let next = self.next_timeline();
        let step = match self.mover {
            crate::chess::Color::White => 1,
            crate::chess::Color::Black => -1,
        };
        let own = own_boards(&self.jumps[i][k], false);
        let mut why = Why::empty();
        let fails = (0..=later).all(|d| {
            let d = i32::try_from(d).unwrap_or(i32::MAX / 4);
            self.learnt
                .blocks(&self.mv, id, Some(next + step * d), own, false, &mut why)
        });
        if fails {
            // `later` counts the boards that can still jump: a board played
            // since (one with jumps) made it smaller.
            self.why.union_with(&why);
            for j in 0..self.boards.len() {
                let b = self.boards[j];
                if !self.jumps[j].is_empty() && !self.mv.is_playable(b, self.mover) {
                    self.why
                        .push(Cond::existence(&self.mv, BoardId { l: b.l, v: b.v + 1 }));
                }
            }
        }
        ControlFlow::Continue(fails)
    }

    /// True if non-branching move `k` of board `i` is known to give a check
    /// here; the nogood's conditions go to `why`, with those on the move's
    /// own boards if `with_own`.
    pub(super) fn nb_fails(&mut self, i: usize, k: usize, with_own: bool) -> bool {
        let id = self.learnt.nb_id(i, k);
        let m = self.nonbranching[i][k];
        let own = own_boards(&m, !m.is_physical());
        let mut why = std::mem::replace(&mut self.why, Why::empty());
        let r = self
            .learnt
            .blocks(&self.mv, id, None, own, with_own, &mut why);
        self.why = why;
        r
    }

    /// Move `id` gave the check noted in `last_conds`: remember it, and add
    /// its conditions to `why` (without those on `own` unless `with_own`).
    /// True if it gives that check in every action.
    ///
    /// A check through the timeline the move itself created holds for that
    /// timeline's number only. With `number_implicit` the caller's reason
    /// leaves the number of timelines implicit (a phase-2 node's reason,
    /// `siblings.rs`: it is only ever tested where the timeline range is the
    /// one here, so the same jump creates a timeline of the same number,
    /// with the same first board), and such a check is stated by its other
    /// conditions ("The jump's own new timeline" in `cuts.md`); otherwise
    /// the reason becomes unknown.
    fn learn(
        &mut self,
        id: usize,
        own: [BoardId; 2],
        with_own: bool,
        number_implicit: bool,
    ) -> bool {
        self.last_check = None;
        let Some((conds, numbered)) = self.last_conds.take() else {
            self.why.set_unknown();
            return false;
        };
        if numbered && !number_implicit {
            // Holds only for this timeline number: depends on how many
            // jumps came before, which this reason does not pin.
            self.why.set_unknown();
        }
        for c in &conds {
            if with_own || !own.contains(&c.board) {
                self.why.push(*c);
            }
        }
        if self.reuse_off {
            // Diagnostics (`plain_legal_actions`): no check found here
            // skips a move anywhere else.
            return false;
        }
        let timeline = if numbered {
            self.next_timeline()
        } else {
            ANY_NUMBER
        };
        if conds.iter().all(|c| own.contains(&c.board)) && !numbered {
            return true;
        }
        let list = &mut self.learnt.nogoods[id];
        if list.len() < KEEP {
            list.push(Nogood { conds, timeline });
        }
        false
    }

    /// Jump `k` of board `i` made as a branching jump gave the check noted
    /// in `last_conds`: remember it. `number_implicit`: see
    /// [`Search::learn`].
    pub(super) fn learn_jump(&mut self, i: usize, k: usize, with_own: bool, number_implicit: bool) {
        let id = self.learnt.jump_id(i, k);
        let own = own_boards(&self.jumps[i][k], false);
        if self.learn(id, own, with_own, number_implicit) {
            self.jump_dead[i][k] = Some(true);
        }
    }

    /// Non-branching move `k` of board `i` gave the check noted in
    /// `last_conds`: remember it.
    pub(super) fn learn_nb(&mut self, i: usize, k: usize, with_own: bool) {
        let id = self.learnt.nb_id(i, k);
        let m = self.nonbranching[i][k];
        let own = own_boards(&m, !m.is_physical());
        // A move that gives a check on its own was dropped before the
        // search, so "every action" cannot be new here; keep it as a nogood.
        if self.learn(id, own, with_own, false) {
            self.learnt.nogoods[id].push(Nogood {
                conds: Vec::new(),
                timeline: ANY_NUMBER,
            });
        }
    }

    /// [`Search::probe`] of jump `k` of board `i` as a branching jump, learning
    /// from the check if there is one.
    pub(super) fn probe_jump(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        let m = self.jumps[i][k];
        let bad = self.probe(&m, true)?;
        if bad && self.last_check.is_some() {
            self.learn_jump(i, k, false, false);
        }
        ControlFlow::Continue(bad)
    }

    /// [`Search::probe`] of non-branching move `k` of board `i`, skipped if
    /// known to fail, learning from the check if there is one.
    pub(super) fn probe_nb(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.nb_fails(i, k, false) {
            return ControlFlow::Continue(true);
        }
        let m = self.nonbranching[i][k];
        let bad = self.probe(&m, false)?;
        if bad && self.last_check.is_some() {
            self.learn_nb(i, k, false);
        }
        ControlFlow::Continue(bad)
    }
}
