//! The state of the game screen shared by its parts (the multiverse view, the
//! action bar, the move list, dialogs): the session and what the player is
//! doing with it. Provided as context by the game screen.

use std::time::Duration;

use leptos::prelude::*;

use super::outcome_job::JobReply;
use super::outcome_worker;
use super::session::{Session, Status, OUTCOME_BUDGET, PAGE_BUDGET};
use crate::fived::coords::{Coord, Move};
use crate::fived::{Answer, Budget};
use crate::play::fived::choice::{Choice, Chosen};
use crate::play::fived::computer::{ThinkReaction, ThinkSpec, Thinking};
use crate::play::fived::mate_check::{MateCheck, Reaction, CAP_WORDS, STOPPED_WORDS};
use crate::play::fived::outcome_job::Verdict;
use crate::play::{Effect, Input};
use crate::ui::multiverse::layout::Camera;

/// A camera request the multiverse view carries out (it knows its size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CameraRequest {
    /// Show every board.
    FitAll,
    /// Centre on the present and the boards to play.
    Present,
    /// Show every board if they fit at a comfortable size, else the present.
    Auto,
    /// Zoom in one step around the centre.
    ZoomIn,
    /// Zoom out one step.
    ZoomOut,
    /// Bring this board into view with its squares drawn (keyboard focus
    /// moving to it); nothing when it is shown already.
    Show(crate::fived::coords::BoardId),
}

/// The page's clock in milliseconds.
fn now_ms() -> u64 {
    let ms = js_sys::Date::now();
    if ms.is_finite() && ms > 0.0 {
        ms as u64
    } else {
        0
    }
}

/// The budget of the search on the page right after a submit:
/// [`PAGE_BUDGET`], or none with `?mate-check=worker` in the page's URL
/// (every check then goes to the worker: a hook for tests and debugging).
fn page_budget() -> Budget {
    let forced = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| q.contains("mate-check=worker"));
    if forced {
        Budget::nodes(0)
    } else {
        PAGE_BUDGET
    }
}

/// The game screen's shared state (all fields are cheap `Copy` signals).
#[derive(Debug, Clone, Copy)]
pub struct Play {
    /// The game.
    pub session: RwSignal<Session>,
    /// The player's choice in progress: the selected piece, a promotion
    /// waiting (kept apart from the session: a selection redraws marks only).
    pub choice: RwSignal<Choice>,
    /// Black's view.
    pub flipped: RwSignal<bool>,
    /// Pan and zoom of the multiverse view.
    pub camera: RwSignal<Camera>,
    /// The last camera request, with a counter so repeats are seen.
    pub camera_request: RwSignal<(u32, Option<CameraRequest>)>,
    /// A short message for the player (a refused move, a storage problem).
    pub notice: RwSignal<Option<String>>,
    /// Review mode: the position after this many actions, read-only.
    pub review: RwSignal<Option<(usize, Session)>>,
    /// The mate check running in the web worker, if any.
    pub checking: RwSignal<Option<MateCheck>>,
    /// The computer thinking in the web worker, if it is.
    pub thinking: RwSignal<Option<Thinking>>,
}

impl Play {
    /// Shared state for a session.
    #[must_use]
    pub fn new(session: Session) -> Play {
        // Against the computer, the player's side at the bottom.
        let flipped = session
            .opponent
            .is_some_and(|o| o.color == crate::chess::Color::White);
        Play {
            session: RwSignal::new(session),
            choice: RwSignal::new(Choice::default()),
            flipped: RwSignal::new(flipped),
            camera: RwSignal::new(Camera::default()),
            camera_request: RwSignal::new((0, Some(CameraRequest::Auto))),
            notice: RwSignal::new(None),
            review: RwSignal::new(None),
            checking: RwSignal::new(None),
            thinking: RwSignal::new(None),
        }
    }

    /// Runs `f` on the session on screen: the reviewed position, or the game.
    pub fn with_shown<T>(&self, f: impl FnOnce(&Session) -> T) -> T {
        if self.review.with(Option::is_some) {
            self.review.with(|r| match r {
                Some((_, s)) => f(s),
                None => unreachable!("checked just above"),
            })
        } else {
            self.session.with(f)
        }
    }

