//! A chess clock for the hot-seat games, written once for the four games
//! against [`GameSession`](super::GameSession)'s state: whose turn it is
//! (`to_move`) and when a turn ends (`turns_played` grows).
//!
//! # The model
//!
//! The clock is a value; time is injected: every method that can see time
//! pass takes `now_ms` (milliseconds from any fixed origin: the page passes
//! `Date.now()`, tests a fake). Nothing here reads a clock.
//!
//! - Each side starts with the [`TimeControl`]'s base. White's clock runs
//!   from the game's first turn (as when Black starts a club clock), and
//!   [`Clock::end_turn`] hands it to the other side.
//! - A turn's **bonus** is fixed when the turn starts: the control's bonus,
//!   times the number of present timelines for a 5D
//!   [`Scaling::PerPresentTimeline`] control (chessin5d.net's
//!   `docs/TimingFormat.md`: `presentIncrement` / `presentDelay`, "scales per
//!   present timeline in play"; its presets are ours: blitz = 10 min + 5 s
//!   delay per present timeline). We count the present timelines as the
//!   active timelines whose last board is at the present, i.e. the boards the
//!   player must move on ([`present_timelines`]).
//!   - An [`Bonus::Increment`] is added when the turn ends, if the side has
//!     not flagged. chessin5d.net adds it when the turn starts; the total is
//!     the same save one increment, and the clock never shows time not yet
//!     earned (lichess and FIDE's Fischer clocks add it after the move too).
//!   - A [`Bonus::Delay`] is simple ("US") delay: the turn's clock does not
//!     count down until the delay has passed; delay not used is lost.
//! - **Flag**: the running side's time reaching zero ([`Clock::check_flag`])
//!   stops the clock and records who flagged; [`flag_ending`] gives the
//!   result: a loss on time, or a draw when the other side has no mating
//!   material (what each game counts as such: [`material`]).
//! - **Pause** ([`Clock::pause`] / [`Clock::resume`]): the page pauses while a
//!   dialog is open or the tab is hidden; a delay left over keeps counting
//!   from where it stopped.
//! - **Take-back** ([`Clock::hand_over`]): the clock moves to the side to play
//!   again without any bonus, and nobody gets back the time spent.
//!
//! # Saving and restoring
//!
//! The saved state ([`Clock::saved_at`], serde) holds each side's time as
//! settled at the moment of saving, the running turn's side, delay left and
//! pending increment, and who flagged; not the wall time. A restored clock is
//! **paused**: time the page was closed is never charged, and time spent
//! before the save is never given back. The page pauses (and so settles and
//! saves) the clock when the tab is hidden or the page is left (`pagehide`,
//! which a reload fires too), so a reload loses and invents nothing; only a
//! crash between two saves gives back the time since the last one.

mod control;
pub mod games;
pub mod material;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chess::Color;

pub use control::{
    Bonus, ControlError, Preset, Scaling, TimeControl, MAX_BASE_MS, MAX_BONUS_MS, PRESETS,
};
pub use material::{flag_ending, present_timelines};

/// Below this many milliseconds the clock shows tenths (as lichess does).
pub const TENTHS_BELOW_MS: u64 = 10_000;

/// The running turn: whose it is and what it brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The side whose clock runs.
    pub side: Color,
    /// Delay left before the clock counts down (settled when paused or saved).
    pub delay_left_ms: u64,
    /// Increment added when the turn ends.
    pub increment_ms: u64,
}

/// A two-sided chess clock. See the [module documentation](self).
///
/// Its serde form is the state as of its last event (turn, pause, flag):
/// a running clock serializes alike until the next one. Save
/// [`Clock::saved_at`], which settles the time up to now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    control: TimeControl,
    /// White's and Black's time, settled at the last event (start, end of a
    /// turn, pause, save).
    remaining_ms: [u64; 2],
    /// The running turn (`None` once the clock stopped: a flag or the end
    /// of the game).
    turn: Option<Turn>,
    /// The side that ran out of time.
    flagged: Option<Color>,
    /// When the running turn last started counting (`None`: paused). Not
    /// saved: a restored clock is paused.
    #[serde(skip)]
    since_ms: Option<u64>,
}

impl Clock {
    /// A new clock: both sides at the base time, White's first turn
    /// (scaled by `scale`) set up but paused; [`Clock::resume`] starts it.
    #[must_use]
    pub fn new(control: TimeControl, scale: u32) -> Clock {
        Clock {
            control,
            remaining_ms: [control.base_ms; 2],
            turn: Some(Clock::turn_for(&control, Color::White, scale)),
            flagged: None,
            since_ms: None,
        }
    }

