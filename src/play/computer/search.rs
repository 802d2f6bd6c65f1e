//! The search: negamax with alpha-beta over [`GameSession::search_actions`]
//! (then [`GameSession::search_actions_later`] where those did not cut),
//! iterative deepening and a node limit, kept on an explicit stack so that it
//! can stop after any number of nodes and go on later ([`Search::step`]): a
//! page runs it in slices of a few milliseconds and draws in between.
//!
//! Scores are for the side of the frame that holds them. A game whose side
//! acts several times in a row (Multiverse Time Travel Chess plays one
//! action per branch, [`Step::Staged`](crate::play::Step::Staged)) is
//! searched the same way: a child of the same side keeps the window and the
//! sign, a child of the other side negates both.

use crate::chess::Color;
use crate::play::{Ending, GameSession};

use super::Level;

/// The score of a win found `ply` actions ahead is `MATE - ply`: a nearer
/// win scores higher, a nearer loss lower.
pub const MATE: i32 = 1_000_000;

/// Scores at least this far from zero are wins or losses, never noise.
pub const WIN_BOUND: i32 = MATE - 10_000;

const INFINITY: i32 = MATE + 1;

/// What the search has chosen: the action, its score for the computer
/// (centipawns, or near [`MATE`] for a win it sees), the deepest completed
/// depth and the nodes visited.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<A> {
    /// The action to play.
    pub action: A,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest search completed (0: none completed, the first action
    /// searched is taken).
    pub depth: u32,
    /// Actions played in the search so far.
    pub nodes: u64,
}

/// One position being searched.
#[derive(Debug)]
struct Frame<S: GameSession> {
    state: S,
    side: Color,
    actions: Vec<S::Action>,
    next: usize,
    alpha: i32,
    beta: i32,
    best: i32,
    best_index: Option<usize>,
    /// Actions still to look ahead from here (≥ 1).
    depth: u32,
    /// Actions played from the root to here.
    ply: u32,
    /// This frame's action in its parent.
    index_in_parent: usize,
    /// Whether [`GameSession::search_actions_later`] is still to be asked
    /// (once the first actions are searched without a cut).
    later: bool,
}

/// A search in progress for the side to move of a session: advance it with
/// [`Search::step`] until it answers.
#[derive(Debug)]
pub struct Search<S: GameSession> {
    level: Level,
    seed: u64,
    root: S,
    root_side: Color,
    /// The root actions in the order the next iteration searches them.
    order: Vec<S::Action>,
    depth: u32,
    stack: Vec<Frame<S>>,
    nodes: u64,
    completed: Option<Choice<S::Action>>,
    done: bool,
}

/// A deterministic 64-bit mix (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The score of an ending for `side`, `ply` actions from the root.
fn terminal(ending: &Ending, side: Color, ply: u32) -> i32 {
    let near = MATE - i32::try_from(ply).unwrap_or(10_000).min(10_000);
    match ending.winner {
        Some(w) if w == side => near,
        Some(_) => -near,
        None => 0,
    }
}

impl<S: GameSession> Search<S> {
    /// A search for the side to move in `root` at `level`; `seed` fixes its
    /// noise (the same seed, the same choice).
    #[must_use]
    pub fn new(root: &S, level: Level, seed: u64) -> Search<S> {
        let order = if root.ending().is_some() {
            Vec::new()
        } else {
            let mut all = root.search_actions();
            all.extend(root.search_actions_later());
            all
        };
        let mut search = Search {
            level,
            seed,
            root: root.clone(),
            root_side: root.to_move(),
            done: order.is_empty(),
            order,
            depth: 0,
            stack: Vec::new(),
            nodes: 0,
            completed: None,
        };
        search.start_iteration();
        search
    }

