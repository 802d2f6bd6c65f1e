//! The three phases of the search (see the module docs of `search`):
//! phase 1 over the early boards with reasons and backjumping (`why.rs`),
//! phase 2 the branching jumps, phase 3 the free optional boards.

use std::ops::ControlFlow;

use super::super::coords::{color_of, BoardId, Move};
use super::nogood;
use super::siblings::Failed;
use super::why::{Cond, Why};
use super::{Search, Stop};

/// A choice of phase 1 for the board being decided: pass (and be sealed:
/// no board decided later hops onto it), or non-branching move `k` of board
/// `o` (its own move, or an arrival: a hop onto it from a board decided
/// later, made now).
#[derive(Debug, Clone, Copy)]
pub(super) enum Choice {
    Pass,
    Move(usize, usize),
}

impl Search<'_> {
    /// Whether `t` is one of the early boards `..decided`, whose phase-1
    /// choice is made: played, or passed and so sealed. Either way no hop
    /// may arrive onto it any more.
    pub(super) fn decided_before(&self, decided: usize, t: BoardId) -> bool {
        self.board_index(t).is_some_and(|j| j < decided)
    }

    /// The index of board `t` among the searched boards, if it is one.
    #[inline]
    pub(super) fn board_index(&self, t: BoardId) -> Option<usize> {
        self.board_slots.index(&self.boards, t)
    }

    /// The reason gathered in `why` so far, which is then emptied.
    pub(super) fn take_why(&mut self) -> Why {
        std::mem::replace(&mut self.why, Why::empty())
    }

    /// Phase 1: the early boards, in order. Board `i` makes a non-branching
    /// move (not a hop onto an early board decided before it), or receives
    /// an arrival (a hop onto it from an early board decided after it, made
    /// now), or passes. A pass seals it: no board decided later hops onto
    /// it. So an action where board `o` hops onto board `i` is reached once,
    /// at the earlier of the two, and a passed board's only ways out left
    /// are its own branching jumps and a pulled-back present: its failure
    /// is known as soon as those fail, instead of after every combination
    /// of its hop sources' choices (issue 14, module docs of `search`).
    /// Returns why nothing was found (see `why.rs`): unknown if some action
    /// was visited or the reason cannot be stated.
    pub(super) fn phase_a(&mut self, i: usize) -> ControlFlow<Stop, Why> {
        // A reason this level failed for before holds again (`levels.rs`).
        if let Some(why) = self.level_known(i) {
            return ControlFlow::Continue(why);
        }
        let why = self.phase_a_level(i)?;
        self.level_failed(i, &why);
        ControlFlow::Continue(why)
    }

    /// [`Search::phase_a`] without the reasons kept per level.
    fn phase_a_level(&mut self, i: usize) -> ControlFlow<Stop, Why> {
        // Every board waiting at the present must keep a way out.
        if i < self.first_free {
            self.why = Why::empty();
            if self.stuck(i)? {
                return ControlFlow::Continue(self.take_why());
            }
        }
        if i == self.first_free {
            self.why = Why::empty();
            if self.stuck(self.first_free)? {
                return ControlFlow::Continue(self.take_why());
            }
            return self.phase_b();
        }
        let b = self.boards[i];
        let next = BoardId { l: b.l, v: b.v + 1 };
        if !self.mv.is_playable(b, self.mover) {
            // Hopped onto by an earlier board.
            let mut why = self.phase_a(i + 1)?;
            why.push(Cond::existence(&self.mv, next));
            return ControlFlow::Continue(why);
        }
        // A mandatory board may stay unplayed in phase 1 only if it can still
        // branch in phase 2 or if the present can be pulled back: passing it
        // also seals it (no board decided after it hops onto it; those hops
        // are its arrival choices below).
        let may_pass = !self.mandatory[i] || self.can_pull_present || !self.jumps[i].is_empty();
        // Order only: when a board already passed can be saved only by
        // pulling the present back, keep this board's jumps into the past
        // available first, so an action is found without first trying every
        // combination of the other boards' moves.
        let pass_first = may_pass
            && ((self.pass_first && self.stack.is_empty())
                || self.pull_needed_from(i)?
                || (self.bare_first && self.pull_first_for_bare(i)?));
        let mut choices: Vec<Choice> = Vec::new();
        if pass_first {
            choices.push(Choice::Pass);
        }
        // Its own moves, except hops onto an early board decided before it
        // (played, or passed and so sealed).
        for k in 0..self.nonbranching[i].len() {
            let m = self.nonbranching[i][k];
            if m.is_physical() || !self.decided_before(i, m.to.board) {
                choices.push(Choice::Move(i, k));
            }
        }
        // Its arrivals: the hops onto it from the early boards decided after it.
        choices.extend(self.arrivals[i].iter().map(|&(o, k)| Choice::Move(o, k)));
        if may_pass && !pass_first {
            choices.push(Choice::Pass);
        }
        // The boards the choices of `i` can make.
        let mut made = vec![next];
        for c in &choices {
            if let Choice::Move(o, k) = *c {
                let m = self.nonbranching[o][k];
                for t in nogood::own_boards(&m, !m.is_physical()) {
                    if !made.contains(&t) {
                        made.push(t);
                    }
                }
            }
        }
        // The reasons of the choices that failed, and their union without
        // the conditions on the boards each choice made, plus "`i` not
        // played yet" (see `why.rs`).
        let mut failed: Vec<Why> = Vec::new();
        let mut all = Why::empty();
        all.push(Cond::existence(&self.mv, next));
        for c in choices {
            let own = match c {
                Choice::Pass => Vec::new(),
                Choice::Move(o, k) => {
                    let m = self.nonbranching[o][k];
                    let own = nogood::own_boards(&m, !m.is_physical());
                    if !m.is_physical() {
                        // This choice exists only while its source and its
                        // target are playable.
                        let other = if o == i { own[1] } else { own[0] };
                        all.push(Cond::existence(&self.mv, other));
                        if !self.mv.is_playable(m.from.board, self.mover)
                            || !self.mv.is_playable(m.to.board, self.mover)
                        {
                            continue;
                        }
                    }
                    own.to_vec()
                }
            };
            let why = match self.explained(c, &failed) {
                Some(w) => w,
                None => match c {
                    Choice::Pass => self.phase_a(i + 1)?,
                    Choice::Move(o, k) => self.phase_a_move(i, o, k)?,
                },
            };
            if !why.names_any(&made) && !self.reuse_off {
                // Whatever `i` chooses, the same failure: jump back.
                return ControlFlow::Continue(why);
            }
            all.union_with(&why.without(&own));
            if !why.is_unknown() && failed.len() < 16 && !failed.contains(&why) {
                failed.push(why);
            }
        }
        ControlFlow::Continue(all)
    }

    /// If the reason of a failed choice of the board being decided holds
    /// after choice `c`, that reason: `c` fails the same way. Made without a
    /// check test; the move is made (one node) only when a reason's
    /// conditions on the boards it makes ask about a square.
    pub(super) fn explained(&mut self, c: Choice, failed: &[Why]) -> Option<Why> {
        if failed.is_empty() || self.reuse_off {
            return None;
        }
        let u = match c {
            Choice::Pass => None,
            Choice::Move(o, k) => {
                // Most reasons are settled without making the move: a
                // condition on a board the move does not make holds after it
                // exactly when it holds now (boards never change), and one
                // on a board it makes (from end boards, only `own`) is known
                // when it asks only whether that board exists. The first
                // reason not known to fail decides, as after the move.
                let m = self.nonbranching[o][k];
                let own = nogood::own_boards(&m, !m.is_physical());
                match failed
                    .iter()
                    .map(|w| (w, w.holds_after_making(&self.mv, &own)))
                    .find(|(_, h)| *h != Some(false))
                {
                    None => return None,
                    Some((w, Some(true))) => return Some(w.clone()),
                    Some(_) => {}
                }
                // A move applied (not tested): charged as a node, so that
                // the budget bounds the time of long reasons too. Not in
                // the search keeping the present (softmate), which has its
                // own small bound (`SOFTMATE_NODES`) and whose proofs the
                // charge made ten times longer (`standardreversedroyalty-1-
                // checks` 19 of `fresh.tsv`: 22 476 nodes, 212 255 charged).
                if self.keep_present.is_none() {
                    self.nodes += 1;
                }
                Some(self.mv.apply_as(&self.nonbranching[o][k], false)?)
            }
        };
        let found = failed.iter().find(|w| w.holds_in(&self.mv)).cloned();
        if let Some(u) = u {
            self.mv.undo(u);
        }
        found
    }

    /// Phase 1, while board `i` is decided: board `o` (`i` itself, or a
    /// board hopping onto it) makes its non-branching move `k` (skipped if
    /// it is known to fail, learnt if it fails) and the search goes on with
    /// the next board. Returns why nothing was found.
    pub(super) fn phase_a_move(&mut self, i: usize, o: usize, k: usize) -> ControlFlow<Stop, Why> {
        let m = self.nonbranching[o][k];
        self.why = Why::empty();
        if self.nb_fails(o, k, true) {
            return ControlFlow::Continue(self.take_why());
        }
        let Some(u) = self.try_move(&m, false)? else {
            if self.last_check.is_some() {
                self.learn_nb(o, k, true);
            } else {
                self.why.set_unknown();
            }
            return ControlFlow::Continue(self.take_why());
        };
        // Keep the canonical play order: non-branching moves before the
        // branching jumps (none yet in phase 1).
        let at = self.stack.len() - self.branch_count;
        self.stack.insert(at, m);
        let r = self.phase_a(i + 1);
        self.stack.remove(at);
        self.mv.undo(u);
        r
    }

    /// Phase 2: every sequence of branching jumps, each prefix completed by
    /// phase 3. Returns why nothing was found when that can be stated (see
    /// `siblings.rs`: today only a `stuck` verdict at the top), else unknown.
    pub(super) fn phase_b(&mut self) -> ControlFlow<Stop, Why> {
        // A reason a node with this context failed for holds again
        // (`orders.rs`).
        if let Some(why) = self.order_known() {
            return ControlFlow::Continue(why);
        }
        let why = self.phase_b_node()?;
        self.order_failed(&why);
        ControlFlow::Continue(why)
    }

    /// Phase 2 at one node (see [`Search::phase_b`]).
    fn phase_b_node(&mut self) -> ControlFlow<Stop, Why> {
        let present = self.mv.present();
        // Phase 3 cannot help while an early board at the present is unplayed.
        let early_waiting = color_of(present) == self.mover
            && (0..self.first_free).any(|i| {
                let b = self.boards[i];
                b.v == present && self.mv.is_playable(b, self.mover) && self.mv.is_active(b.l)
            });
        // Any board waiting at a present of the mover's colour (an early
        // one, a free one, or the end of a timeline a jump reactivated) must
        // be played or the present pulled back by a later jump: if neither
        // can happen, no jump sequence from here completes.
        let any_waiting = early_waiting
            || (color_of(present) == self.mover
                && (self.first_free..self.boards.len()).any(|i| {
                    let b = self.boards[i];
                    b.v == present && self.mv.is_playable(b, self.mover) && self.mv.is_active(b.l)
                }));
        // Reasons are gathered for the siblings of this node and its
        // parent (see `siblings.rs`).
        self.why = Why::empty();
        if any_waiting && self.stuck(self.first_free)? {
            return ControlFlow::Continue(self.take_why());
        }
        self.why = Why::empty();
        if self.reserved.contains(&true) && self.reserved_stuck()? {
            self.p3_cuts += 1;
            return ControlFlow::Continue(self.take_why());
        }
        if !early_waiting {
            self.phase_c_start()?;
            // Phase 3 gives no reason, so this node's is unknown; but the
            // jumps made from here may all fail for a reason kept at a
            // node of the same context (`orders.rs` `loop_failed`).
            if self.loop_known().is_some() {
                return ControlFlow::Continue(Why::unknown());
            }
        }
        // The reasons of the jumps made from here that failed, with the
        // present after them, and this node's own reason: the union of
        // every jump's, stated before it (see `siblings.rs`). Where phase 3
        // ran, the same union is why every jump failed, kept for the nodes
        // of the same context (the node's own reason stays unknown).
        let mut failed: Vec<Failed> = Vec::new();
        let mut node_why = self.phase2_base_why();
        let n = self.boards.len();
        // Order only: while an early board waits at the present, no jump
        // sequence completes without the waiting boards' own jumps or one
        // that pulls the present back; the free boards' jumps that pull it
        // back come right after the early boards' (see
        // `Search::pull_back_first`).
        let pull_first = self.pull_back_first(early_waiting);
        // The reasons the jumps of this node's context failed for, each
        // stated before its jump (`orders.rs` `JumpReasons`), and the
        // boards of inactive timelines, which each new one names (found
        // once, when first needed).
        let key = self.order_key();
        let mut jump_reasons = self.take_jump_reasons(&key);
        let mut pins: Option<Why> = None;
        for pass in 0..1 + usize::from(pull_first) {
            for i in 0..n {
                if self.reserved[i] || !self.mv.is_playable(self.boards[i], self.mover) {
                    continue;
                }
                // Keeping the present: a jump whose new timeline is active and
                // starts before it pulls it back (cut without being made).
                let pulls_back = |s: &Self, m: &Move| {
                    s.keep_present
                        .is_some_and(|p| m.to.board.v + 1 < p && s.mv.next_timeline_active(s.mover))
                };
                for k in 0..self.jumps[i].len() {
                    let m = self.jumps[i][k];
                    let first = i < self.first_free || m.to.board.v + 1 < present;
                    if pull_first && first != (pass == 0) {
                        continue;
                    }
                    if pulls_back(self, &m) {
                        self.kept_present_cut = true;
                        // Whether it pulls the present back depends on the
                        // timelines made so far, which no reason states: this
                        // node's reason cannot be stated either.
                        node_why.set_unknown();
                        continue;
                    }
                    self.why = Why::empty();
                    if self.jump_fails(i, k)? {
                        node_why.union_with(&self.take_why());
                        continue;
                    }
                    let reserve = if self.mv.is_branching(&m) {
                        None
                    } else {
                        // Onto a playable end board: a branching jump only if that
                        // board is free and makes a non-branching move in phase 3
                        // (or is hopped onto there): never if it cannot.
                        match (self.first_free..n).find(|&j| self.boards[j] == m.to.board) {
                            Some(j) if j != i && self.phase3_playable(j) => Some(j),
                            Some(j) if j != i => {
                                // Not a branching jump while its target
                                // stays unplayed and no free board that
                                // could hop onto it is still playable: the
                                // reason names both (an early board's hop,
                                // decided in phase 1, makes it branching in
                                // a sibling: `fjk.md`).
                                self.p3_cuts += 1;
                                let t = m.to.board;
                                node_why.push(Cond::existence(
                                    &self.mv,
                                    BoardId { l: t.l, v: t.v + 1 },
                                ));
                                for s in 0..self.hop_sources[j].len() {
                                    let o = self.hop_sources[j][s];
                                    if o >= self.first_free && o != j {
                                        let b = self.boards[o];
                                        node_why.push(Cond::existence(
                                            &self.mv,
                                            BoardId { l: b.l, v: b.v + 1 },
                                        ));
                                    }
                                }
                                continue;
                            }
                            _ => {
                                // Not a branching jump while its target is
                                // unplayed.
                                let t = m.to.board;
                                node_why.push(Cond::existence(
                                    &self.mv,
                                    BoardId { l: t.l, v: t.v + 1 },
                                ));
                                continue;
                            }
                        }
                    };
                    let own = self.jump_own_boards(&m);
                    if let (Some(j), false) = (reserve, early_waiting) {
                        // The jump reserves free board `j` only while `j`
                        // is unplayed: the reasons below are found under
                        // that reservation, so the reason kept for the
                        // jumps of a node where phase 3 ran names it
                        // (conservative: the argument below covers it too).
                        let t = self.boards[j];
                        node_why.push(Cond::existence(&self.mv, BoardId { l: t.l, v: t.v + 1 }));
                    }
                    // While an early board waits, the node's own reason
                    // does not name `j` unplayed, and need not (`cuts.md`,
                    // "A reservation where the reason is reused"). Where
                    // the reason holds in this context (a sibling, another
                    // order, the parent's union, phase 1's leaves) and `j`
                    // is unplayed, this jump reserves `j` again, or is no
                    // branching jump at all (the `!phase3_playable` arm:
                    // no action has it). Where `j` was played (by its own
                    // jump, or by an early board's hop in phase 1), the
                    // jump branches from the same board `m.to.board`,
                    // makes the same two boards (`own`), and its child
                    // lacks only the reservation of a played board, which
                    // constrains nothing: every read of `reserved[j]` is
                    // joined with "`j` playable" (this loop, `stuck`,
                    // `reserved_stuck`, `phase3_order`, `phase_c`'s last
                    // step, `can_finish`, `rescuers_suffice`), so the
                    // child's completions are the same with or without it,
                    // and the cuts that made the child's reason hold there
                    // too (`reserved_stuck`, the one cut that needs `j`
                    // unplayed, names it; `present_keeper` names it when
                    // `j` kept the present).
                    // A reason this jump failed for at a node of the
                    // same context (another of phase 1's leaves, another
                    // order of the jumps before) holds here: it fails
                    // again, unmade.
                    if let Some(w) = jump_reasons
                        .as_mut()
                        .and_then(|r| r.known((i, k, reserve), &self.mv))
                    {
                        self.jump_reason_counted(false);
                        node_why.union_with(&w);
                        continue;
                    }
                    if let Some((w, after, keeper)) =
                        self.sibling_explained(i, &m, reserve, &failed)?
                    {
                        self.fold_jump_failure(
                            &mut node_why,
                            (&mut jump_reasons, &mut pins),
                            (i, k, reserve),
                            (present, after, keeper),
                            &w.without(&own),
                        );
                        continue;
                    }
                    self.why = Why::empty();
                    let tried = self.try_move(&m, true)?;
                    if tried.is_none() {
                        if self.last_check.is_some() {
                            // This node's reason leaves the timeline range
                            // implicit: a check through the jump's own new
                            // timeline is stated by its other conditions
                            // (`cuts.md`, "The jump's own new timeline").
                            self.learn_jump(i, k, true, true);
                        } else {
                            self.why.set_unknown();
                        }
                        let w = self.take_why();
                        node_why.union_with(&w.without(&own));
                    }
                    if let Some(u) = tried {
                        let was = reserve.map(|j| std::mem::replace(&mut self.reserved[j], true));
                        let after = self.mv.present();
                        let keeper = self.present_keeper(i, after);
                        self.stack.push(m);
                        self.branch_count += 1;
                        let r = self.phase_b();
                        self.branch_count -= 1;
                        self.stack.pop();
                        if let (Some(j), Some(w)) = (reserve, was) {
                            self.reserved[j] = w;
                        }
                        self.mv.undo(u);
                        let why = r?;
                        self.fold_jump_failure(
                            &mut node_why,
                            (&mut jump_reasons, &mut pins),
                            (i, k, reserve),
                            (present, after, keeper),
                            &why.without(&own),
                        );
                        self.keep_failed(&mut failed, why, after, reserve);
                    }
                }
            }
        }
        self.put_jump_reasons(key, jump_reasons);
        if !early_waiting {
            self.loop_failed(&node_why);
            return ControlFlow::Continue(Why::unknown());
        }
        ControlFlow::Continue(node_why)
    }

    /// Whether phase 2, at a node where an early board waits at the present
    /// (`early_waiting`), makes the free boards' jumps whose new timeline
    /// is active and starts before the present right after the early
    /// boards' jumps, and the free boards' other jumps last (order only:
    /// every jump is still tried once, in one of the two passes). Such a
    /// board is played only by its own jump or once the present is pulled
    /// back, so every completion below the node holds one of those jumps.
    /// In board order the free boards' other jumps came first, and each of
    /// their sequences was extended, jump after jump, before its pull-back
    /// came (`holdout10-fjd.tsv focusedjustdragons-2-branching` 16: the
    /// first action after 139 478 nodes, now 16; `stress/README.md`
    /// "Pull-back jumps first"). The early boards keep their place: moving
    /// a pull-back ahead of a waiting board's own jump turned actions that
    /// keep the present into ones that do not, and `outcome` then runs its
    /// softmate search.
    fn pull_back_first(&self, early_waiting: bool) -> bool {
        early_waiting && self.keep_present.is_none() && self.mv.next_timeline_active(self.mover)
    }

    /// Phase 3 from a phase-2 node: the free optional boards, the ones that
    /// must be played first (see [`Search::phase3_order`]), then the action
    /// is checked and visited.
    pub(super) fn phase_c_start(&mut self) -> ControlFlow<Stop> {
        let order = self.phase3_order();
        if order.iter().zip(self.first_free..).any(|(&a, b)| a != b) {
            self.p3_cuts += 1;
        }
        let saved_pos = std::mem::take(&mut self.p3_pos);
        let mut pos = vec![usize::MAX; self.boards.len()];
        for (k, &j) in order.iter().enumerate() {
            pos[j] = k;
        }
        self.p3_pos = pos;
        let saved = std::mem::replace(&mut self.p3, order);
        let r = self.phase_c(0);
        self.p3 = saved;
        self.p3_pos = saved_pos;
        r
    }

    /// The order in which phase 3 decides the free boards: first those that
    /// must be played (reserved ones, and active ones at a present of the
    /// mover's colour: phase 3 can only move the present forward), then the
    /// boards that can hop onto one of them, then the others, each group in
    /// search order. Any fixed order reaches every
    /// combination once; this one finds a board that must be played but
    /// cannot be at the top of phase 3 instead of below every combination
    /// of the boards before it (issue 14: the budget of eight of the
    /// stress suite's undecided positions went there).
    fn phase3_order(&self) -> Vec<usize> {
        let present = self.mv.present();
        let must = |j: usize| {
            let b = self.boards[j];
            self.mv.is_playable(b, self.mover)
                && (self.reserved[j]
                    || (b.v == present
                        && color_of(present) == self.mover
                        && self.mv.is_active(b.l)))
        };
        let free = self.first_free..self.boards.len();
        let mut order: Vec<usize> = free.clone().filter(|&j| must(j)).collect();
        // Next, the boards that can hop onto one of those (a passed board
        // that must be played waits for them).
        let rescuers: Vec<usize> = free
            .clone()
            .filter(|&j| !must(j) && order.iter().any(|&t| self.hop_sources[t].contains(&j)))
            .collect();
        order.extend(rescuers);
        let rest: Vec<usize> = free.filter(|&j| !order.contains(&j)).collect();
        order.extend(rest);
        order
    }

    /// Phase 3, step `k`: free board `p3[k]` passes or makes a
    /// non-branching move; after the last one, the action is checked and
    /// visited.
    pub(super) fn phase_c(&mut self, k: usize) -> ControlFlow<Stop> {
        if k == self.p3.len() {
            // Not `Multiverse::can_end_action`: no royal capture can be open
            // here (`run` and `try_move` keep every one out), and a board
            // reserved to move must have moved.
            let done = !self.stack.is_empty()
                && color_of(self.mv.present()) != self.mover
                && (self.first_free..self.boards.len())
                    .all(|j| !self.reserved[j] || !self.mv.is_playable(self.boards[j], self.mover));
            if done {
                // An action: the order hint has earned its keep
                // (`run_search`).
                self.budget = self.full_budget;
            }
            if done && (self.visit)(&self.stack, &self.mv).is_break() {
                return ControlFlow::Break(Stop::Visitor);
            }
            return ControlFlow::Continue(());
        }
        if !self.can_finish(k) {
            return ControlFlow::Continue(());
        }
        let i = self.p3[k];
        let b = self.boards[i];
        if !self.mv.is_playable(b, self.mover) {
            return self.phase_c(k + 1);
        }
        self.phase_c(k + 1)?;
        for x in 0..self.nonbranching[i].len() {
            let m = self.nonbranching[i][x];
            if !m.is_physical() && !self.mv.is_playable(m.to.board, self.mover) {
                continue;
            }
            if self.nb_fails(i, x, true) {
                continue;
            }
            let tried = self.try_move(&m, false)?;
            if tried.is_none() {
                self.learn_nb(i, x, true);
            }
            if let Some(u) = tried {
                // Keep the canonical play order: non-branching moves before
                // the branching jumps.
                let at = self.stack.len() - self.branch_count;
                self.stack.insert(at, m);
                let r = self.phase_c(k + 1);
                self.stack.remove(at);
                self.mv.undo(u);
                r?;
            }
        }
        ControlFlow::Continue(())
    }
}
