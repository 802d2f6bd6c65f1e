//! What the search learns from a failed branching jump: the smallest set of
//! earlier non-branching moves that, with the jump, gives the check (a
//! "nogood"). Any later partial action that contains that set fails with the
//! same jump, so the jump is skipped there without being made.
//!
//! This is the idea of the "hypercuboid" search of ftxi/5dchess_engine and
//! cwmtt (one axis per playable board, a check found for one combination
//! removes the whole slice of combinations that share the moves causing
//! it), applied to the axis that dominates mate proofs here: the branching
//! jumps tried again for every combination of the boards' other moves.
//!
//! Why it is exact: a check is a capture of a royal piece by a piece on a
//! board where the opponent moves, along a straight line of boards (riders)
//! or by one leap. It depends only on the contents of the attacker's board,
//! the royal's board and the boards in between, and a board's contents never
//! change once it exists; the mover never extends a board where the opponent
//! moves. So if every one of those boards existed before the action or was
//! made by one of the moves in the set (or by the jump itself, from its own
//! board), the same check exists in every position reached by adding other
//! moves. A board on a timeline the action created is never used: its number
//! (and so its place) depends on the order of the branching jumps.

use super::super::check::Check;
use super::super::coords::{BoardId, Move};
use super::super::multiverse::{Multiverse, Undo};
use super::{Search, Stop};
use std::ops::ControlFlow;

/// A nogood that holds whatever number the jump's new timeline gets.
const ANY_NUMBER: i32 = i32::MIN;

/// A move gives a check when `moves` (one or two move numbers,
/// `usize::MAX` filling an unused place) are in the partial action and its
/// new timeline (if it is a branching jump) would get number `timeline`
/// (`ANY_NUMBER`: whatever it gets).
#[derive(Debug, Clone, Copy)]
struct Nogood {
    moves: [usize; 2],
    timeline: i32,
}

/// Per search: the bookkeeping and the nogoods learnt.
pub(super) struct Learnt {
    /// The smallest timeline of the searched position.
    root_lmin: i32,
    /// Per timeline of the searched position: its end.
    root_ends: Vec<i32>,
    /// Per timeline of the searched position: the index of its playable
    /// board in the search's order, if the mover can play it.
    board_at: Vec<Option<usize>>,
    /// Per board: the number of its first non-branching move.
    nb_base: Vec<usize>,
    /// Per board: the number of its first jump (after every non-branching
    /// move's number).
    jump_base: Vec<usize>,
    /// Per board: the number of the move that made the board after it, if it
    /// has been played.
    played_by: Vec<Option<usize>>,
    /// Per move number: is it in the current partial action?
    applied: Vec<bool>,
    /// Per move number: what is known to make it give a check.
    nogoods: Vec<Vec<Nogood>>,
}

impl Learnt {
    pub(super) fn new(
        root: &Multiverse,
        boards: &[BoardId],
        nonbranching: &[Vec<Move>],
        jumps: &[Vec<Move>],
    ) -> Learnt {
        let (lmin, lmax) = root.timeline_range();
        let root_ends = (lmin..=lmax).map(|l| root.end(l).unwrap_or(0)).collect();
        let mut board_at = vec![None; (lmax - lmin + 1) as usize];
        for (i, b) in boards.iter().enumerate() {
            board_at[(b.l - lmin) as usize] = Some(i);
        }
        let mut nb_base = Vec::with_capacity(boards.len());
        let mut total = 0;
        for nb in nonbranching {
            nb_base.push(total);
            total += nb.len();
        }
        let mut jump_base = Vec::with_capacity(boards.len());
        for jp in jumps {
            jump_base.push(total);
            total += jp.len();
        }
        Learnt {
            root_lmin: lmin,
            root_ends,
            board_at,
            nb_base,
            jump_base,
            played_by: vec![None; boards.len()],
            applied: vec![false; total],
            nogoods: vec![Vec::new(); total],
        }
    }

