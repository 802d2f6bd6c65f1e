//! Time Travel Chessgi in the app: the new-game entry with the game's options,
//! the import of a record, and opening/resuming a game (the open game's id is
//! kept in the URL fragment `#chessgi=<id>` so a reload reopens it).
//!
//! The screen itself is [`screen`]; its state [`play`] holds the play layer's
//! [`ChessgiSession`]. Every legality question goes to [`crate::games::chessgi`].

mod panels;
pub mod play;
pub mod screen;

use leptos::prelude::*;

use crate::games::chessgi::{ChessgiGame, ChessgiOptions, PocketCarry, ReturnSchedule};
use crate::play::chessgi::{ChessgiSession, VARIANT};
use crate::play::clock::games::restore;
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::GameSession;
use crate::storage::GameId;
use crate::ui::clock::ClockChoice;
use crate::ui::computer::ComputerChoice;
use crate::ui::dialogs::{default_name, ImportDialog};
use crate::ui::nav::{set_hash, Nav};
use crate::ui::saves::Saves;
use crate::ui::session_play::save_new;

pub use screen::ChessgiScreen;

const HASH_PREFIX: &str = "#chessgi=";

/// The open Chessgi game: its id, name and the game (provided as context).
#[derive(Debug, Clone, Copy)]
pub struct ChessgiNav {
    /// The open game, if any.
    pub active: RwSignal<Option<(GameId, String)>>,
    /// The game itself (meaningful while `active` is set).
    pub session: RwSignal<ChessgiSession, LocalStorage>,
    /// Its clock (`None`: untimed).
    pub clock: RwSignal<Option<Clock>>,
    /// Its computer opponent (`None`: two players).
    pub computer: RwSignal<Option<Computer>>,
    /// The import dialog.
    pub import_open: RwSignal<bool>,
}

impl ChessgiNav {
    /// Creates the context; reopens the game named in the URL, if any. A 5D game
    /// being opened closes the Chessgi one.
    pub fn provide(saves: Saves, nav: Nav) -> ChessgiNav {
        let chessgi = ChessgiNav {
            active: RwSignal::new(None),
            session: RwSignal::new_local(ChessgiSession::new(ChessgiGame::new(
                ChessgiOptions::default(),
            ))),
            clock: RwSignal::new(None),
            computer: RwSignal::new(None),
            import_open: RwSignal::new(false),
        };
        provide_context(chessgi);
        let hash = window().location().hash().unwrap_or_default();
        if let Some(id) = hash
            .strip_prefix(HASH_PREFIX)
            .and_then(|s| GameId::parse(s).ok())
        {
            chessgi.resume(saves, nav, &id);
        }
        Effect::new(move |_| {
            if nav.active.with(Option::is_some) {
                chessgi.active.set(None);
            }
        });
        chessgi
    }

    fn open(
        &self,
        nav: Nav,
        id: GameId,
        name: String,
        session: ChessgiSession,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        nav.home();
        nav.new_game_open.set(false);
        nav.import_open.set(false);
        set_hash(&format!("{HASH_PREFIX}{id}"));
        self.import_open.set(false);
        self.session.set(session);
        self.clock.set(clock);
        self.computer.set(computer);
        self.active.set(Some((id, name)));
    }

    /// Saves a new game (with its clock, if timed, and its computer
    /// opponent, if any) and opens it.
    pub fn start(
        &self,
        saves: Saves,
        nav: Nav,
        name: String,
        game: ChessgiGame,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        let session = ChessgiSession::new(game);
        let id = save_new(saves, &session, &name, clock.as_ref(), computer.as_ref());
        self.open(nav, id, name, session, clock, computer);
    }

    /// Opens a saved game; on failure stays home with the reason.
    pub fn resume(&self, saves: Saves, nav: Nav, id: &GameId) {
        let opened = saves.load_other(id).and_then(|r| {
            let mut session = ChessgiSession::from_record(&r).map_err(|e| e.to_string())?;
            let clock = restore(&mut session, r.clock.as_ref());
            let computer = Computer::of_saved(r.computer.as_ref());
            Ok((r.name, session, clock, computer))
        });
        match opened {
            Ok((name, session, clock, computer)) => {
                self.open(nav, id.clone(), name, session, clock, computer);
            }
            Err(e) => {
                self.close();
                nav.message
                    .set(Some(format!("That game could not be opened: {e}")));
            }
        }
    }

    /// Leaves the game (back to the home screen).
    pub fn close(&self) {
        if self.active.with_untracked(Option::is_some) {
            set_hash("");
        }
        self.active.set(None);
    }
}

fn number_field(
    label: &'static str,
    key: &'static str,
    value: RwSignal<String>,
    hint: &'static str,
) -> impl IntoView {
    view! {
        <label class="cg-option">
            <span class="cg-option-label">{label}</span>
            <input type="number" min="0" max="999" data-option=key placeholder=hint
                prop:value=move || value.get()
                on:input=move |e| value.set(event_target_value(&e)) />
        </label>
    }
}

