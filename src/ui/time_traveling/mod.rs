//! Time Traveling Chess in the app: a new-game entry (standard start, a start
//! FEN, or an imported record), the game screen (board at any ply, the
//! history as a timeline, upgrades, fill-ins, previews of what a change
//! invalidates, the terminus and acceptances), autosave into the
//! [`GameStore`](crate::storage::GameStore) as [`GameKind::TimeTraveling`]
//! with the rules module's save record as payload, and export/import of that
//! record as text.
//!
//! The open game lives in [`TtNav`] (context), beside the 5D game of
//! [`Nav`]; its id is kept in the URL fragment as `#tt=<id>` so a reload
//! reopens it.

mod board;
pub mod play;
pub mod screen;
pub mod start;
mod timeline;

use leptos::prelude::*;

use self::play::TtPlay;
use crate::games::time_traveling::TimeTravelingChess;
use crate::play::clock::games::restore;
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::time_traveling::TimeTravelingSession;
use crate::play::GameSession;
use crate::storage::GameId;
use crate::ui::nav::{set_hash, Nav};
use crate::ui::saves::Saves;
use crate::ui::session_play::save_new;

pub use self::screen::TimeTravelingScreen;
pub use self::start::NewGameEntry;

const HASH_PREFIX: &str = "#tt=";

/// The open Time Traveling Chess game.
#[derive(Debug, Clone)]
pub struct TtActive {
    /// The saved game's id.
    pub id: GameId,
    /// Its display name.
    pub name: RwSignal<String>,
    /// The variant line of the saved-games list ("Time Traveling Chess", "… · custom position").
    pub variant: String,
    /// The play state.
    pub play: TtPlay,
}

/// Which Time Traveling Chess game is open (provided as context).
#[derive(Debug, Clone, Copy)]
pub struct TtNav {
    /// The open game, if any.
    pub open: RwSignal<Option<TtActive>>,
    /// The app's owner: a game's signals must outlive the dialog that opened it.
    root: StoredValue<Option<Owner>, LocalStorage>,
    /// The 5D game's navigation, closed when this game opens.
    nav: Option<Nav>,
}

fn id_in_url() -> Option<GameId> {
    let hash = window().location().hash().ok()?;
    GameId::parse(hash.strip_prefix(HASH_PREFIX)?).ok()
}

impl TtNav {
    /// Creates the context and reopens the game named in the URL, if any.
    pub fn provide(saves: Saves) -> TtNav {
        let tt = TtNav {
            open: RwSignal::new(None),
            root: StoredValue::new_local(Owner::current()),
            nav: use_context::<Nav>(),
        };
        provide_context(tt);
        if let Some(id) = id_in_url() {
            tt.resume(saves, &id);
        }
        tt
    }

    /// True while a game is open.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open.with(Option::is_some)
    }

    /// Closes the game (back to wherever the app goes).
    pub fn close(&self) {
        if self.open.with_untracked(Option::is_some) {
            self.open.set(None);
        }
    }

    fn show(
        &self,
        id: GameId,
        name: String,
        session: TimeTravelingSession,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        if let Some(nav) = self.nav {
            nav.home();
            nav.new_game_open.set(false);
            nav.import_open.set(false);
        }
        set_hash(&format!("{HASH_PREFIX}{id}"));
        let make = move || TtActive {
            id,
            name: RwSignal::new(name),
            variant: session.variant(),
            play: TtPlay::new(session, clock, computer),
        };
        let active = match self.root.get_value() {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.open.set(Some(active));
    }

    /// Saves a new game (with its clock, if timed, and its computer
    /// opponent, if any) and opens it.
    pub fn start(
        &self,
        saves: Saves,
        name: String,
        variant: String,
        game: TimeTravelingChess,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        let session = TimeTravelingSession::new(game, variant);
        let id = save_new(saves, &session, &name, clock.as_ref(), computer.as_ref());
        self.show(id, name, session, clock, computer);
    }

    /// Opens a saved game; on failure goes home with the reason.
    pub fn resume(&self, saves: Saves, id: &GameId) {
        let opened = saves.load_other(id).and_then(|r| {
            let mut session = TimeTravelingSession::from_record(&r).map_err(|e| e.to_string())?;
            let clock = restore(&mut session, r.clock.as_ref());
            let computer = Computer::of_saved(r.computer.as_ref());
            Ok((r.name, session, clock, computer))
        });
        match opened {
            Ok((name, session, clock, computer)) => {
                self.show(id.clone(), name, session, clock, computer);
            }
            Err(e) => {
                self.close();
                if let Some(nav) = self.nav {
                    nav.home();
                    nav.message
                        .set(Some(format!("That game could not be opened: {e}")));
                }
            }
        }
    }
}

/// A default name for a new game: the game and the date.
#[must_use]
pub fn default_name(what: &str) -> String {
    crate::ui::dialogs::default_name(what)
}
