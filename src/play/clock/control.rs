//! Time controls: the base time, the bonus of each turn (an increment or a
//! delay) and what the bonus scales with, plus the presets the New game
//! dialogs offer.

use serde::{Deserialize, Serialize};

/// The kind of time a turn brings besides the base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// Fischer increment: added to the player's time when the turn ends
    /// (as lichess and FIDE do; chessin5d.net adds it when the turn starts).
    Increment,
    /// Simple ("US") delay: the clock waits this long at the start of the
    /// turn before it counts down; unused delay is lost.
    Delay,
}

/// What a turn's bonus is multiplied by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scaling {
    /// The same bonus every turn.
    PerTurn,
    /// 5D only: times the number of present timelines when the turn starts
    /// (active timelines whose last board is at the present: the boards the
    /// player must move on), chessin5d.net's `presentIncrement` /
    /// `presentDelay`.
    PerPresentTimeline,
}

/// A time control: each side starts with `base_ms`; every turn brings
/// `bonus_ms` (times the turn's scale) as an [`Bonus::Increment`] or a
/// [`Bonus::Delay`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// The bonus of one turn (before scaling), in milliseconds.
    pub bonus_ms: u64,
    /// Increment or delay.
    pub bonus: Bonus,
    /// What the bonus is multiplied by.
    pub scaling: Scaling,
}

/// The longest base time a custom control may have: 10 hours.
pub const MAX_BASE_MS: u64 = 10 * 3_600_000;
/// The largest bonus a custom control may have: 10 minutes.
pub const MAX_BONUS_MS: u64 = 600_000;

/// Why a custom time control is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlError {
    /// No base time.
    NoTime,
    /// More than [`MAX_BASE_MS`].
    BaseTooLong,
    /// More than [`MAX_BONUS_MS`].
    BonusTooLong,
}

impl std::fmt::Display for ControlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ControlError::NoTime => "a timed game needs some time: at least one second",
            ControlError::BaseTooLong => "the time per side is at most 10 hours",
            ControlError::BonusTooLong => "the increment or delay is at most 10 minutes",
        })
    }
}

impl std::error::Error for ControlError {}

impl TimeControl {
    /// `minutes` + `seconds` increment per turn (lichess' "5+5").
    #[must_use]
    pub const fn fischer(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: minutes * 60_000,
            bonus_ms: seconds * 1_000,
            bonus: Bonus::Increment,
            scaling: Scaling::PerTurn,
        }
    }

    /// `minutes` + a delay of `seconds` per present timeline (5D;
    /// chessin5d.net's `delp`).
    #[must_use]
    pub const fn delay_per_present_timeline(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: minutes * 60_000,
            bonus_ms: seconds * 1_000,
            bonus: Bonus::Delay,
            scaling: Scaling::PerPresentTimeline,
        }
    }

    /// A custom control, checked.
    ///
    /// # Errors
    /// [`ControlError`] for no base time or values beyond the limits.
    pub fn custom(
        base_ms: u64,
        bonus_ms: u64,
        bonus: Bonus,
        scaling: Scaling,
    ) -> Result<TimeControl, ControlError> {
        if base_ms < 1_000 {
            return Err(ControlError::NoTime);
        }
        if base_ms > MAX_BASE_MS {
            return Err(ControlError::BaseTooLong);
        }
        if bonus_ms > MAX_BONUS_MS {
            return Err(ControlError::BonusTooLong);
        }
        Ok(TimeControl {
            base_ms,
            bonus_ms,
            bonus,
            scaling,
        })
    }

    /// The bonus of a turn whose scale is `scale` (present timelines for a
    /// [`Scaling::PerPresentTimeline`] control; ignored otherwise).
    #[must_use]
    pub fn bonus_for(&self, scale: u32) -> u64 {
        match self.scaling {
            Scaling::PerTurn => self.bonus_ms,
            Scaling::PerPresentTimeline => self.bonus_ms.saturating_mul(u64::from(scale.max(1))),
        }
    }

    /// Short words: "5+5", "10 min + 5 s delay per present timeline",
    /// "1:30 + 2 s delay" (minutes and seconds when not whole minutes).
    #[must_use]
    pub fn label(&self) -> String {
        let whole = self.base_ms.is_multiple_of(60_000);
        let base = if whole {
            format!("{}", self.base_ms / 60_000)
        } else {
            let s = self.base_ms / 1_000;
            format!("{}:{:02}", s / 60, s % 60)
        };
        let unit = if whole { " min" } else { "" };
        let secs = if self.bonus_ms.is_multiple_of(1_000) {
            format!("{}", self.bonus_ms / 1_000)
        } else {
            // Tenths by integer arithmetic: float formatting would cost the
            // page over 10 KB of WebAssembly.
            crate::notation::decimal::fixed(self.bonus_ms as f64 / 1_000.0, 1)
        };
        match (self.bonus, self.scaling) {
            (Bonus::Increment, Scaling::PerTurn) => format!("{base}+{secs}"),
            (Bonus::Delay, Scaling::PerTurn) => format!("{base}{unit} + {secs} s delay"),
            (Bonus::Increment, Scaling::PerPresentTimeline) => {
                format!("{base}{unit} + {secs} s per present timeline")
            }
            (Bonus::Delay, Scaling::PerPresentTimeline) => {
                format!("{base}{unit} + {secs} s delay per present timeline")
            }
        }
    }
}

/// A named choice of the New game dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Its name ("Blitz 5+5").
    pub name: &'static str,
    /// The control.
    pub control: TimeControl,
    /// Whether it only makes sense in 5D (it scales with present timelines).
    pub five_d_only: bool,
}

/// The presets: lichess-style Fischer controls for every game, and
/// chessin5d.net's named 5D controls (its `docs/TimingFormat.md`: blitz
/// 10 min + 5 s delay per present timeline, rapid 20 min + 10 s, standard
/// 40 min + 20 s).
pub const PRESETS: [Preset; 6] = [
    Preset {
        name: "Blitz 5+5",
        control: TimeControl::fischer(5, 5),
        five_d_only: false,
    },
    Preset {
        name: "Rapid 10+10",
        control: TimeControl::fischer(10, 10),
        five_d_only: false,
    },
    Preset {
        name: "Classical 30+20",
        control: TimeControl::fischer(30, 20),
        five_d_only: false,
    },
    Preset {
        name: "5D blitz",
        control: TimeControl::delay_per_present_timeline(10, 5),
        five_d_only: true,
    },
    Preset {
        name: "5D rapid",
        control: TimeControl::delay_per_present_timeline(20, 10),
        five_d_only: true,
    },
    Preset {
        name: "5D standard",
        control: TimeControl::delay_per_present_timeline(40, 20),
        five_d_only: true,
    },
];
