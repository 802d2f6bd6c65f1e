//! An order hint (issue 14): in check, each board's non-branching moves
//! that touch a line of the check first.
//!
//! Where the budget went before (`stress/README.md`, "Sets of boards that
//! must all jump"): on `fresh.tsv standard-2-swarm` 18 (White in check, 21
//! boards at the present) a black queen's line crosses the next boards of
//! five of them (d7, d6, d5, d4, d3 of timelines -22 to -18): once they
//! are all played with those squares empty, the king is taken. The only
//! way out the search needed was one move of the fourth board it decides
//! (`(-18T6)d2d3`, as in ftxi/5dchess_engine's action), one of its 27
//! moves; below its first choices the other line boards' moves and passes
//! were combined for all of 300 000 nodes (the line closes only once the
//! last of them is decided). With the blocking move tried first, an
//! action comes in 229 nodes.
//!
//! The hint: the checks of passing everywhere (each playable board copied
//! unchanged to its next board, ftxi's check) are computed once, and a
//! non-branching move whose new board puts a piece on, or takes one from,
//! a point of such a check's line (the attacker's square, the royal's,
//! or a square of the path) on that next board is tried before the
//! board's other moves. Only the order changes: every choice is still
//! tried, so the search stays exact.
//!
//! On probation ([`run_search`] below): a search keeps the hint only
//! if it visits an action within `HINT_PROBE_NODES`; otherwise it starts
//! again without it. On checkmates the order changes which reasons are
//! learnt and when, and there it can cost more than it saves (`holdout2.tsv
//! standardreversedroyalty-3-random` 30: 410 786 nodes with the hint,
//! 191 307 without; ordering one board's single line move first alone
//! made it 692 765, another's 98 713). The search keeping the present
//! (softmate, bounded by `SOFTMATE_NODES`) keeps the hint throughout.

use std::ops::ControlFlow;

use super::super::coords::{BoardId, Move};
use super::super::multiverse::Multiverse;
use super::nogood::line_points;
use super::{Answer, Budget, Search, Stop, Visitor};
use crate::chess::{Color, Square};

/// The points of the lines of the checks of passing everywhere: `mv`
/// with every board `mover` can play copied to its next board (`mv` is
/// left as it was).
pub(super) fn passing_check_points(mv: &mut Multiverse, mover: Color) -> Vec<(BoardId, Square)> {
    let boards = mv.playable_boards(mover);
    for b in &boards {
        if let Some(board) = mv.board(b.l, b.v).cloned() {
            let k = (b.l - mv.lmin) as usize;
            mv.timelines[k].boards.push(board);
        }
    }
    let mut points = Vec::new();
    for c in mv.royal_captures(!mover) {
        for p in line_points(&c).unwrap_or_default() {
            if !points.contains(&p) {
                points.push(p);
            }
        }
    }
    for b in &boards {
        let k = (b.l - mv.lmin) as usize;
        if mv.board(b.l, b.v).is_some() && mv.timelines[k].boards.len() > 1 {
            mv.timelines[k].boards.pop();
        }
    }
    points
}

/// Does non-branching move `m` put a piece on, or take one from, one of
/// `points` on a board it makes?
pub(super) fn touches(m: &Move, points: &[(BoardId, Square)]) -> bool {
    let next = |b: BoardId| BoardId { l: b.l, v: b.v + 1 };
    let from = next(m.from.board);
    let to = next(m.to.board);
    points.contains(&(from, m.from.square)) || points.contains(&(to, m.to.square))
}

