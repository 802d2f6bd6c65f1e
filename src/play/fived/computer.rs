//! Playing the computer: who it is in a game ([`Opponent`]: its side, its
//! level, its seed), what each level is called and how long it may think,
//! the worker's thinking job ([`think`]) and the page's view of a computer
//! that is thinking ([`Thinking`]).
//!
//! The protocol (issue 15): when the computer is to move and the game goes
//! on, the page sends the worker a [`JobRequest`](super::outcome_job::JobRequest)
//! with a [`ThinkSpec`]. The worker searches
//! ([`crate::fived::ai::choose_action_reporting`]) with a clock of
//! [`Opponent::think_ms`] and posts [`JobReply::Thinking`] with the depth,
//! the actions visited and the best action so far, about every
//! [`PROGRESS_EVERY_MS`] and whenever the best changes, then
//! [`JobReply::Moved`]. A worker cannot read a message while it computes
//! (and a shared stop flag needs a cross-origin-isolated page, which static
//! hosting such as GitHub Pages cannot declare), so *Move now* is the page's
//! own: it plays the best action the worker last reported and stops the
//! worker ([`Thinking::hurry`]).

use serde::{Deserialize, Serialize};

use super::outcome_job::{JobReply, JobRequest};
use super::payload::{Payload, StoredMove};
use crate::chess::Color;
use crate::fived::ai::{choose_action_reporting, Choice, Level, Limits};
use crate::fived::coords::Move;
use crate::fived::Budget;

/// How often (at most) the worker reports while it thinks, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 250.0;

/// The shortest time the page shows the computer thinking before its move is
/// drawn (milliseconds), so that an instant answer can still be followed.
pub const MIN_SHOWN_MS: u64 = 500;

/// The computer in a game: the side it plays, its level, and the seed that
/// makes its choices repeatable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opponent {
    /// The side the computer plays.
    pub color: Color,
    /// How hard it tries.
    pub level: Level,
    /// Mixed with the number of actions played into each search's seed.
    pub seed: u64,
}

/// Every level the page offers, weakest first (the engine's order).
#[must_use]
pub fn levels() -> Vec<Level> {
    Level::all()
}

/// The level's number for players: 1 (a random mover) to 7 (the strongest).
#[must_use]
pub fn level_number(level: Level) -> usize {
    levels()
        .iter()
        .position(|&l| l == level)
        .map_or(0, |i| i + 1)
}

/// The level's name for players.
#[must_use]
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Random => "Random mover",
        Level::Ucb => "Novice",
        Level::Depth(1) => "Beginner",
        Level::Depth(2) => "Casual",
        Level::Depth(3) => "Intermediate",
        Level::Depth(4) => "Advanced",
        // Past level 4 (the removed level 5, "Expert") it plays as strongest.
        Level::Depth(_) | Level::Strongest => "Strongest",
    }
}

/// One sentence on how the level plays, for the new-game dialog and help.
#[must_use]
pub fn level_blurb(level: Level) -> String {
    let how = match level {
        Level::Random => "plays any legal action at random".to_string(),
        Level::Ucb => "tries each action in random playouts".to_string(),
        Level::Depth(1) => {
            "looks one action ahead, plays loosely and can miss a mate in one against it"
                .to_string()
        }
        Level::Depth(2) => {
            "looks one action ahead, plays loosely, checks for a mate in one against it".to_string()
        }
        Level::Depth(n) if n <= Level::MAX_DEPTH_LEVEL => format!(
            "looks up to {} actions ahead, checks for a mate in one against it",
            level_depth(n)
        ),
        Level::Depth(_) | Level::Strongest => {
            "looks as far ahead as it can in the time".to_string()
        }
    };
    let ms = think_ms(level);
    if ms == 0 {
        format!("{how}; answers at once")
    } else {
        format!("{how}; thinks up to {} s", seconds(ms))
    }
}

/// The deepest iteration of numbered level `n` ([`Level::skill`]).
fn level_depth(n: u8) -> u32 {
    Level::Depth(n).skill().depth
}

fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    }
}

/// How long the computer may think at `level`, in milliseconds (0: it
/// needs no clock).
#[must_use]
pub fn think_ms(level: Level) -> u64 {
    match level {
        Level::Random => 0,
        Level::Ucb | Level::Depth(1) => 1_000,
        Level::Depth(2) => 1_500,
        Level::Depth(3) => 2_000,
        Level::Depth(4) => 3_000,
        Level::Depth(_) | Level::Strongest => 5_000,
    }
}

