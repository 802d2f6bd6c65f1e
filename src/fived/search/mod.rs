//! Exact search over legal actions: existence, enumeration, counting, and the
//! outcome of a position (`shared/rules/5d-chess.md`, sections 6, 7 and 10).
//!
//! An action is a set of non-branching moves (physical moves and `>` hops)
//! plus a sequence of branching moves (`>>`). The search builds them in two
//! phases:
//!
//! 1. over the playable boards in a fixed order, each board either passes,
//!    is hopped onto, or makes one non-branching move;
//! 2. then any sequence of branching jumps from boards still playable.
//!
//! Every (set, sequence) pair is reached exactly once. Checks are monotone:
//! a capture of a royal piece that exists after some moves uses only boards
//! that later moves of the same action cannot change (new boards only ever
//! appear at the end of timelines whose end has the mover's colour, and the
//! boards an opponent piece can use have the opponent's colour). So a subtree
//! is cut as soon as one check appears, and the test after each move only
//! looks at captures involving the boards that move created.
//!
//! (In the code, phase 1 is split: `phase_a` decides the boards at the
//! present and those that can hop onto them, `phase_b` makes the branching
//! jumps, `phase_c` decides the remaining optional boards.)
//!
//! Pruning, all exact (each cut removes only partial actions that cannot
//! be completed, or skips a move known to give a check there):
//!
//! - Nogoods (`nogood.rs`): the slices of the "hypercuboid" search of
//!   ftxi/5dchess_engine (tessaract's algorithm for cwmtt). A check found
//!   after a move is stated as conditions on the boards the action made:
//!   the attacker on its square, the royal on its square, the points of a
//!   rider's path empty (`why.rs`). The move is then skipped without being
//!   made wherever those conditions hold again, whichever moves made those
//!   boards (any move of a board that keeps the attacker in place). Jumps
//!   that give a check in every action are found on first use.
//! - Reasons and backjumping in phase 1 (`why.rs`, `phases.rs`): a board
//!   whose choices all failed returns the conditions under which they fail.
//!   A choice after which the reason of an earlier failed choice still
//!   holds is skipped (one check rules out every move of a board that
//!   leaves the attacker, the royal and the path as they were), and a
//!   reason that names none of the boards a board's choices make sends the
//!   search straight back past that board (conflict-directed backjumping:
//!   before, every combination of the boards in between was tried). A
//!   reason that cannot be stated (a check through a new timeline, a
//!   subtree that reached phase 2) skips nothing.
//! - `stuck` (`stuck.rs`): after every phase-1 choice, a board at the
//!   present that was passed must still have a way out (its own branching
//!   jump, a hop from a board still to decide, or a present pulled back);
//!   when none is left, the reason is the board left unplayed plus the
//!   reasons each way out failed.
//! - `can_finish`: in phase 3, the boards left must still be able to pass the
//!   present to the opponent (a reactivated old timeline must be played).
//! - Outcome: one early-exit search for any legal action decides whether
//!   the game goes on; only in check, and only when the action found pulls
//!   the present back, a second search (cutting jumps that pull it back)
//!   looks for softmate, instead of enumerating every action. That second
//!   search skips, without making it, every jump whose new timeline is
//!   active and starts before the present (it would pull it back).
//! - Order only: when a passed board can be saved only by pulling the present
//!   back, a board with a jump into the past passes first.
//! - `stuck` also runs in phase 2 whenever a board waits at a present of
//!   the mover's colour, including a free board or the end of a timeline a
//!   jump reactivated: a jump sequence that leaves such a board with no way
//!   out is not extended (before, every longer sequence was tried).
//!
//! Where the cost still lies: phase 2 learns no reasons and does not jump
//! back, so a position whose last escape is a jump into the past that
//! checks through its own new timeline (at every number it can get) tries
//! many jump sequences before the budget runs out (`stress/README.md`).
//!
//! A jump's new timeline gets its number from the jumps made before it, and
//! a check through that timeline holds only for that number (a jump that
//! checks as `+3` may not as `+4`). So `stuck`, which asks whether a way out
//! exists in any completion, treats a jump as failing only if nogoods rule
//! it out at every number it can still get (one more per other board that
//! can still jump), and never from a nogood learnt for today's number alone.
//!
//! # The count's corner cases (`tests/fived_initial.rs`)
//!
//! - Initial timelines (section 5): without an `InitialMultiverses` header
//!   only timeline 0 (`-0` and `+0` in even games) is initial, as in ftxi
//!   (`get_initial_lines_range`); every other timeline of a custom 5DFEN
//!   start counts as created by its side, so on an asymmetric start a side's
//!   next timeline may be inactive and then does not pull the present back.
//!   The header names the initial timelines instead; ftxi has no such
//!   header (its range is fixed). A start without timeline 0 keeps every
//!   timeline initial (no rule covers it).
//! - A board without a royal piece of the mover (none there, or its king
//!   travelled to another timeline) is never the target of a check; the
//!   king is checked on the board where it stands now, past boards included.
//! - A mandatory board with no move of its own is played by an arrival (a
//!   hop onto it), which phase 1 decides with the hopping board.
//!
//! Where we differ from ftxi: the Black pawn's two-timeline double step
//! (we allow it, section 8; ftxi lacks it, so three corpus counts differ),
//! and the `InitialMultiverses` header above.

