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
//! present cannot be pulled back (the premise of the pair test, `pair.rs`
//! `present_stays`: no jump of the searched position can pull it back, or
//! no new timeline of the mover can be active and no opponent's inactive
//! timeline ends before the present; or the search keeps the present) nor
//! has been already (it is not below the searched position's present, where
//! `S`'s boards wait), each of them is played in every completion. So if
//! the boards of `S` played so far left the line's points as they were, and
//! no choice left to the others lifts it (a board decided and passed can
//! only jump; one still to decide can also move or be hopped onto from a
//! board still to decide), no completion exists.
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
//! What a point must hold (`Held`): the attacker's point and the royal's
//! at the end of the line hold what the copy holds; a point of the path
//! holds nothing or a royal piece of the mover. A rider takes the first
//! piece along its line, so with every path point empty or royal and a
//! royal at the end, it takes a royal piece, whichever: the check is
//! there. So a choice lifts the line only if it puts something else on the
//! path, takes the attacker or moves the royal at the end; a royal moving
//! onto the path, or off it, lifts nothing.
//!
//! Royals that hide royals (`x_rays`; sixth holdout, `standardturnzero-5-
//! branching` 21 of the suite the lead made with seed 20261204): a royal
//! piece on the next board of a board at the present may hide another royal
//! behind it on the attacker's line. Then moving it away (a king's move or
//! its branching jump) lifts nothing: the attacker goes on through the
//! point it left and takes the royal behind. Such lines are found by taking
//! the first royal off the copy and keeping the captures whose path crosses
//! its point (one royal deep); that point is then a point of the path, and
//! the royal behind it is the line's end. There, a White queen on `e3` of
//! timeline 13's next board looks along timelines 12, 11, 10, 9 and 8
//! (`e4`, `e5`, `e6`, `e7`, `e8` at T16) at a Black king on `e6` of timeline
//! 10's next board and, behind it, a king on `e8` of timeline 8's board that
//! exists already. Timelines 10, 12 and 13 wait at the present and must all
//! be played, no choice of theirs puts a piece on `e4` of 12 or takes the
//! queen, and the king of 10 leaving `e6` (by a move or a jump) lays bare
//! the king behind. Checkmate; the line of the check of passing
//! everywhere alone (queen to the king of 10) was lifted by each of those
//! king moves, and the search left every board of 10 and 13 to phase 2,
//! where each jump of one failed after each jump of the other through new
//! timelines whose numbers depend on the jumps before: undecided within
//! 300 000 nodes (ftxi/5dchess_engine's `5dtools checkmate`: checkmate in
//! 0.55 s). Now checkmate at the root, 0 nodes.
//!
//! The reason of a cut: what the line's points hold on the next boards of
//! the boards of `S` already played, that the others are not played yet,
//! that the boards that could hop onto them with a lifting move are played
//! already (when they are), and, as in the pair test, that no old inactive
//! timeline was played to a stale end. Which choices lift is a fact about
//! the searched position (each board's moves are fixed), worked out once.

use super::super::check::Check;
use super::super::coords::BoardId;
use super::super::multiverse::Multiverse;
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
    /// The line's points on its next board, with what they must hold for
    /// the check to stay.
    points: Vec<(Square, Held)>,
    /// One of its own non-branching moves lifts the line.
    own_move: bool,
    /// One of its jumps (made as a branching jump) lifts the line.
    own_jump: bool,
    /// The boards with a hop onto it that lifts the line.
    arrivals: Vec<usize>,
}

/// What a point of a line must hold for its check to stay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    /// The attacker's point and the royal's at the end of the line: what
    /// the copy holds there.
    Exactly(Option<Piece>),
    /// A point of the path: nothing, or a royal piece of the mover (then
    /// the attacker takes that royal instead, along the same line).
    Clear,
}

