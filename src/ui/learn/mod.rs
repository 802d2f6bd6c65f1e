//! The teaching screens of the 5D page: puzzles ([`PuzzleScreen`]) and
//! lessons ([`LessonScreen`]). Both draw a position with the multiverse view
//! and forward what the player staged or submitted to `play::learn`, which
//! decides every rule; they show its words, keep the progress and save it.

mod lessons;
mod puzzles;

pub use lessons::LessonScreen;
pub use puzzles::PuzzleScreen;

use leptos::prelude::*;

use crate::storage::Learning;
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::saves::Saves;

/// The learning progress on screen, saved after every change.
#[derive(Debug, Clone, Copy)]
struct Progress {
    learning: RwSignal<Learning>,
    /// Why the progress could not be read or saved (kept aside, storage full).
    message: RwSignal<Option<String>>,
    saves: Saves,
}

impl Progress {
    /// Reads the stored progress (a damaged record is kept aside and said).
    fn open(saves: Saves) -> Progress {
        let (learning, message) = saves.learning();
        Progress {
            learning: RwSignal::new(learning),
            message: RwSignal::new(message),
            saves,
        }
    }

    /// Changes the progress and saves it.
    fn change(&self, f: impl FnOnce(&mut Learning)) {
        self.learning.update(f);
        let result = self
            .learning
            .with_untracked(|l| self.saves.save_learning(l));
        if let Err(e) = result {
            self.message.set(Some(e));
        }
    }

    /// The storage message, as the screens show it.
    fn view(self) -> impl IntoView {
        move || {
            self.message
                .get()
                .map(|m| view! { <p class="notice warn" role="alert" data-testid="progress-problem">{m}</p> })
        }
    }
}

/// A sentence for the player with its tone (`info`, `success`, `fail`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Say {
    words: String,
    tone: &'static str,
}

impl Say {
    fn new(words: impl Into<String>, tone: &'static str) -> Option<Say> {
        Some(Say {
            words: words.into(),
            tone,
        })
    }
}

/// The line of the player's messages (polite live region).
fn say_view(say: RwSignal<Option<Say>>) -> impl IntoView {
    view! {
        <p class=move || say.with(|s| format!("learn-say {}", s.as_ref().map_or("empty", |s| s.tone)))
            role="status" aria-live="polite" data-testid="learn-say">
            {move || say.with(|s| s.as_ref().map(|s| s.words.clone()).unwrap_or_default())}
        </p>
    }
}

/// Why the staged moves cannot be submitted yet (the engine's reason),
/// when some are staged: e.g. a board of the present still waits for a move.
fn submit_why(play: Play) -> impl IntoView {
    let why = move || {
        play.session.with(|s| match s.can_submit() {
            Err(e) if !s.staged().is_empty() => crate::play::fived::words::submit_reason(&e, false),
            _ => String::new(),
        })
    };
    view! { <p class="submit-why" data-testid="submit-why">{why}</p> }
}

/// The view tools of the multiverse view (as on the game screen).
fn view_tools(play: Play) -> impl IntoView {
    view! {
        <div class="view-tools" role="toolbar" aria-label="View">
            <button type="button" class="tool" title="Zoom in" on:click=move |_| play.request_camera(CameraRequest::ZoomIn)>"+"</button>
            <button type="button" class="tool" title="Zoom out" on:click=move |_| play.request_camera(CameraRequest::ZoomOut)>"−"</button>
            <button type="button" class="tool wide" data-action="fit" title="Fit all boards" on:click=move |_| play.request_camera(CameraRequest::FitAll)>"Fit all"</button>
            <button type="button" class="tool wide" data-action="present" title="Go to the present" on:click=move |_| play.request_camera(CameraRequest::Present)>"Present"</button>
        </div>
    }
}

/// Plays an opponent's action on the board (each move staged, then
/// submitted), as the game screen plays the computer's.
fn play_action(play: Play, moves: &[crate::fived::Move]) {
    for &m in moves {
        play.play(m);
    }
    if play.session.with_untracked(|s| s.can_submit().is_ok()) {
        play.submit();
    }
}