    /// Jump `k` of board `i` has been made as a branching jump (`on`) or
    /// undone.
    pub(super) fn played_jump(&mut self, i: usize, k: usize, on: bool) {
        let id = self.jump_base[i] + k;
        self.applied[id] = on;
        self.played_by[i] = on.then_some(id);
    }

    /// Non-branching move `k` of board `i` (applied as `u`) has been made
    /// (`on`) or undone.
    pub(super) fn played_nb(&mut self, i: usize, k: usize, u: Undo, on: bool) {
        let id = self.nb_base[i] + k;
        self.applied[id] = on;
        let by = on.then_some(id);
        self.played_by[i] = by;
        if let Undo::Two(_, target) = u {
            if let Some(j) = self.board_of(target) {
                self.played_by[j] = by;
            }
        }
    }

    fn board_of(&self, l: i32) -> Option<usize> {
        let k = usize::try_from(l - self.root_lmin).ok()?;
        self.board_at.get(k).copied().flatten()
    }

    /// The number of non-branching move `k` of board `i`.
    pub(super) fn nb_id(&self, i: usize, k: usize) -> usize {
        self.nb_base[i] + k
    }

    /// The number of jump `k` of board `i`.
    pub(super) fn jump_id(&self, i: usize, k: usize) -> usize {
        self.jump_base[i] + k
    }

    /// True if a nogood of move `id` holds in the current partial action,
    /// where a branching jump would create timeline `next` (`None`: only
    /// nogoods that hold whatever number it gets).
    pub(super) fn blocks(&self, id: usize, next: Option<i32>) -> bool {
        self.nogoods[id].iter().any(|g| {
            (g.timeline == ANY_NUMBER || Some(g.timeline) == next)
                && g.moves.iter().all(|&m| m == usize::MAX || self.applied[m])
        })
    }

    /// The moves of the current partial action that check `c` needs, found
    /// after a move that played the boards `own` (and created timeline
    /// `created`, if a branching jump), and whether the check uses that new
    /// timeline (then it holds only when the jump gets that number again);
    /// `None` if it needs a board this rule cannot vouch for (one on another
    /// new timeline).
    fn cause(&self, c: &Check, own: [usize; 2], created: i32) -> Option<(Vec<usize>, bool)> {
        let a = c.attacker.board;
        let r = c.royal.board;
        let dl = r.l - a.l;
        let dt = (r.v - a.v) / 2;
        let mut path = vec![a, r];
        let n = dl.abs().max(dt.abs());
        if n > 1 && (dl == 0 || dt == 0 || dl.abs() == dt.abs()) {
            for s in 1..n {
                path.push(BoardId {
                    l: a.l + s * dl.signum(),
                    v: a.v + 2 * s * dt.signum(),
                });
            }
        }
        let mut ids = Vec::new();
        let mut numbered = false;
        for b in path {
            if b.l == created {
                numbered = true;
                continue;
            }
            let k = usize::try_from(b.l - self.root_lmin).ok()?;
            let end = *self.root_ends.get(k)?;
            if b.v <= end {
                continue;
            }
            let i = self.board_at[k]?;
            match self.played_by[i] {
                Some(id) => {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                None if own.contains(&i) => {}
                None => return None,
            }
        }
        Some((ids, numbered))
    }
}

impl<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>> Search<'_, V> {
    /// The number the next timeline the mover creates would get.
    fn next_timeline(&self) -> i32 {
        let (lmin, lmax) = self.mv.timeline_range();
        match self.mover {
            crate::chess::Color::White => lmax + 1,
            crate::chess::Color::Black => lmin - 1,
        }
    }