    /// [`Play::with_shown`] without tracking.
    pub fn with_shown_untracked<T>(&self, f: impl FnOnce(&Session) -> T) -> T {
        if self.review.with_untracked(Option::is_some) {
            self.review.with_untracked(|r| match r {
                Some((_, s)) => f(s),
                None => unreachable!("checked just above"),
            })
        } else {
            self.session.with_untracked(f)
        }
    }

    /// Shows the position after `actions` submitted actions, read-only
    /// (the current position ends review).
    pub fn review_at(&self, actions: usize) {
        self.deselect();
        let (total, snapshot) = self.session.with_untracked(|s| {
            let total = s.action_count();
            let mut payload = s.payload();
            payload.actions.truncate(actions);
            payload.staged.clear();
            let snap = Session::restore(&s.variant, &payload, crate::fived::Budget::nodes(20_000));
            (total, snap)
        });
        if actions >= total {
            self.review.set(None);
        } else if let Ok(snap) = snapshot {
            self.review.set(Some((actions, snap)));
        }
        self.request_camera(CameraRequest::Auto);
    }

    /// Leaves review mode.
    pub fn end_review(&self) {
        if self.review.with_untracked(Option::is_some) {
            self.review.set(None);
            self.request_camera(CameraRequest::Auto);
        }
    }

    /// Steps review by `delta` actions (entering it from the current position).
    pub fn review_step(&self, delta: i64) {
        let total = self.session.with_untracked(Session::action_count) as i64;
        let at = self
            .review
            .with_untracked(|r| r.as_ref().map(|(k, _)| *k as i64))
            .unwrap_or(total);
        let next = (at + delta).clamp(0, total);
        self.review_at(next as usize);
    }

    /// Asks the view to move the camera.
    pub fn request_camera(&self, r: CameraRequest) {
        self.camera_request.update(|(n, req)| {
            *n += 1;
            *req = Some(r);
        });
    }

    /// The selected piece, if any (tracked).
    #[must_use]
    pub fn selected(&self) -> Option<Coord> {
        self.choice.with(Choice::selected)
    }

    /// Drops the selection (and a promotion waiting).
    pub fn deselect(&self) {
        if self.choice.with_untracked(|c| *c != Choice::default()) {
            self.choice.set(Choice::default());
        }
    }

    /// Whether a press on `at` does more than drop the selection
    /// ([`Choice::takes`]); never while reviewing.
    #[must_use]
    pub fn takes(&self, at: Coord) -> bool {
        self.review.with_untracked(Option::is_none)
            && self
                .session
                .with_untracked(|s| self.choice.with_untracked(|c| c.takes(s, at)))
    }

    /// What the player did on the board (a press, a drop, a promotion
    /// piece, a cancel), answered by the play layer ([`Choice::input`], the
    /// same answers as `FivedSession::input`): the choice changes, or the
    /// move it names is staged. Nothing happens while reviewing.
    pub fn input(&self, input: Input) -> Effect {
        if self.review.with_untracked(Option::is_some) {
            return Effect::Ignored;
        }
        let mut choice = self.choice.get_untracked();
        let answer = self.session.with_untracked(|s| choice.input(s, input));
        if self.choice.with_untracked(|c| *c != choice) {
            self.choice.set(choice);
        }
        match answer {
            Chosen::Effect(effect) => effect,
            Chosen::Stage(m) => {
                self.play(m);
                self.notice
                    .with_untracked(Clone::clone)
                    .map_or(Effect::Staged, Effect::Refused)
            }
        }
    }

    /// Stages one move.
    pub fn play(&self, m: Move) {
        self.end_review();
        self.deselect();
        let mut error = None;
        self.session.update(|s| {
            if let Err(e) = s.play(m) {
                error = Some(e);
            }
        });
        self.notice.set(error);
        self.request_camera(CameraRequest::Auto);
    }

    /// Takes back the last staged move.
    pub fn undo(&self) {
        self.end_review();
        self.deselect();
        self.session.update(|s| {
            s.undo();
        });
        self.notice.set(None);
    }