    /// Actions played in the search so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The deepest search completed so far.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.completed.as_ref().map_or(0, |c| c.depth)
    }

    /// Whether the search has answered (or had nothing to choose from).
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.done
    }

    fn start_iteration(&mut self) {
        if self.done {
            return;
        }
        self.depth += 1;
        self.stack.push(Frame {
            state: self.root.clone(),
            side: self.root_side,
            actions: self.order.clone(),
            next: 0,
            alpha: -INFINITY,
            beta: INFINITY,
            best: -INFINITY,
            best_index: None,
            depth: self.depth,
            ply: 0,
            index_in_parent: 0,
            later: false,
        });
    }

    /// The noise added to root action `index`'s score (0 above level 1).
    fn noise(&self, index: usize) -> i32 {
        let amplitude = self.level.noise();
        if amplitude == 0 {
            return 0;
        }
        let span = u64::try_from(2 * amplitude + 1).unwrap_or(1);
        let r = mix(self.seed ^ mix(index as u64)) % span;
        i32::try_from(r).unwrap_or(0) - amplitude
    }

    /// Takes a child's score (for `child_side`) into the top frame, for its
    /// action `index`.
    fn fold(&mut self, index: usize, child_side: Color, score: i32) {
        let noise = if self.stack.len() == 1 && score.abs() < WIN_BOUND {
            self.noise(index)
        } else {
            0
        };
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        let v = if child_side == top.side {
            score
        } else {
            -score
        } + noise;
        if v > top.best || top.best_index.is_none() {
            top.best = v;
            top.best_index = Some(index);
        }
        if v > top.alpha {
            top.alpha = v;
        }
    }

    /// The answer: the last completed iteration's choice, else the best of
    /// the iteration under way, else the first legal action.
    fn answer(&self) -> Option<Choice<S::Action>> {
        if let Some(c) = &self.completed {
            return Some(Choice {
                nodes: self.nodes,
                ..c.clone()
            });
        }
        let root = self.stack.first();
        let (index, score) = root
            .and_then(|f| f.best_index.map(|i| (i, f.best)))
            .unwrap_or((0, 0));
        self.order.get(index).map(|a| Choice {
            action: a.clone(),
            score,
            depth: 0,
            nodes: self.nodes,
        })
    }

    /// Stops where the search stands: the answer is the best found so far.
    pub fn stop(&mut self) -> Option<Choice<S::Action>> {
        self.done = true;
        self.stack.clear();
        self.answer()
    }

    /// Searches at most `budget` more nodes; the choice once the search is
    /// done (its depth reached, its node limit spent, or a win found), else
    /// `None`: call again. A search with no legal action answers `None` at
    /// once and [`Search::is_done`] says so.
    pub fn step(&mut self, budget: u64) -> Option<Choice<S::Action>> {
        let mut left = budget;
        while !self.done {
            if self.nodes >= self.level.nodes() {
                return self.stop();
            }
            if left == 0 {
                return None;
            }
            let Some(top) = self.stack.last_mut() else {
                self.start_iteration();
                continue;
            };
            if top.next >= top.actions.len() && top.later && top.alpha < top.beta {
                top.later = false;
                let more = top.state.search_actions_later();
                top.actions.extend(more);
                continue;
            }
            if top.next >= top.actions.len() || top.alpha >= top.beta {
                self.finish_frame();
                continue;
            }
            let index = top.next;
            top.next += 1;
            let action = top.actions[index].clone();
            let (depth, ply, alpha, beta, side) =
                (top.depth, top.ply, top.alpha, top.beta, top.side);
            let mut child = top.state.clone();
            self.nodes += 1;
            left -= 1;
            if child.play(action).is_err() {
                continue;
            }
            let child_side = child.to_move();
            if let Some(ending) = child.ending() {
                self.fold(index, child_side, terminal(&ending, child_side, ply + 1));
                continue;
            }
            if depth <= 1 {
                self.fold(index, child_side, child.evaluation());
                continue;
            }
            let actions = child.search_actions();
            if actions.is_empty() {
                self.fold(index, child_side, child.evaluation());
                continue;
            }
            let (alpha, beta) = if child_side == side {
                (alpha, beta)
            } else {
                (-beta, -alpha)
            };
            self.stack.push(Frame {
                state: child,
                side: child_side,
                actions,
                next: 0,
                alpha,
                beta,
                best: -INFINITY,
                best_index: None,
                depth: depth - 1,
                ply: ply + 1,
                index_in_parent: index,
                later: true,
            });
        }
        self.answer()
    }

    /// Pops the finished top frame: into its parent, or, for the root, as
    /// the iteration's answer (then the next iteration starts, or the
    /// search is done).
    fn finish_frame(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if !self.stack.is_empty() {
            self.fold(frame.index_in_parent, frame.side, frame.best);
            return;
        }
        let Some(index) = frame.best_index else {
            self.done = true;
            return;
        };
        let action = self.order.remove(index);
        self.order.insert(0, action.clone());
        self.completed = Some(Choice {
            action,
            score: frame.best,
            depth: frame.depth,
            nodes: self.nodes,
        });
        if frame.depth >= self.level.depth() || frame.best.abs() >= WIN_BOUND {
            self.done = true;
        } else {
            self.start_iteration();
        }
    }

    /// Runs the search to its end in one go.
    pub fn run(&mut self) -> Option<Choice<S::Action>> {
        loop {
            if let Some(c) = self.step(u64::MAX) {
                return Some(c);
            }
            if self.done {
                return None;
            }
        }
    }
}

/// The computer's choice for the side to move in `session` at `level`
/// (the search run to its end); `None` when it has no legal action.
#[must_use]
pub fn choose<S: GameSession>(session: &S, level: Level, seed: u64) -> Option<Choice<S::Action>> {
    Search::new(session, level, seed).run()
}
