//! What the state of every game screen shares: the game's play-layer session
//! in a signal, the player's notice (a refusal), the chess clock (saved with
//! the game, its flag ending the game through [`GameSession::flag`]), and
//! the board's presses and drops forwarded to the session as [`Input`]s, and
//! the computer opponent ([`Computer`], [`ComputerPlayer`]: it thinks in
//! slices on the page and plays through the session). Each screen's own state
//! (`TtPlay`, `ChessgiPlay`, `BranchingPlay`) holds one and adds its view
//! settings; it derefs to it, so `play.session` and `play.notice` read the same
//! everywhere.

use std::fmt;

use leptos::prelude::*;

use crate::chess::Color;
use crate::games::branching::Game as BranchingGame;
use crate::games::chessgi::ChessgiGame;
use crate::games::time_traveling::TimeTravelingChess;
use crate::play::branching::BranchingSession;
use crate::play::chessgi::ChessgiSession;
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::time_traveling::TimeTravelingSession;
use crate::play::{Effect, GameSession, Input, SceneBoard, Spot};
use crate::storage::{GameId, SaveRecord};
use crate::ui::board::{Keyboard, OnDrop, OnPress};
use crate::ui::clock::{ChessClock, ClockTurn};
use crate::ui::saves::{now_ms, Saves};

/// A session whose game the screen reads for its panels.
pub trait SessionGame: GameSession + 'static {
    /// The game.
    type Game;
    /// The game being played.
    fn game_of(&self) -> &Self::Game;
}

impl SessionGame for TimeTravelingSession {
    type Game = TimeTravelingChess;
    fn game_of(&self) -> &TimeTravelingChess {
        self.game()
    }
}

impl SessionGame for ChessgiSession {
    type Game = ChessgiGame;
    fn game_of(&self) -> &ChessgiGame {
        self.game()
    }
}

impl SessionGame for BranchingSession {
    type Game = BranchingGame;
    fn game_of(&self) -> &BranchingGame {
        self.game()
    }
}

/// A session in a signal and the notice of its last refusal (cheap `Copy`
/// handles).
pub struct SessionPlay<S: 'static> {
    /// The game and the player's choices on it.
    pub session: RwSignal<S, LocalStorage>,
    /// The last refusal, until the next step.
    pub notice: RwSignal<Option<String>>,
    /// The chess clock (`None`: untimed).
    pub clock: RwSignal<Option<Clock>>,
    /// The computer opponent (`None`: two players at the board).
    pub computer: RwSignal<Option<Computer>>,
    /// True while the computer thinks.
    pub thinking: RwSignal<bool>,
}

impl<S> Clone for SessionPlay<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for SessionPlay<S> {}

impl<S> fmt::Debug for SessionPlay<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SessionPlay").finish_non_exhaustive()
    }
}

impl<S: SessionGame> SessionPlay<S> {
    /// A new session signal, with its clock (`None`: untimed).
    #[must_use]
    pub fn new(session: S, clock: Option<Clock>) -> SessionPlay<S> {
        SessionPlay::over(RwSignal::new_local(session), RwSignal::new(clock))
    }

    /// Over a session signal and a clock held elsewhere.
    #[must_use]
    pub fn over(
        session: RwSignal<S, LocalStorage>,
        clock: RwSignal<Option<Clock>>,
    ) -> SessionPlay<S> {
        SessionPlay {
            session,
            notice: RwSignal::new(None),
            clock,
            computer: RwSignal::new(None),
            thinking: RwSignal::new(false),
        }
    }

    /// With `computer` as the opponent (`None`: two players).
    #[must_use]
    pub fn with_computer(self, computer: Option<Computer>) -> SessionPlay<S> {
        self.computer.set(computer);
        self
    }

    /// Whether the computer is to act now (tracked): the player's input
    /// waits.
    #[must_use]
    pub fn computer_to_act(&self) -> bool {
        self.computer
            .with(|c| c.is_some_and(|c| self.session.with(|s| c.to_act(s))))
    }

    /// Whether the computer is to act now (untracked).
    #[must_use]
    pub fn computer_to_act_untracked(&self) -> bool {
        self.computer
            .with_untracked(|c| c.is_some_and(|c| self.session.with_untracked(|s| c.to_act(s))))
    }

    /// Takes back a turn; against the computer, the player's last turn and
    /// the computer's answer ([`Computer::take_back_pair`]). False when the
    /// game cannot.
    pub fn take_back(&self) -> bool {
        let computer = self.computer.get_untracked();
        let mut done = false;
        self.session.update(|s| {
            done = match computer {
                Some(c) => c.take_back_pair(s),
                None => s.take_back(),
            };
        });
        self.notice.set(None);
        done
    }