/// How many nodes a search may spend with the order hint of `blockers.rs`
/// before it has visited an action; then it starts again without the hint
/// (with what is left of the budget). On the ten stress files
/// (`stress/README.md`, "The order hint in check") the hint's first search
/// took over 100 nodes fewer than the plain order on 52 rows, all but six
/// within 1 000 nodes (`fresh.tsv standard-2-swarm` 18: 229 instead of
/// 58 856; over 1 000 only three positions, each in two files, that saved
/// 400 to 2 300 nodes), while on some
/// checkmates its order makes the proof longer (`holdout2.tsv
/// standardreversedroyalty-3-random` 30: 410 786 nodes with it, 191 307
/// without). A search that runs past the probe is a long one, and pays the
/// probe once more: 1 000 kept the total of the ten files' nodes lowest
/// (4 000: 1.36 M, 1 000: 1.34 M, main 1.47 M) and adds the least to the
/// slowest rows. The same probe sends a long search to the hop-linked
/// order of `linked.rs` (2026-11-27; 1 000 keeps every search that ends
/// within it as it was).
pub const HINT_PROBE_NODES: u64 = 1_000;

/// Runs one search: first with the order hint, for at most
/// [`HINT_PROBE_NODES`] unless it visits an action by then (it then goes on
/// to the end of `budget`), else again from the start without the hint and
/// with the early boards in the hop-linked order of `linked.rs` (the same
/// probe decides both: a search that has found nothing within it is a long
/// one, and long proofs are shorter in the linked order). With no check to
/// hint at (no board's order changed) and a linked order that is the order
/// of fewest moves, and in the search keeping the present (bounded by
/// `SOFTMATE_NODES` anyway), one search with no probe.
/// Before that restart, the actions of one jump into the past alone are
/// visited (`solo.rs`), and the restart skips them (and, if there were
/// any, lets the early boards pass first while nothing is played yet).
/// Every order reaches every action, so the answer is the same either way;
/// the restart only repeats the probe's nodes (charged to `budget`).
/// Returns how it ended, the budget used and whether a move was cut only
/// for pulling the present back.
pub(super) fn run_search(
    position: &Multiverse,
    budget: Budget,
    keep_present: bool,
    visit: &mut Visitor<'_>,
) -> (Answer<bool>, u64, bool) {
    let answer = |r: ControlFlow<Stop>| match r {
        ControlFlow::Continue(()) => Answer::Known(true),
        ControlFlow::Break(Stop::Visitor) => Answer::Known(false),
        ControlFlow::Break(Stop::Budget) => Answer::Unknown,
    };
    let (r, used, cut, probed_out, relinked, built) = {
        let mut s = Search::with_hint(position, budget, keep_present, true, visit);
        if !keep_present && (s.hinted || s.relinked) {
            s.budget = s.budget.min(HINT_PROBE_NODES);
        }
        let r = s.run();
        let probed_out = matches!(r, ControlFlow::Break(Stop::Budget)) && s.budget < s.full_budget;
        (
            r,
            s.nodes.min(s.budget),
            s.kept_present_cut,
            probed_out,
            s.relinked,
            s.built.take(),
        )
    };
    if !probed_out {
        return (answer(r), used, cut);
    }
    // A long search: first the actions of one jump into the past alone
    // (`solo.rs`), which the restart then skips.
    let (r, solos, solo_nodes) =
        super::solo::visit_solo_pulls(position, budget.nodes - used, visit);
    let used = used + solo_nodes;
    if r.is_break() {
        return (answer(r), used, cut);
    }
    let mut skip_solos = |moves: &[Move], after: &Multiverse| {
        if moves.len() == 1 && solos.contains(&moves[0]) {
            ControlFlow::Continue(())
        } else {
            visit(moves, after)
        }
    };
    let rest = Budget::nodes(budget.nodes - used);
    // The moves the probe's search found, before its order (the same list
    // a new one would build).
    let mut s = Search::with_order(
        position,
        rest,
        keep_present,
        false,
        relinked,
        built,
        &mut skip_solos,
    );
    s.bare_first = true;
    s.pass_first = !solos.is_empty();
    let r = s.run();
    (
        answer(r),
        used + s.nodes.min(rest.nodes),
        s.kept_present_cut,
    )
}
