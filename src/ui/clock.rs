//! The chess clock on screen, one component for the four games: the choice
//! of a time control in a New game dialog ([`ClockChoice`]) and the two
//! clocks beside the board ([`ChessClock`]). The rules (increment, delay,
//! flag, what a flag gives) are `play::clock`'s; this only feeds it the
//! browser's time and the game's turns, and draws it.
//!
//! The clock pauses while a modal dialog is open (any `[aria-modal]`
//! element: help, export, confirmations, the promotion chooser…) or the tab
//! is hidden, and is saved paused when the page is left.

use std::time::Duration;

use leptos::prelude::*;

use crate::chess::Color;
use crate::play::clock::{
    display, is_low, Bonus, Clock, Scaling, TimeControl, PRESETS, TENTHS_BELOW_MS,
};
use crate::play::fived::words::side_name;
use crate::ui::saves::now_ms;

/// The clock in the players' words, for the Help dialogs.
pub const HELP: &str = "A game between two players may have a clock, chosen in the New game dialog: \
a preset, or your own time with an increment (added when your turn ends) or a delay (the clock waits \
that long before counting down); in 5D the bonus may count once per present timeline. The running \
clock is highlighted, shows tenths under 10 seconds and turns red when time runs low. It pauses while \
a dialog is open (this one too) and while the tab is hidden, and is saved with the game: a reload \
charges only the time the page was open. A player whose time runs out loses, or draws if the other \
side has no mating material left.";

/// What the clock needs to know of the game: whose turn, how many turns
/// were played (a turn ended when it grows), whether it is over, and the
/// scale of the next turn's bonus (5D's present timelines; 1 elsewhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTurn {
    /// The side to move.
    pub to_move: Color,
    /// Turns played so far.
    pub turns: usize,
    /// Whether the game is over.
    pub over: bool,
    /// The bonus scale of the side to move's turn.
    pub scale: u32,
}

/// Whether the clock should stand still now: a modal dialog is open or the
/// tab is hidden.
fn must_pause() -> bool {
    let doc = document();
    doc.hidden()
        || doc
            .query_selector("[aria-modal=\"true\"]")
            .ok()
            .flatten()
            .is_some()
}