    /// True if jump `k` of board `i` is known to give a check here: in every
    /// action ([`Search::dead_jump`]) or with moves already in this one.
    pub(super) fn jump_fails(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.dead_jump(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        ControlFlow::Continue(self.learnt.blocks(id, Some(self.next_timeline())))
    }

    /// True if jump `k` of board `i` is known to give a check here whatever
    /// number its new timeline gets: in every action, or with moves already
    /// in this one by a nogood that does not use the new timeline. What
    /// `stuck` may use: a way out it looks for may be made after other
    /// branching jumps, when the jump's timeline gets another number (a jump
    /// that checks as timeline +3 may not as +4).
    pub(super) fn jump_fails_any_number(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.dead_jump(i, k)? {
            return ControlFlow::Continue(true);
        }
        let id = self.learnt.jump_id(i, k);
        ControlFlow::Continue(self.learnt.blocks(id, None))
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
        ControlFlow::Continue((0..=later).all(|d| {
            let d = i32::try_from(d).unwrap_or(i32::MAX / 4);
            self.learnt.blocks(id, Some(next + step * d))
        }))
    }

    /// True if non-branching move `k` of board `i` is known to give a check
    /// with moves already in the partial action.
    pub(super) fn nb_fails(&self, i: usize, k: usize) -> bool {
        self.learnt.blocks(self.learnt.nb_id(i, k), None)
    }

    /// Move `id`, which played the boards `own`, gave the check in
    /// `last_check`: remember which moves caused it. True if it gives that
    /// check in every action.
    fn learn(&mut self, id: usize, own: [usize; 2]) -> bool {
        let Some(c) = self.last_check.take() else {
            return false;
        };
        let created = self.next_timeline();
        let Some((ids, numbered)) = self.learnt.cause(&c, own, created) else {
            return false;
        };
        let timeline = if numbered { created } else { ANY_NUMBER };
        let moves = match ids[..] {
            [] if !numbered => return true,
            [] => [usize::MAX; 2],
            [a] => [a, usize::MAX],
            [a, b] => [a, b],
            _ => return false,
        };
        self.learnt.nogoods[id].push(Nogood { moves, timeline });
        false
    }

    /// Jump `k` of board `i` made as a branching jump gave the check in
    /// `last_check`: remember which moves caused it.
    pub(super) fn learn_jump(&mut self, i: usize, k: usize) {
        let id = self.learnt.jump_id(i, k);
        if self.learn(id, [i, usize::MAX]) {
            self.jump_dead[i][k] = Some(true);
        }
    }

    /// Non-branching move `k` of board `i` gave the check in `last_check`:
    /// remember which moves caused it.
    pub(super) fn learn_nb(&mut self, i: usize, k: usize) {
        let id = self.learnt.nb_id(i, k);
        let m = self.nonbranching[i][k];
        let target = if m.is_physical() {
            usize::MAX
        } else {
            self.learnt.board_of(m.to.board.l).unwrap_or(usize::MAX)
        };
        // A move that gives a check on its own was dropped before the
        // search, so "every action" cannot be new here; keep it as a nogood.
        if self.learn(id, [i, target]) {
            self.learnt.nogoods[id].push(Nogood {
                moves: [usize::MAX; 2],
                timeline: ANY_NUMBER,
            });
        }
    }

    /// [`Search::probe`] of jump `k` of board `i` as a branching jump, learning
    /// from the check if there is one.
    pub(super) fn probe_jump(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        let m = self.jumps[i][k];
        let bad = self.probe(&m, true)?;
        if bad {
            self.learn_jump(i, k);
        }
        ControlFlow::Continue(bad)
    }

    /// [`Search::probe`] of non-branching move `k` of board `i`, skipped if
    /// known to fail, learning from the check if there is one.
    pub(super) fn probe_nb(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if self.nb_fails(i, k) {
            return ControlFlow::Continue(true);
        }
        let m = self.nonbranching[i][k];
        let bad = self.probe(&m, false)?;
        if bad {
            self.learn_nb(i, k);
        }
        ControlFlow::Continue(bad)
    }
}
