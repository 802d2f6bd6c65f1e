//! Checks that no choice left can lift (issue 14, branch `hold4`): a cut of
//! `stuck` over every board a check's line crosses at once.
//!
//! Take the checks of passing everywhere (every board the mover can play
//! copied unchanged to its next board: ftxi's check). A check's line (the
//! attacker's point, the royal's and a rider's path, `nogood::line_points`)
//! lies on boards that exist already, which never change, and on the next
//! boards of some boards the mover can play now: the line's boards `S`. In
//! an action that plays every board of `S` (by its own move, an arrival, or
//! a branching jump leaving it: each makes its next board) without changing
//! what the line's points on those next boards hold, the same check is there
//! (a check is its points: `why.rs`). A choice of a board of `S` lifts the
//! line if the next board it makes holds something else on one of those
//! points: a piece put on the path, the attacker taken, the royal moved.
//!
//! When every board of `S` waits at the present (active, mandatory) and the
//! present cannot be pulled back (the premise of the pair test, `pair.rs`:
//! no new timeline of the mover can be active, no opponent's inactive
//! timeline ends before the present, or the search keeps the present), each
//! of them is played in every completion. So if the boards of `S` played so
//! far left the line's points as they were, and no choice left to the
//! others lifts it (a board decided and passed can only jump; one still to
//! decide can also move or be hopped onto from a board still to decide), no
//! completion exists.
//!
//! Before, the search found that only once the last board of `S` in its
//! order was played, below every combination of the boards decided between
//! (`holdout4.tsv standarddefendedpawn-4-kings` 27: a bishop line through
//! the next boards of four mandatory boards that no Black move can block,
//! 39 boards at the present; undecided within 300 000 nodes, checkmate in
//! 524 836). The learnt reasons named those boards, but phase 1 went back
//! and forth between them and the boards between, and the pair test saw
//! the conflict only two boards at a time, once both were passed.
//!
//! The reason of a cut: what the line's points hold on the next boards of
//! the boards of `S` already played, that the others are not played yet,
//! that the boards that could hop onto them with a lifting move are played
//! already (when they are), and, as in the pair test, that no old inactive
//! timeline was played to a stale end. Which choices lift is a fact about
//! the searched position (each board's moves are fixed), worked out once.

use super::super::coords::BoardId;
use super::nogood::line_points;
use super::why::{Cond, Why};
use super::Search;
use crate::chess::{Piece, Square};

/// A check of passing everywhere, as the search needs it (see the module
/// docs): per board of its `S`, the points on that board's next board,
/// and which of its choices lift the line.
#[derive(Debug, Clone)]
pub(super) struct Line {
    boards: Vec<LineBoard>,
}

#[derive(Debug, Clone)]
struct LineBoard {
    /// The board (its index in the search's order).
    j: usize,
    /// The line's points on its next board, with what the copy holds there.
    points: Vec<(Square, Option<Piece>)>,
    /// One of its own non-branching moves lifts the line.
    own_move: bool,
    /// One of its jumps (made as a branching jump) lifts the line.
    own_jump: bool,
    /// The boards with a hop onto it that lifts the line.
    arrivals: Vec<usize>,
}

/// The lines of the searched position, worked out on first use.
#[derive(Debug, Default)]
pub(super) struct Lines {
    lines: Option<Vec<Line>>,
    /// How often the cut was made (tests).
    pub(super) cuts: u64,
    /// The cut is not made (diagnostics measuring the pair tests alone).
    pub(super) off: bool,
}

fn next(b: BoardId) -> BoardId {
    BoardId { l: b.l, v: b.v + 1 }
}