    /// Submits the staged action, then (after the next paint) asks the engine
    /// for the outcome.
    pub fn submit(&self) {
        self.end_review();
        let mut error = None;
        self.session.update(|s| {
            if let Err(e) = s.submit() {
                error = Some(e.to_string());
            }
        });
        self.deselect();
        if let Some(e) = error {
            self.notice.set(Some(format!("Cannot submit: {e}.")));
            return;
        }
        self.notice.set(None);
        self.stop_check();
        let play = *self;
        // Let the browser paint the submitted position first. A short search
        // on the page answers most positions; the rest go to the web worker.
        request_animation_frame(move || {
            set_timeout(
                move || {
                    if play
                        .session
                        .try_update(|s| s.decide_outcome(page_budget()))
                        .is_none()
                    {
                        return; // the game screen is gone
                    }
                    if play.session.with_untracked(|s| s.status == Status::Unknown) {
                        play.check_in_worker();
                    }
                    play.computer_turn();
                },
                Duration::from_millis(0),
            );
        });
        self.request_camera(CameraRequest::Auto);
    }

    /// Hands the outcome of the submitted position to the web worker and
    /// shows its progress (asking the player after
    /// [`ASK_AFTER_MS`](crate::play::fived::mate_check::ASK_AFTER_MS)
    /// whether to go on); without a worker, searches on the page within
    /// [`OUTCOME_BUDGET`] (beyond it the outcome stays unknown).
    pub fn check_in_worker(&self) {
        let payload = self.session.with_untracked(Session::payload);
        let play = *self;
        match outcome_worker::start(payload, move |reply| play.on_job_reply(reply)) {
            Some(id) => {
                self.session.update(|s| s.status = Status::Pending);
                self.checking
                    .set(Some(MateCheck::new(id, now_ms(), page_budget().nodes)));
                self.schedule_ask(id);
            }
            None => {
                self.checking.set(None);
                self.session.update(|s| s.decide_outcome(OUTCOME_BUDGET));
            }
        }
    }

    /// Wakes up when check `id` is due to ask the player whether to go on.
    /// The worker is not paused: the question only appears on the page.
    fn schedule_ask(&self, id: u64) {
        let Some(Some(check)) = self.checking.try_get_untracked() else {
            return;
        };
        let Some(wait) = check.ask_in(now_ms()).filter(|_| check.id == id) else {
            return;
        };
        let play = *self;
        set_timeout(
            move || {
                let mut asked = false;
                let _ = play.checking.try_update(|c| {
                    if let Some(c) = c.as_mut().filter(|c| c.id == id) {
                        asked = c.tick(now_ms());
                    }
                });
                if !asked {
                    // Woken a little early (or the check is gone): look again.
                    play.schedule_ask(id);
                }
            },
            Duration::from_millis(wait),
        );
    }

    fn on_job_reply(&self, reply: JobReply) {
        // The game screen may be gone (disposed signals): then nothing to do.
        let Some(Some(mut current)) = self.checking.try_get_untracked() else {
            return;
        };
        match current.on_reply(&reply) {
            Reaction::Ignore => {}
            Reaction::Progress => self.checking.set(Some(current)),
            Reaction::Verdict(verdict) => {
                self.checking.set(None);
                self.session.update(|s| s.record_outcome(verdict.answer()));
                if verdict == Verdict::Unknown {
                    self.notice.set(Some(CAP_WORDS.to_string()));
                }
                self.computer_turn();
            }
            Reaction::Failed(_) => {
                // The worker could not answer: the bounded search on the page.
                self.checking.set(None);
                self.session.update(|s| s.decide_outcome(OUTCOME_BUDGET));
                self.computer_turn();
            }
        }
    }

    /// The player chose *Keep searching*: the worker goes on, the question
    /// goes away (*Stop* stays offered).
    pub fn keep_checking(&self) {
        self.checking.update(|c| {
            if let Some(c) = c.as_mut() {
                c.keep_searching();
            }
        });
    }

    /// Stops the worker's mate check: the outcome is recorded (and saved) as
    /// unknown — never guessed — and checked again when the game is opened
    /// again. The game goes on.
    pub fn cancel_check(&self) {
        if self.checking.get_untracked().is_some() {
            self.stop_check();
            self.session.update(|s| s.record_outcome(Answer::Unknown));
            self.notice.set(Some(STOPPED_WORDS.to_string()));
            self.computer_turn();
        }
    }

    /// Stops the worker's mate check, if any, without touching the session
    /// (the position it was about is gone).
    pub fn stop_check(&self) {
        if let Some(Some(_)) = self.checking.try_get_untracked() {
            outcome_worker::cancel();
            let _ = self.checking.try_set(None);
        }
    }

