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

use std::ops::ControlFlow;

use super::coords::{color_of, BoardId, Move};
use super::multiverse::Multiverse;
use crate::chess::Color;

/// A limit on search work: the number of moves tried (applied) at most.
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
        /// In check, and every legal action moves the present back.
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
    /// True if some jump could create a timeline before the present.
    can_pull_present: bool,
    nodes: u64,
    budget: u64,
    stack: Vec<Move>,
    visit: &'v mut V,
}

impl<'v, V: FnMut(&[Move], &Multiverse) -> ControlFlow<()>> Search<'v, V> {
    fn new(root: &Multiverse, budget: Budget, visit: &'v mut V) -> Search<'v, V> {
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
                    if m.to.board.v < present {
                        can_pull_present = true;
                    }
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
        let mandatory = boards
            .iter()
            .map(|b| b.v == present && root.is_active(b.l))
            .collect();
        Search {
            mv,
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
        self.phase_a(0)
    }

    fn try_move(&mut self, m: &Move) -> ControlFlow<Stop, Option<super::multiverse::Undo>> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return ControlFlow::Break(Stop::Budget);
        }
        let Some(u) = self.mv.apply(m) else {
            return ControlFlow::Continue(None);
        };
        let news = new_boards(&self.mv, m, u);
        if self
            .mv
            .royal_capture_involving(&news, !self.mover)
            .is_some()
        {
            self.mv.undo(u);
            return ControlFlow::Continue(None);
        }
        ControlFlow::Continue(Some(u))
    }

    fn phase_a(&mut self, i: usize) -> ControlFlow<Stop> {
        if i == self.boards.len() {
            return self.phase_b();
        }
        let b = self.boards[i];
        if !self.mv.is_playable(b, self.mover) {
            return self.phase_a(i + 1);
        }
        // A mandatory board may stay unplayed in phase 1 only if it can still
        // branch in phase 2, or if the present can be pulled back.
        if !self.mandatory[i] || self.can_pull_present || !self.jumps[i].is_empty() {
            self.phase_a(i + 1)?;
        }
        for k in 0..self.nonbranching[i].len() {
            let m = self.nonbranching[i][k];
            if !m.is_physical() && !self.mv.is_playable(m.to.board, self.mover) {
                continue;
            }
            if let Some(u) = self.try_move(&m)? {
                self.stack.push(m);
                let r = self.phase_a(i + 1);
                self.stack.pop();
                self.mv.undo(u);
                r?;
            }
        }
        ControlFlow::Continue(())
    }

    fn phase_b(&mut self) -> ControlFlow<Stop> {
        if !self.stack.is_empty()
            && color_of(self.mv.present()) != self.mover
            && (self.visit)(&self.stack, &self.mv).is_break()
        {
            return ControlFlow::Break(Stop::Visitor);
        }
        for i in 0..self.boards.len() {
            let b = self.boards[i];
            if !self.mv.is_playable(b, self.mover) {
                continue;
            }
            for k in 0..self.jumps[i].len() {
                let m = self.jumps[i][k];
                if !self.mv.is_branching(&m) {
                    continue;
                }
                if let Some(u) = self.try_move(&m)? {
                    self.stack.push(m);
                    let r = self.phase_b();
                    self.stack.pop();
                    self.mv.undo(u);
                    r?;
                }
            }
        }
        ControlFlow::Continue(())
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
    let mut s = Search::new(position, budget, &mut visit);
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

/// Checkmate, stalemate, or ongoing (with ftxi's check and softmate).
#[must_use]
pub fn outcome(position: &Multiverse, budget: Budget) -> Answer<Outcome> {
    let in_check = position.in_check();
    let present = position.present();
    let mut any = false;
    let mut normal = false;
    let r = for_each_legal_action(position, budget, |_, after| {
        any = true;
        if !in_check || after.present() > present {
            normal = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if normal {
        return Answer::Known(Outcome::Ongoing {
            in_check,
            softmate: false,
        });
    }
    match r {
        Answer::Unknown => Answer::Unknown,
        Answer::Known(_) if any => Answer::Known(Outcome::Ongoing {
            in_check,
            softmate: true,
        }),
        Answer::Known(_) if in_check => Answer::Known(Outcome::Checkmate),
        Answer::Known(_) => Answer::Known(Outcome::Stalemate),
    }
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