/// The game's clock beside the board: both sides' times (tenths under 10 s),
/// the running one highlighted, a low-time warning (colour, announced
/// once), and the turns, pauses and flag fall fed to `clock`.
///
/// `on_flag` is called once with the side that ran out of time; the screen
/// ends the game. `on_save` is called when the page is being left, right
/// after the clock was paused, so the screen saves it at once.
#[component]
pub fn ChessClock(
    /// The game's clock (`None`: untimed, nothing is drawn).
    clock: RwSignal<Option<Clock>>,
    /// The game's turns.
    #[prop(into)]
    turn: Signal<ClockTurn>,
    /// The side drawn at the bottom (its clock is the lower one).
    #[prop(into)]
    bottom: Signal<Color>,
    /// A side ran out of time.
    on_flag: Callback<Color>,
    /// Save the game now (the page is being left).
    on_save: Callback<()>,
) -> impl IntoView {
    let now = RwSignal::new(now_ms());
    let flag = move |side: Option<Color>| {
        if let Some(side) = side {
            on_flag.run(side);
        }
    };

    // The turns: a turn ended (the clock passes with its bonus), a take-back
    // (it passes without), the end of the game (it stops).
    Effect::new(move |previous: Option<ClockTurn>| {
        let t = turn.get();
        let at = now_ms();
        let Some(mut c) = clock.get_untracked() else {
            return t;
        };
        let before = c.clone();
        let mut flagged = None;
        if t.over {
            if c.running_side().is_some() {
                c.stop(at);
            }
        } else {
            match previous {
                Some(p) if t.turns > p.turns => flagged = c.end_turn(at, t.to_move, t.scale),
                Some(p) if t.turns < p.turns || t.to_move != p.to_move => {
                    c.hand_over(at, t.to_move, t.scale);
                }
                // Opened: a clock saved at another turn follows the game.
                None if c.running_side().is_some_and(|s| s != t.to_move) => {
                    c.hand_over(at, t.to_move, t.scale);
                }
                _ => {}
            }
        }
        // Only a change is written (opening a game must not rewrite it).
        if c != before {
            clock.set(Some(c));
        }
        flag(flagged);
        t
    });

    // The ticker: time on screen, pauses, the flag.
    let tick = move || {
        let at = now_ms();
        now.set(at);
        let Some((counting, running)) =
            clock.with_untracked(|c| c.as_ref().map(|c| (c.is_counting(), c.running_side())))
        else {
            return;
        };
        if running.is_none() {
            return;
        }
        let pause = must_pause() || turn.get_untracked().over;
        if pause && counting {
            clock.update(|c| c.iter_mut().for_each(|c| c.pause(at)));
        } else if !pause && !counting {
            clock.update(|c| c.iter_mut().for_each(|c| c.resume(at)));
        } else if counting {
            let due = clock.with_untracked(|c| {
                c.as_ref()
                    .and_then(|c| c.running_side().map(|s| c.remaining(s, at) == 0))
            });
            if due == Some(true) {
                let mut flagged = None;
                clock.update(|c| flagged = c.as_mut().and_then(|c| c.check_flag(at)));
                flag(flagged);
            }
        }
    };
    tick();
    let interval = set_interval_with_handle(tick, Duration::from_millis(100)).ok();
    // Leaving the page (a reload, a closed tab): pause and save now, so the
    // time until then is kept and the time away is not charged.
    let leave = move || {
        if clock.with_untracked(|c| c.as_ref().is_some_and(Clock::is_counting)) {
            let at = now_ms();
            clock.update(|c| c.iter_mut().for_each(|c| c.pause(at)));
            on_save.run(());
        }
    };
    let hide = window_event_listener_untyped("pagehide", move |_| leave());
    let hidden = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            leave();
        }
    });
    on_cleanup(move || {
        if let Some(i) = interval {
            i.clear();
        }
        hide.remove();
        hidden.remove();
    });

    // Announced once per side when it first runs low.
    let warned = RwSignal::new([false; 2]);
    let announce = RwSignal::new(String::new());
    Effect::new(move |_| {
        let at = now.get();
        clock.with(|c| {
            let Some(c) = c else { return };
            let Some(side) = c.running_side() else { return };
            let ms = c.remaining(side, at);
            if is_low(ms, &c.control()) && !warned.get_untracked()[side.index()] {
                warned.update(|w| w[side.index()] = true);
                announce.set(format!(
                    "{}: {} seconds left",
                    side_name(side),
                    ms.div_ceil(1_000)
                ));
            }
        });
    });

    let face = move |top: bool| {
        move || {
            let side = if top { !bottom.get() } else { bottom.get() };
            let at = now.get();
            clock.with(|c| {
                c.as_ref().map(|c| {
                    let ms = c.remaining(side, at);
                    let running = c.running_side() == Some(side);
                    let mut class = format!("clock {}", crate::ui::board::color_class(side));
                    if running {
                        class.push_str(" running");
                        if !c.is_counting() {
                            class.push_str(" paused");
                        }
                    }
                    if is_low(ms, &c.control()) {
                        class.push_str(" low");
                    }
                    if ms < TENTHS_BELOW_MS {
                        class.push_str(" tenths");
                    }
                    if c.flagged() == Some(side) {
                        class.push_str(" flagged");
                    }
                    let delay = if running { c.delay_left(at) } else { 0 };
                    let label = format!("{} clock", side_name(side));
                    view! {
                        <div class=class data-testid=format!("clock-{}", crate::ui::board::color_class(side))
                            data-ms=ms.to_string() aria-label=label role="timer">
                            <span class="clock-side">{side_name(side)}</span>
                            <span class="clock-time">{display(ms)}</span>
                            {(delay > 0).then(|| view! {
                                <span class="clock-delay" title="Delay: the clock waits this long">{format!("+{}", display(delay))}</span>
                            })}
                        </div>
                    }
                })
            })
        }
    };
    let caption = move || {
        clock.with(|c| {
            c.as_ref().map(|c| {
                let paused = c.running_side().is_some() && !c.is_counting();
                format!(
                    "{}{}",
                    c.control().label(),
                    if paused { " · paused" } else { "" }
                )
            })
        })
    };

    move || {
        clock.with(Option::is_some).then(|| {
            view! {
                <div class="panel clocks" data-testid="clocks">
                    {face(true)}
                    <div class="clock-caption">{caption}</div>
                    {face(false)}
                    <p class="visually-hidden" aria-live="assertive" data-testid="clock-announce">{move || announce.get()}</p>
                </div>
            }
        })
    }
}

/// Which control the New game dialog offers at first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    Untimed,
    Preset(usize),
    Custom,
}