    /// Takes back the last submitted action; against the computer, back to
    /// the player's turn (its reply and the player's action).
    pub fn take_back(&self) {
        self.end_review();
        self.deselect();
        self.stop_check();
        self.stop_thinking();
        self.session.update(|s| {
            s.take_back_turn();
        });
    }

    /// Starts the computer thinking when it is its turn in a game that goes
    /// on and the position's mate check has answered (the computer never
    /// plays after the end, nor before the exact verdict is in).
    pub fn computer_turn(&self) {
        let ready = self.session.try_with_untracked(|s| {
            s.computer_to_move() && !(s.status == Status::Pending && s.action_count() > 0)
        });
        if ready != Some(true)
            || self.checking.with_untracked(Option::is_some)
            || self.thinking.with_untracked(Option::is_some)
        {
            return;
        }
        let (payload, opponent) = self.session.with_untracked(|s| (s.payload(), s.opponent));
        let Some(opponent) = opponent else { return };
        let spec = ThinkSpec::for_game(&opponent, &payload);
        let play = *self;
        match outcome_worker::think(payload, spec, move |reply| play.on_think_reply(reply)) {
            Some(id) => self.thinking.set(Some(Thinking::new(id, now_ms()))),
            None => self.notice.set(Some(
                "The computer cannot think here: this browser refused the page's web worker."
                    .to_string(),
            )),
        }
    }

    fn on_think_reply(&self, reply: JobReply) {
        let Some(Some(mut current)) = self.thinking.try_get_untracked() else {
            return;
        };
        match current.on_reply(&reply) {
            ThinkReaction::Ignore => {}
            ThinkReaction::Progress => self.thinking.set(Some(current)),
            ThinkReaction::Play(moves) => {
                // The worker is stopped (when this is its best so far) by
                // `computer_plays`, outside the worker's message handler
                // that is running now.
                let id = current.id;
                let wait = current.draw_in(now_ms());
                self.thinking.set(Some(current));
                let play = *self;
                set_timeout(
                    move || play.computer_plays(id, &moves),
                    Duration::from_millis(wait),
                );
            }
            ThinkReaction::NoMove(verdict) => {
                self.thinking.set(None);
                self.session.update(|s| s.record_outcome(verdict.answer()));
            }
            ThinkReaction::Failed(why) => {
                self.thinking.set(None);
                self.notice
                    .set(Some(format!("The computer could not move: {why}.")));
            }
        }
    }

    /// Plays the computer's action as a player's: each move staged, then
    /// submitted (same marks, arrows, autosave and mate check). Nothing if
    /// the thinking `id` was stopped meanwhile (a takeback, leaving).
    fn computer_plays(&self, id: u64, moves: &[Move]) {
        let still = self
            .thinking
            .try_with_untracked(|t| t.as_ref().is_some_and(|t| t.id == id));
        if still != Some(true) {
            return;
        }
        // Still thinking when the player hurried it: stop it.
        outcome_worker::cancel_job(id);
        self.thinking.set(None);
        for &m in moves {
            self.play(m);
        }
        if self.session.with_untracked(|s| s.can_submit().is_ok()) {
            self.submit();
        } else {
            // Never expected (the worker plays legal actions): leave the
            // position as it was and say so.
            while self.session.with_untracked(|s| !s.staged().is_empty()) {
                self.undo();
            }
            self.notice.set(Some(
                "The computer's move was refused; it is your move.".to_string(),
            ));
        }
    }

    /// "Move now": the computer plays the best action it has found so far
    /// (or the first one it finds, when it has none yet).
    pub fn move_now(&self) {
        let Some(Some(mut current)) = self.thinking.try_get_untracked() else {
            return;
        };
        let best = current.hurry();
        let id = current.id;
        self.thinking.set(Some(current));
        if let Some(moves) = best {
            self.computer_plays(id, &moves);
        }
    }

    /// Stops the computer's thinking, if any (a takeback, leaving the game).
    pub fn stop_thinking(&self) {
        if let Some(Some(t)) = self.thinking.try_get_untracked() {
            outcome_worker::cancel_job(t.id);
            let _ = self.thinking.try_set(None);
        }
    }

    /// Whether the outcome search is still to run.
    #[must_use]
    pub fn pending(&self) -> bool {
        self.session
            .with(|s| s.status == Status::Pending && s.action_count() > 0)
    }
}
