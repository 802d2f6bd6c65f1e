//! The brute-force oracle: legal actions by their definition, built only from
//! the engine's public staging API ([`Game::candidate_moves`], [`Game::play`],
//! [`Game::undo`], [`Game::can_submit`]), never from `fived::search`.
//!
//! An action is any sequence of moves, each from a board the mover may play
//! at that moment, after which the present has passed to the opponent and no
//! royal piece of the mover can be captured (`shared/rules/5d-chess.md`
//! sections 6 and 7) — exactly what `can_submit` accepts. Two sequences are
//! the same action when they have the same set of non-branching moves and the
//! same sequence of branching moves (section 10's count; the key of the
//! search's own test oracle). The oracle tries every move in every order.
//!
//! One saving, which does not change what is found: two orders that reach the
//! same staged state with the same action key so far have the same
//! continuations, so the second is not explored again. The state is read as
//! each timeline's length and last board: within one action boards are only
//! appended (at most one per timeline: a played timeline ends on the
//! opponent's colour) and no earlier board changes, so those determine it.
//! States are remembered by a 64-bit hash of (key, state); a collision could
//! only hide actions, and the cross-check against the fast search on small
//! positions (`tests/stress_suite.rs`) would show it.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

use chronochess::fived::{Game, Move, Multiverse};

/// What the oracle found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// All legal actions were found: their number, capped at the cap given.
    Count(u64),
    /// The node limit ran out first (after this many distinct actions).
    GaveUp(u64),
}

/// The brute-force oracle's work on one position.
pub struct Oracle {
    game: Game,
    /// The present before the action, and whether some legal action found
    /// leaves it there or moves it forward (for [`softmate`]).
    start_present: i32,
    kept_present: bool,
    nonbranching: Vec<Move>,
    branching: Vec<Move>,
    actions: HashSet<(Vec<Move>, Vec<Move>)>,
    seen: HashSet<u64>,
    /// Moves staged so far.
    pub nodes: u64,
    limit: u64,
    cap: u64,
}

enum Stop {
    Cap,
    Limit,
}

impl Oracle {
    /// A walk over every action of `position`, stopping after `limit`
    /// staged moves or `cap` distinct actions.
    fn new(position: &Multiverse, limit: u64, cap: u64) -> Oracle {
        Oracle {
            start_present: position.present(),
            kept_present: false,
            game: Game::new(position.clone()),
            nonbranching: Vec::new(),
            branching: Vec::new(),
            actions: HashSet::new(),
            seen: HashSet::new(),
            nodes: 0,
            limit,
            cap,
        }
    }

    fn state_hash(&self) -> u64 {
        let mut h = DefaultHasher::new();
        let mut nb = self.nonbranching.clone();
        nb.sort();
        nb.hash(&mut h);
        self.branching.hash(&mut h);
        let m = self.game.multiverse();
        let (lo, hi) = m.timeline_range();
        (lo, hi).hash(&mut h);
        for l in lo..=hi {
            if let Some(t) = m.timeline(l) {
                (t.start(), t.boards().len()).hash(&mut h);
                t.boards().last().hash(&mut h);
            }
        }
        h.finish()
    }

    fn record(&mut self) -> ControlFlow<Stop> {
        let played = !self.nonbranching.is_empty() || !self.branching.is_empty();
        if played && self.game.can_submit().is_ok() {
            if self.game.multiverse().present() >= self.start_present {
                self.kept_present = true;
            }
            let mut nb = self.nonbranching.clone();
            nb.sort();
            self.actions.insert((nb, self.branching.clone()));
            if self.actions.len() as u64 >= self.cap {
                return ControlFlow::Break(Stop::Cap);
            }
        }
        ControlFlow::Continue(())
    }

    fn walk(&mut self) -> ControlFlow<Stop> {
        self.record()?;
        for m in self.game.candidate_moves() {
            if self.nodes >= self.limit {
                return ControlFlow::Break(Stop::Limit);
            }
            let branch = self.game.is_branching(&m);
            if self.game.play(m).is_err() {
                continue;
            }
            self.nodes += 1;
            if branch {
                self.branching.push(m);
            } else {
                self.nonbranching.push(m);
            }
            let r = if self.seen.insert(self.state_hash()) {
                self.walk()
            } else {
                ControlFlow::Continue(())
            };
            if branch {
                self.branching.pop();
            } else {
                self.nonbranching.pop();
            }
            self.game.undo();
            r?;
        }
        ControlFlow::Continue(())
    }
}

/// The legal actions of `position` by brute force: their number capped at
/// `cap`, or [`Found::GaveUp`] after `limit` staged moves.
pub fn count(position: &Multiverse, cap: u64, limit: u64) -> (Found, u64) {
    let mut o = Oracle::new(position, limit, cap.max(1));
    let found = match o.walk() {
        ControlFlow::Continue(()) | ControlFlow::Break(Stop::Cap) => {
            Found::Count((o.actions.len() as u64).min(cap))
        }
        ControlFlow::Break(Stop::Limit) => Found::GaveUp(o.actions.len() as u64),
    };
    (found, o.nodes)
}

/// Every legal action of `position` as (sorted non-branching moves,
/// branching sequence), or `None` past `limit` staged moves.
pub fn actions(position: &Multiverse, limit: u64) -> Option<HashSet<(Vec<Move>, Vec<Move>)>> {
    let mut o = Oracle::new(position, limit, u64::MAX);
    match o.walk() {
        ControlFlow::Continue(()) => Some(o.actions),
        ControlFlow::Break(_) => None,
    }
}

/// The fast search's legal actions in the oracle's form (sorted
/// non-branching moves, branching sequence), to compare with [`actions`];
/// `None` if the search runs out of `budget` nodes.
pub fn search_actions(
    position: &Multiverse,
    budget: u64,
) -> Option<HashSet<(Vec<Move>, Vec<Move>)>> {
    use chronochess::fived::search::for_each_legal_action;
    use chronochess::fived::Budget;
    let mut out = HashSet::new();
    let mut bad = false;
    let r = for_each_legal_action(position, Budget::nodes(budget), |moves, _| {
        let mut game = Game::new(position.clone());
        let mut nb = Vec::new();
        let mut br = Vec::new();
        for m in moves {
            if game.is_branching(m) {
                br.push(*m);
            } else {
                nb.push(*m);
            }
            if game.play(*m).is_err() {
                bad = true;
            }
        }
        if game.can_submit().is_err() {
            bad = true;
        }
        nb.sort();
        out.insert((nb, br));
        ControlFlow::Continue(())
    });
    // An action the search visits that the staging API refuses is itself a
    // disagreement: keep it out of the set so the comparison shows it.
    if bad {
        out.insert((Vec::new(), Vec::new()));
    }
    r.known().map(|_| out)
}

/// Softmate by brute force: `Some(true)` if the side to move is in check,
/// has legal actions, and every one of them pulls the present back (none
/// leaves it where it is or moves it forward); `Some(false)` otherwise;
/// `None` past `limit` staged moves. For `stress softcheck`.
pub fn softmate(position: &Multiverse, limit: u64) -> Option<bool> {
    let mut o = Oracle::new(position, limit, u64::MAX);
    match o.walk() {
        ControlFlow::Continue(()) => {
            Some(position.in_check() && !o.actions.is_empty() && !o.kept_present)
        }
        ControlFlow::Break(_) => None,
    }
}
