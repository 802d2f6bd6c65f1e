//! The safety check before the computer commits to an action: does the
//! opponent have a mate in one against it? Exact when it answers "no".
//!
//! Only a reply that gives check can mate, and whether a reply mates is
//! decided exactly ([`mate_test_of`]: a few composed escapes, then
//! [`crate::fived::search::outcome`]). The replies are looked at in two
//! stages:
//!
//! 1. composed replies ([`compose`]): for each board the opponent must play
//!    and each of its moves there, that move with the best guess on every
//!    other board; those that give check are tested. Cheap (one action per
//!    move of a board), it finds the usual mate (one board's move checks)
//!    even where the replies number in millions, but it can only prove a
//!    mate, not its absence.
//! 2. every legal reply of the exact enumeration
//!    ([`crate::fived::search::for_each_legal_action`]), each tested for
//!    check after it (no evaluation), each checking one for mate. Complete,
//!    it proves there is no mate in one.
//!
//! Everything counts in the level's node limit ([`super::Limits::nodes`]), as the
//! search counts it; a fixed share of the limit is kept for it
//! ([`SAFETY_SHARE`]; under a clock, at most a fifth of
//! [`super::Limits::scan`], [`SCAN_PER_SAFETY`]) and it may also use
//! whatever the search left.

use std::ops::ControlFlow;

use super::eval::MATE;
use super::search::{
    compose, in_check, mate_test_of, play, unplay, Report, Searcher, APPLIED_PER_NODE, MATE_PROBE,
    ROOT_ENUMERATION, ROOT_PROBES,
};
use crate::fived::search::{for_each_legal_action_counted, outcome};
use crate::fived::{Answer, Budget, Move, Outcome};

/// The share of the node limit kept for the safety check: a third.
pub(crate) const SAFETY_SHARE: u64 = 3;

/// Under a clock, the safety check keeps a fifth of [`super::Limits::scan`]
/// (10 000 nodes with [`super::CLOCK_SCAN`], a tenth of a second or so
/// natively): it runs after the clock stopped the search, so it must be
/// short.
pub(crate) const SCAN_PER_SAFETY: u64 = 5;

/// Candidates the safety check looks at, best first, at most.
const CANDIDATES: usize = usize::MAX;

/// Candidates the quick check of a reported action looks at
/// ([`Searcher::quick_safe`]), best first, at most.
const QUICK_CANDIDATES: usize = 8;

/// Nodes the quick check of one report may count, all candidates together
/// (on one timeline a candidate takes a few hundred).
const QUICK_NODES: u64 = 2_000;

/// What the safety check found about one action of ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Safety {
    /// The opponent has a mating reply (one was found and proven).
    Mated,
    /// Every reply was listed and none mates.
    Safe,
    /// The budget ran out first: no mating reply was found, but one may
    /// exist.
    Unknown,
}

