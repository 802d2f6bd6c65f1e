//! Cheap exact help for the root's two mate-in-one questions, where the
//! enumeration of every action is too long for the budget:
//!
//! - **our mate in one** ([`Searcher::composed_mate`]): one action per move
//!   of each board we must play (that move, the best guess elsewhere, and
//!   two seeded completions when that one is not legal), each checking one
//!   tested for mate exactly. It costs about one action per move of the
//!   position, not one per action (millions with several timelines), so it
//!   runs in full whatever the node limit once the root's listing stopped
//!   short; a mate it reports is proven.
//! - **the opponent's mate in one against a candidate** (the safety check,
//!   `safety.rs`): the mating replies found against earlier candidates are
//!   remembered ([`Searcher::killer_mates`]: the killer idea of chess
//!   engines, here as a proof, not an order): the usual threat (one jump
//!   or one checking piece) mates against most candidates, and replaying it
//!   (its moves where the opponent still has them, the best guess
//!   elsewhere) proves that in a few nodes instead of a listing of every
//!   reply; and when every kept root action allows a mate, the root's
//!   other actions are looked through the same way
//!   ([`Searcher::safe_beyond`]) for one that does not.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::safety::{best_guess, Safety};
use super::search::{
    compose, compose_after, Listing, Searcher, APPLIED_PER_NODE, ROOT_ENUMERATION,
};
use crate::fived::search::for_each_legal_action_counted;
use crate::fived::{Answer, Budget, Move, Multiverse};

/// Mating replies remembered for the safety check, most recent first.
pub(crate) const KILLERS: usize = 8;

/// Nodes [`Searcher::composed_mate`] may count at most (its own bound, not
/// a share of the level's limit: in the largest positions seen in play,
/// 60+ timelines, a full pass takes a few thousand).
pub(crate) const COMPOSED_MATE_NODES: u64 = 30_000;

/// Nodes the rest of the root's mate scan ([`Searcher::rest_of_mate_scan`])
/// may use at most, whatever the level (actions of the enumeration visited,
/// the ones already tested included, and the mate tests' cost; the moves
/// applied are counted besides): given the room in the caller's limit, a
/// position with several thousand actions (the host test's have up to
/// 5 000) is scanned in full by every level.
pub(crate) const MATE_SCAN_NODES: u64 = 20_000;

/// [`Searcher::rest_of_mate_scan`] may use at most this share of the
/// caller's node limit for its actions and tests, and as much for the moves
/// applied (the host tests' 60 000 000 leave it its 20 000; at 60 000 it
/// cannot get past the level's listing and is skipped, which leaves
/// `strongest` its second action of depth on six timelines).
const REST_SHARE: u64 = 12;

/// Applied moves the enumeration of [`Searcher::rest_of_mate_scan`] may use.
const MATE_SCAN_APPLIED: u64 = 1_000_000;