/// The time-control choice of a New game dialog: untimed, the presets (the
/// 5D ones only for 5D), or a custom base and bonus. `choice` holds the
/// result (`None`: untimed, or a custom control that is not valid).
#[component]
pub fn ClockChoice(
    /// The chosen control.
    choice: RwSignal<Option<TimeControl>>,
    /// 5D: offer the per-present-timeline controls.
    #[prop(optional)]
    five_d: bool,
) -> impl IntoView {
    let pick = RwSignal::new(Pick::Untimed);
    let minutes = RwSignal::new("10".to_string());
    let seconds = RwSignal::new("0".to_string());
    let bonus_s = RwSignal::new("5".to_string());
    let delay = RwSignal::new(five_d);
    let per_timeline = RwSignal::new(five_d);
    let custom = move || -> Result<TimeControl, String> {
        // Milliseconds of a field of zero or more (minutes or seconds).
        let ms = |s: RwSignal<String>, unit: u64, what: &str| -> Result<u64, String> {
            s.with(|t| crate::notation::decimal::scaled(t, unit))
                .ok_or_else(|| {
                    if s.with(|t| t.trim_start().starts_with('-')) {
                        format!("{what} is not a number of zero or more")
                    } else {
                        format!("{what} is not a number")
                    }
                })
        };
        let base =
            ms(minutes, 60_000, "The minutes")?.saturating_add(ms(seconds, 1_000, "The seconds")?);
        let bonus = ms(bonus_s, 1_000, "The bonus")?;
        TimeControl::custom(
            base,
            bonus,
            if delay.get() {
                Bonus::Delay
            } else {
                Bonus::Increment
            },
            if five_d && per_timeline.get() {
                Scaling::PerPresentTimeline
            } else {
                Scaling::PerTurn
            },
        )
        .map_err(|e| e.to_string())
    };
    Effect::new(move |_| {
        choice.set(match pick.get() {
            Pick::Untimed => None,
            Pick::Preset(i) => Some(PRESETS[i].control),
            Pick::Custom => custom().ok(),
        });
    });
    let button = move |p: Pick, name: String, title: String, slug: String| {
        view! {
            <button type="button" class=move || if pick.get() == p { "clock-choice active" } else { "clock-choice" }
                data-clock=slug title=title aria-pressed=move || (pick.get() == p).to_string()
                on:click=move |_| pick.set(p)>{name}</button>
        }
    };
    let presets = PRESETS
        .iter()
        .enumerate()
        .filter(|(_, p)| five_d || !p.five_d_only)
        .map(|(i, p)| {
            button(
                Pick::Preset(i),
                p.name.to_string(),
                p.control.label(),
                p.control.label().replace(' ', ""),
            )
        })
        .collect_view();
    let field = move |label: &'static str, value: RwSignal<String>, slug: &'static str| {
        view! {
            <label class="clock-field">
                <span>{label}</span>
                <input type="number" min="0" step="any" inputmode="decimal" data-clock-field=slug
                    prop:value=move || value.get() on:input=move |e| value.set(event_target_value(&e)) />
            </label>
        }
    };
    view! {
        <div class="clock-setup" data-testid="clock-setup">
            <div class="setup-row">
                <span class="setup-label">"Clock"</span>
                <div class="clock-choices" role="group" aria-label="Clock">
                    {button(Pick::Untimed, "Untimed".into(), "No clock".into(), "untimed".into())}
                    {presets}
                    {button(Pick::Custom, "Custom".into(), "Your own time and bonus".into(), "custom".into())}
                </div>
            </div>
            <Show when=move || pick.get() == Pick::Custom>
                <div class="clock-custom">
                    {field("Minutes", minutes, "minutes")}
                    {field("+ seconds", seconds, "seconds")}
                    {field("Bonus (s)", bonus_s, "bonus")}
                    <label class="clock-field check">
                        <input type="checkbox" data-clock-field="delay" prop:checked=move || delay.get()
                            on:change=move |e| delay.set(event_target_checked(&e)) />
                        <span>"Delay instead of increment"</span>
                    </label>
                    {five_d.then(|| view! {
                        <label class="clock-field check">
                            <input type="checkbox" data-clock-field="per-timeline" prop:checked=move || per_timeline.get()
                                on:change=move |e| per_timeline.set(event_target_checked(&e)) />
                            <span>"Bonus per present timeline"</span>
                        </label>
                    })}
                    <p class="clock-custom-line" role="status">{move || match custom() {
                        Ok(c) => c.label(),
                        Err(e) => e,
                    }}</p>
                </div>
            </Show>
        </div>
    }
}
