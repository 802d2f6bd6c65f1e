//! Keyboard play on the boards of a screen: one roving focus (the square
//! with `tabindex="0"`) over every board of the screen's [`Scene`].
//!
//! The arrows step over a board (as the player sees it: the orientation
//! turns them), PageDown / `]` and PageUp / `[` go to the same square of the
//! next or previous board that takes presses ([`FocusMove`]), Enter or Space
//! presses the square ([`Input::Press`](crate::play::Input::Press): pick up,
//! drop), Escape cancels. Where the focus may go is the scene's answer
//! ([`Scene::move_focus`]); the board component only moves the DOM focus.

use std::time::Duration;

use leptos::prelude::*;

use crate::chess::Color;
use crate::play::{FocusMove, Scene, Spot};
use crate::ui::board::board_attr;

/// A screen's keyboard focus over its boards (cheap `Copy` handles).
#[derive(Debug, Clone, Copy)]
pub struct Keyboard {
    /// The square the player last moved the focus to (on any board).
    focus: RwSignal<Option<Spot>>,
    /// The square that takes the Tab stop: the focus while its board is
    /// drawn, else where the scene says keyboard play starts.
    stop: Memo<Option<Spot>>,
    /// Where a focus move leads.
    navigate: Callback<(Spot, FocusMove), Option<Spot>>,
    /// Enter or Space on a square.
    press: Callback<Spot>,
    /// Escape.
    cancel: Callback<()>,
    /// Asked to bring a board into view before its square takes the focus
    /// (5D: a board outside the camera's window is not in the page).
    reveal: Option<Callback<Spot>>,
}

impl Keyboard {
    /// Keyboard play over `scene` seen with `orientation` at the bottom:
    /// `press` and `cancel` forward to the game (`Input::Press`,
    /// `Input::Cancel`).
    pub fn new(
        scene: Signal<Scene>,
        orientation: Signal<Color>,
        press: Callback<Spot>,
        cancel: Callback<()>,
    ) -> Keyboard {
        let focus = RwSignal::new(None::<Spot>);
        let stop = Memo::new(move |_| {
            let wanted = focus.get();
            scene.with(|s| {
                wanted
                    .filter(|f| s.board(f.board).is_some())
                    .or_else(|| s.first_focus())
            })
        });
        let navigate = Callback::new(move |(from, how): (Spot, FocusMove)| {
            let facing = orientation.get_untracked();
            scene.with_untracked(|s| s.move_focus(from, how, facing))
        });
        Keyboard {
            focus,
            stop,
            navigate,
            press,
            cancel,
            reveal: None,
        }
    }

    /// The same, asking `reveal` to bring a board into view before its
    /// square takes the focus.
    #[must_use]
    pub fn revealing(self, reveal: Callback<Spot>) -> Keyboard {
        Keyboard {
            reveal: Some(reveal),
            ..self
        }
    }

    /// The square of `board` holding the Tab stop, if it is there.
    pub(super) fn stop(&self) -> Memo<Option<Spot>> {
        self.stop
    }

    /// A square took the DOM focus (a click, Tab): the roving focus follows.
    pub(super) fn focused(&self, spot: Spot) {
        if self.focus.get_untracked() != Some(spot) {
            self.focus.set(Some(spot));
        }
    }

    /// A key on a focused square: true when the board handled it (the page's
    /// own shortcuts then do not see it).
    pub(super) fn key(&self, spot: Spot, key: &str) -> bool {
        if let Some(how) = FocusMove::of_key(key) {
            if let Some(to) = self.navigate.run((spot, how)) {
                self.focus.set(Some(to));
                // Drawn already (a step on the same board): focus it now, so
                // the next key starts from it; else once its board is drawn.
                match square_element(to) {
                    Some(el) if to.board == spot.board => {
                        let _ = el.focus();
                    }
                    _ => {
                        if let Some(reveal) = self.reveal {
                            reveal.run(to);
                        }
                        focus_soon(to, 12);
                    }
                }
            }
            return true;
        }
        match key {
            "Enter" | " " => {
                self.focus.set(Some(spot));
                self.press.run(spot);
                // The square may be drawn anew (its marks changed): focus it again.
                focus_soon(spot, 12);
                true
            }
            "Escape" => {
                self.cancel.run(());
                focus_soon(spot, 12);
                false
            }
            _ => false,
        }
    }
}

/// Moves the DOM focus to the board's Tab stop once the page has drawn it:
/// after a choice made off the board by keyboard (Chessgi's piece in hand),
/// the player goes on on the board.
pub fn focus_board_soon() {
    use wasm_bindgen::JsCast;
    set_timeout(
        || {
            let stop = document()
                .query_selector("[data-board] [data-sq][tabindex=\"0\"]")
                .ok()
                .flatten()
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(el) = stop {
                let _ = el.focus();
            }
        },
        Duration::from_millis(0),
    );
}

/// The square element of `spot`, if drawn.
fn square_element(spot: Spot) -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    let selector = format!(
        "[data-board=\"{}\"] [data-sq=\"{}\"]",
        board_attr(spot.board),
        spot.square
    );
    document()
        .query_selector(&selector)
        .ok()
        .flatten()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// Moves the DOM focus to `spot` once the page has drawn it (after the
/// reactive updates of a press, or a camera move bringing its board in),
/// trying again a few frames while it is not there yet.
pub(super) fn focus_soon(spot: Spot, tries: u32) {
    set_timeout(
        move || match square_element(spot) {
            Some(el) => {
                let _ = el.focus();
            }
            None if tries > 0 => focus_soon(spot, tries - 1),
            None => {}
        },
        Duration::from_millis(if tries >= 12 { 0 } else { 40 }),
    );
}