impl Searcher<'_> {
    /// The action to play among the root's `kids` (in the search's order)
    /// when the search's choice is `best`: the first candidate (`best`, then
    /// the others in order, at most [`CANDIDATES`]) not proven to allow a
    /// mate in one. A candidate whose check ran out of budget is taken as it
    /// is (no mating reply was found for it); when every candidate allows a
    /// mate, the first of the root's other actions not proven to allow one
    /// ([`Searcher::safe_beyond`]), and `best` if none is found (the game is
    /// lost, or the defence lies beyond the budget). `report` hears the
    /// new choice when it differs from `best`.
    pub(crate) fn safest(
        &mut self,
        kids: &[super::search::Child],
        best: (Vec<Move>, i32, u32),
        report: &mut Report<'_>,
    ) -> (Vec<Move>, i32, u32) {
        let order: Vec<(Vec<Move>, i32)> = std::iter::once((best.0.clone(), best.1))
            .chain(
                kids.iter()
                    .filter(|k| k.moves != best.0)
                    .map(|k| (k.moves.clone(), k.score)),
            )
            .collect();
        // At least the reserve, even when the search overran its part, and
        // what the search left, up to the share's whole limit (under a
        // clock the node limit may be unbounded: then three reserves).
        let left = self
            .limits
            .nodes
            .saturating_sub(self.nodes)
            .min(self.total.saturating_sub(self.spent()));
        // Under a clock (it runs after the clock stopped the search) at
        // most a fifth of the scan's bound, as the reserve.
        let room = left
            .min(self.reserve.saturating_mul(SAFETY_SHARE))
            .min(self.limits.scan / SCAN_PER_SAFETY)
            .max(self.reserve);
        let cap = self.nodes.saturating_add(room);
        let mut looked = 0;
        for (moves, score) in order.iter().take(CANDIDATES) {
            looked += 1;
            if self.reply_mates(moves, cap) != Safety::Mated {
                if *moves == best.0 {
                    return best;
                }
                let pick = (moves.clone(), *score, best.2);
                report(&pick.0, pick.1, pick.2, self.spent());
                return pick;
            }
        }
        if let Some((moves, score)) = order.get(looked) {
            let pick = (moves.clone(), *score, best.2);
            report(&pick.0, pick.1, pick.2, self.spent());
            return pick;
        }
        // Every kept action allows a mate: a defence among the others?
        let seen: Vec<Vec<Move>> = order.into_iter().map(|o| o.0).collect();
        if let Some(moves) = self.safe_beyond(&seen, cap) {
            let score = kids.iter().map(|k| k.score).min().unwrap_or(0);
            let pick = (moves, score, best.2);
            report(&pick.0, pick.1, pick.2, self.spent());
            return pick;
        }
        (best.0, -(MATE - 2), best.2)
    }

    /// Whether the opponent has a mate in one after our action `moves`
    /// (from the root position), while the nodes counted stay below `cap`.
    pub(crate) fn reply_mates(&mut self, moves: &[Move], cap: u64) -> Safety {
        let Some(undos) = play(&mut self.pos, moves) else {
            return Safety::Unknown;
        };
        let verdict = self.replies_verdict(cap);
        unplay(&mut self.pos, undos);
        verdict
    }

    /// [`Searcher::reply_mates`] for the side to move of `self.pos` (the
    /// opponent), both stages.
    fn replies_verdict(&mut self, cap: u64) -> Safety {
        let mut work = self.pos.clone();
        // Stage 0: the mating replies found against earlier candidates.
        if let Some(reply) = self.killer_mates(&mut work) {
            self.remember_killer(&reply);
            return Safety::Mated;
        }
        match self.composed_replies_mate(&mut work, cap) {
            Some(Some(reply)) => {
                self.remember_killer(&reply);
                return Safety::Mated;
            }
            None => return Safety::Unknown,
            Some(None) => {}
        }
        // Stage 2: every legal reply.
        let room = cap.saturating_sub(self.nodes);
        if room == 0 {
            return Safety::Unknown;
        }
        let budget = room.saturating_mul(APPLIED_PER_NODE).min(ROOT_ENUMERATION);
        let base = self.nodes;
        let mut used = 0u64;
        let mut mated: Option<Vec<Move>> = None;
        let mut stopped = false;
        let mut open: Vec<Vec<Move>> = Vec::new();
        let (r, applied) =
            for_each_legal_action_counted(&self.pos, Budget::nodes(budget), |reply, _| {
                used += 1;
                if base + used >= cap {
                    stopped = true;
                    return ControlFlow::Break(());
                }
                let Some(undos) = play(&mut work, reply) else {
                    return ControlFlow::Continue(());
                };
                if in_check(&mut work) {
                    let (test, applied) = mate_test_of(&mut work, MATE_PROBE);
                    used += applied / APPLIED_PER_NODE;
                    match test {
                        Answer::Known(Outcome::Checkmate) => mated = Some(reply.to_vec()),
                        Answer::Unknown => open.push(reply.to_vec()),
                        Answer::Known(_) => {}
                    }
                }
                unplay(&mut work, undos);
                if mated.is_some() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        self.nodes += used + applied / APPLIED_PER_NODE;
        if let Some(reply) = mated {
            self.remember_killer(&reply);
            return Safety::Mated;
        }
        if r == Answer::Unknown || stopped {
            return Safety::Unknown;
        }
        // Checking replies whose first mate test was inconclusive, again
        // with larger budgets.
        let mut unknown = false;
        for reply in open {
            let mut decided = false;
            for probe in ROOT_PROBES {
                let cost = probe / APPLIED_PER_NODE;
                if self.nodes.saturating_add(cost) > cap {
                    break;
                }
                self.nodes += cost;
                let Some(undos) = play(&mut work, &reply) else {
                    break;
                };
                let test = outcome(&work, Budget::nodes(probe));
                unplay(&mut work, undos);
                match test {
                    Answer::Known(Outcome::Checkmate) => {
                        self.remember_killer(&reply);
                        return Safety::Mated;
                    }
                    Answer::Known(_) => {
                        decided = true;
                        break;
                    }
                    Answer::Unknown => {}
                }
            }
            unknown |= !decided;
        }
        if unknown {
            Safety::Unknown
        } else {
            Safety::Safe
        }
    }

    /// Stage 1 for the side to move of `self.pos` (the opponent), played on
    /// `work` (a copy of it): composed replies, one board's move varied at a
    /// time, each checking one tested for mate. `Some(Some(reply))`: a
    /// mating reply; `None`: the nodes counted reached `cap` first.
    fn composed_replies_mate(
        &mut self,
        work: &mut crate::fived::Multiverse,
        cap: u64,
    ) -> Option<Option<Vec<Move>>> {
        let boards = work.mandatory_boards();
        let counts: Vec<usize> = boards.iter().map(|b| work.board_moves(*b).len()).collect();
        for (board, &count) in counts.iter().enumerate() {
            for k in 0..count {
                if self.nodes >= cap {
                    return None;
                }
                self.nodes += 1;
                let reply = compose(work, |p, i, options| {
                    if i == board {
                        Some(k)
                    } else {
                        best_guess(p, options)
                    }
                });
                let Some(reply) = reply else { continue };
                if self.mating(work, &reply) == Some(true) {
                    return Some(Some(reply));
                }
            }
        }
        Some(None)
    }

    /// What may be reported as the best action so far, which the page plays
    /// when the player says "move now" before the safety check ran: the
    /// first of `best` and the root's other actions in the search's order
    /// (at most [`QUICK_CANDIDATES`]) not proven to allow a mate in one, by
    /// the safety check's two stages within [`QUICK_NODES`] nodes for all
    /// of them (a candidate whose check runs out of them is taken as it
    /// is); `best` when every candidate looked at allows a mate. Only for
    /// levels that run the safety check. Its nodes are not counted in the
    /// limit (so the search and its choice are the same with or without a
    /// listener): it is bounded by its own [`QUICK_NODES`] a report.
    pub(crate) fn quick_safe(
        &mut self,
        kids: &[super::search::Child],
        best: (Vec<Move>, i32),
    ) -> (Vec<Move>, i32) {
        if !self.safety || !self.check_reports {
            return best;
        }
        let counted = self.nodes;
        let cap = self.nodes.saturating_add(QUICK_NODES);
        let mut pick = best.clone();
        let order = std::iter::once(best.clone()).chain(
            kids.iter()
                .filter(|k| k.moves != best.0)
                .map(|k| (k.moves.clone(), k.score)),
        );
        for (moves, score) in order.take(QUICK_CANDIDATES) {
            if self.reply_mates(&moves, cap) != Safety::Mated {
                pick = (moves, score);
                break;
            }
        }
        self.nodes = counted;
        pick
    }

    /// Whether the legal action `reply` of the side to move of `work` mates
    /// (`None`: it checks and the first mate test was inconclusive).
    pub(super) fn mating(
        &mut self,
        work: &mut crate::fived::Multiverse,
        reply: &[Move],
    ) -> Option<bool> {
        let undos = play(work, reply)?;
        let mut verdict = Some(false);
        if in_check(work) {
            let (test, applied) = mate_test_of(work, MATE_PROBE);
            self.nodes += applied / APPLIED_PER_NODE;
            verdict = match test {
                Answer::Known(Outcome::Checkmate) => Some(true),
                Answer::Unknown => None,
                Answer::Known(_) => Some(false),
            };
        }
        unplay(work, undos);
        verdict
    }
}

/// The index of the move [`super::search::move_guess`] likes best.
pub(super) fn best_guess(pos: &crate::fived::Multiverse, options: &[Move]) -> Option<usize> {
    options
        .iter()
        .enumerate()
        .max_by_key(|(k, m)| (super::search::move_guess(pos, m), std::cmp::Reverse(*k)))
        .map(|(k, _)| k)
}