impl Searcher<'_> {
    /// A mating action of the side to move of the root, among the actions
    /// made of one board's move and the best guess (or, when that is not
    /// legal, one of two seeded guesses) on every other board; `None` if
    /// none of them mates. Counts its work in the nodes, bounded by
    /// [`COMPOSED_MATE_NODES`], by what the caller's limit leaves
    /// ([`Searcher::scan_room`]) and by the clock, asked every 128 nodes
    /// from the first (a player's "move now" included).
    pub(crate) fn composed_mate(&mut self) -> Option<Vec<Move>> {
        let cap = self
            .nodes
            .saturating_add(COMPOSED_MATE_NODES.min(self.scan_room()));
        let mut ask = self.nodes;
        let mut work = self.pos.clone();
        let boards = work.mandatory_boards();
        let counts: Vec<usize> = boards.iter().map(|b| work.board_moves(*b).len()).collect();
        for (board, &count) in counts.iter().enumerate() {
            for k in 0..count {
                for salt in 0..3u64 {
                    if self.nodes >= cap {
                        return None;
                    }
                    // The clock ("move now") every 128 nodes, from the first.
                    if self.nodes >= ask {
                        ask = self.nodes + 128;
                        if (self.limits.stop)() {
                            return None;
                        }
                    }
                    self.nodes += 1;
                    let action = compose(&mut work, |p, i, options| {
                        if i == board {
                            Some(k)
                        } else if salt == 0 {
                            best_guess(p, options)
                        } else if options.is_empty() {
                            None
                        } else {
                            let n = options.len() as u64;
                            Some(((salt * 7_919 + (i + k) as u64 * 104_729) % n) as usize)
                        }
                    });
                    let Some(action) = action else { continue };
                    if self.mating(&mut work, &action) == Some(true) {
                        return Some(action);
                    }
                    break; // a legal completion: the move was tried
                }
            }
        }
        None
    }

    /// The root's mate scan after the level's share of the limit stopped
    /// its listing once `tested` actions of the enumeration were tested: the
    /// enumeration again, the first `tested` actions skipped, every later
    /// checking action tested for mate (exactly, [`Searcher::mating`]),
    /// within [`MATE_SCAN_NODES`], a twelfth of the caller's limit and
    /// half of what it leaves ([`Searcher::scan_room`]: the other half is
    /// for [`Searcher::composed_mate`]), and the clock (asked every 128
    /// actions). Its nodes (the actions enumerated, the mate tests, the
    /// moves applied) are not counted in the level's own limit but in the
    /// caller's ([`Searcher::scan_extra`]). A mating action found is
    /// returned; a scan that reaches the end with every test decided makes
    /// the root's listing [`Listing::Complete`] (no mate was missed);
    /// inconclusive tests join the ones the root tests again.
    pub(crate) fn rest_of_mate_scan(&mut self, tested: u64) -> Option<Vec<Move>> {
        let counted = self.nodes;
        // At most a twelfth of the caller's limit (the search keeps its
        // part) and half the room for the actions and mate tests, as much
        // for the moves applied; nothing when that cannot even get past
        // the actions already tested.
        let part = (self.scan_room() / 2).min(self.total / REST_SHARE);
        let bound = MATE_SCAN_NODES.min(part);
        if bound <= tested {
            return None;
        }
        let applied_budget = MATE_SCAN_APPLIED.min(part.saturating_mul(APPLIED_PER_NODE));
        let root = self.pos.clone();
        let mut work = self.pos.clone();
        let (mut seen, mut stopped, mut found) = (0u64, false, None);
        let mut open = Vec::new();
        let (r, applied) =
            for_each_legal_action_counted(&root, Budget::nodes(applied_budget), |moves, _| {
                seen += 1;
                if seen <= tested {
                    return ControlFlow::Continue(());
                }
                // Every action enumerated counts, and the mate tests' cost.
                if seen + (self.nodes - counted) >= bound
                    || (seen.is_multiple_of(128) && (self.limits.stop)())
                {
                    stopped = true;
                    return ControlFlow::Break(());
                }
                match self.mating(&mut work, moves) {
                    Some(true) => {
                        found = Some(moves.to_vec());
                        ControlFlow::Break(())
                    }
                    Some(false) => ControlFlow::Continue(()),
                    None => {
                        open.push(moves.to_vec());
                        ControlFlow::Continue(())
                    }
                }
            });
        self.scan_extra += seen + (self.nodes - counted) + applied / APPLIED_PER_NODE;
        self.nodes = counted;
        if found.is_none() && !stopped && r == Answer::Known(true) {
            if open.is_empty() && self.unresolved.is_empty() {
                self.root_listing = Some(Listing::Complete);
            }
            self.unresolved.extend(open);
        }
        found
    }

    /// A remembered mating reply adapted to the side to move of `work`
    /// that mates it (proven), if one does ([`adapt`]).
    pub(crate) fn killer_mates(&mut self, work: &mut Multiverse) -> Option<Vec<Move>> {
        for i in 0..self.killers.len() {
            self.nodes += 1;
            let Some(reply) = adapt(work, &self.killers[i]) else {
                continue;
            };
            if self.mating(work, &reply) == Some(true) {
                return Some(reply);
            }
        }
        None
    }

    /// Remembers a mating reply for [`Searcher::killer_mates`].
    pub(crate) fn remember_killer(&mut self, reply: &[Move]) {
        self.killers.retain(|k| k != reply);
        self.killers.insert(0, reply.to_vec());
        self.killers.truncate(KILLERS);
    }

    /// A root action not among `seen` that is not proven to allow a mate in
    /// one (the safety check's verdict for it, safe or out of budget),
    /// looked for in the enumeration's order while the nodes counted stay
    /// below `cap`; `None` if there is none or the budget ran out first.
    pub(crate) fn safe_beyond(&mut self, seen: &[Vec<Move>], cap: u64) -> Option<Vec<Move>> {
        let seen: HashSet<Vec<Move>> = seen
            .iter()
            .map(|m| {
                let mut m = m.clone();
                m.sort();
                m
            })
            .collect();
        let root = self.pos.clone();
        let room = cap.saturating_sub(self.nodes);
        let budget = room.saturating_mul(APPLIED_PER_NODE).min(ROOT_ENUMERATION);
        let mut found = None;
        let mut visited = 0u64;
        let (_, applied) =
            for_each_legal_action_counted(&root, Budget::nodes(budget), |moves, _| {
                visited += 1;
                self.nodes += 1;
                if self.nodes >= cap {
                    return ControlFlow::Break(());
                }
                let mut key = moves.to_vec();
                key.sort();
                if seen.contains(&key) {
                    return ControlFlow::Continue(());
                }
                if self.reply_mates(moves, cap) != Safety::Mated {
                    found = Some(moves.to_vec());
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        self.nodes += applied / APPLIED_PER_NODE;
        // A candidate whose check ran out of budget is no better than one
        // not checked: only a verdict reached within the cap counts.
        found.filter(|_| self.nodes < cap)
    }
}

/// The remembered reply `killer` as the side to move of `pos` can play it:
/// each of its moves that is still a move of its board (in its order, on
/// any board: a mate often needs an optional board's jump), then the best
/// guess on every board that must still move; `None` unless that is a legal
/// action ([`compose_after`]). `pos` is left unchanged.
fn adapt(pos: &mut Multiverse, killer: &[Move]) -> Option<Vec<Move>> {
    compose_after(pos, killer, |p, _, options| best_guess(p, options))
}

#[cfg(test)]
mod tests {
    use super::{adapt, Searcher};
    use crate::fived::ai::search::{compose, compose_after, play};
    use crate::fived::ai::Limits;
    use crate::fived::search::outcome;
    use crate::fived::{boards, Answer, Budget, Multiverse, Outcome};

    fn position(text: &str) -> Multiverse {
        let read = crate::notation::read(text).unwrap();
        let r = crate::notation::resolve::replay(&read.game, |_, _| {}).unwrap();
        assert!(r.error.is_none(), "{:?}", r.error);
        r.game.multiverse().clone()
    }

    /// White to mate with `4. Qh5xf7`.
    const SCHOLAR: &str = "[Board \"Standard\"]\n[Mode \"5D\"]\n\
        1. (0T1)e2e4 / (0T1)e7e5\n2. (0T2)Bf1c4 / (0T2)Nb8c6\n3. (0T3)Qd1h5 / (0T3)Ng8f6\n";

    #[test]
    fn a_remembered_mate_is_replayed_and_a_lost_move_replaced() {
        let mut pos = position(SCHOLAR);
        let before = pos.clone();
        // h5 to f7 (files and ranks from 0).
        let mates = compose(&mut pos, |_, _, options| {
            options.iter().position(|m| {
                (
                    m.from.square.x,
                    m.from.square.y,
                    m.to.square.x,
                    m.to.square.y,
                ) == (7, 4, 5, 6)
            })
        })
        .expect("Qxf7 is an action");
        let mut after = pos.clone();
        play(&mut after, &mates).unwrap();
        assert_eq!(
            outcome(&after, Budget::nodes(100_000)),
            Answer::Known(Outcome::Checkmate)
        );
        // The killer as it is: replayed.
        assert_eq!(adapt(&mut pos, &mates), Some(mates.clone()));
        assert_eq!(pos, before);
        // At the start no queen stands on h5: its move is skipped and the
        // best guess plays instead, as compose's.
        let mut start = Multiverse::from_variant(boards::standard()).unwrap();
        let guess = adapt(&mut start, &mates).expect("a legal action");
        assert_ne!(guess, mates);
        assert_eq!(
            Some(guess),
            compose(&mut start, |p, _, o| super::best_guess(p, o))
        );
        // Nothing first: compose itself; no board to move: no action.
        assert_eq!(
            compose_after(&mut start, &[], |_, _, o| (!o.is_empty()).then_some(0)),
            compose(&mut start, |_, _, o| (!o.is_empty()).then_some(0))
        );
    }

    #[test]
    fn the_composed_mate_search_stops_when_asked() {
        let start = Multiverse::from_variant(boards::standard()).unwrap();
        let stop = || true;
        let mut hurried = Searcher::new(
            &start,
            Limits {
                nodes: u64::MAX,
                stop: &stop,
                scan: u64::MAX,
            },
            1,
            0,
        );
        assert_eq!(hurried.composed_mate(), None);
        assert_eq!(hurried.nodes, 0);
        // Not asked to stop, it tries each of the 20 moves.
        let mut calm = Searcher::new(&start, Limits::nodes(u64::MAX), 1, 0);
        assert_eq!(calm.composed_mate(), None);
        assert!(calm.nodes >= 20, "{}", calm.nodes);
    }
}