/// Reads an optional count: empty = `None`.
fn optional_count(text: &str, what: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>()
        .map(Some)
        .map_err(|_| format!("{what} must be a whole number (or empty for no limit)"))
}

/// The game's entry in the new-game dialog: its options and Start, plus import.
#[component]
pub fn ChessgiNewGame() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let chessgi = expect_context::<ChessgiNav>();
    let d = ChessgiOptions::default();
    let show = |v: Option<u32>| v.map(|n| n.to_string()).unwrap_or_default();
    let capacity = RwSignal::new(show(d.pocket_capacity));
    let max_delay = RwSignal::new(show(d.max_delay));
    let king_delay = RwSignal::new(d.king_max_delay.to_string());
    let cooldown = RwSignal::new(d.cooldown.to_string());
    let cap = RwSignal::new(show(d.action_cap));
    let both_carry = RwSignal::new(false);
    let own_turns = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let control = RwSignal::new(None);
    let computer = RwSignal::new(None);
    let start = move |_| {
        let read = || -> Result<ChessgiOptions, String> {
            let required = |t: String, what: &str| {
                t.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("{what} must be a whole number"))
            };
            Ok(ChessgiOptions {
                pocket_capacity: optional_count(&capacity.get_untracked(), "Pocket capacity")?,
                max_delay: optional_count(&max_delay.get_untracked(), "Travel limit")?,
                king_max_delay: required(king_delay.get_untracked(), "King travel limit")?,
                cooldown: required(cooldown.get_untracked(), "Cooldown")?,
                action_cap: optional_count(&cap.get_untracked(), "Action cap")?,
                carry: if both_carry.get_untracked() {
                    PocketCarry::BothPlayers
                } else {
                    PocketCarry::TravellerOnly
                },
                schedule: if own_turns.get_untracked() {
                    ReturnSchedule::OwnTurns
                } else {
                    ReturnSchedule::MoveNumber
                },
            })
        };
        match read() {
            Ok(options) => {
                let clock = control.get_untracked().map(|c| Clock::new(c, 1));
                chessgi.start(
                    saves,
                    nav,
                    default_name(VARIANT),
                    ChessgiGame::new(options),
                    clock,
                    computer.get_untracked(),
                );
            }
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <section class="cg-new" data-game-kind="chessgi" aria-label="Time Travel Chessgi">
            <div class="cg-new-head">
                <div>
                    <h3 class="cg-new-title">"Time Travel Chessgi"</h3>
                    <p class="cg-new-lede">"Drop chess: captured pieces change sides. Travel back to an earlier position with your pocket, or send a piece to a future move."</p>
                </div>
                <div class="cg-new-buttons">
                    <button type="button" class="btn" data-action="chessgi-import" on:click=move |_| {
                        nav.new_game_open.set(false);
                        chessgi.import_open.set(true);
                    }>"Import record"</button>
                    <button type="button" class="btn btn-primary" data-action="start-chessgi" on:click=start>"Start Chessgi"</button>
                </div>
            </div>
            <div class="cg-options">
                {number_field("Pocket capacity", "pocket_capacity", capacity, "no limit")}
                {number_field("Travel limit (moves ahead)", "max_delay", max_delay, "no limit")}
                {number_field("King travel limit", "king_max_delay", king_delay, "5")}
                {number_field("Cooldown (own moves)", "cooldown", cooldown, "2")}
                {number_field("Draw after actions", "action_cap", cap, "no cap")}
                <label class="cg-option check">
                    <input type="checkbox" data-option="carry_both" prop:checked=move || both_carry.get()
                        on:change=move |e| both_carry.set(event_target_checked(&e)) />
                    <span>"Both players keep their pockets on a general travel"</span>
                </label>
                <label class="cg-option check">
                    <input type="checkbox" data-option="own_turns" prop:checked=move || own_turns.get()
                        on:change=move |e| own_turns.set(event_target_checked(&e)) />
                    <span>"Count returns in own turns (not move numbers)"</span>
                </label>
            </div>
            <ClockChoice choice=control />
            <ComputerChoice choice=computer game="chessgi" />
            {move || error.get().map(|e| view! { <p class="notice error" role="alert">{e}</p> })}
        </section>
    }
}

/// Import a game from the rules module's record text (JSON), with the reason when
/// it is refused.
#[component]
pub fn ChessgiImportDialog() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let chessgi = expect_context::<ChessgiNav>();
    let on_import = Callback::new(move |text: String| {
        let game = ChessgiGame::from_json(&text)
            .map_err(|e| format!("This record cannot be imported: {e}"))?;
        chessgi.start(
            saves,
            nav,
            default_name(&format!("Imported {}", VARIANT)),
            game,
            None,
            None,
        );
        Ok(())
    });
    view! {
        <ImportDialog title="Import a Chessgi record" game="chessgi" rows=12
            lede="Paste a Time Travel Chessgi record (the text of Export)."
            placeholder="{\"format\": \"chronochess/time-travel-chessgi\", …}"
            on_import on_close=Callback::new(move |()| chessgi.import_open.set(false)) />
    }
}