impl Opponent {
    /// The computer's name in a 5dpgn header and the saved-games list:
    /// `Chronochess (Intermediate)`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("Chronochess ({})", level_name(self.level))
    }

    /// How long it may think, in milliseconds.
    #[must_use]
    pub fn think_ms(&self) -> u64 {
        think_ms(self.level)
    }

    /// The seed of its search after `actions` submitted actions.
    #[must_use]
    pub fn seed_at(&self, actions: usize) -> u64 {
        self.seed ^ (actions as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// As the payload saves it.
    #[must_use]
    pub fn stored(&self) -> StoredOpponent {
        StoredOpponent {
            color: self.color.letter(),
            level: self.level.to_string(),
            seed: self.seed,
        }
    }
}

/// The computer as the save payload keeps it: `w`/`b`, the level as the
/// CLI writes it (`random`, `ucb`, `1` … `4`, `strongest`; a `5` saved
/// before 2026-11-27 names the removed level 5 and loads as `strongest`),
/// the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredOpponent {
    /// `w` or `b`: the side the computer plays.
    pub color: char,
    /// The level's name.
    pub level: String,
    /// The seed.
    pub seed: u64,
}

impl StoredOpponent {
    /// The opponent back, or why not.
    ///
    /// # Errors
    /// The colour or the level is not one this version knows.
    pub fn opponent(&self) -> Result<Opponent, String> {
        Ok(Opponent {
            color: Color::from_letter(self.color)
                .ok_or_else(|| format!("bad computer colour {:?}", self.color))?,
            level: self.level.parse()?,
            seed: self.seed,
        })
    }
}

/// What the worker is asked to think about besides the game: the level,
/// the seed, and the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkSpec {
    /// The level's name (as [`StoredOpponent::level`]).
    pub level: String,
    /// The search's seed.
    pub seed: u64,
    /// Milliseconds the search may take (0: no clock).
    pub ms: u64,
}

impl ThinkSpec {
    /// The request for `opponent`'s move in the game of `payload`.
    #[must_use]
    pub fn for_game(opponent: &Opponent, payload: &Payload) -> ThinkSpec {
        ThinkSpec {
            level: opponent.level.to_string(),
            seed: opponent.seed_at(payload.actions.len()),
            ms: opponent.think_ms(),
        }
    }
}

fn stored(moves: &[Move]) -> Vec<StoredMove> {
    moves.iter().map(StoredMove::of).collect()
}

/// Runs a thinking job in the worker: rebuilds the game, searches at the
/// request's level with `now()` (milliseconds) as the clock, calls `report`
/// with [`JobReply::Thinking`] whenever the best action changes or deepens
/// and about every [`PROGRESS_EVERY_MS`] (from inside the search: the page
/// hears it while the worker computes), and returns [`JobReply::Moved`]
/// (or [`JobReply::NoMove`] with the exact outcome when the side to move has
/// no action, [`JobReply::Failed`] when the request cannot be used).
pub fn think(
    request: &JobRequest,
    spec: &ThinkSpec,
    now: &dyn Fn() -> f64,
    report: &mut dyn FnMut(&JobReply),
) -> JobReply {
    use std::cell::{Cell, RefCell};

    let id = request.id;
    let fail = |reason: String| JobReply::Failed {
        id: Some(id),
        reason,
    };
    let level: Level = match spec.level.parse() {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let game = match request.game.committed_game() {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let started = now();
    let deadline = (spec.ms > 0).then_some(started + spec.ms as f64);
    let report = RefCell::new(report);
    let last_report = Cell::new(started);
    // What the search said last: depth, actions visited, best action.
    let known = RefCell::new((1u32, 0u64, None::<Vec<StoredMove>>));
    // The clock is asked about every 128 actions: count them for the reports.
    let asked = Cell::new(0u64);
    let stop = || {
        asked.set(asked.get() + 128);
        let t = now();
        if t - last_report.get() >= PROGRESS_EVERY_MS {
            last_report.set(t);
            let (depth, nodes, best) = known.borrow().clone();
            (report.borrow_mut())(&JobReply::Thinking {
                id,
                depth,
                nodes: nodes.max(asked.get()),
                best,
            });
        }
        deadline.is_some_and(|d| t >= d)
    };
    let limits = Limits::clock(&stop);
    let choice = choose_action_reporting(
        game.multiverse(),
        level,
        spec.seed,
        &limits,
        &mut |c: &Choice| {
            let best = stored(&c.moves);
            *known.borrow_mut() = (c.depth, c.nodes, Some(best.clone()));
            last_report.set(now());
            (report.borrow_mut())(&JobReply::Thinking {
                id,
                depth: c.depth,
                nodes: c.nodes.max(asked.get()),
                best: Some(best),
            });
        },
    );
    match choice {
        Some(c) => JobReply::Moved {
            id,
            moves: stored(&c.moves),
            depth: c.depth,
            nodes: c.nodes.max(asked.get()),
        },
        None => JobReply::NoMove {
            id,
            verdict: super::payload::Verdict::of(&game.outcome(Budget::nodes(50_000_000))),
        },
    }
}

/// What a reply means for a computer that is thinking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ThinkReaction {
    /// Nothing to do (a reply about another job, or the worker's greeting).
    Ignore,
    /// Still thinking: depth, count or best action updated.
    Progress,
    /// Play this action (the worker's answer, or its best so far when the
    /// player hurried it): stop the worker if it is still thinking.
    Play(Vec<Move>),
    /// The side to move has no action: the exact outcome to record.
    NoMove(super::payload::Verdict),
    /// The worker could not think.
    Failed(String),
}

/// A computer thinking in the web worker, as the page follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thinking {
    /// The worker job's id.
    pub id: u64,
    /// When it was sent (milliseconds, the page's clock).
    pub started_ms: u64,
    /// The deepest search completed so far, in actions.
    pub depth: u32,
    /// Actions visited so far.
    pub nodes: u64,
    /// The best action so far (always legal), once the worker has one.
    pub best: Option<Vec<StoredMove>>,
    /// The player asked for a move now, before the worker had a best one.
    pub hurried: bool,
}

