//! A jump that waits for a board still to play (session 34, branch `m18`,
//! issue 14; `cuts.md` "A jump that waits for a board still to play").
//!
//! A board `u` waiting at the present may have a jump onto the playable
//! end board of another board `j`. Made now, that jump is a hop (a
//! non-branching move, which `u`'s own phase-1 choices hold); it is a
//! branching jump only once `j`'s end has moved on, that is once `j` is
//! played earlier in the same action. When `j`'s own choice is still to
//! come (a free board, or an early board that phase 1 has not decided
//! yet), `j` can be played three ways: by one of its own non-branching
//! moves, by a hop onto it from a board whose choice is also still to
//! come, or by one of its own branching jumps made before. Each of them
//! makes `j`'s next board, and the jump then makes `u`'s next board. If,
//! for each of those ways, making it and then the jump gives a check that
//! touches no timeline either of them creates, the jump completes in no
//! action from here: `stuck` does not count it as a way out of `u`.
//!
//! Why it is exact. Every action from here that makes the jump as a
//! branching jump plays `j` by one of those ways first (in play order
//! the non-branching moves come first, and `j`'s own branching jump must
//! come before this jump). Its final position holds the two boards the
//! probe made on the two named timelines: `u`'s next board (`u`'s board,
//! unchanged since boards never change, with the jump's piece gone) and
//! `j`'s next board (`j`'s board with the same move or arrival; for a
//! hop, also its source's next board), plus every board of the position
//! here. The check found uses only those boards (its line avoids the new
//! timelines, whose numbers depend on the jumps made between), so it is
//! there at the end (checks are monotone: the attacker's board stays a
//! playable end of its colour, and no board changes). The reason names
//! `j` unplayed (so its end, and each way's move, is the same), each hop
//! source that is played (its hops are then no way, which depends on
//! it), the conditions of each nogood that ruled a way out, and the
//! conditions of each check found on other boards than the ones the two
//! moves make. The waiting board `u` unplayed is named by `stuck`.
//!
//! Where it runs: in `stuck`, right after the jump alone was probed and
//! gave no check, and only once every early board's phase-1 choice is made
//! (phase 1's last level, and every phase-2 node), so `j` is a free board.
//! There a waiting board left with no way out saves the walk over the free
//! boards' jump sequences below. Earlier in phase 1 the test cut too, but
//! each jump it removed sent `stuck` on to probe the waiting board's other
//! ways out, which the jump had spared before, mostly to find one: on the
//! stress files that made 400 rows dearer for the few it helped. Asked last
//! (after every other way out of the board) it cost as much, for the same
//! reason the other way round. A way that left no check is tried first the
//! next time, so a negative answer usually costs one probe.
//!
//! Without it, `holdout14-m17.tsv focusedjustqueens-12-checks` 17 (one
//! early board, (20T3), whose only moves are three king jumps onto the
//! end of the free board (19T4), each of whose moves then gives a check
//! from (20T3)'s next board) walked the free boards' jumps in every order
//! until the kept reasons covered them (166 403 nodes; now 129).

use std::ops::ControlFlow;

use super::super::coords::BoardId;
use super::super::multiverse::Multiverse;
use super::nogood::line_points;
use super::why::{Cond, Why};
use super::{new_boards, Search, Stop};

/// One way of playing the target board before the jump: its own
/// non-branching move, a hop onto it (`(board, move)` of the
/// non-branching moves), or its own branching jump (`(board, jump)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Way {
    Move(usize, usize),
    Jump(usize, usize),
}

