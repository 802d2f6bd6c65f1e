//! The baseline bots: a uniformly random legal mover, and flat UCB (the idea
//! of ftxi/5dchess_engine's `flat-uct` engine, re-implemented here from its
//! description: candidate actions at the root, random playouts from each,
//! the next playout given to the candidate with the best UCB1 bound).

use std::ops::ControlFlow;

use super::eval::evaluate;
use super::search::{compose, in_check, play, unplay};
use super::{Limits, Rng};
use crate::chess::Color;
use crate::fived::search::for_each_legal_action;
use crate::fived::{Budget, Move, Multiverse};

/// Applied moves the random mover's enumeration may use.
pub(crate) const RANDOM_ENUMERATION: u64 = 5_000_000;
/// Actions the random mover and the UCB bot sample from at most: past that
/// many, the sample is uniform over the first ones of the enumeration's
/// fixed order (a position with four timelines can have millions of
/// actions, too many to list for every random action).
pub(crate) const SAMPLE_CAP: u64 = 50_000;
/// Candidate actions the UCB bot keeps at the root (a uniform sample).
const UCB_CANDIDATES: usize = 48;
/// Actions per playout before the position is scored.
const PLAYOUT_ACTIONS: usize = 8;

/// A uniformly random legal action (reservoir sampling over the exact
/// enumeration; past [`SAMPLE_CAP`] actions or if its budget runs out,
/// uniform over the actions it visited), and how many actions were visited.
pub(crate) fn random_action(
    pos: &Multiverse,
    rng: &mut Rng,
    budget: u64,
) -> (Option<Vec<Move>>, u64) {
    let mut seen = 0u64;
    let mut pick: Option<Vec<Move>> = None;
    let _ = for_each_legal_action(pos, Budget::nodes(budget), |moves, _| {
        seen += 1;
        if rng.below(seen) == 0 {
            pick = Some(moves.to_vec());
        }
        if seen >= SAMPLE_CAP {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    (pick, seen)
}

/// A uniform sample of up to `k` legal actions (reservoir), and the number
/// of actions visited.
fn sample_actions(pos: &Multiverse, rng: &mut Rng, k: usize, budget: u64) -> (Vec<Vec<Move>>, u64) {
    let mut seen = 0u64;
    let mut out: Vec<Vec<Move>> = Vec::new();
    let _ = for_each_legal_action(pos, Budget::nodes(budget), |moves, _| {
        seen += 1;
        if out.len() < k {
            out.push(moves.to_vec());
        } else {
            let j = rng.below(seen) as usize;
            if j < k {
                out[j] = moves.to_vec();
            }
        }
        if seen >= SAMPLE_CAP {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    (out, seen)
}

/// A quick random legal action for playouts: a random move on every board
/// that must move, tested exactly (each move is one the piece has at that
/// moment; the present must pass and no royal piece may be capturable);
/// after a few failed draws, a random pick among the first actions of the
/// exact enumeration. `None`: no legal action was found.
fn playout_action(pos: &mut Multiverse, rng: &mut Rng) -> Option<Vec<Move>> {
    for _ in 0..4 {
        let a = compose(pos, |_, _, options| {
            (!options.is_empty()).then(|| rng.below(options.len() as u64) as usize)
        });
        if a.is_some() {
            return a;
        }
    }
    let (sample, _) = sample_actions(pos, rng, 1, 50_000);
    sample.into_iter().next()
}

/// One random playout from the position after a candidate (the opponent of
/// `side` to move): 1 for a win of `side`, 0 for a loss, otherwise the
/// evaluation squashed into (0, 1).
fn playout(pos: &mut Multiverse, side: Color, rng: &mut Rng, nodes: &mut u64) -> f64 {
    let mut stack = Vec::new();
    let mut result = None;
    for _ in 0..PLAYOUT_ACTIONS {
        *nodes += 1;
        match playout_action(pos, rng) {
            Some(a) => match play(pos, &a) {
                Some(u) => stack.push(u),
                None => break,
            },
            None => {
                let lost = pos.to_move;
                result = Some(if in_check(pos) {
                    if lost == side {
                        0.0
                    } else {
                        1.0
                    }
                } else {
                    0.5
                });
                break;
            }
        }
    }
    let r = result.unwrap_or_else(|| {
        let to_move = pos.to_move;
        let check = in_check(pos);
        let e = f64::from(evaluate(pos, side, to_move, check));
        1.0 / (1.0 + (-e / 400.0).exp())
    });
    for u in stack.into_iter().rev() {
        unplay(pos, u);
    }
    r
}

/// Flat UCB: the chosen action and the actions (playout steps and root
/// listing) visited. Stops at the node limit or when `stop` says so (after
/// at least one playout).
pub(crate) fn flat_ucb(
    pos: &Multiverse,
    limits: &Limits<'_>,
    rng: &mut Rng,
) -> (Option<Vec<Move>>, u64) {
    let side = pos.to_move;
    let (cands, seen) = sample_actions(pos, rng, UCB_CANDIDATES, RANDOM_ENUMERATION);
    let mut nodes = seen;
    if cands.len() <= 1 {
        return (cands.into_iter().next(), nodes);
    }
    let mut work = pos.clone();
    let n = cands.len();
    let mut wins = vec![0.0f64; n];
    let mut visits = vec![0u64; n];
    let mut total = 0u64;
    loop {
        let i = if (total as usize) < n {
            total as usize
        } else {
            let ln = (total as f64).ln();
            (0..n)
                .max_by(|&a, &b| {
                    let ua = wins[a] / visits[a] as f64 + (2.0 * ln / visits[a] as f64).sqrt();
                    let ub = wins[b] / visits[b] as f64 + (2.0 * ln / visits[b] as f64).sqrt();
                    ua.total_cmp(&ub)
                })
                .unwrap_or(0)
        };
        let Some(undos) = play(&mut work, &cands[i]) else {
            break;
        };
        let r = playout(&mut work, side, rng, &mut nodes);
        unplay(&mut work, undos);
        wins[i] += r;
        visits[i] += 1;
        total += 1;
        // The limit is honoured even before every candidate had a playout
        // (the answer is then the most visited of those that had one): in a
        // position with many timelines a round of playouts takes seconds,
        // and the baseline must get the same time as the bot it is measured
        // against.
        if nodes >= limits.nodes || (limits.stop)() {
            break;
        }
    }
    let best = (0..n).max_by_key(|&i| visits[i]).unwrap_or(0);
    (cands.into_iter().nth(best), nodes)
}