impl Search<'_> {
    /// The lines of the checks of passing everywhere in the searched
    /// position whose boards `S` all wait at the present (module docs).
    fn root_lines(&mut self) -> Vec<Line> {
        let mover = self.mover;
        let mut star = self.root.clone();
        for b in &self.boards {
            if let Some(board) = star.board(b.l, b.v).cloned() {
                let k = (b.l - star.lmin) as usize;
                star.timelines[k].boards.push(board);
            }
        }
        let checks = star.royal_captures(!mover);
        drop(star);
        let mut lines = Vec::new();
        'checks: for c in checks {
            let Some(points) = line_points(&c) else {
                continue;
            };
            let mut boards: Vec<LineBoard> = Vec::new();
            for (pb, sq) in points {
                if self.root.board(pb.l, pb.v).is_some() {
                    continue;
                }
                let Some(j) = (0..self.boards.len()).find(|&j| next(self.boards[j]) == pb) else {
                    continue 'checks;
                };
                if !self.mandatory[j] {
                    continue 'checks;
                }
                let b = self.boards[j];
                let held = self
                    .root
                    .board(b.l, b.v)
                    .and_then(|x| x.piece_at(sq))
                    .map(|p| p.piece);
                match boards.iter_mut().find(|x| x.j == j) {
                    Some(x) => x.points.push((sq, held)),
                    None => boards.push(LineBoard {
                        j,
                        points: vec![(sq, held)],
                        own_move: false,
                        own_jump: false,
                        arrivals: Vec::new(),
                    }),
                }
            }
            if boards.is_empty() {
                continue;
            }
            for x in &mut boards {
                self.find_lifts(x);
            }
            lines.push(Line { boards });
        }
        lines
    }

    /// Fills in which choices of `x`'s board lift the line: each is made in
    /// the searched position and its next board compared with the copy.
    fn find_lifts(&mut self, x: &mut LineBoard) {
        let b = self.boards[x.j];
        let n = next(b);
        let mut root = self.root.clone();
        let mut lifts = |m: &super::super::coords::Move, branch: bool| -> bool {
            let Some(u) = root.apply_as(m, branch) else {
                return false;
            };
            let changed = x.points.iter().any(|&(sq, held)| {
                root.board(n.l, n.v)
                    .and_then(|nb| nb.piece_at(sq))
                    .map(|p| p.piece)
                    != held
            });
            root.undo(u);
            changed
        };
        x.own_move = self.nonbranching[x.j].iter().any(|m| lifts(m, false));
        x.own_jump = self.jumps[x.j].iter().any(|m| lifts(m, true));
        for o in 0..self.boards.len() {
            if o != x.j
                && self.nonbranching[o]
                    .iter()
                    .any(|m| !m.is_physical() && m.to.board == b && lifts(m, false))
            {
                x.arrivals.push(o);
            }
        }
    }

    /// True if a line of a check of passing everywhere can no longer be
    /// lifted while every board it crosses must be played (module docs),
    /// boards `..decided` having had their phase-1 choice. On true, the
    /// reason is added to `why`. No node: nothing is made.
    pub(super) fn line_stuck(&mut self, decided: usize) -> bool {
        if self.lines.off {
            return false;
        }
        if self.keep_present.is_none() {
            // The pair test's premise: the present cannot be pulled back.
            if self.mv.next_timeline_active(self.mover) {
                return false;
            }
            let present = self.mv.present();
            let (lmin, lmax) = self.mv.timeline_range();
            if (lmin..=lmax).any(|l| {
                self.mv.reactivable_by(l, self.mover) && self.mv.end(l).is_some_and(|e| e < present)
            }) {
                return false;
            }
        }
        if self.lines.lines.is_none() {
            let lines = self.root_lines();
            self.lines.lines = Some(lines);
        }
        let lines = self.lines.lines.take().unwrap_or_default();
        let mut found = None;
        for line in &lines {
            if let Some(why) = self.line_holds(line, decided) {
                found = Some(why);
                break;
            }
        }
        self.lines.lines = Some(lines);
        let Some(why) = found else {
            return false;
        };
        self.why.union_with(&why);
        // The premise holds while no old inactive timeline that the
        // mover's next timelines could reactivate is played to an end
        // before the present (keeping the present, it needs nothing).
        let present = self.mv.present();
        for j in 0..self.boards.len() {
            let bj = self.boards[j];
            if self.keep_present.is_none()
                && bj.v + 1 < present
                && self.mv.reactivable_by(bj.l, self.mover)
            {
                self.depends_on_board(bj);
            }
        }
        self.lines.cuts += 1;
        true
    }

    /// If `line` can no longer be lifted, the reason (module docs).
    fn line_holds(&self, line: &Line, decided: usize) -> Option<Why> {
        let mut why = Why::empty();
        for x in &line.boards {
            let n = next(self.boards[x.j]);
            if self.mv.board(n.l, n.v).is_some() {
                for &(sq, held) in &x.points {
                    let c = Cond::observe(&self.mv, n, sq);
                    let now = self
                        .mv
                        .board(n.l, n.v)
                        .and_then(|nb| nb.piece_at(sq))
                        .map(|p| p.piece);
                    if now != held {
                        return None;
                    }
                    why.push(c);
                }
                continue;
            }
            // Not played yet: it will be, by one of the choices left.
            if x.own_jump {
                return None;
            }
            why.push(Cond::existence(&self.mv, n));
            if x.j < decided {
                // Passed: only its jumps are left.
                continue;
            }
            if x.own_move {
                return None;
            }
            for &o in &x.arrivals {
                if o < decided {
                    // Decided: it did not hop onto this board (which is
                    // unplayed), and cannot any more.
                    continue;
                }
                let bo = self.boards[o];
                if self.mv.is_playable(bo, self.mover) {
                    return None;
                }
                why.push(Cond::existence(&self.mv, next(bo)));
            }
        }
        Some(why)
    }
}