fn moves_of(stored: &[StoredMove]) -> Option<Vec<Move>> {
    stored.iter().map(|m| m.to_move()).collect()
}

impl Thinking {
    /// Thinking just sent as job `id` at `now_ms`.
    #[must_use]
    pub fn new(id: u64, now_ms: u64) -> Thinking {
        Thinking {
            id,
            started_ms: now_ms,
            depth: 0,
            nodes: 0,
            best: None,
            hurried: false,
        }
    }

    /// Takes in a reply of the worker.
    pub fn on_reply(&mut self, reply: &JobReply) -> ThinkReaction {
        match reply {
            JobReply::Thinking {
                id,
                depth,
                nodes,
                best,
            } if *id == self.id => {
                self.depth = self.depth.max(*depth);
                self.nodes = self.nodes.max(*nodes);
                if best.is_some() {
                    self.best.clone_from(best);
                }
                match (&self.best, self.hurried) {
                    (Some(b), true) => moves_of(b).map_or_else(
                        || ThinkReaction::Failed("an unreadable move".to_string()),
                        ThinkReaction::Play,
                    ),
                    _ => ThinkReaction::Progress,
                }
            }
            JobReply::Moved {
                id,
                moves,
                depth,
                nodes,
            } if *id == self.id => {
                self.depth = self.depth.max(*depth);
                self.nodes = self.nodes.max(*nodes);
                moves_of(moves).map_or_else(
                    || ThinkReaction::Failed("an unreadable move".to_string()),
                    ThinkReaction::Play,
                )
            }
            JobReply::NoMove { id, verdict } if *id == self.id => ThinkReaction::NoMove(*verdict),
            JobReply::Failed { id, reason } if id.is_none_or(|i| i == self.id) => {
                ThinkReaction::Failed(reason.clone())
            }
            _ => ThinkReaction::Ignore,
        }
    }

    /// The player says "move now": the best action so far, or `None` when
    /// the worker has none yet (then the first one it reports is played:
    /// [`Thinking::on_reply`] answers [`ThinkReaction::Play`]).
    pub fn hurry(&mut self) -> Option<Vec<Move>> {
        self.hurried = true;
        self.best.as_deref().and_then(moves_of)
    }

    /// Milliseconds from `now_ms` until an answer may be drawn (the page
    /// shows the computer thinking for at least [`MIN_SHOWN_MS`]).
    #[must_use]
    pub fn draw_in(&self, now_ms: u64) -> u64 {
        (self.started_ms + MIN_SHOWN_MS).saturating_sub(now_ms)
    }

    /// The line the page shows while the computer thinks.
    #[must_use]
    pub fn words(&self) -> String {
        if self.hurried {
            return "Moving now…".to_string();
        }
        match (self.depth, self.nodes) {
            (0, 0) => "Thinking…".to_string(),
            (d, 0) => format!("Thinking… depth {d}"),
            (0, n) => format!("Thinking… {} positions", super::mate_check::grouped(n)),
            (d, n) => format!(
                "Thinking… depth {d} · {} positions",
                super::mate_check::grouped(n)
            ),
        }
    }
}

/// How many submitted actions a takeback removes: in a game against the
/// computer, back to the player's own turn with one of the player's actions
/// gone (the computer's reply and the player's action: two; one while the
/// computer is to move; none when the player has not moved yet); one in a
/// game between two players (none at the start).
#[must_use]
pub fn takeback_actions(opponent: Option<&Opponent>, to_move: Color, actions: usize) -> usize {
    match opponent {
        None => actions.min(1),
        Some(o) if o.color == to_move => actions.min(1),
        // The player to move: the computer's last action, then the player's.
        Some(_) if actions >= 2 => 2,
        Some(_) => 0,
    }
}