    /// The save record of the game as it stands, with its clock settled up to now.
    #[must_use]
    pub fn record(&self, id: &GameId, name: &str) -> SaveRecord {
        let now = now_ms();
        let mut record = self
            .session
            .with_untracked(|s| s.save_record(id, name, now));
        record.clock = self
            .clock
            .with_untracked(|c| c.as_ref().map(|c| c.saved_at(now)));
        self.computer
            .with_untracked(|c| with_computer(&mut record, c.as_ref()));
        record
    }

    /// The clock's state as saved: it changes with a turn, a pause or a
    /// flag, not when the clock resumes (so a resume writes nothing, and
    /// another window on the same game is not made to reload by it).
    #[must_use]
    pub fn clock_state(&self) -> Memo<Option<serde_json::Value>> {
        let clock = self.clock;
        Memo::new(move |_| clock.with(|c| c.as_ref().and_then(|c| serde_json::to_value(c).ok())))
    }

    /// Reads the session (tracked): `play.get(ChessgiSession::pick)`.
    pub fn get<T>(&self, f: impl FnOnce(&S) -> T) -> T {
        self.session.with(f)
    }

    /// Reads the session (untracked).
    pub fn get_untracked<T>(&self, f: impl FnOnce(&S) -> T) -> T {
        self.session.with_untracked(f)
    }

    /// Reads the game (tracked).
    pub fn with_game<T>(&self, f: impl FnOnce(&S::Game) -> T) -> T {
        self.session.with(|s| f(s.game_of()))
    }

    /// Reads the game (untracked).
    pub fn with_game_untracked<T>(&self, f: impl FnOnce(&S::Game) -> T) -> T {
        self.session.with_untracked(|s| f(s.game_of()))
    }

    /// Changes the session: a refusal becomes the notice, a step taken
    /// clears it. Ignored while the computer is to act.
    pub fn run(&self, f: impl FnOnce(&mut S) -> Effect) -> Effect {
        if self.computer_to_act_untracked() {
            return Effect::Ignored;
        }
        let mut effect = Effect::Ignored;
        self.session.update(|s| effect = f(s));
        match &effect {
            Effect::Refused(why) => self.notice.set(Some(why.clone())),
            Effect::Picked | Effect::Staged | Effect::Played => self.notice.set(None),
            _ => {}
        }
        effect
    }

    /// Forwards an input to the session.
    pub fn input(&self, input: Input) -> Effect {
        self.run(|s| s.input(input))
    }

    /// A press on a board; true when a piece was picked up (it may be dragged).
    pub fn press(&self, spot: Spot) -> bool {
        self.input(Input::Press(spot)) == Effect::Picked
    }

    /// A dragged piece let go over `to` (`None`: off the boards, which lets it go).
    pub fn drop_at(&self, to: Option<Spot>) {
        self.input(to.map_or(Input::Cancel, Input::Drop));
    }

    /// Saves the session and its clock whenever they (or what `game` reads)
    /// change, and once now: under the id and name `game` gives (`None`:
    /// nothing is saved). Returns what saves at once (the clock calls it when
    /// the page is left).
    pub fn autosave(
        &self,
        game: impl Fn() -> Option<(GameId, String)> + Send + Sync + 'static,
    ) -> Callback<()> {
        let saves = expect_context::<Saves>();
        let play = *self;
        let clock_state = self.clock_state();
        let game = std::sync::Arc::new(game);
        let tracked = game.clone();
        leptos::prelude::Effect::new(move |_| {
            play.session.track();
            clock_state.track();
            if let Some((id, name)) = tracked() {
                let _ = saves.save_other(play.record(&id, &name));
            }
        });
        Callback::new(move |()| {
            if let Some((id, name)) = game() {
                let _ = saves.save_other(play.record(&id, &name));
            }
        })
    }

    /// The flag fall of `side`: the game ends on time.
    pub fn flag(&self, side: Color) {
        self.run(|s| match s.flag(side) {
            Ok(()) => Effect::Played,
            Err(why) => Effect::Refused(why.to_string()),
        });
    }

    /// The board of a one-board game's scene, redrawn only when it changes.
    #[must_use]
    pub fn main_board(&self) -> Memo<SceneBoard> {
        let session = self.session;
        Memo::new(move |_| session.with(|s| s.scene().boards.swap_remove(0)))
    }

    /// Keyboard play over the session's scene seen with `orientation` at the
    /// bottom: Enter or Space presses the focused square, Escape cancels.
    #[must_use]
    pub fn keyboard(&self, orientation: Signal<Color>) -> Keyboard {
        let play = *self;
        let session = self.session;
        let scene = Memo::new(move |_| session.with(GameSession::scene));
        Keyboard::new(
            scene.into(),
            orientation,
            Callback::new(move |spot| {
                play.press(spot);
            }),
            Callback::new(move |()| {
                play.input(Input::Cancel);
            }),
        )
    }

