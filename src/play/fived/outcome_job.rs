//! The web worker's jobs: the mate check and the computer's thinking
//! ([`super::computer`]); the messages between the page and the worker (JSON
//! strings), and the worker's mate-check search loop.
//!
//! The worker binary (`src/worker.rs`) only decodes a [`JobRequest`], calls
//! [`run_job`] and posts what it reports. One worker does both jobs, one at
//! a time: the computer thinks only once the mate check of the position
//! has answered, and the worker carries the engine only once. The search itself is the engine's
//! ([`Game::outcome`](crate::fived::Game::outcome)); progress comes from
//! running it with growing budgets, so the engine needs no hooks.

use serde::{Deserialize, Serialize};

use super::computer::{think, ThinkSpec};
pub use super::payload::Verdict;
use super::payload::{Payload, StoredMove};
use crate::fived::{Answer, Budget};

/// The budget of the worker's first round (moves applied).
pub const FIRST_ROUND: u64 = 200_000;

/// Each round's budget is the previous one's times this.
pub const ROUND_GROWTH: u64 = 4;

/// The worker gives up ("unknown") once its rounds together have applied
/// this many moves.
pub const WORKER_CAP: u64 = 2_000_000_000;

/// What the page asks the worker: the outcome of a saved game's submitted
/// position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobRequest {
    /// Tags every reply, so the page can drop answers about a position it
    /// no longer shows.
    pub id: u64,
    /// The game (its staged moves are ignored).
    pub game: Payload,
    /// Present: the computer's move is wanted, not the mate check. Absent in
    /// the mate check's requests (as before it existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think: Option<ThinkSpec>,
}

/// What the worker tells the page, as serde's default (externally tagged)
/// JSON: `"Ready"`, `{"Done":{…}}`. (An internally tagged form would make the
/// page buffer every reply through serde's generic content type, which costs
/// the page several kilobytes of code.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobReply {
    /// The worker's module is loaded and listening (sent once, first).
    Ready,
    /// A round ended without an answer: still searching.
    Progress {
        /// The request's id.
        id: u64,
        /// Moves applied so far, over all rounds.
        searched: u64,
    },
    /// The answer.
    Done {
        /// The request's id.
        id: u64,
        /// The outcome (or unknown past [`WORKER_CAP`]).
        verdict: Verdict,
        /// Moves applied, over all rounds (an upper bound).
        searched: u64,
    },
    /// The computer is still thinking (about every
    /// [`super::computer::PROGRESS_EVERY_MS`], and whenever its best action
    /// changes).
    Thinking {
        /// The request's id.
        id: u64,
        /// The deepest search completed, in actions.
        depth: u32,
        /// Actions visited so far.
        nodes: u64,
        /// Its best action so far (legal), once it has one.
        best: Option<Vec<StoredMove>>,
    },
    /// The computer's action.
    Moved {
        /// The request's id.
        id: u64,
        /// Its moves, in play order.
        moves: Vec<StoredMove>,
        /// The depth of its last completed search, in actions.
        depth: u32,
        /// Actions visited.
        nodes: u64,
    },
    /// The computer has no legal action: the exact outcome.
    NoMove {
        /// The request's id.
        id: u64,
        /// Checkmate or stalemate (or unknown past the search's budget).
        verdict: Verdict,
    },
    /// The request could not be read or the game not rebuilt.
    Failed {
        /// The request's id, when it could be read.
        id: Option<u64>,
        /// Why.
        reason: String,
    },
}

impl JobReply {
    /// The reply as the JSON text the worker posts.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|_| r#"{"Failed":{"id":null,"reason":"encoding"}}"#.to_string())
    }
}

/// The budgets of the worker's rounds: [`FIRST_ROUND`], growing by
/// [`ROUND_GROWTH`], until together they reach [`WORKER_CAP`] (the last
/// one trimmed to it).
#[must_use]
pub fn round_budgets() -> Vec<u64> {
    let mut rounds = Vec::new();
    let mut total = 0u64;
    let mut next = FIRST_ROUND;
    while total < WORKER_CAP {
        let budget = next.min(WORKER_CAP - total);
        rounds.push(budget);
        total += budget;
        next = next.saturating_mul(ROUND_GROWTH);
    }
    rounds
}

/// Runs one job of either kind: the computer's thinking
/// ([`super::computer::think`], with `now()` in milliseconds as its clock)
/// when the request says so, the mate check ([`run`]) otherwise; `report`
/// hears the progress; returns the final reply.
pub fn run_job(
    request: &str,
    now: &dyn Fn() -> f64,
    report: &mut dyn FnMut(&JobReply),
) -> JobReply {
    match serde_json::from_str::<JobRequest>(request) {
        Ok(r) => match &r.think {
            Some(spec) => think(&r, spec, now, report),
            None => check(&r, report),
        },
        Err(e) => JobReply::Failed {
            id: None,
            reason: format!("unreadable request: {e}"),
        },
    }
}

/// Runs one mate check: reads the request text, rebuilds the game and
/// searches with growing budgets, calling `report` with a
/// [`JobReply::Progress`] after every round without an answer; returns the
/// final reply.
pub fn run(request: &str, mut report: impl FnMut(&JobReply)) -> JobReply {
    match serde_json::from_str::<JobRequest>(request) {
        Ok(r) => check(&r, &mut report),
        Err(e) => JobReply::Failed {
            id: None,
            reason: format!("unreadable request: {e}"),
        },
    }
}

fn check(request: &JobRequest, report: &mut dyn FnMut(&JobReply)) -> JobReply {
    let id = request.id;
    let game = match request.game.committed_game() {
        Ok(g) => g,
        Err(e) => {
            return JobReply::Failed {
                id: Some(id),
                reason: e.to_string(),
            }
        }
    };
    let mut searched = 0u64;
    for budget in round_budgets() {
        let answer = game.outcome(Budget::nodes(budget));
        searched += budget;
        if answer != Answer::Unknown {
            return JobReply::Done {
                id,
                verdict: Verdict::of(&answer),
                searched,
            };
        }
        if searched < WORKER_CAP {
            report(&JobReply::Progress { id, searched });
        }
    }
    JobReply::Done {
        id,
        verdict: Verdict::Unknown,
        searched,
    }
}
