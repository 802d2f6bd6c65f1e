//! The exact cuts of the search: `stuck` (a board at the present that can
//! no longer be left), `can_finish` (phase 3 can still pass the present to
//! the opponent), jumps that fail in every action, and the order hint
//! `pull_needed_from`. Each failure of `stuck` states its reason as
//! conditions (`why.rs`).

use std::ops::ControlFlow;

use super::super::coords::{color_of, BoardId};
use super::nogood::{line_points, own_boards};
use super::why::{Cond, Why};
use super::{new_boards, Search, Stop};

impl Search<'_> {
    /// The failure depends on whether board `b`'s next board exists (is
    /// `b` still playable?).
    pub(super) fn depends_on_board(&mut self, b: BoardId) {
        if self.why.is_unknown() {
            return;
        }
        let next = BoardId { l: b.l, v: b.v + 1 };
        self.why.push(Cond::existence(&self.mv, next));
    }

    /// True if no completion of the current partial action can be
    /// submitted: some board at the present can be left neither by a
    /// branching jump nor hopped onto without a check that no later move can
    /// remove, and the present cannot be pulled back. Boards `..decided` have
    /// had their phase-1 choice (so a passed one can no longer hop, and is
    /// sealed: no hop arrives onto it). Every waiting board is examined,
    /// also those still to decide (their own moves are probed): a board
    /// whose every way out the choices made so far have closed fails the
    /// search at once, not after every combination of the boards decided
    /// between them (issue 14: `holdout.tsv standardturnzero-1-kings` 21,
    /// where one mandatory board's every move gave a check through the
    /// boards decided before it: an action in 281 nodes, undecided within
    /// 300 000 before).
    pub(super) fn stuck(&mut self, decided: usize) -> ControlFlow<Stop, bool> {
        let present = self.mv.present();
        if color_of(present) != self.mover {
            return ControlFlow::Continue(false);
        }
        let n = self.boards.len();
        let waiting = |s: &Self, u: usize| {
            let b = s.boards[u];
            b.v == present && s.mv.is_playable(b, s.mover) && s.mv.is_active(b.l)
        };
        if !(0..n).any(|u| waiting(self, u)) {
            return ControlFlow::Continue(false);
        }
        // A check whose line no choice left can lift (`lines.rs`).
        if self.line_stuck(decided) {
            return ControlFlow::Continue(true);
        }
        // The present may not go below `floor` (when keeping it).
        let floor = self.keep_present.unwrap_or(i32::MIN);
        // An inactive timeline ending before the present: any new timeline
        // could reactivate it and pull the present back. Not worth deciding
        // here. Its end may have the mover's colour: reactivated, that board
        // must be played in the same action (by a move, or by the very jump
        // that reactivates it), so the present comes back to the board after
        // it, still before the present (before, only ends with the opponent
        // to move counted, and actions that pass a board at the present by
        // playing such a board with a branching jump were cut: the stress
        // suite's `checkmatepracticebishop-3-kings` 5).
        // (The mover's own inactive timelines stay inactive: see
        // `Multiverse::reactivable_by`.) An end of the mover's colour that
        // can no longer be played is no way out (`stale.rs`).
        let Some(cap) = self.stale_pull_back(decided)? else {
            return ControlFlow::Continue(false);
        };
        // Only an active new timeline can pull the present back.
        let pull_range = if self.mv.next_timeline_active(self.mover) {
            0..n
        } else {
            0..0
        };
        // A jump may come after as many other branching jumps as there are
        // other boards that can still jump, so its timeline may get any of
        // that many more numbers.
        let can_jump =
            |s: &Self, j: usize| s.mv.is_playable(s.boards[j], s.mover) && !s.jumps[j].is_empty();
        let jumpers = (0..n).filter(|&j| can_jump(self, j)).count();
        let later = |s: &Self, j: usize| jumpers - usize::from(can_jump(s, j));
        let active_left = self.mv.active_timelines_left(self.mover);
        for i in pull_range {
            if !self.mv.is_playable(self.boards[i], self.mover) {
                // Played (or hopped onto): its jumps are no way out, which
                // matters only if one of them could pull the present back.
                if self.why.is_unknown() {
                    continue;
                }
                for k in 0..self.jumps[i].len() {
                    let v = self.jumps[i][k].to.board.v;
                    if v < present && v + 1 < cap && v >= floor && !self.dead_jump(i, k)? {
                        self.depends_on_board(self.boards[i]);
                        break;
                    }
                }
                continue;
            }
            // A reserved board (phase 2 made a branching jump onto its end
            // while it was playable) must make a non-branching move in
            // phase 3 (`reserve` in `phases.rs`), so its own jumps are no way
            // out. The reservations hold for the whole subtree below the
            // jump that made them, and phase 2's reasons are kept only
            // under the reservations they were found with (`siblings.rs`,
            // `orders.rs`), so no reason needs to name them. (A reason
            // found below the jump also goes up into its node's union,
            // which is reused where that jump may not reserve the board:
            // there the board is played, so its jumps are no way out
            // either; `cuts.md`, "A reservation where the reason is
            // reused".)
            if self.reserved[i] {
                continue;
            }
            // To pull the present back, its timeline must still be active.
            let later_i = later(self, i).min(active_left.saturating_sub(1));
            for k in 0..self.jumps[i].len() {
                let m = self.jumps[i][k];
                if m.to.board.v < present
                    && m.to.board.v + 1 < cap
                    && m.to.board.v >= floor
                    && self.jump_can_branch_why(i, k, decided)
                    && !self.jump_fails_numbers(i, k, later_i)?
                    && !self.probe_jump(i, k)?
                {
                    return ControlFlow::Continue(false);
                }
            }
        }
        'boards: for u in 0..n {
            if !waiting(self, u) {
                continue;
            }
            let b = self.boards[u];
            if u >= decided {
                // Its own phase-1 move is still to be chosen.
                for k in 0..self.nonbranching[u].len() {
                    let m = self.nonbranching[u][k];
                    if !m.is_physical() && self.decided_before(decided, m.to.board) {
                        // Onto an early board decided already: played, or
                        // passed and so sealed (`phases.rs`).
                        continue;
                    }
                    let hop_ok = m.is_physical() || self.mv.is_playable(m.to.board, self.mover);
                    if !hop_ok {
                        // A hop onto a board played already: no way out
                        // while that board stays played, or wherever a
                        // nogood rules the hop out (then whether its target
                        // moved does not matter).
                        if !self.nb_fails(u, k, false) {
                            self.depends_on_board(m.to.board);
                        }
                        continue;
                    }
                    if !self.probe_nb(u, k)? {
                        continue 'boards;
                    }
                }
            }
            let later_u = later(self, u);
            let mut past_forbidden = None;
            // Below a stale end that the next timeline reactivates and no
            // move can play, no jump completes (none pulls the present
            // under it: see above, and `stale.rs`).
            let jumps = if cap == i32::MAX {
                self.jumps[u].len()
            } else {
                0
            };
            // A jump onto a passed early board's end is asked about last
            // (`fails_after_target_leaves` costs a probe per jump of that
            // board): only if no other way out is left.
            let mut waits = Vec::new();
            for k in 0..jumps {
                if self.jump_can_branch_why(u, k, decided)
                    && !self.keep_forbids_jump(u, k, &mut past_forbidden)?
                    && !self.jump_fails_numbers(u, k, later_u)?
                {
                    if self.waits_for_target(u, k, decided).is_some() {
                        waits.push(k);
                    } else if !self.probe_jump(u, k)?
                        // A jump onto the end of a board still to play
                        // branches only once that board is played first
                        // (`target.rs`).
                        && !self.fails_until_target_moves(u, k, decided, jumpers)?
                    {
                        continue 'boards;
                    }
                }
            }
            // Hops onto it: only onto a board whose phase-1 choice is still
            // to come (one passed is sealed: no hop arrives later), from
            // boards whose choice is still to come (every board with a hop
            // onto a board at the present is decided in phase 1).
            let arrivals = if u >= decided { decided..n } else { n..n };
            for o in arrivals {
                if o == u {
                    continue;
                }
                if !self.mv.is_playable(self.boards[o], self.mover) {
                    // Played already: its hops onto `u` are no way out while
                    // it stays played, or wherever a nogood rules them out.
                    for k in 0..self.nonbranching[o].len() {
                        if self.nonbranching[o][k].to.board == b && !self.nb_fails(o, k, false) {
                            self.depends_on_board(self.boards[o]);
                            break;
                        }
                    }
                    continue;
                }
                for k in 0..self.nonbranching[o].len() {
                    let m = self.nonbranching[o][k];
                    if m.to.board == b && !self.probe_nb(o, k)? {
                        continue 'boards;
                    }
                }
            }
            for k in waits {
                if !self.fails_after_target_leaves(u, k, decided, jumpers, false)?
                    && !self.probe_jump(u, k)?
                {
                    continue 'boards;
                }
            }
            // Stuck: because `u` was left unplayed, and because no old
            // inactive timeline was played to a stale end (see `stale`).
            self.depends_on_board(self.boards[u]);
            for j in 0..n {
                let bj = self.boards[j];
                if bj.v + 1 < present && bj.v + 1 > floor && !self.mv.is_active(bj.l) {
                    self.depends_on_board(self.boards[j]);
                }
            }
            return ControlFlow::Continue(true);
        }
        // Each board alone has a way out: two of them may still exclude
        // each other (`pair.rs`).
        // The present cannot be pulled back if no new timeline can be
        // active, or if every jump that could pull it back was found above
        // to fail at every number it can get (the loop over `pull_range`
        // returns at the first one that does not).
        let no_pull_back = cap == i32::MAX;
        self.pair_stuck(decided, n, no_pull_back)
    }

    /// Can jump `k` of board `i` still be made as a branching jump, once
    /// boards `..decided` have had their phase-1 choice? Not if it lands on
    /// the playable end board of an early board already decided (passed)
    /// that has no jump of its own and that no board can hop onto: that
    /// board stays the end of its timeline, so the jump could only be a
    /// hop, which phase 1 decided. Phase 2 makes a jump onto a playable end
    /// board only when that board is free (it may still move in phase 3),
    /// or once the board has left by its own branching jump.
    pub(super) fn jump_can_branch(&self, i: usize, k: usize, decided: usize) -> bool {
        let m = self.jumps[i][k];
        if self.mv.is_branching(&m) {
            return true;
        }
        match self.board_index(m.to.board) {
            Some(j) => {
                j != i
                    && ((j >= self.first_free
                        && (self.phase3_playable(j) || !self.jumps[j].is_empty()))
                        || (j < self.first_free && j >= decided)
                        || (self.hop_target[j] && j >= decided)
                        || !self.jumps[j].is_empty())
            }
            None => true,
        }
    }

    /// True if jump `k` of board `u`, waiting at the present, gives a check
    /// in every completion from here because it lands on the playable end
    /// board of an early board `j` already decided (passed, so sealed) and
    /// each way `j` can leave first is followed by that check (issue 14,
    /// `cuts.md` "A jump that waits for its target to leave").
    ///
    /// Landing on `j`'s end, the jump is a hop, which phase 1 decided; it is
    /// a branching jump only once `j`'s end has moved on, and a passed early
    /// board is played only by its own branching jump `K`, made before (a
    /// jump of `j` onto `u`'s own end cannot come first: it branches only
    /// once `u` has moved, by this very jump). So each `K` that a nogood
    /// does not rule out at every number it can get is made here (as a
    /// branching jump), then this jump, and a check is looked for that uses
    /// neither new timeline: its boards are boards of the searched position,
    /// boards the action has made, `j`'s next board (its end with `K`'s
    /// piece gone, whichever jumps come between) and this jump's own
    /// board, so it is there in every completion that makes `K` and then
    /// this jump (checks are monotone). The reason: `j` unplayed (so still
    /// passed, with the same end), why each `K` left out fails, and each
    /// check's conditions on boards other than `j`'s next board and the
    /// jump's own.
    ///
    /// With `for_good` (the pair test, `pair.rs`, which calls it after a
    /// jump of another board made only to test): a jump of `j` is left out
    /// only by a nogood for any number, and only a check on timelines of the
    /// searched position counts (the test's own jump may get another number
    /// in an action, or come after these two).
    pub(super) fn fails_after_target_leaves(
        &mut self,
        u: usize,
        k: usize,
        decided: usize,
        jumpers: usize,
        for_good: bool,
    ) -> ControlFlow<Stop, bool> {
        let Some(j) = self.waits_for_target(u, k, decided) else {
            return ControlFlow::Continue(false);
        };
        let m = self.jumps[u][k];
        let bj = self.boards[j];
        let j_next = BoardId {
            l: bj.l,
            v: bj.v + 1,
        };
        let own = own_boards(&m, false);
        let later_j = jumpers.saturating_sub(1);
        let attacker = !self.mover;
        let mut why = Why::empty();
        // The jump of `j` that left no check last time first: a negative
        // answer then usually costs one probe, not one per jump of `j`.
        let open = self.after_target_open.get(&(u, k)).copied();
        let rest = (0..self.jumps[j].len()).filter(|&kk| Some(kk) != open);
        for kk in open.into_iter().chain(rest) {
            let km = self.jumps[j][kk];
            if km.to.board == self.boards[u] {
                continue;
            }
            let saved = std::mem::replace(&mut self.why, Why::empty());
            let fails = if for_good {
                self.jump_fails_any_number(j, kk)?
            } else {
                self.jump_fails_numbers(j, kk, later_j)?
            };
            let w = std::mem::replace(&mut self.why, saved);
            if fails {
                why.union_with(&w);
                continue;
            }
            // The check found last time, if its conditions hold again (and,
            // for the pair test, lie on the searched position's timelines).
            if let Some(conds) = self.after_target.get(&(u, k, kk)) {
                let learnt = &self.learnt;
                if conds
                    .iter()
                    .all(|c| c.holds_in(&self.mv) && (!for_good || learnt.in_root(c.board.l)))
                {
                    for &c in conds {
                        why.push(c);
                    }
                    continue;
                }
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return ControlFlow::Break(Stop::Budget);
            }
            let Some(uk) = self.mv.apply_as(&km, true) else {
                return ControlFlow::Continue(false);
            };
            let created_k = uk.created();
            let found = match self.mv.apply_as(&m, true) {
                Some(uj) => {
                    let created_j = uj.created();
                    let news = new_boards(&self.mv, &m, uj);
                    let learnt = &self.learnt;
                    let check = self.mv.royal_capture_involving_where(
                        &news,
                        attacker,
                        created_j,
                        &mut |c| {
                            line_points(c).is_some_and(|pts| {
                                pts.iter().all(|(b, _)| {
                                    Some(b.l) != created_k
                                        && Some(b.l) != created_j
                                        && (!for_good || learnt.in_root(b.l))
                                })
                            })
                        },
                    );
                    let conds = check.and_then(|c| self.learnt.conditions(&self.mv, &c, created_j));
                    self.mv.undo(uj);
                    conds
                }
                None => None,
            };
            self.mv.undo(uk);
            let Some((conds, _)) = found else {
                self.after_target_open.insert((u, k), kk);
                return ControlFlow::Continue(false);
            };
            let conds: Vec<Cond> = conds
                .into_iter()
                .filter(|c| !own.contains(&c.board) && c.board != j_next)
                .collect();
            for &c in &conds {
                why.push(c);
            }
            self.after_target.insert((u, k, kk), conds);
        }
        self.why.union_with(&why);
        self.depends_on_board(bj);
        ControlFlow::Continue(true)
    }

    /// The early board `j` among `..decided` (passed: played ones are not
    /// playable) whose playable end jump `k` of board `u` lands on, if any:
    /// the jump is then a hop until `j` has left by its own branching jump
    /// (see [`Search::fails_after_target_leaves`]).
    pub(super) fn waits_for_target(&self, u: usize, k: usize, decided: usize) -> Option<usize> {
        let m = self.jumps[u][k];
        if self.mv.is_branching(&m) {
            return None;
        }
        let early = decided.min(self.first_free);
        let j = (0..early).find(|&j| self.boards[j] == m.to.board)?;
        (j != u && self.mv.is_playable(self.boards[j], self.mover)).then_some(j)
    }

    /// Can free board `j` be played in phase 3: does it have a
    /// non-branching move, or can a free board still to play hop onto it?
    /// If not, a jump onto its end board never becomes a branching jump
    /// by the move it waits for (a reserved board that cannot be played:
    /// before, phase 2 went on extending the jump sequence under such a
    /// reservation, which no completion can honour).
    pub(super) fn phase3_playable(&self, j: usize) -> bool {
        !self.nonbranching[j].is_empty()
            || self.hop_sources[j].iter().any(|&o| {
                o >= self.first_free && o != j && self.mv.is_playable(self.boards[o], self.mover)
            })
    }

    /// In phase 2: true if a reserved board (see `reserved`) can no longer
    /// be played in phase 3: each of its non-branching moves, and each hop
    /// onto it from a free board still playable, gives a check now (and so
    /// in every completion: checks only grow). No jump sequence from here
    /// completes: the jump that reserved it can never be a branching one.
    /// One node per move tested (nogoods skip known failures for free).
    pub(super) fn reserved_stuck(&mut self) -> ControlFlow<Stop, bool> {
        let n = self.boards.len();
        'boards: for j in self.first_free..n {
            if !self.reserved[j] || !self.mv.is_playable(self.boards[j], self.mover) {
                continue;
            }
            // The reason (see `siblings.rs`): `j` unplayed, the hops not
            // available, and the checks found.
            self.depends_on_board(self.boards[j]);
            for k in 0..self.nonbranching[j].len() {
                let m = self.nonbranching[j][k];
                if !m.is_physical() && !self.mv.is_playable(m.to.board, self.mover) {
                    self.depends_on_board(m.to.board);
                    continue;
                }
                if !self.probe_nb(j, k)? {
                    continue 'boards;
                }
            }
            if self.hop_rescues(j, self.first_free)? {
                continue 'boards;
            }
            return ControlFlow::Continue(true);
        }
        ControlFlow::Continue(false)
    }

    /// True if a board `o >= from` (other than `j`) still playable has a
    /// hop onto board `j`'s board that gives no check now (probed, one node
    /// each; nogoods skip known failures for free). Each source no longer
    /// playable goes into the reason (`depends_on_board`): the answer
    /// depends on it. Shared by `reserved_stuck` (free boards, `from` =
    /// `first_free`) and `stale`'s playable-end test (`from` = the first
    /// board still to decide).
    pub(super) fn hop_rescues(&mut self, j: usize, from: usize) -> ControlFlow<Stop, bool> {
        let target = self.boards[j];
        for s in 0..self.hop_sources[j].len() {
            let o = self.hop_sources[j][s];
            if o < from || o == j {
                continue;
            }
            if !self.mv.is_playable(self.boards[o], self.mover) {
                self.depends_on_board(self.boards[o]);
                continue;
            }
            for k in 0..self.nonbranching[o].len() {
                let m = self.nonbranching[o][k];
                if !m.is_physical() && m.to.board == target && !self.probe_nb(o, k)? {
                    return ControlFlow::Continue(true);
                }
            }
        }
        ControlFlow::Continue(false)
    }

    /// [`Search::jump_can_branch`], noting in `why`, when it cannot, that
    /// the answer depends on the board the jump lands on. When it can, the
    /// callers go on to show that the jump fails by a check (a nogood, or a
    /// probe made as a branching jump), which holds whether or not the
    /// target has moved since (the jump's boards are the same either way),
    /// or they find a way out and the reason is dropped: so the target is
    /// left out of the reason then (issue 14, branch `hunt`: on
    /// `holdout2.tsv` positions, the reasons of a waiting board with many
    /// jumps named every board they land on, and phase 1 could neither skip
    /// nor jump back past any of them).
    pub(super) fn jump_can_branch_why(&mut self, i: usize, k: usize, decided: usize) -> bool {
        if self.jump_can_branch(i, k, decided) {
            return true;
        }
        let target = self.jumps[i][k].to.board;
        self.depends_on_board(target);
        // Onto a free board's end: the answer may depend on which free
        // boards can still hop onto it (`phase3_playable`).
        if let Some(j) = (self.first_free..self.boards.len()).find(|&j| self.boards[j] == target) {
            for s in 0..self.hop_sources[j].len() {
                let o = self.hop_sources[j][s];
                if o >= self.first_free && o != j {
                    self.depends_on_board(self.boards[o]);
                }
            }
        }
        false
    }

    /// True if board `i` has a jump into the past not known to fail, and some
    /// board passed before it in phase 1 waits at the present with no jump
    /// of its own left (so only a hop or a pulled-back present can save it).
    pub(super) fn pull_needed_from(&mut self, i: usize) -> ControlFlow<Stop, bool> {
        let present = self.mv.present();
        if color_of(present) != self.mover || !self.mv.next_timeline_active(self.mover) {
            return ControlFlow::Continue(false);
        }
        let mut has_pull = false;
        for k in 0..self.jumps[i].len() {
            if self.jumps[i][k].to.board.v < present && !self.jump_fails(i, k)? {
                has_pull = true;
                break;
            }
        }
        if !has_pull {
            return ControlFlow::Continue(false);
        }
        'passed: for u in 0..i {
            let b = self.boards[u];
            if b.v != present || !self.mv.is_playable(b, self.mover) || !self.mv.is_active(b.l) {
                continue;
            }
            for k in 0..self.jumps[u].len() {
                if !self.jump_fails(u, k)? {
                    continue 'passed;
                }
            }
            return ControlFlow::Continue(true);
        }
        ControlFlow::Continue(false)
    }

    /// True if board `i` (an early board) has no move and no jump of its
    /// own, so only an arrival (a hop from a board decided after it) or a
    /// pulled-back present can play it, and an early board decided after it
    /// has a jump into the past not known to fail. Order only (`phases.rs`
    /// then lets it pass first): its arrivals each spend another board's
    /// move, while passing leaves that board free and the present to a jump.
    pub(super) fn pull_first_for_bare(&mut self, i: usize) -> ControlFlow<Stop, bool> {
        let present = self.mv.present();
        if !self.nonbranching[i].is_empty()
            || !self.jumps[i].is_empty()
            || color_of(present) != self.mover
            || !self.mv.next_timeline_active(self.mover)
        {
            return ControlFlow::Continue(false);
        }
        for u in i + 1..self.first_free {
            for k in 0..self.jumps[u].len() {
                if self.jumps[u][k].to.board.v < present && !self.jump_fails(u, k)? {
                    return ControlFlow::Continue(true);
                }
            }
        }
        ControlFlow::Continue(false)
    }

    /// True if jump `k` of board `i` gives a check in every action that
    /// makes it as a branching jump. The test: made as a branching jump in the
    /// searched position, before any other move, it gives a check that avoids
    /// its new timeline (attacker, royal, and any board passed through), or a
    /// capture inside the new board alone. At that point the new timeline is
    /// the outermost one, so no path crosses it towards another board; every
    /// other board the check uses exists unchanged whatever else is played
    /// (checks are monotone), and a capture inside one board does not depend
    /// on that board's timeline number. Memoised; costs one node when tested.
    pub(super) fn dead_jump(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
        if let Some(d) = self.jump_dead[i][k] {
            return ControlFlow::Continue(d);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let m = self.jumps[i][k];
        let attacker = !self.mover;
        let root = &mut self.root;
        let dead = match root.apply_as(&m, true) {
            Some(u) => {
                let news = new_boards(root, &m, u);
                let d = match u {
                    super::super::multiverse::Undo::Branch { created, .. } => {
                        let c = news[1];
                        root.royal_capture_involving_except(&news, attacker, Some(created))
                            .is_some()
                            || root.royal_captures_from(c.l, c.v, Some((0, 0)), &mut |_| true)
                    }
                    _ => false,
                };
                root.undo(u);
                d
            }
            None => true,
        };
        self.jump_dead[i][k] = Some(dead);
        ControlFlow::Continue(dead)
    }

    /// In phase 3, before step `next` (see [`Search::phase_c`]): can some
    /// choice for the boards still to decide pass the present to the
    /// opponent and play every reserved board? Phase 3 neither creates
    /// timelines nor changes which are active, so the final present is the
    /// smallest active end, where an unplayed board keeps its end and a
    /// played one ends one half-turn later (on the opponent's colour).
    /// Boards already passed (and early boards left unplayed) stay unplayed
    /// unless a board still to decide can hop onto them. A necessary
    /// condition, so cutting on it is exact: this is what keeps a
    /// reactivated old timeline (which must be played) from multiplying
    /// every combination of the other optional boards before failing at the
    /// end.
    pub(super) fn can_finish(&self, next: usize) -> bool {
        // Passed reserved boards need distinct rescuers (`rescue.rs`).
        if !self.rescuers_suffice(next) {
            return false;
        }
        let mut unplayed = i32::MAX;
        let mut opponent = i32::MAX;
        let (lmin, lmax) = self.mv.timeline_range();
        for l in lmin..=lmax {
            if let Some(e) = self.mv.end(l) {
                if color_of(e) != self.mover && self.mv.is_active(l) {
                    opponent = opponent.min(e);
                }
            }
        }
        let undecided = |j: usize| self.p3_pos[j] != usize::MAX && self.p3_pos[j] >= next;
        for (j, &b) in self.boards.iter().enumerate() {
            if !self.mv.is_playable(b, self.mover) {
                continue;
            }
            let still_open = undecided(j)
                || self.hop_sources[j]
                    .iter()
                    .any(|&o| undecided(o) && self.mv.is_playable(self.boards[o], self.mover));
            if !still_open && self.reserved[j] {
                return false;
            }
            if !self.mv.is_active(b.l) {
                continue;
            }
            if still_open {
                opponent = opponent.min(b.v + 1);
            } else {
                unplayed = unplayed.min(b.v);
            }
        }
        opponent < unplayed
    }
}