use std::ops::ControlFlow;

mod nogood;
mod why;

use why::{Cond, Why};

use super::check::Check;
use super::coords::{color_of, BoardId, Move};
use super::multiverse::Multiverse;
use crate::chess::Color;

/// A limit on search work: the number of moves tried at most. One node is
/// one move applied and tested for a check: a move of the search, a probe of
/// a possible way out (`stuck`), or the first test of a jump in the searched
/// position. A move skipped because a learnt nogood rules it out costs
/// nothing (it is not applied); the up-front test of each non-branching
/// move on its own is not counted. `outcome` shares one budget between its
/// two searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Moves the search may apply before giving up with [`Answer::Unknown`].
    pub nodes: u64,
}

impl Budget {
    /// No practical limit.
    pub const UNLIMITED: Budget = Budget { nodes: u64::MAX };

    /// A limit of `nodes` applied moves.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes }
    }
}

/// The answer of a bounded search: known exactly, or the budget ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer<T> {
    /// The exact answer.
    Known(T),
    /// The budget ran out before the answer was certain.
    Unknown,
}

impl<T> Answer<T> {
    /// The known value, if any.
    pub fn known(self) -> Option<T> {
        match self {
            Answer::Known(t) => Some(t),
            Answer::Unknown => None,
        }
    }
}

/// The state of the game for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// No legal action, in check: the side to move loses.
    Checkmate,
    /// No legal action, not in check: draw.
    Stalemate,
    /// Legal actions exist.
    Ongoing {
        /// ftxi's check: passing everywhere would let a royal piece be taken.
        in_check: bool,
        /// In check, and every legal action moves the present back: true
        /// only when proven within the budget (see [`outcome`]).
        softmate: bool,
    },
}

/// Why the search stopped early.
enum Stop {
    /// The visitor asked to stop.
    Visitor,
    /// The budget ran out.
    Budget,
}

struct Search<'v, V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>> {
    mv: Multiverse,
    mover: Color,
    boards: Vec<BoardId>,
    mandatory: Vec<bool>,
    /// Per board: physical moves and jumps onto playable end boards.
    nonbranching: Vec<Vec<Move>>,
    /// Per board: every jump (used as a branching jump when its target is
    /// not a playable end board at that point).
    jumps: Vec<Vec<Move>>,
    /// Per jump: not yet known, or whether it gives a check in every action
    /// (see [`Search::dead_jump`]). Filled on first use: most decisions never
    /// look at most jumps.
    jump_dead: Vec<Vec<Option<bool>>>,
    /// The position searched, kept unchanged for [`Search::dead_jump`].
    root: Multiverse,
    /// What the search learnt from failed jumps (see `nogood.rs`).
    learnt: nogood::Learnt,
    /// The check that made the last `try_move` or `probe` fail, if any.
    last_check: Option<Check>,
    /// True if some jump could create a timeline before the present.
    can_pull_present: bool,
    /// Per board: some other board has a hop onto it.
    hop_target: Vec<bool>,
    /// `boards[..first_free]` are decided before the branching jumps (the
    /// boards at the present, and any board with a hop onto one of those);
    /// the others ("free" optional boards) after them.
    first_free: usize,
    /// Per board: a branching jump was made onto this free board while it
    /// was still playable, so it must make a non-branching move (or be
    /// hopped onto) for that jump to be a branching one.
    reserved: Vec<bool>,
    /// How many moves at the end of `stack` are branching jumps.
    branch_count: usize,
    /// The reason of the last failure found (see `why.rs`): filled by
    /// `stuck`, the nogood tests and the learning from a check.
    why: Why,
    /// The conditions of `last_check` (see [`nogood::Learnt::conditions`]).
    last_conds: Option<(Vec<Cond>, bool)>,
    nodes: u64,
    budget: u64,
    /// Only actions that leave the present where it is or move it forward
    /// (no active timeline ends before this half-turn afterwards): the
    /// search cuts every branching jump that pulls the present back.
    keep_present: Option<i32>,
    /// Some move was cut only because it pulled the present back (if not,
    /// a `keep_present` search saw every legal action).
    kept_present_cut: bool,
    stack: Vec<Move>,
    visit: &'v mut V,
}