    /// The board's callbacks for [`Board`](crate::ui::board::Board)'s
    /// `on_press` and `on_drop`.
    #[must_use]
    pub fn board_callbacks(&self) -> (OnPress, OnDrop) {
        let play = *self;
        (
            Callback::new(move |spot| play.press(spot)),
            Callback::new(move |(_, to)| play.drop_at(to)),
        )
    }
}

/// Writes the computer opponent into a save record: who it is (its side,
/// level and seed) and its name for the saved-games list.
fn with_computer(record: &mut SaveRecord, computer: Option<&Computer>) {
    record.computer = computer.map(Computer::saved);
    record.opponent = computer.map(Computer::name);
}

/// Saves a new game's first record (with its clock, if timed, and its
/// computer opponent, if any) under a fresh id, which it returns.
pub fn save_new(
    saves: Saves,
    session: &impl GameSession,
    name: &str,
    clock: Option<&Clock>,
    computer: Option<&Computer>,
) -> GameId {
    let id = saves.fresh_id();
    let now = now_ms();
    let mut record = session.save_record(&id, name, now);
    record.clock = clock.map(|c| c.saved_at(now));
    with_computer(&mut record, computer);
    let _ = saves.save_other(record);
    id
}

/// A game's clock beside its board: [`ChessClock`] fed with the session's
/// turns (bonus scale 1: only 5D scales it), its flag ending the game, and
/// `on_save` when the page is left.
#[component]
pub fn SessionClock<S: SessionGame>(
    /// The game's play state.
    play: SessionPlay<S>,
    /// The side drawn at the bottom.
    #[prop(into)]
    bottom: Signal<Color>,
    /// Saves the game at once.
    on_save: Callback<()>,
) -> impl IntoView {
    let turn = Memo::new(move |_| {
        play.session.with(|s| ClockTurn {
            to_move: s.to_move(),
            turns: s.turns_played(),
            over: s.ending().is_some(),
            scale: 1,
        })
    });
    let on_flag = Callback::new(move |side: Color| play.flag(side));
    view! { <ChessClock clock=play.clock turn bottom on_flag on_save /> }
}

/// The side panel's head: the game's name and what is played.
#[component]
pub fn GameHead(
    /// The game's name.
    #[prop(into)]
    name: Signal<String>,
    /// The game and its variant, in words.
    #[prop(into)]
    variant: Signal<String>,
    /// The game's shortcuts, listed with the board's keys by a Help button.
    keys: &'static [crate::ui::help::Shortcut],
) -> impl IntoView {
    view! {
        <div class="panel game-head">
            <div class="game-name" title="Game name">{move || name.get()}</div>
            <div class="game-variant">{move || variant.get()}</div>
            <div class="game-help"><crate::ui::help::HelpButton keys=keys /></div>
        </div>
    }
}

/// The last turn, by either side, in words for screen readers: a polite
/// live region that changes when a turn is played (or taken back).
#[component]
pub fn TurnAnnouncer<S: SessionGame>(
    /// The game's play state.
    play: SessionPlay<S>,
) -> impl IntoView {
    let words = Memo::new(move |_| play.session.with(GameSession::last_turn_words));
    view! { <p class="visually-hidden" aria-live="polite" data-testid="announce">{move || words.get()}</p> }
}

/// The command field of a game screen ([`crate::play::command`]'s
/// questions about the session and its clock).
#[component]
pub fn SessionCommands<S: SessionGame>(
    /// The game's play state.
    play: SessionPlay<S>,
) -> impl IntoView {
    let answer = Callback::new(move |command: String| {
        play.session.with_untracked(|s| {
            play.clock
                .with_untracked(|c| crate::play::command::answer(s, c.as_ref(), now_ms(), &command))
        })
    });
    view! { <crate::ui::command::CommandField answer /> }
}

/// The warning of a save that failed (storage full or unavailable), if any.
#[component]
pub fn StorageWarning() -> impl IntoView {
    let saves = expect_context::<Saves>();
    move || {
        saves
            .message
            .get()
            .map(|m| view! { <p class="notice warn" role="alert">{m}</p> })
    }
}

/// Lets a screen's state (a struct with a `play: SessionPlay<_>` field) be
/// used as its [`SessionPlay`]: `play.session`, `play.notice`, `play.run(…)`.
macro_rules! derefs_to_session_play {
    ($state:ty, $session:ty) => {
        impl std::ops::Deref for $state {
            type Target = $crate::ui::session_play::SessionPlay<$session>;
            fn deref(&self) -> &Self::Target {
                &self.play
            }
        }
    };
}
pub(crate) use derefs_to_session_play;