impl Held {
    /// Does `board` hold what this point needs on `sq`? (`mover`: the side
    /// whose royal pieces may stand on the path.)
    fn holds(
        self,
        board: &super::super::board::Board,
        sq: Square,
        mover: crate::chess::Color,
    ) -> bool {
        let now = board.piece_at(sq).map(|p| p.piece);
        match self {
            Held::Exactly(p) => now == p,
            Held::Clear => now.is_none_or(|p| p.color == mover && p.kind.is_royal()),
        }
    }
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
    /// position whose boards `S` all wait at the present (module docs),
    /// and those that the royal of such a check hides (see [`x_rays`]).
    fn root_lines(&mut self) -> Vec<Line> {
        let mover = self.mover;
        let mut star = self.root.clone();
        for b in &self.boards {
            if let Some(board) = star.board(b.l, b.v).cloned() {
                let k = (b.l - star.lmin) as usize;
                star.timelines[k].boards.push(board);
            }
        }
        let mut checks = star.royal_captures(!mover);
        let hidden = x_rays(&self.root, &mut star, &checks, mover);
        drop(star);
        checks.extend(hidden);
        let mut lines = Vec::new();
        'checks: for c in checks {
            let Some(points) = line_points(&c) else {
                continue;
            };
            let mut boards: Vec<LineBoard> = Vec::new();
            for (p, (pb, sq)) in points.into_iter().enumerate() {
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
                // `line_points`: the attacker's point, the royal's, then
                // the path.
                let held = if p < 2 {
                    Held::Exactly(
                        self.root
                            .board(b.l, b.v)
                            .and_then(|x| x.piece_at(sq))
                            .map(|p| p.piece),
                    )
                } else {
                    Held::Clear
                };
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
        let mover = self.mover;
        let b = self.boards[x.j];
        let n = next(b);
        let mut root = self.root.clone();
        let mut lifts = |m: &super::super::coords::Move, branch: bool| -> bool {
            let Some(u) = root.apply_as(m, branch) else {
                return false;
            };
            let changed = x.points.iter().any(|&(sq, held)| {
                root.board(n.l, n.v)
                    .is_none_or(|nb| !held.holds(nb, sq, mover))
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
        // The pair test's premise: the present cannot be pulled back
        // (`present_stays`). The line's boards wait at the searched
        // position's present, so it must also not have been pulled back below
        // that already, by a jump made earlier in the action.
        if self.keep_present.is_none()
            && (!self.present_stays() || self.mv.present() < self.root.present())
        {
            return false;
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
            if let Some(nb) = self.mv.board(n.l, n.v) {
                if x.points
                    .iter()
                    .any(|&(sq, held)| !held.holds(nb, sq, self.mover))
                {
                    return None;
                }
                for &(sq, _) in &x.points {
                    why.push(Cond::observe(&self.mv, n, sq));
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

/// The checks that the royal piece of a check of passing everywhere hides
/// from its attacker: with that royal taken off `star` (the copy), the
/// captures whose path crosses its point. The royal stands on the next
/// board of a board at the present, so a move may take it away; what is
/// behind it on the line is then attacked (a rider's line goes on through
/// the point it leaves). `root` is the searched position (`star` is left
/// as it was).
fn x_rays(
    root: &Multiverse,
    star: &mut Multiverse,
    checks: &[Check],
    mover: crate::chess::Color,
) -> Vec<Check> {
    let mut out: Vec<Check> = Vec::new();
    for c in checks {
        let r = c.royal;
        if root.board(r.board.l, r.board.v).is_some() {
            // On a board that exists already: it stays where it is.
            continue;
        }
        let k = (r.board.l - star.lmin) as usize;
        let Some(board) = star.timelines.get_mut(k).and_then(|t| t.boards.last_mut()) else {
            continue;
        };
        let i = r.square.index();
        let Some(placed) = board.piece_at(r.square) else {
            continue;
        };
        board.clear(i);
        for h in star.royal_captures(!mover) {
            let crosses = line_points(&h).is_some_and(|p| p[2..].contains(&(r.board, r.square)));
            if crosses && !checks.contains(&h) && !out.contains(&h) {
                out.push(h);
            }
        }
        if let Some(board) = star.timelines.get_mut(k).and_then(|t| t.boards.last_mut()) {
            board.put(i, placed.piece, placed.unmoved);
        }
    }
    out
}
