//! Diagnostics and the test oracle: a brute-force enumerator of legal
//! actions, the fast search's actions in the same form, and the shape of a
//! search (per board: moves and jumps).

use std::ops::ControlFlow;

use super::super::coords::{BoardId, Move};
use super::super::multiverse::Multiverse;
use super::{for_each_legal_action, new_boards, Budget, Search};
use crate::chess::Color;

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
        if played > 0 && mv.can_end_action() {
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

/// An action of `position` as its set key: the puzzle module's
/// [`crate::fived::puzzle::action_key`] (non-branching moves sorted,
/// branching jumps in the order made). The search's actions always apply.
fn action_key(position: &Multiverse, moves: &[Move]) -> (Vec<Move>, Vec<Move>) {
    crate::fived::puzzle::action_key(position, moves).expect("a searched action's moves apply")
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
        out.insert(action_key(position, moves));
        ControlFlow::Continue(())
    });
    out
}

/// The first `cap` legal actions one search visits, in its order, with the
/// order hint of `blockers.rs` throughout (`hint`) or never (no probe);
/// `None` if `budget` ran out first. Both orders must give the same set
/// (the hint only reorders): for tests.
#[doc(hidden)]
#[must_use]
pub fn actions_in_order(
    position: &Multiverse,
    budget: Budget,
    hint: bool,
    cap: usize,
) -> Option<Vec<Vec<Move>>> {
    let mut out = Vec::new();
    let mut visit = |moves: &[Move], _: &Multiverse| {
        out.push(moves.to_vec());
        if out.len() >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut s = Search::with_hint(position, budget, false, hint, &mut visit);
    let r = s.run();
    drop(s);
    match r {
        ControlFlow::Break(super::Stop::Budget) => None,
        _ => Some(out),
    }
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

/// How often the pair test (`pair.rs`) cut during a search for any legal
/// action within `budget`, and whether one was found (`Unknown` if the
/// budget ran out first). Without the line cut of `lines.rs`, which
/// decides some of those positions before the pair test runs. For tests.
#[doc(hidden)]
#[must_use]
pub fn pair_cuts(position: &Multiverse, budget: Budget) -> (u64, super::Answer<bool>) {
    let mut found = false;
    let mut visit = |_: &[Move], _: &Multiverse| {
        found = true;
        ControlFlow::Break(())
    };
    let mut s = Search::new(position, budget, false, &mut visit);
    // The pair test alone: the line cut (`lines.rs`) decides some of its
    // positions before it runs.
    s.lines.off = true;
    let r = s.run();
    let cuts = s.pair_cuts;
    let answer = match r {
        ControlFlow::Break(super::Stop::Budget) => super::Answer::Unknown,
        _ => super::Answer::Known(found),
    };
    (cuts, answer)
}

/// One search for any legal action within `budget` (no restart): whether
/// one was found (`Unknown` if the budget ran out first), the nodes used,
/// and how often the pair and set tests cut. With `fresh_lookups` the pair
/// test looks every nogood up again after each jump of the other board
/// (`pair.rs` `AfterJumps` keeps none): the walk must be the same. For
/// tests.
#[doc(hidden)]
#[must_use]
pub fn first_action_walk(
    position: &Multiverse,
    budget: Budget,
    fresh_lookups: bool,
) -> (super::Answer<bool>, u64, u64, u64) {
    let mut found = false;
    let mut visit = |_: &[Move], _: &Multiverse| {
        found = true;
        ControlFlow::Break(())
    };
    let mut s = Search::new(position, budget, false, &mut visit);
    s.fresh_lookups = fresh_lookups;
    let r = s.run();
    let (nodes, pairs, sets) = (s.nodes, s.pair_cuts, s.sets.cuts);
    let answer = match r {
        ControlFlow::Break(super::Stop::Budget) => super::Answer::Unknown,
        _ => super::Answer::Known(found),
    };
    (answer, nodes, pairs, sets)
}

/// Every legal action as in [`fast_legal_actions`], from one search that
/// reuses no reason (`Search::reuse_off`: no kept, sibling or level reason
/// skips a choice, no backjump, no nogood learnt from a check skips a
/// move): `None` if `budget` ran out. A second
/// oracle for the reasons, cheaper than [`naive_legal_actions`] on
/// positions with many moves: a difference between the two searches is a
/// reason that misses a condition (`cuts.md`, "Phase 2 reasons name a
/// skipped hop's target").
#[doc(hidden)]
#[must_use]
pub fn plain_legal_actions(
    position: &Multiverse,
    budget: Budget,
) -> Option<std::collections::BTreeSet<(Vec<Move>, Vec<Move>)>> {
    let mut out = std::collections::BTreeSet::new();
    let mut visit = |moves: &[Move], _: &Multiverse| {
        out.insert(action_key(position, moves));
        ControlFlow::Continue(())
    };
    let mut s = Search::with_hint(position, budget, false, false, &mut visit);
    s.reuse_off = true;
    let r = s.run();
    drop(s);
    match r {
        ControlFlow::Break(super::Stop::Budget) => None,
        _ => Some(out),
    }
}