    fn turn_for(control: &TimeControl, side: Color, scale: u32) -> Turn {
        let bonus = control.bonus_for(scale);
        match control.bonus {
            Bonus::Increment => Turn {
                side,
                delay_left_ms: 0,
                increment_ms: bonus,
            },
            Bonus::Delay => Turn {
                side,
                delay_left_ms: bonus,
                increment_ms: 0,
            },
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The running turn, if the clock has not stopped.
    #[must_use]
    pub fn turn(&self) -> Option<Turn> {
        self.turn
    }

    /// The side whose clock runs (or would, when paused).
    #[must_use]
    pub fn running_side(&self) -> Option<Color> {
        self.turn.map(|t| t.side)
    }

    /// Whether the clock counts now (a turn, not paused).
    #[must_use]
    pub fn is_counting(&self) -> bool {
        self.turn.is_some() && self.since_ms.is_some()
    }

    /// The side that ran out of time, if one did.
    #[must_use]
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// (time spent off the main time, delay used) by the running turn since
    /// it last started counting, at `now_ms`.
    fn spent(&self, now_ms: u64) -> (u64, u64) {
        match (self.turn, self.since_ms) {
            (Some(turn), Some(since)) => {
                let elapsed = now_ms.saturating_sub(since);
                let delay = elapsed.min(turn.delay_left_ms);
                (elapsed - delay, delay)
            }
            _ => (0, 0),
        }
    }

    /// `side`'s time at `now_ms`, in milliseconds.
    #[must_use]
    pub fn remaining(&self, side: Color, now_ms: u64) -> u64 {
        let settled = self.remaining_ms[side.index()];
        if self.running_side() == Some(side) {
            settled.saturating_sub(self.spent(now_ms).0)
        } else {
            settled
        }
    }

    /// The running turn's delay left at `now_ms` (0 without a delay).
    #[must_use]
    pub fn delay_left(&self, now_ms: u64) -> u64 {
        self.turn
            .map_or(0, |t| t.delay_left_ms.saturating_sub(self.spent(now_ms).1))
    }

    /// Charges the running turn's time up to `now_ms` to the settled state.
    fn settle(&mut self, now_ms: u64) {
        let (main, delay) = self.spent(now_ms);
        if let Some(turn) = self.turn.as_mut() {
            let r = &mut self.remaining_ms[turn.side.index()];
            *r = r.saturating_sub(main);
            turn.delay_left_ms -= delay;
            if self.since_ms.is_some() {
                self.since_ms = Some(now_ms);
            }
        }
    }

    /// Stops counting (time spent so far is charged). No effect when paused.
    pub fn pause(&mut self, now_ms: u64) {
        self.settle(now_ms);
        self.since_ms = None;
    }

    /// Counts again from `now_ms`. No effect when counting or stopped.
    pub fn resume(&mut self, now_ms: u64) {
        if self.turn.is_some() && self.since_ms.is_none() {
            self.since_ms = Some(now_ms);
        }
    }

    /// If the running side's time is up at `now_ms`: stops the clock with
    /// that side flagged and returns it.
    pub fn check_flag(&mut self, now_ms: u64) -> Option<Color> {
        let side = self.running_side()?;
        if self.remaining(side, now_ms) > 0 {
            return None;
        }
        self.settle(now_ms);
        self.turn = None;
        self.since_ms = None;
        self.flagged = Some(side);
        Some(side)
    }

    /// The running side ended its turn at `now_ms`: unless its time was
    /// already up (then it flags: see [`Clock::check_flag`], and the flagged
    /// side is returned), it gets the turn's increment and the clock passes
    /// to `next`, whose turn's bonus is scaled by `scale`. Counting goes on
    /// if it was counting.
    pub fn end_turn(&mut self, now_ms: u64, next: Color, scale: u32) -> Option<Color> {
        if let Some(side) = self.check_flag(now_ms) {
            return Some(side);
        }
        self.settle(now_ms);
        if let Some(turn) = self.turn {
            let r = &mut self.remaining_ms[turn.side.index()];
            *r = r.saturating_add(turn.increment_ms);
            self.turn = Some(Clock::turn_for(&self.control, next, scale));
        }
        None
    }

    /// A take-back: the clock passes to `side` (a fresh turn scaled by
    /// `scale`) with no increment for the side that ran, and no time given
    /// back to anyone.
    pub fn hand_over(&mut self, now_ms: u64, side: Color, scale: u32) {
        self.settle(now_ms);
        if self.turn.is_some() {
            self.turn = Some(Clock::turn_for(&self.control, side, scale));
        }
    }

    /// The game ended otherwise (checkmate, resignation): the clock stops
    /// with the time as it is at `now_ms`.
    pub fn stop(&mut self, now_ms: u64) {
        self.settle(now_ms);
        self.turn = None;
        self.since_ms = None;
    }

    /// The state to save at `now_ms`: time settled up to now (the clock
    /// itself is unchanged). Read back with [`Clock::from_saved`].
    #[must_use]
    pub fn saved_at(&self, now_ms: u64) -> Value {
        let mut settled = self.clone();
        settled.settle(now_ms);
        serde_json::to_value(&settled).unwrap_or(Value::Null)
    }

    /// A clock from its saved state, paused (see the module documentation).
    ///
    /// # Errors
    /// The `serde_json` error when the value is not a saved clock.
    pub fn from_saved(saved: &Value) -> Result<Clock, serde_json::Error> {
        Clock::deserialize(saved)
    }
}

/// A time as a clock shows it: `m:ss`, `h:mm:ss` from an hour, and `s.t`
/// (tenths) below [`TENTHS_BELOW_MS`]. Rounds down, as lichess does, so
/// "0.0" means the time is up.
#[must_use]
pub fn display(ms: u64) -> String {
    if ms < TENTHS_BELOW_MS {
        return format!("{}.{}", ms / 1_000, (ms % 1_000) / 100);
    }
    let s = ms / 1_000;
    if s >= 3_600 {
        format!("{}:{:02}:{:02}", s / 3_600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Whether `ms` left is low: under 10 % of the base time, and at most
/// 30 seconds (at least 10 s for very short games). The page warns once
/// per side when it first gets there.
#[must_use]
pub fn is_low(ms: u64, control: &TimeControl) -> bool {
    let threshold = (control.base_ms / 10).clamp(10_000, 30_000);
    ms < threshold
}
