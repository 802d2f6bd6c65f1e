//! The page's view of a mate check running in the web worker: what it has
//! heard so far, when to ask the player whether to go on, and what to say.
//!
//! The protocol (issue 14, item 4: the page never spins without a verdict):
//!
//! 1. The page sends a [`JobRequest`](super::outcome_job::JobRequest) and
//!    starts a [`MateCheck`] with the time it did so.
//! 2. The worker searches in rounds of growing budgets and posts a
//!    [`JobReply::Progress`] (moves searched so far) after each round without
//!    an answer, then [`JobReply::Done`].
//! 3. The page keeps its own clock: [`ASK_AFTER_MS`] after the start, a check
//!    still running turns to [`Stage::Asking`] ("not decided yet", with
//!    *Keep searching* and *Stop*). The worker is not paused meanwhile, and
//!    the game stays playable: staging moves never waits for the check.
//! 4. *Keep searching* ([`MateCheck::keep_searching`]) lets the worker go on
//!    (the player is not asked again; *Stop* stays offered). *Stop* ends the
//!    job: the outcome is recorded as unknown — never guessed — and saved so,
//!    and the check runs again when the game is opened again
//!    ([`Session::restore`](super::session::Session::restore)).
//!
//! Plain data and plain methods: the page feeds it replies and clock times.

use super::outcome_job::JobReply;
use super::payload::Verdict;

/// How long a check may run before the player is asked whether to go on
/// (milliseconds since the job was sent).
pub const ASK_AFTER_MS: u64 = 10_000;

/// What the page says after the player stopped a check.
pub const STOPPED_WORDS: &str = "Outcome unknown — the search stopped; the game can go on.";

/// What the page says when the worker gave up at its cap.
pub const CAP_WORDS: &str = "Outcome unknown — the search limit was reached; the game can go on.";

/// Where a running check stands with the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Searching, for less than [`ASK_AFTER_MS`].
    Searching,
    /// Not decided after [`ASK_AFTER_MS`]: the player is asked whether to go on.
    Asking,
    /// The player chose to keep searching.
    KeptSearching,
}

/// What a reply means for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reaction {
    /// Nothing to do (a reply about another job, or the worker's greeting).
    Ignore,
    /// Still searching: the count was updated.
    Progress,
    /// The answer: record it and end the check.
    Verdict(Verdict),
    /// The worker could not answer: end the check and decide on the page.
    Failed(String),
}

/// A mate check running in the web worker, as the page follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MateCheck {
    /// The worker job's id.
    pub id: u64,
    /// When the job was sent (milliseconds, the page's clock).
    pub started_ms: u64,
    /// Moves searched so far (page and worker; the worker reports at the end
    /// of each round).
    pub searched: u64,
    /// Where it stands with the player.
    pub stage: Stage,
    /// How long it had run when the player was asked (whole seconds).
    pub asked_after_s: u64,
}

impl MateCheck {
    /// A check just sent as job `id` at `now_ms`, after the page itself
    /// searched `searched` moves.
    #[must_use]
    pub fn new(id: u64, now_ms: u64, searched: u64) -> MateCheck {
        MateCheck {
            id,
            started_ms: now_ms,
            searched,
            stage: Stage::Searching,
            asked_after_s: 0,
        }
    }

    /// Takes in a reply of the worker.
    pub fn on_reply(&mut self, reply: &JobReply) -> Reaction {
        match reply {
            JobReply::Progress { id, searched } if *id == self.id => {
                self.searched = self.searched.max(*searched);
                Reaction::Progress
            }
            JobReply::Done { id, verdict, .. } if *id == self.id => Reaction::Verdict(*verdict),
            JobReply::Failed { id, reason } if id.is_none_or(|i| i == self.id) => {
                Reaction::Failed(reason.clone())
            }
            _ => Reaction::Ignore,
        }
    }

    /// Milliseconds from `now_ms` until the player is to be asked, or `None`
    /// when that is past (asked already, or chose to keep searching).
    #[must_use]
    pub fn ask_in(&self, now_ms: u64) -> Option<u64> {
        (self.stage == Stage::Searching)
            .then(|| (self.started_ms + ASK_AFTER_MS).saturating_sub(now_ms))
    }

    /// Moves the check on with the clock: once [`ASK_AFTER_MS`] have passed
    /// while searching, the player is asked. Returns whether that happened now.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        if self.ask_in(now_ms) == Some(0) {
            self.stage = Stage::Asking;
            self.asked_after_s = now_ms.saturating_sub(self.started_ms) / 1000;
            true
        } else {
            false
        }
    }

    /// The player chose *Keep searching*.
    pub fn keep_searching(&mut self) {
        if self.stage == Stage::Asking {
            self.stage = Stage::KeptSearching;
        }
    }

    /// Whether the *Keep searching* / *Stop* question is on screen.
    #[must_use]
    pub fn asking(&self) -> bool {
        self.stage == Stage::Asking
    }

    /// The line the page shows for the check.
    #[must_use]
    pub fn words(&self) -> String {
        let count = (self.searched > 0).then(|| grouped(self.searched));
        match (self.stage, count) {
            (Stage::Asking, Some(n)) => format!(
                "Not decided yet after {} s ({n} moves searched).",
                self.asked_after_s
            ),
            (Stage::Asking, None) => format!("Not decided yet after {} s.", self.asked_after_s),
            (_, Some(n)) => format!("Checking for checkmate… {n} moves searched"),
            (_, None) => "Checking for checkmate…".to_string(),
        }
    }
}

/// `1234567` as `1 234 567` (thin spaces between thousands).
#[must_use]
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(d);
    }
    out
}