impl<'v, V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>> Search<'v, V> {
    fn new(
        root: &Multiverse,
        budget: Budget,
        keep_present: bool,
        visit: &'v mut V,
    ) -> Search<'v, V> {
        let mover = root.to_move;
        let present = root.present();
        let boards = root.playable_boards(mover);
        let mut nonbranching = Vec::with_capacity(boards.len());
        let mut jumps = Vec::with_capacity(boards.len());
        let mut can_pull_present = false;
        let mut mv = root.clone();
        for b in &boards {
            let mut nb = Vec::new();
            let mut jp = Vec::new();
            for m in root.board_moves(*b) {
                if m.is_physical() {
                    nb.push(m);
                } else {
                    if root.is_playable(m.to.board, mover) {
                        nb.push(m);
                    }
                    jp.push(m);
                }
            }
            // A non-branching move that creates a check on its own does so in
            // every action containing it (checks are monotone): drop it now.
            nb.retain(|m| match mv.apply(m) {
                Some(u) => {
                    let news = new_boards(&mv, m, u);
                    let bad = mv.royal_capture_involving(&news, !mover).is_some();
                    mv.undo(u);
                    !bad
                }
                None => false,
            });
            // Hops first: they settle two boards at once (a stable partition,
            // so each group keeps the generation order).
            let (mut nb, physical): (Vec<Move>, Vec<Move>) =
                nb.into_iter().partition(|m| !m.is_physical());
            nb.extend(physical);
            if root.next_timeline_active(mover) && jp.iter().any(|m| m.to.board.v < present) {
                can_pull_present = true;
            }
            nonbranching.push(nb);
            jumps.push(jp);
        }
        // Passing a mandatory board needs the present pulled back, which only
        // a new timeline can do: one starting before the present, or one that
        // reactivates an old timeline whose end lies before the present.
        let (lmin, lmax) = root.timeline_range();
        let stale_inactive = (lmin..=lmax).any(|l| {
            !root.is_active(l)
                && root
                    .end(l)
                    .is_some_and(|e| e < present && color_of(e) != mover)
        });
        if stale_inactive && jumps.iter().any(|j: &Vec<Move>| !j.is_empty()) {
            can_pull_present = true;
        }
        // Keeping the present: a pulled-back present never comes back within
        // the action (the new or reactivated timeline ends on an opponent
        // board, and activity only grows as the mover creates timelines), so
        // that escape does not exist. If the present could not have been
        // pulled back anyway, the restricted search is the whole search.
        let kept_present_cut = keep_present && can_pull_present;
        if keep_present {
            can_pull_present = false;
        }
        let mandatory: Vec<bool> = boards
            .iter()
            .map(|b| b.v == present && root.is_active(b.l))
            .collect();
        // Group "early": boards at the present, plus (to a fixed point) every
        // board with a hop onto an early board. The others are free optional
        // boards, decided after the branching jumps.
        let mut early = mandatory.clone();
        loop {
            let mut grew = false;
            for i in 0..boards.len() {
                if early[i] {
                    continue;
                }
                let hops_early = nonbranching[i].iter().any(|m: &Move| {
                    !m.is_physical()
                        && boards
                            .iter()
                            .zip(&early)
                            .any(|(b, &e)| e && m.to.board == *b)
                });
                if hops_early {
                    early[i] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        // Decide the most constrained boards first: mandatory ones, fewest
        // moves first. Failures then show up near the root of the search.
        let order = crate::chess::order::stable_order(boards.len(), &|a, b| {
            let key = |i: usize| (!early[i], !mandatory[i], nonbranching[i].len());
            key(a).cmp(&key(b))
        });
        let first_free = early.iter().filter(|&&e| e).count();
        let boards: Vec<BoardId> = order.iter().map(|&i| boards[i]).collect();
        let mandatory: Vec<bool> = order.iter().map(|&i| mandatory[i]).collect();
        let nonbranching: Vec<Vec<Move>> = order.iter().map(|&i| nonbranching[i].clone()).collect();
        let jumps: Vec<Vec<Move>> = order.iter().map(|&i| jumps[i].clone()).collect();
        let hop_target = boards
            .iter()
            .map(|b| {
                nonbranching
                    .iter()
                    .flatten()
                    .any(|m: &Move| !m.is_physical() && m.to.board == *b)
            })
            .collect();
        Search {
            jump_dead: jumps.iter().map(|j| vec![None; j.len()]).collect(),
            learnt: nogood::Learnt::new(root, &nonbranching, &jumps),
            last_check: None,
            root: root.clone(),
            keep_present: keep_present.then_some(present),
            kept_present_cut,
            mv,
            hop_target,
            first_free,
            reserved: vec![false; order.len()],
            branch_count: 0,
            why: Why::empty(),
            last_conds: None,
            mover,
            boards,
            mandatory,
            nonbranching,
            jumps,
            can_pull_present,
            nodes: 0,
            budget: budget.nodes,
            stack: Vec::new(),
            visit,
        }
    }

    fn run(&mut self) -> ControlFlow<Stop> {
        // A check that exists before any move can never be removed.
        if self.mv.any_royal_capture(!self.mover) {
            return ControlFlow::Continue(());
        }
        self.phase_a(0).map_continue(|_| ())
    }

    /// The failure depends on whether board `b`'s next board exists (is
    /// `b` still playable?).
    fn depends_on_board(&mut self, b: BoardId) {
        let next = BoardId { l: b.l, v: b.v + 1 };
        self.why.push(Cond::existence(&self.mv, next));
    }

    /// The reason gathered in `why` so far, which is then emptied.
    fn take_why(&mut self) -> Why {
        std::mem::replace(&mut self.why, Why::empty())
    }

    fn try_move(
        &mut self,
        m: &Move,
        force_branch: bool,
    ) -> ControlFlow<Stop, Option<super::multiverse::Undo>> {
        self.last_check = None;
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply_as(m, force_branch) else {
            return ControlFlow::Continue(None);
        };
        if let (Some(p), super::multiverse::Undo::Branch { .. }) = (self.keep_present, u) {
            if self.mv.present() < p {
                self.kept_present_cut = true;
                self.mv.undo(u);
                return ControlFlow::Continue(None);
            }
        }
        let news = new_boards(&self.mv, m, u);
        self.last_check = self.mv.royal_capture_involving(&news, !self.mover);
        if self.last_check.is_some() {
            self.note_check(u);
            self.mv.undo(u);
            return ControlFlow::Continue(None);
        }
        ControlFlow::Continue(Some(u))
    }

    /// Applies `m`, reports whether a check appears, and undoes it. With
    /// `fixed_only`, `m` is made as a branching jump (even onto a playable end
    /// board, as it will be once that board has moved) and only a check that
    /// does not involve the timeline it creates counts: one that no later
    /// move removes.
    fn probe(&mut self, m: &Move, fixed_only: bool) -> ControlFlow<Stop, bool> {
        self.last_check = None;
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply_as(m, fixed_only) else {
            self.why.set_unknown();
            return ControlFlow::Continue(true);
        };
        let news = new_boards(&self.mv, m, u);
        let except = match u {
            super::multiverse::Undo::Branch { created, .. } if fixed_only => Some(created),
            _ => None,
        };
        self.last_check = self
            .mv
            .royal_capture_involving_except(&news, !self.mover, except);
        if self.last_check.is_some() {
            self.note_check(u);
        }
        self.mv.undo(u);
        ControlFlow::Continue(self.last_check.is_some())
    }

    /// True if no completion of the current partial action can be
    /// submitted: some board at the present can be left neither by a
    /// branching jump nor hopped onto without a check that no later move can
    /// remove, and the present cannot be pulled back. Boards `..decided` have
    /// had their phase-1 choice (so a passed one can no longer hop); with
    /// `only_passed`, only those boards are examined.
    fn stuck(&mut self, decided: usize, only_passed: bool) -> ControlFlow<Stop, bool> {
        let present = self.mv.present();
        if color_of(present) != self.mover {
            return ControlFlow::Continue(false);
        }
        let n = self.boards.len();
        let last = if only_passed { decided.min(n) } else { n };
        let waiting = |s: &Self, u: usize| {
            let b = s.boards[u];
            b.v == present && s.mv.is_playable(b, s.mover) && s.mv.is_active(b.l)
        };
        if !(0..last).any(|u| waiting(self, u)) {
            return ControlFlow::Continue(false);
        }
        // The present may not go below `floor` (when keeping it).
        let floor = self.keep_present.unwrap_or(i32::MIN);
        // An inactive timeline ending before the present with the opponent to
        // move: any new timeline could reactivate it and pull the present
        // back. Not worth deciding here.
        let (lmin, lmax) = self.mv.timeline_range();
        let stale = (lmin..=lmax).any(|l| {
            !self.mv.is_active(l)
                && self
                    .mv
                    .end(l)
                    .is_some_and(|e| e < present && e > floor && color_of(e) != self.mover)
        });
        if stale {
            return ControlFlow::Continue(false);
        }
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
                for k in 0..self.jumps[i].len() {
                    let v = self.jumps[i][k].to.board.v;
                    if v < present && v >= floor && !self.dead_jump(i, k)? {
                        self.depends_on_board(self.boards[i]);
                        break;
                    }
                }
                continue;
            }
            // To pull the present back, its timeline must still be active.
            let later_i = later(self, i).min(active_left.saturating_sub(1));
            for k in 0..self.jumps[i].len() {
                let m = self.jumps[i][k];
                if m.to.board.v < present
                    && m.to.board.v >= floor
                    && self.jump_can_branch_why(i, k, decided)
                    && !self.jump_fails_numbers(i, k, later_i)?
                    && !self.probe_jump(i, k)?
                {
                    return ControlFlow::Continue(false);
                }
            }
        }
        'boards: for u in 0..last {
            if !waiting(self, u) {
                continue;
            }
            let b = self.boards[u];
            if u >= decided {
                // Its own phase-1 move is still to be chosen.
                for k in 0..self.nonbranching[u].len() {
                    let m = self.nonbranching[u][k];
                    let hop_ok = m.is_physical() || self.mv.is_playable(m.to.board, self.mover);
                    if !hop_ok {
                        self.depends_on_board(m.to.board);
                    }
                    if hop_ok && !self.probe_nb(u, k)? {
                        continue 'boards;
                    }
                }
            }
            let later_u = later(self, u);
            for k in 0..self.jumps[u].len() {
                if self.jump_can_branch_why(u, k, decided)
                    && !self.jump_fails_numbers(u, k, later_u)?
                    && !self.probe_jump(u, k)?
                {
                    continue 'boards;
                }
            }
            // Hops onto it: only from boards whose phase-1 choice is still
            // to come (every board with a hop onto a board at the present is
            // decided in phase 1).
            for o in decided..n {
                if o == u {
                    continue;
                }
                if !self.mv.is_playable(self.boards[o], self.mover) {
                    self.depends_on_board(self.boards[o]);
                    continue;
                }
                for k in 0..self.nonbranching[o].len() {
                    let m = self.nonbranching[o][k];
                    if m.to.board == b && !self.probe_nb(o, k)? {
                        continue 'boards;
                    }
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
        ControlFlow::Continue(false)
    }

    /// Can jump `k` of board `i` still be made as a branching jump, once
    /// boards `..decided` have had their phase-1 choice? Not if it lands on
    /// the playable end board of an early board already decided (passed)
    /// that has no jump of its own and that no board can hop onto: that
    /// board stays the end of its timeline, so the jump could only be a
    /// hop, which phase 1 decided. Phase 2 makes a jump onto a playable end
    /// board only when that board is free (it may still move in phase 3),
    /// or once the board has left by its own branching jump.
    fn jump_can_branch(&self, i: usize, k: usize, decided: usize) -> bool {
        let m = self.jumps[i][k];
        if self.mv.is_branching(&m) {
            return true;
        }
        match self.boards.iter().position(|b| *b == m.to.board) {
            Some(j) => {
                j != i
                    && (j >= self.first_free
                        || j >= decided
                        || self.hop_target[j]
                        || !self.jumps[j].is_empty())
            }
            None => true,
        }
    }

    /// [`Search::jump_can_branch`], noting in `why` that the answer
    /// depends on the board the jump lands on.
    fn jump_can_branch_why(&mut self, i: usize, k: usize, decided: usize) -> bool {
        self.depends_on_board(self.jumps[i][k].to.board);
        self.jump_can_branch(i, k, decided)
    }

    /// Phase 1: the early boards, in order: a non-branching move or pass.
    /// Returns why nothing was found (see `why.rs`): unknown if some action
    /// was visited or the reason cannot be stated.
    fn phase_a(&mut self, i: usize) -> ControlFlow<Stop, Why> {
        // At the root, every board; later, the boards passed so far (whose
        // escapes shrink as hop sources are decided).
        if i < self.first_free {
            self.why = Why::empty();
            if self.stuck(i, i > 0)? {
                return ControlFlow::Continue(self.take_why());
            }
        }
        if i == self.first_free {
            self.why = Why::empty();
            if self.stuck(self.first_free, false)? {
                return ControlFlow::Continue(self.take_why());
            }
            self.phase_b()?;
            return ControlFlow::Continue(Why::unknown());
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
        // branch in phase 2, be hopped onto, or if the present can be pulled back.
        let may_pass = !self.mandatory[i]
            || self.can_pull_present
            || !self.jumps[i].is_empty()
            || self.hop_target[i];
        // Order only: when a board already passed can be saved only by
        // pulling the present back, keep this board's jumps into the past
        // available first, so an action is found without first trying every
        // combination of the other boards' moves.
        let pass_first = may_pass && self.pull_needed_from(i)?;
        let mut choices: Vec<Option<usize>> = Vec::new();
        if pass_first {
            choices.push(None);
        }
        choices.extend((0..self.nonbranching[i].len()).map(Some));
        if may_pass && !pass_first {
            choices.push(None);
        }
        // The boards the choices of `i` can make.
        let mut made = vec![next];
        for m in &self.nonbranching[i] {
            let t = nogood::own_boards(m, !m.is_physical())[1];
            if !made.contains(&t) {
                made.push(t);
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
                None => Vec::new(),
                Some(k) => {
                    let m = self.nonbranching[i][k];
                    let own = nogood::own_boards(&m, !m.is_physical());
                    if !m.is_physical() {
                        // This choice exists only while its target is playable.
                        all.push(Cond::existence(&self.mv, own[1]));
                        if !self.mv.is_playable(m.to.board, self.mover) {
                            continue;
                        }
                    }
                    own.to_vec()
                }
            };
            let why = match self.explained(i, c, &failed) {
                Some(w) => w,
                None => match c {
                    None => self.phase_a(i + 1)?,
                    Some(k) => self.phase_a_move(i, k)?,
                },
            };
            if !why.names_any(&made) {
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

    /// If the reason of a failed choice of board `i` holds after choice `c`
    /// (a pass, or non-branching move `k`), that reason: `c` fails the same
    /// way. Made without a check test (no node).
    fn explained(&mut self, i: usize, c: Option<usize>, failed: &[Why]) -> Option<Why> {
        if failed.is_empty() {
            return None;
        }
        let u = match c {
            None => None,
            Some(k) => Some(self.mv.apply_as(&self.nonbranching[i][k], false)?),
        };
        let found = failed.iter().find(|w| w.holds_in(&self.mv)).cloned();
        if let Some(u) = u {
            self.mv.undo(u);
        }
        found
    }

    /// Phase 1, board `i` makes its non-branching move `k` (skipped if it
    /// is known to fail, learnt if it fails) and the search goes on with
    /// the next board. Returns why nothing was found.
    fn phase_a_move(&mut self, i: usize, k: usize) -> ControlFlow<Stop, Why> {
        let m = self.nonbranching[i][k];
        self.why = Why::empty();
        if self.nb_fails(i, k, true) {
            return ControlFlow::Continue(self.take_why());
        }
        let Some(u) = self.try_move(&m, false)? else {
            if self.last_check.is_some() {
                self.learn_nb(i, k, true);
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

    /// True if board `i` has a jump into the past not known to fail, and some
    /// board passed before it in phase 1 waits at the present with no jump
    /// of its own left (so only a hop or a pulled-back present can save it).
    fn pull_needed_from(&mut self, i: usize) -> ControlFlow<Stop, bool> {
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

    /// Phase 2: every sequence of branching jumps, each prefix completed by
    /// phase 3.
    fn phase_b(&mut self) -> ControlFlow<Stop> {
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
        if any_waiting && self.stuck(self.first_free, false)? {
            return ControlFlow::Continue(());
        }
        if !early_waiting {
            self.phase_c(self.first_free)?;
        }
        let n = self.boards.len();
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
                if pulls_back(self, &m) {
                    self.kept_present_cut = true;
                    continue;
                }
                if self.jump_fails(i, k)? {
                    continue;
                }
                let reserve = if self.mv.is_branching(&m) {
                    None
                } else {
                    // Onto a playable end board: a branching jump only if that
                    // board is free and makes a non-branching move in phase 3.
                    match (self.first_free..n).find(|&j| self.boards[j] == m.to.board) {
                        Some(j) if j != i => Some(j),
                        _ => continue,
                    }
                };
                let tried = self.try_move(&m, true)?;
                if tried.is_none() {
                    self.learn_jump(i, k, true);
                }
                if let Some(u) = tried {
                    let was = reserve.map(|j| std::mem::replace(&mut self.reserved[j], true));
                    self.stack.push(m);
                    self.branch_count += 1;
                    let r = self.phase_b();
                    self.branch_count -= 1;
                    self.stack.pop();
                    if let (Some(j), Some(w)) = (reserve, was) {
                        self.reserved[j] = w;
                    }
                    self.mv.undo(u);
                    r?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Phase 3: the free optional boards, in order: pass or a non-branching
    /// move; then the action is checked and visited.
    fn phase_c(&mut self, i: usize) -> ControlFlow<Stop> {
        if i == self.boards.len() {
            let done = !self.stack.is_empty()
                && color_of(self.mv.present()) != self.mover
                && (self.first_free..self.boards.len())
                    .all(|j| !self.reserved[j] || !self.mv.is_playable(self.boards[j], self.mover));
            if done && (self.visit)(&self.stack, &self.mv).is_break() {
                return ControlFlow::Break(Stop::Visitor);
            }
            return ControlFlow::Continue(());
        }
        if !self.can_finish(i) {
            return ControlFlow::Continue(());
        }
        let b = self.boards[i];
        if !self.mv.is_playable(b, self.mover) {
            return self.phase_c(i + 1);
        }
        self.phase_c(i + 1)?;
        self.each_nonbranching(i, Self::phase_c)
    }

    /// Plays each non-branching move of board `i` in turn and continues with
    /// `next(i + 1)`, as phases 1 and 3 do: moves that cannot be made now or
    /// are known to fail are skipped, and a move that fails is learnt.
    fn each_nonbranching(
        &mut self,
        i: usize,
        next: fn(&mut Self, usize) -> ControlFlow<Stop>,
    ) -> ControlFlow<Stop> {
        for k in 0..self.nonbranching[i].len() {
            let m = self.nonbranching[i][k];
            if !m.is_physical() && !self.mv.is_playable(m.to.board, self.mover) {
                continue;
            }
            if self.nb_fails(i, k, true) {
                continue;
            }
            let tried = self.try_move(&m, false)?;
            if tried.is_none() {
                self.learn_nb(i, k, true);
            }
            if let Some(u) = tried {
                // Keep the canonical play order: non-branching moves before
                // the branching jumps (none yet in phase 1).
                let at = self.stack.len() - self.branch_count;
                self.stack.insert(at, m);
                let r = next(self, i + 1);
                self.stack.remove(at);
                self.mv.undo(u);
                r?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>> Search<'_, V> {
    /// True if jump `k` of board `i` gives a check in every action that
    /// makes it as a branching jump. The test: made as a branching jump in the
    /// searched position, before any other move, it gives a check that avoids
    /// its new timeline (attacker, royal, and any board passed through), or a
    /// capture inside the new board alone. At that point the new timeline is
    /// the outermost one, so no path crosses it towards another board; every
    /// other board the check uses exists unchanged whatever else is played
    /// (checks are monotone), and a capture inside one board does not depend
    /// on that board's timeline number. Memoised; costs one node when tested.
    fn dead_jump(&mut self, i: usize, k: usize) -> ControlFlow<Stop, bool> {
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
                    super::multiverse::Undo::Branch { created, .. } => {
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

    /// In phase 3, before board `next` is decided: can some choice for the
    /// boards `next..` still pass the present to the opponent and play every
    /// reserved board? Phase 3 neither creates timelines nor changes which are
    /// active, so the final present is the smallest active end, where an
    /// unplayed board keeps its end and a played one ends one half-turn later
    /// (on the opponent's colour). Boards already passed (and early boards
    /// left unplayed) stay unplayed unless something can hop onto them. A
    /// necessary condition, so cutting on it is exact: this is what keeps a
    /// reactivated old timeline (which must be played) from multiplying every
    /// combination of the other optional boards before failing at the end.
    fn can_finish(&self, next: usize) -> bool {
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
        for (j, &b) in self.boards.iter().enumerate() {
            if !self.mv.is_playable(b, self.mover) {
                continue;
            }
            let still_open = j >= next || self.hop_target[j];
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

/// The boards a just-applied move created.
fn new_boards(mv: &Multiverse, m: &Move, u: super::multiverse::Undo) -> Vec<BoardId> {
    use super::multiverse::Undo;
    let next = |l: i32| BoardId {
        l,
        v: mv.end(l).unwrap_or(0),
    };
    match u {
        Undo::One(l) => vec![next(l)],
        Undo::Two(a, b) => vec![next(a), next(b)],
        Undo::Branch { source, created } => {
            let _ = m;
            vec![next(source), next(created)]
        }
    }
}

/// Visits every legal action of the side to move, in a fixed order: the
/// moves in play order (non-branching ones first), and the position after
/// them. The visitor returns `Break` to stop.
///
/// Returns `Known(true)` if the whole set was visited, `Known(false)` if the
/// visitor stopped it, `Unknown` if the budget ran out first.
pub fn for_each_legal_action<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>>(
    position: &Multiverse,
    budget: Budget,
    mut visit: V,
) -> Answer<bool> {
    let mut s = Search::new(position, budget, false, &mut visit);
    match s.run() {
        ControlFlow::Continue(()) => Answer::Known(true),
        ControlFlow::Break(Stop::Visitor) => Answer::Known(false),
        ControlFlow::Break(Stop::Budget) => Answer::Unknown,
    }
}

/// Some legal action of the side to move, or `None` if there is none.
#[must_use]
pub fn any_legal_action(position: &Multiverse, budget: Budget) -> Answer<Option<Vec<Move>>> {
    let mut found = None;
    let r = for_each_legal_action(position, budget, |moves, _| {
        found = Some(moves.to_vec());
        ControlFlow::Break(())
    });
    match (r, found) {
        (_, Some(a)) => Answer::Known(Some(a)),
        (Answer::Known(_), None) => Answer::Known(None),
        (Answer::Unknown, None) => Answer::Unknown,
    }
}

/// The number of legal actions (section 10's rule), stopping at `cap` if
/// given (then the result is `min(count, cap)`).
#[must_use]
pub fn count_legal_actions(position: &Multiverse, cap: Option<u64>, budget: Budget) -> Answer<u64> {
    let mut n = 0u64;
    let cap = cap.unwrap_or(u64::MAX);
    if cap == 0 {
        return Answer::Known(0);
    }
    let r = for_each_legal_action(position, budget, |_, _| {
        n += 1;
        if n >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match r {
        Answer::Unknown if n < cap => Answer::Unknown,
        _ => Answer::Known(n),
    }
}

/// Runs one search; returns how it ended and the budget it used.
fn search_with<V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>>(
    position: &Multiverse,
    budget: Budget,
    keep_present: bool,
    mut visit: V,
) -> (Answer<bool>, u64, bool) {
    let mut s = Search::new(position, budget, keep_present, &mut visit);
    let r = match s.run() {
        ControlFlow::Continue(()) => Answer::Known(true),
        ControlFlow::Break(Stop::Visitor) => Answer::Known(false),
        ControlFlow::Break(Stop::Budget) => Answer::Unknown,
    };
    (r, s.nodes.min(budget.nodes), s.kept_present_cut)
}

/// Checkmate, stalemate, or ongoing (with ftxi's check and softmate).
///
/// The verdict that ends a game (checkmate, stalemate, or not) comes from
/// one early-exit search over every legal action: the first action found
/// settles it. In check, when that action pulls the present back, a second
/// search looks only for an action that does not (cutting every branching
/// jump that would): none means softmate. The budget is shared by both.
///
/// `softmate` is reported only when proven: if the second search runs out
/// of budget, the answer is still the exact `Ongoing` (a legal action was
/// found) with `softmate: false`. This order matters on positions with many
/// checks over many timelines, where proving that no action keeps the
/// present can cost millions of moves while the first legal action is found
/// at once (the stress suite's slowest positions: `stress/README.md`).
#[must_use]
pub fn outcome(position: &Multiverse, budget: Budget) -> Answer<Outcome> {
    outcome_traced(position, budget).0
}

/// [`outcome`], and the nodes used by its first search (any legal action)
/// and its second (an action keeping the present; 0 if not run). For the
/// stress suite's diagnostics.
#[doc(hidden)]
#[must_use]
pub fn outcome_traced(position: &Multiverse, budget: Budget) -> (Answer<Outcome>, [u64; 2]) {
    let in_check = position.in_check();
    let present = position.present();
    let mut keeps_present = false;
    let (r, used, _) = search_with(position, budget, false, |_, after| {
        keeps_present = after.present() >= present;
        ControlFlow::Break(())
    });
    match r {
        Answer::Unknown => return (Answer::Unknown, [used, 0]),
        Answer::Known(true) if in_check => return (Answer::Known(Outcome::Checkmate), [used, 0]),
        Answer::Known(true) => return (Answer::Known(Outcome::Stalemate), [used, 0]),
        Answer::Known(false) => {}
    }
    if !in_check || keeps_present {
        let o = Outcome::Ongoing {
            in_check,
            softmate: false,
        };
        return (Answer::Known(o), [used, 0]);
    }
    let rest = Budget::nodes(budget.nodes.saturating_sub(used));
    let found = |_: &[Move], _: &Multiverse| ControlFlow::Break(());
    let (r2, used2, _) = search_with(position, rest, true, found);
    let softmate = r2 == Answer::Known(true);
    (
        Answer::Known(Outcome::Ongoing { in_check, softmate }),
        [used, used2],
    )
}

/// A slow, obviously-right enumerator used as a test oracle: tries every
/// order of every move, and keeps each legal action once as (sorted
/// non-branching moves, sequence of branching moves). Exponential: only for
/// small positions.
#[doc(hidden)]
#[must_use]
pub fn naive_legal_actions(
    position: &Multiverse,
) -> std::collections::BTreeSet<(Vec<Move>, Vec<Move>)> {
    fn rec(
        mv: &mut Multiverse,
        mover: Color,
        nonbranching: &mut Vec<Move>,
        branching: &mut Vec<Move>,
        out: &mut std::collections::BTreeSet<(Vec<Move>, Vec<Move>)>,
    ) {
        let played = nonbranching.len() + branching.len();
        if played > 0 && color_of(mv.present()) != mover && !mv.any_royal_capture(!mover) {
            let mut nb = nonbranching.clone();
            nb.sort();
            out.insert((nb, branching.clone()));
        }
        for b in mv.playable_boards(mover) {
            for m in mv.board_moves(b) {
                let is_branch = mv.is_branching(&m);
                let Some(u) = mv.apply(&m) else { continue };
                if is_branch {
                    branching.push(m);
                } else {
                    nonbranching.push(m);
                }
                rec(mv, mover, nonbranching, branching, out);
                if is_branch {
                    branching.pop();
                } else {
                    nonbranching.pop();
                }
                mv.undo(u);
            }
        }
    }
    let mut mv = position.clone();
    let mut out = std::collections::BTreeSet::new();
    let mover = mv.to_move;
    rec(&mut mv, mover, &mut Vec::new(), &mut Vec::new(), &mut out);
    out
}

/// Every legal action as (sorted non-branching moves, branching sequence),
/// from the fast search; compare with [`naive_legal_actions`].
#[doc(hidden)]
#[must_use]
pub fn fast_legal_actions(
    position: &Multiverse,
) -> std::collections::BTreeSet<(Vec<Move>, Vec<Move>)> {
    let mut out = std::collections::BTreeSet::new();
    let _ = for_each_legal_action(position, Budget::UNLIMITED, |moves, _| {
        let mut probe = position.clone();
        let mut nb = Vec::new();
        let mut br = Vec::new();
        for m in moves {
            if probe.is_branching(m) {
                br.push(*m);
            } else {
                nb.push(*m);
            }
            let _ = probe.apply(m);
        }
        nb.sort();
        out.insert((nb, br));
        ControlFlow::Continue(())
    });
    out
}

/// Per playable board (search order): (board, mandatory, non-branching moves
/// that are legal on their own, jumps). For diagnostics.
#[doc(hidden)]
#[must_use]
pub fn search_shape(position: &Multiverse) -> Vec<(BoardId, bool, usize, usize, usize, usize)> {
    let mut visit = |_: &[Move], _: &Multiverse| ControlFlow::Continue(());
    let mut s = Search::new(position, Budget::UNLIMITED, false, &mut visit);
    let mover = s.mover;
    (0..s.boards.len())
        .map(|i| {
            let mut alive = 0;
            let mut clean = 0;
            for m in s.jumps[i].clone() {
                if !s.mv.is_branching(&m) {
                    continue;
                }
                let Some(u) = s.mv.apply(&m) else { continue };
                let news = new_boards(&s.mv, &m, u);
                let created = news.get(1).map(|b| b.l);
                if s.mv
                    .royal_capture_involving_except(&news, !mover, created)
                    .is_none()
                {
                    alive += 1;
                }
                if s.mv.royal_capture_involving(&news, !mover).is_none() {
                    clean += 1;
                }
                s.mv.undo(u);
            }
            (
                s.boards[i],
                s.mandatory[i],
                s.nonbranching[i].len(),
                s.jumps[i].len(),
                alive,
                clean,
            )
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
