//! The computer opponent of the 2D games on the page: [`ComputerPlayer`]
//! watches the session and, when the computer is to act, runs the play
//! layer's [`Search`] in slices of at most [`SLICE_MS`] on the main thread,
//! yielding to the browser between them (a zero timeout), so the page keeps
//! drawing; then plays the chosen action through the session. It says
//! "Computer is thinking…" meanwhile. The search decides everything: this
//! file only paces it.
//!
//! Why not the web worker the 5D computer uses: the worker is 5D's (it
//! reads a 5D payload) and sits on the 5D page; a 2D search at these levels
//! is small (at most a few tens of thousands of actions), and a resumable
//! search ([`Search::step`]) bounds every slice by the cost of one action.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;

use crate::play::computer::{Computer, Level, Search};
use crate::ui::session_play::{SessionGame, SessionPlay};

/// The longest slice of thinking between two yields to the browser (ms).
pub const SLICE_MS: f64 = 30.0;

/// Actions searched between two looks at the clock within a slice.
const NODES_PER_LOOK: u64 = 8;

fn now() -> f64 {
    web_sys::js_sys::Date::now()
}

/// A search in progress on the page: when it must answer (ms, the page's
/// clock) and the game it started from (its save payload), so that an
/// answer to a game changed meanwhile (a takeback, another game opened in
/// the same screen) is dropped.
struct Thought<S: SessionGame> {
    search: Search<S>,
    deadline: f64,
    payload: serde_json::Value,
}

/// Runs slices of the search until it answers (or its time is up: then its
/// best so far), then plays its action if the game is still the one it
/// started from and the computer is to act.
fn think<S: SessionGame>(play: SessionPlay<S>, thought: Rc<RefCell<Thought<S>>>) {
    let started = now();
    let mut answer = None;
    let mut done = false;
    {
        let mut t = thought.borrow_mut();
        while now() - started < SLICE_MS {
            answer = t.search.step(NODES_PER_LOOK);
            if answer.is_some() || t.search.is_done() {
                done = true;
                break;
            }
            if now() >= t.deadline {
                answer = t.search.stop();
                done = true;
                break;
            }
        }
    }
    if !done {
        set_timeout(move || think(play, thought), Duration::ZERO);
        return;
    }
    let payload = std::mem::take(&mut thought.borrow_mut().payload);
    let Some(computer) = play.computer.try_get_untracked().flatten() else {
        let _ = play.thinking.try_set(false);
        return;
    };
    if let Some(choice) = answer {
        let current = play
            .session
            .try_with_untracked(|s| computer.to_act(s) && s.payload() == payload);
        if current == Some(true) {
            let mut refused = None;
            play.session.try_update(|s| {
                if let Err(e) = s.play(choice.action) {
                    refused = Some(e.to_string());
                }
            });
            let _ = play.notice.try_set(refused);
        }
    }
    let _ = play.thinking.try_set(false);
}

/// The computer opponent of a 2D game screen: plays its turns when it is to
/// act, and shows who it is and whether it is thinking (nothing in a game
/// between two players).
#[component]
pub fn ComputerPlayer<S: SessionGame>(
    /// The game's play state.
    play: SessionPlay<S>,
) -> impl IntoView {
    // Tracks the session, the computer and `thinking`: a search starts
    // when the computer is to act and none runs (so also after a search
    // whose answer was dropped because the game changed meanwhile).
    Effect::new(move |_| {
        if !play.computer_to_act() || play.thinking.get() {
            return;
        }
        let Some(computer) = play.computer.get_untracked() else {
            return;
        };
        let (search, payload) = play
            .session
            .with_untracked(|s| (computer.search(s), s.payload()));
        if search.is_done() {
            // No legal action and no ending: nothing to think about.
            play.notice
                .set(Some("The computer has no action it can play.".to_string()));
            return;
        }
        play.thinking.set(true);
        let thought = Rc::new(RefCell::new(Thought {
            search,
            deadline: now() + computer.level.think_ms() as f64,
            payload,
        }));
        // Let the player's move be drawn before the first slice.
        set_timeout(move || think(play, thought), Duration::ZERO);
    });
    move || {
        play.computer.get().map(|c| {
            let thinking = play.thinking.get();
            view! {
                <div class="panel computer-player" data-testid="computer" data-thinking=thinking.to_string()>
                    <span class="computer-name">{format!("{} plays {}", c.name(), c.color.name())}</span>
                    <span class="computer-status" role="status" aria-live="polite">
                        {if thinking { "Computer is thinking…" } else { "" }}
                    </span>
                </div>
            }
        })
    }
}

/// The choice of an opponent in a new-game entry: another player, or the
/// computer with its side and level. `choice` is `None` for two players.
#[component]
pub fn ComputerChoice(
    /// The chosen computer (its seed is drawn when it is chosen).
    choice: RwSignal<Option<Computer>>,
    /// The entry's name in the test hooks (`tt`, `chessgi`, `branching`).
    game: &'static str,
) -> impl IntoView {
    use crate::chess::Color;
    let seed = || (web_sys::js_sys::Math::random() * 4_294_967_296.0) as u64;
    let set = move |side: Option<Color>, level: Level| {
        choice.set(side.map(|color| Computer {
            color,
            level,
            seed: seed(),
        }));
    };
    let level = move || choice.get().map_or(Level::Casual, |c| c.level);
    let side = move || choice.get().map(|c| c.color);
    view! {
        <fieldset class="computer-choice" data-testid=format!("{game}-opponent")>
            <legend>"Opponent"</legend>
            <select data-option="opponent" aria-label="Opponent" on:change=move |e| {
                let side = match event_target_value(&e).as_str() {
                    "black" => Some(Color::Black),
                    "white" => Some(Color::White),
                    _ => None,
                };
                set(side, level());
            }>
                <option value="human" selected=move || side().is_none()>"Another player"</option>
                <option value="black" selected=move || side() == Some(Color::Black)>"Computer (plays Black)"</option>
                <option value="white" selected=move || side() == Some(Color::White)>"Computer (plays White)"</option>
            </select>
            <select data-option="level" aria-label="Computer level" disabled=move || side().is_none()
                on:change=move |e| {
                    let n = event_target_value(&e).parse::<u8>().unwrap_or(2);
                    set(side(), Level::of_number(n).unwrap_or(Level::Casual));
                }>
                {Level::ALL.into_iter().map(|l| view! {
                    <option value=l.number().to_string() selected=move || level() == l>
                        {format!("Level {} · {}", l.number(), l.name())}
                    </option>
                }).collect_view()}
            </select>
        </fieldset>
    }
}