impl Search<'_> {
    /// The board `j` whose playable end jump `k` of board `u` lands on,
    /// if `j`'s own choice is still to come (`j >= decided`): the jump is
    /// then a hop until `j` has been played (see the module docs).
    pub(super) fn waits_for_unplayed_target(
        &self,
        u: usize,
        k: usize,
        decided: usize,
    ) -> Option<usize> {
        let m = self.jumps[u][k];
        if self.mv.is_branching(&m) {
            return None;
        }
        let j = self.board_index(m.to.board)?;
        (j != u && j >= decided && self.mv.is_playable(self.boards[j], self.mover)).then_some(j)
    }

    /// The ways `j` can be played from here before a jump of board `u`
    /// lands on its end (see the module docs), in the order they are
    /// tried: `j`'s non-branching moves, the hops onto it, its jumps.
    /// Ways that cannot be made while the position's boards stay as they
    /// are add to `why` what that depends on; ways that play `u` too (a hop
    /// of `j` onto `u`'s end, or `j`'s jump onto it, which branches only
    /// once `u` has moved) are left out: they are no way for the jump.
    fn ways_to_play(&mut self, u: usize, j: usize, decided: usize) -> Vec<Way> {
        let bu = self.boards[u];
        let mut ways = Vec::new();
        for x in 0..self.nonbranching[j].len() {
            let m = self.nonbranching[j][x];
            if m.is_physical() {
                ways.push(Way::Move(j, x));
                continue;
            }
            if m.to.board == bu || self.decided_before(decided, m.to.board) {
                // Onto `u` (it would play `u`), or onto an early board
                // decided already (played, or passed and sealed).
                continue;
            }
            if !self.mv.is_playable(m.to.board, self.mover) {
                // A hop onto a board played already.
                self.depends_on_board(m.to.board);
                continue;
            }
            ways.push(Way::Move(j, x));
        }
        let target = self.boards[j];
        for s in 0..self.hop_sources[j].len() {
            let o = self.hop_sources[j][s];
            if o == j || o == u || o < decided {
                continue;
            }
            if !self.mv.is_playable(self.boards[o], self.mover) {
                self.depends_on_board(self.boards[o]);
                continue;
            }
            for x in 0..self.nonbranching[o].len() {
                let m = self.nonbranching[o][x];
                if !m.is_physical() && m.to.board == target {
                    ways.push(Way::Move(o, x));
                }
            }
        }
        for kk in 0..self.jumps[j].len() {
            if self.jumps[j][kk].to.board != bu {
                ways.push(Way::Jump(j, kk));
            }
        }
        ways
    }

    /// True if jump `k` of board `u`, waiting at the present, completes in
    /// no action from here because it lands on the playable end of a board
    /// `j` whose choice is still to come, and each way `j` can be played
    /// first is followed, once the jump is made, by a check on boards those
    /// two moves fix (see the module docs; the reason goes to `why`).
    /// `jumpers`: how many boards can still jump (so how many numbers a
    /// jump of `j` may get). One node per way probed; a way ruled out by a
    /// nogood, or whose check found before holds again, costs none.
    pub(super) fn fails_until_target_moves(
        &mut self,
        u: usize,
        k: usize,
        decided: usize,
        jumpers: usize,
    ) -> ControlFlow<Stop, bool> {
        // Only once every early board's phase-1 choice is made (phase 1's
        // last level, and phase 2): see the module docs.
        if decided != self.first_free {
            return ControlFlow::Continue(false);
        }
        let Some(j) = self.waits_for_unplayed_target(u, k, decided) else {
            return ControlFlow::Continue(false);
        };
        let saved = std::mem::replace(&mut self.why, Why::empty());
        let r = self.fails_until_target_moves_why(u, k, j, decided, jumpers);
        let why = std::mem::replace(&mut self.why, saved);
        if matches!(r, ControlFlow::Continue(true)) {
            self.why.union_with(&why);
        }
        r
    }

    /// [`Search::fails_until_target_moves`] for its target `j`, with the
    /// reason gathered in an empty `why`.
    fn fails_until_target_moves_why(
        &mut self,
        u: usize,
        k: usize,
        j: usize,
        decided: usize,
        jumpers: usize,
    ) -> ControlFlow<Stop, bool> {
        let m = self.jumps[u][k];
        let bj = self.boards[j];
        let later_j = jumpers.saturating_sub(1);
        let ways = self.ways_to_play(u, j, decided);
        // The way that left no check last time first: a negative answer
        // then usually costs one probe.
        let open = self.target_open.get(&(u, k)).copied();
        let rest = ways.iter().copied().filter(|&w| Some(w) != open);
        let order: Vec<Way> = open
            .filter(|w| ways.contains(w))
            .into_iter()
            .chain(rest)
            .collect();
        for way in order {
            // Ruled out on its own by a nogood (its conditions go to `why`).
            let ruled_out = match way {
                Way::Move(o, x) => self.nb_fails(o, x, false),
                Way::Jump(o, x) => self.jump_fails_numbers(o, x, later_j)?,
            };
            if ruled_out {
                continue;
            }
            // The check found last time, if its conditions hold again.
            if !self.reuse_off {
                if let Some(conds) = self.target_checks.get(&(u, k, way)) {
                    if conds.iter().all(|c| c.holds_in(&self.mv)) {
                        for &c in conds {
                            self.why.push(c);
                        }
                        continue;
                    }
                }
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return ControlFlow::Break(Stop::Budget);
            }
            let Some(conds) = self.check_after_way(way, &m) else {
                self.target_open.insert((u, k), way);
                return ControlFlow::Continue(false);
            };
            for &c in &conds {
                self.why.push(c);
            }
            self.target_checks.insert((u, k, way), conds);
        }
        self.depends_on_board(bj);
        ControlFlow::Continue(true)
    }

    /// Makes `way` and then jump `m` (as a branching jump) and looks for a
    /// check whose line touches neither timeline they create; undoes both.
    /// Its conditions on boards other than the ones the two moves make, or
    /// `None` if there is no such check (or a move cannot be made).
    fn check_after_way(&mut self, way: Way, m: &super::super::coords::Move) -> Option<Vec<Cond>> {
        let (first, branch) = match way {
            Way::Move(o, x) => (self.nonbranching[o][x], false),
            Way::Jump(o, x) => (self.jumps[o][x], true),
        };
        let uw = self.mv.apply_as(&first, branch)?;
        let mut own: Vec<BoardId> = new_boards(&self.mv, &first, uw);
        let created_w = uw.created();
        let found = match self.mv.apply_as(m, true) {
            Some(uj) => {
                let created_j = uj.created();
                let news = new_boards(&self.mv, m, uj);
                own.extend(news.iter().copied());
                let found = check_avoiding(&self.mv, &own, !self.mover, created_w, created_j)
                    .and_then(|c| self.learnt.conditions(&self.mv, &c, created_j));
                self.mv.undo(uj);
                found
            }
            None => None,
        };
        self.mv.undo(uw);
        let (conds, _) = found?;
        // Without the conditions on the boards the two moves make (no
        // condition lies on a timeline they create: the check avoids them).
        Some(
            conds
                .into_iter()
                .filter(|c| !own.contains(&c.board))
                .collect(),
        )
    }
}

/// A capture of a royal piece by `attacker` that involves one of the
/// boards `news` and whose line (attacker, royal, path) touches neither
/// timeline `a` nor `b`.
fn check_avoiding(
    mv: &Multiverse,
    news: &[BoardId],
    attacker: crate::chess::Color,
    a: Option<i32>,
    b: Option<i32>,
) -> Option<super::super::check::Check> {
    mv.royal_capture_involving_where(news, attacker, b, &mut |c| {
        line_points(c)
            .is_some_and(|pts| pts.iter().all(|(bd, _)| Some(bd.l) != a && Some(bd.l) != b))
    })
}
