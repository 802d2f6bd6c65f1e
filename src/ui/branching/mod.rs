//! The screen of Multiverse Time Travel Chess (T. Pavese), hot-seat.
//!
//! - [`state`]: the open game and the choices in progress; every rule question
//!   goes to [`crate::games::branching`].
//! - [`grid`]: the multiverse as a grid of branches × times.
//! - this module: opening, resuming and closing games ([`BranchingNav`]), the
//!   screen with its side panel (phase, tally, collapse log, moves), the
//!   new-game entry (branch limit), text export and import (the rules module's
//!   JSON save record).

pub mod grid;
pub mod state;

use leptos::ev;
use leptos::prelude::*;

use crate::chess::{Color, Move2d, Square};
use crate::games::branching::{
    BranchId, Config, Game, GameEndReason, GameEvent, Travel, TravelOrder, DEFAULT_LIMIT,
};
use crate::play::branching::{variant_words, BranchingSession};
use crate::play::clock::games::restore;
use crate::play::clock::Clock;
use crate::play::computer::Computer;
use crate::play::GameSession;
use crate::storage::{GameId, GameKind};
use crate::ui::board::color_class;
use crate::ui::clock::ClockChoice;
use crate::ui::dialogs::{default_name, ConfirmDialog, ExportDialog, RecordImportForm};
use crate::ui::help::{on_control, typing_in_field, BRANCHING_KEYS};
use crate::ui::nav::{set_hash, Nav};
use crate::ui::saves::Saves;
use crate::ui::session_play::{
    save_new, GameHead, SessionClock, SessionCommands, StorageWarning, TurnAnnouncer,
};
use grid::BranchGrid;
use state::BranchingPlay;

/// Which Multiverse Time Travel Chess game is open, if any (provided as context).
#[derive(Debug, Clone, Copy)]
pub struct BranchingNav {
    /// The open game.
    pub active: RwSignal<Option<BranchingPlay>>,
    /// The import dialog.
    pub import_open: RwSignal<bool>,
    root: StoredValue<Option<Owner>, LocalStorage>,
}

impl BranchingNav {
    /// Creates the context under the current (app) owner and provides it.
    pub fn provide() -> BranchingNav {
        let nav = BranchingNav {
            active: RwSignal::new(None),
            import_open: RwSignal::new(false),
            root: StoredValue::new_local(Owner::current()),
        };
        provide_context(nav);
        nav
    }

    /// True while a game of this kind is open.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.active.with(Option::is_some)
    }

    /// Leaves the game (the caller shows the home screen).
    pub fn close(&self) {
        self.active.set(None);
    }

    fn open(
        &self,
        nav: Nav,
        id: GameId,
        name: String,
        session: BranchingSession,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        set_hash(&format!("#game={id}"));
        nav.new_game_open.set(false);
        nav.import_open.set(false);
        nav.message.set(None);
        nav.active.set(None);
        self.import_open.set(false);
        let make = move || BranchingPlay::new(id, name, session, clock, computer);
        let play = match self.root.get_value() {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.active.set(Some(play));
    }

    /// Saves a new game (with its clock, if timed, and its computer
    /// opponent, if any) and opens it.
    pub fn start(
        &self,
        saves: Saves,
        nav: Nav,
        name: String,
        game: Game,
        clock: Option<Clock>,
        computer: Option<Computer>,
    ) {
        let session = BranchingSession::new(game);
        let id = save_new(saves, &session, &name, clock.as_ref(), computer.as_ref());
        self.open(nav, id, name, session, clock, computer);
    }

    /// Opens the saved game `id` if it is of this kind; returns false (doing
    /// nothing) for other kinds. A damaged game stays home with the reason.
    pub fn resume(&self, saves: Saves, nav: Nav, id: &GameId) -> bool {
        let Ok(record) = saves.load_other(id) else {
            return false;
        };
        if record.kind != GameKind::Branching {
            return false;
        }
        match BranchingSession::from_record(&record) {
            Ok(mut session) => {
                let clock = restore(&mut session, record.clock.as_ref());
                let computer = Computer::of_saved(record.computer.as_ref());
                self.open(nav, id.clone(), record.name, session, clock, computer);
            }
            Err(e) => {
                nav.home();
                nav.message
                    .set(Some(format!("That game could not be opened: {e}")));
            }
        }
        true
    }
}

/// A message as a sentence: a capital first letter and a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

fn player_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn travel_words(t: &Travel, order: TravelOrder, created: Option<u32>) -> String {
    let when = match order {
        TravelOrder::MoveFirst => "then",
        TravelOrder::TravelFirst => "first",
    };
    match *t {
        Travel::Time {
            from,
            to_t,
            landing,
        } => format!(
            " {when} {from}→t{to_t} {landing}{}",
            created.map(|c| format!(" (fork B{c})")).unwrap_or_default()
        ),
        Travel::TransUniverse {
            queen,
            from,
            to_branch,
            landing,
        } => format!(" {when} Q{queen}✕, {from}⇒B{} {landing}", to_branch.0),
    }
}

/// The game screen.
#[component]
pub fn BranchingScreen(
    /// The open game.
    play: BranchingPlay,
) -> impl IntoView {
    provide_context(play);
    let nav = expect_context::<Nav>();
    let export_open = RwSignal::new(false);
    let confirm_resign = RwSignal::new(false);
    // Every change of the clock (a turn, a pause, the flag) is saved; the
    // moves are saved as they are played.
    let clock_state = play.play.clock_state();
    Effect::new(move |previous: Option<()>| {
        clock_state.track();
        if previous.is_some() {
            play.autosave();
        }
    });
    let save_now = Callback::new(move |()| play.autosave());
    let bottom = Signal::derive(move || {
        if play.flipped.get() {
            Color::Black
        } else {
            Color::White
        }
    });

    let handle = window_event_listener(ev::keydown, move |e: ev::KeyboardEvent| {
        if typing_in_field(&e) {
            return;
        }
        match e.key().as_str() {
            "Escape" => {
                play.clear();
                play.notice.set(None);
            }
            "Enter" if !on_control(&e) && play.staged_untracked().is_some() => play.play_staged(),
            "f" | "F" if !(e.ctrl_key() || e.meta_key() || e.alt_key()) => {
                play.flipped.update(|f| *f = !*f);
            }
            "t" | "T"
                if !(e.ctrl_key() || e.meta_key() || e.alt_key())
                    && play.staged_untracked().is_none()
                    && play.with_game(|g| g.result().is_none()) =>
            {
                let on = play.get_untracked(BranchingSession::travel_first);
                play.set_travel_first(!on);
            }
            "z" | "Backspace" if play.staged_untracked().is_some() => {
                e.prevent_default();
                play.clear();
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());

    let status = move || {
        play.with_game(|g| {
            if let Some(r) = g.result() {
                let who = match r.winner {
                    Some(c) => format!("{} wins the game", player_name(c)),
                    None => "The game is drawn".to_string(),
                };
                let why = match r.reason {
                    GameEndReason::AllBranchesFinished => "every branch has ended",
                    GameEndReason::LeadUnassailable => "the lead can no longer be caught",
                    GameEndReason::Resignation => "resignation",
                    GameEndReason::Time => "time",
                    GameEndReason::TimeVsInsufficientMaterial => "time vs insufficient material",
                };
                (format!("{who}: {why}."), "over".to_string())
            } else {
                let ph = g.phase();
                let n = ph.pending.len();
                (
                    format!(
                        "{}'s phase: {} branch{} still to play",
                        player_name(ph.player),
                        n,
                        if n == 1 { "" } else { "es" }
                    ),
                    color_class(ph.player).to_string(),
                )
            }
        })
    };
    let tally = move || {
        play.with_game(|g| {
            let s = g.score();
            let active = g.branches().iter().filter(|b| b.is_active()).count();
            view! {
                <div class="br-tally" data-testid="tally" data-white=s.white data-black=s.black data-draws=s.draws data-active=active>
                    <div class="br-tally-cell white"><span class="n">{s.white}</span><span class="l">"White"</span></div>
                    <div class="br-tally-cell black"><span class="n">{s.black}</span><span class="l">"Black"</span></div>
                    <div class="br-tally-cell draw"><span class="n">{s.draws}</span><span class="l">"drawn"</span></div>
                    <div class="br-tally-cell live"><span class="n">{active}</span><span class="l">"playing"</span></div>
                </div>
                <div class="br-limit" data-testid="branch-count">
                    {format!("{} of {} branches created", g.created(), g.config().limit)}
                    {g.is_collapsing().then(|| view! { <span class="br-collapsing">" · collapsing"</span> })}
                </div>
            }
        })
    };
    let pending_chips = move || {
        let focus = play.get(BranchingSession::focus);
        play.with_game(|g| {
            if g.result().is_some() {
                return None;
            }
            let chips = g
                .phase()
                .pending
                .iter()
                .map(|&b| {
                    let cls = if focus == Some(b) {
                        "br-chip focus"
                    } else {
                        "br-chip"
                    };
                    view! {
                        <button type="button" class=cls data-action="pending-branch" data-branch=b.0.to_string()
                            on:click=move |_| play.set_focus(b)>{format!("B{}", b.0)}</button>
                    }
                })
                .collect_view();
            Some(view! { <div class="br-pending" data-testid="pending">{chips}</div> })
        })
    };
    let staged_panel = move || {
        let staged = play.get(BranchingSession::staged);
        let focus = play.get(BranchingSession::focus);
        let traveller = play.get(BranchingSession::traveller);
        let trans = play.get(BranchingSession::trans);
        let (Some(mv), Some(b)) = (staged, focus) else {
            if play.with_game(|g| g.result().is_some()) {
                return view! { <p class="br-hint" data-testid="hint">"The game is over."</p> }
                    .into_any();
            }
            if play.get(BranchingSession::travel_first) {
                return travel_first_panel(play);
            }
            let hint = if play.get(BranchingSession::selected).is_some() {
                "Click a marked square (or drag there) to stage the move."
            } else {
                "Pick a piece on a highlighted latest board, or press Travel first to send a piece away before your move."
            };
            return view! {
                <p class="br-hint" data-testid="hint">{hint}</p>
                {travel_first_button(play, false)}
            }
            .into_any();
        };
        let can_time = play.with_game(|g| !g.is_collapsing());
        let has_queen = play.session.with(BranchingSession::can_cross);
        let hint = match (traveller, trans) {
            (None, false) if can_time => "Play it, or click one of your marked pieces on the staged board to send it back in time.",
            (None, false) => "Play it. Time travel has stopped (branch limit reached); a queen sacrifice still sends a piece across.",
            (None, true) => "Sacrificing the queen: click the piece to send to another branch.",
            (Some(_), false) => "Click a marked square on an earlier board of this branch: the piece lands there and forks a new branch.",
            (Some(_), true) => "Click a marked square on another branch's latest board: the piece lands there, and that is your move there.",
        };
        view! {
            <div class="br-staged" data-testid="staged">
                <div class="br-staged-move">{format!("B{}: {}", b.0, mv.to_uci())}
                    {traveller.map(|t| format!(" + {t} travels"))}</div>
                <p class="br-hint">{hint}</p>
                {promotion_row(play, b, mv)}
                <div class="action-buttons">
                    <button type="button" class="btn" data-action="cancel" title="Drop the staged move (Esc)" on:click=move |_| { play.clear(); }>"Cancel"</button>
                    <button type="button" class="btn btn-primary" data-action="play-turn" title="Play the move without travel (Enter)" on:click=move |_| play.play_staged()>"Play move"</button>
                </div>
                <label class=move || if has_queen { "br-trans" } else { "br-trans disabled" } title="Sacrifice your queen to send a piece to another branch still to play this phase">
                    <input type="checkbox" data-action="trans" disabled=!has_queen prop:checked=trans
                        on:change=move |e| { play.set_trans(event_target_checked(&e)); } />
                    " Trans-universe travel (sacrifice the queen)"
                </label>
            </div>
        }
        .into_any()
    };
    let notice = move || {
        play.notice
            .get()
            .map(|n| view! { <p class="notice" role="status" data-testid="notice">{n}</p> })
    };
    let collapse_log = move || {
        play.with_game(|g| {
            let rows: Vec<_> = g
                .removals()
                .map(|r| {
                    format!(
                        "B{} t{}: {} {} on {} removed",
                        r.branch.0,
                        r.t,
                        player_name(r.piece.color),
                        r.piece.kind.name(),
                        r.square
                    )
                })
                .collect();
            if rows.is_empty() {
                let left = g.config().limit.saturating_sub(g.created());
                view! { <p class="br-empty">{format!("No collapse yet: it starts when the branch limit is reached ({left} more fork{}).", if left == 1 { "" } else { "s" })}</p> }.into_any()
            } else {
                view! { <ol class="br-log collapse" reversed>{rows.into_iter().rev().map(|r| view! { <li>{r}</li> }).collect_view()}</ol> }.into_any()
            }
        })
    };
    let event_log = move || {
        play.with_game(|g| {
            let rows: Vec<(String, &'static str)> = g
                .events()
                .iter()
                .filter_map(|e| match e {
                    GameEvent::Turn {
                        player,
                        branch,
                        uci,
                        travel,
                        created,
                    } => Some((
                        format!(
                            "{} B{}: {uci}{}",
                            player_name(*player),
                            branch.0,
                            travel
                                .map(|p| travel_words(&p.travel, p.order, created.map(|c| c.0)))
                                .unwrap_or_default()
                        ),
                        if travel.is_some() { "travel" } else { "" },
                    )),
                    GameEvent::Removal(_) => None,
                    GameEvent::BranchResigned { branch, by } => Some((
                        format!("{} resigned B{}", player_name(*by), branch.0),
                        "resign",
                    )),
                    GameEvent::Resigned { by } => {
                        Some((format!("{} resigned the game", player_name(*by)), "resign"))
                    }
                })
                .collect();
            view! { <ol class="br-log moves" reversed>{rows.into_iter().rev().map(|(r, c)| view! { <li class=c>{r}</li> }).collect_view()}</ol> }
        })
    };
    let name = play.name;
    let variant = move || play.with_game(variant_words);
    let json = Signal::derive(move || play.session.with(GameSession::export_text));
    let over = move || play.with_game(|g| g.result().is_some());

    view! {
        <section class="game-screen br-screen" data-game="branching">
            <div class="board-area br-area">
                <h2 class="visually-hidden">"Branches"</h2>
                <BranchGrid />
                <div class="view-tools" role="toolbar" aria-label="View">
                    <button type="button" class="tool" data-action="zoom-in" title="Bigger boards" on:click=move |_| play.square.update(|s| *s = (*s + 4).min(48))>"+"</button>
                    <button type="button" class="tool" data-action="zoom-out" title="Smaller boards" on:click=move |_| play.square.update(|s| *s = s.saturating_sub(4).max(12))>"−"</button>
                    <button type="button" class="tool" data-action="flip" title="Flip the boards (F)" aria-pressed=move || play.flipped.get().to_string() on:click=move |_| play.flipped.update(|f| *f = !*f)>"Flip"</button>
                </div>
            </div>
            <aside class="side-panel">
                <h2 class="visually-hidden">"Game"</h2>
                <GameHead name variant=Signal::derive(move || format!("Multiverse Time Travel Chess · {}", variant())) keys=&BRANCHING_KEYS />
                <div class=move || format!("panel status status-{}", status().1) role="status" aria-live="polite">
                    <span class=move || format!("to-move-dot {}", status().1) aria-hidden="true"></span>
                    <span class="status-text" data-testid="status" data-status=move || status().1>{move || status().0}</span>
                </div>
                <SessionClock play=play.play bottom on_save=save_now />
                <TurnAnnouncer play=play.play />
                <crate::ui::computer::ComputerPlayer play=play.play />
                <div class="panel actions">
                    {pending_chips}
                    {staged_panel}
                    {notice}
                    <StorageWarning />
                </div>
                <div class="panel">
                    <div class="panel-title">"Branches won"</div>
                    {tally}
                </div>
                <div class="panel br-collapse" data-testid="collapse-log">
                    <div class="panel-title">"Collapse log"</div>
                    {collapse_log}
                </div>
                <div class="panel moves">
                    <div class="panel-title">"Moves"</div>
                    {event_log}
                </div>
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="resign-branch" disabled=over on:click=move |_| play.resign_branch()
                        title="Give the branch being played to the opponent">"Resign branch"</button>
                    <button type="button" class="btn small" data-action="resign" disabled=over on:click=move |_| confirm_resign.set(true)>"Resign game"</button>
                    <button type="button" class="btn small" data-action="export" on:click=move |_| export_open.set(true)>"Export"</button>
                    <button type="button" class="btn small" data-action="new-game" on:click=move |_| nav.new_game_open.set(true)>"New game"</button>
                </div>
                <SessionCommands play=play.play />
            </aside>
            <Show when=move || confirm_resign.get()>
                <ConfirmDialog title="Resign the game?" confirm="Resign" action="confirm-resign"
                    text=Signal::derive(move || format!("{} gives up the whole game.", player_name(play.get(BranchingSession::player))))
                    on_confirm=Callback::new(move |()| play.resign())
                    on_close=Callback::new(move |()| confirm_resign.set(false)) />
            </Show>
            <Show when=move || export_open.get()>
                <ExportDialog title="Export game" testid="branching-export"
                    lede="The whole game as text (the rules module's save record). Import it from New game."
                    text=json
                    on_close=Callback::new(move |()| export_open.set(false)) />
            </Show>
        </section>
    }
}

/// The entry of the new-game dialog: the branch limit, start, import from text.
#[component]
pub fn NewGameEntry() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let branching = expect_context::<BranchingNav>();
    let limit = RwSignal::new(DEFAULT_LIMIT.to_string());
    let error = RwSignal::new(None::<String>);
    let control = RwSignal::new(None);
    let computer = RwSignal::new(None);
    let start = move |_| {
        let Ok(n) = limit.get_untracked().trim().parse::<u32>() else {
            error.set(Some(
                "The branch limit is a whole number (odd, 21 suggested).".into(),
            ));
            return;
        };
        let seed = (web_sys::js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        match Game::new(Config::new(n, seed)) {
            Ok(game) => branching.start(
                saves,
                nav,
                default_name(&format!("Multiverse · limit {n}")),
                game,
                control.get_untracked().map(|c| Clock::new(c, 1)),
                computer.get_untracked(),
            ),
            Err(e) => error.set(Some(sentence(&e.to_string()))),
        }
    };
    view! {
        <section class="br-new" data-testid="branching-entry">
            <div class="br-new-text">
                <h3>"Multiverse Time Travel Chess"</h3>
                <p>"Pavese's game: move on every branch each phase; send a piece back in time to fork a universe, or sacrifice your queen to send one across. A piece may travel before your move too (Travel first): the move is then made on the board without it. At the branch limit the multiverse collapses; most branches won wins."</p>
            </div>
            <div class="br-new-form">
                <label>"Branch limit (odd) "
                    <input type="number" min="1" step="2" data-testid="branch-limit" prop:value=move || limit.get()
                        on:input=move |e| { limit.set(event_target_value(&e)); error.set(None); } />
                </label>
                <button type="button" class="btn btn-primary" data-action="start-branching" on:click=start>"Start"</button>
                <button type="button" class="btn" data-action="import-branching" on:click=move |_| branching.import_open.set(true)>"Import text"</button>
            </div>
            <ClockChoice choice=control />
            <crate::ui::computer::ComputerChoice choice=computer game="branching" />
            {move || error.get().map(|e| view! { <p class="notice error" role="alert" data-testid="branch-limit-error">{e}</p> })}
            <Show when=move || branching.import_open.get()>
                <BranchingImport />
            </Show>
        </section>
    }
}

/// Import a game from its text (the rules module's JSON record).
#[component]
fn BranchingImport() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let branching = expect_context::<BranchingNav>();
    let on_import = Callback::new(move |text: String| {
        let game = Game::from_json(&text)
            .map_err(|e| format!("This text is not a Multiverse Time Travel Chess game: {e}."))?;
        branching.start(
            saves,
            nav,
            default_name("Imported multiverse"),
            game,
            None,
            None,
        );
        Ok(())
    });
    view! {
        <div class="br-import">
            <RecordImportForm game="branching" rows=8 placeholder="Paste an exported game here"
                on_import on_cancel=Callback::new(move |()| branching.import_open.set(false)) />
        </div>
    }
}

/// The "Travel first" toggle (also the T key): the traveller and its landing
/// are chosen before the move.
fn travel_first_button(play: BranchingPlay, on: bool) -> impl IntoView {
    view! {
        <div class="action-buttons">
            <button type="button" class=if on { "btn small chosen" } else { "btn small" } data-action="travel-first"
                aria-pressed=on.to_string()
                title="Send a piece away first, then make your move on the board without it (T)"
                on:click=move |_| play.set_travel_first(!on)>"Travel first"</button>
        </div>
    }
}

/// The travel-first choices: what to click next, the crossing switch, and
/// the way back to the move-first order.
fn travel_first_panel(play: BranchingPlay) -> AnyView {
    let traveller = play.get(BranchingSession::traveller);
    let journey = play.get(BranchingSession::journey);
    let trans = play.get(BranchingSession::trans);
    let has_queen = play.get(BranchingSession::can_cross_first);
    let hint = match (traveller, journey, trans) {
        (None, _, false) => "Travel first: click one of your marked pieces on the latest board to send it back in time before your move.",
        (None, _, true) => "Travel first, sacrificing the queen: click the marked piece to send to another branch before your move.",
        (Some(_), None, false) => "Click a marked square on an earlier board of this branch: the piece will land there and fork a new branch.",
        (Some(_), None, true) => "Click a marked square on another branch's latest board: the piece will land there, and that is your move there.",
        (Some(_), Some(_), _) => "Now make your move on the staged board, which no longer has the traveller: that plays the whole turn.",
    };
    let said = match (traveller, journey) {
        (Some(t), Some(j)) => format!("{t} travels first, lands on {}", landing_of(&j)),
        (Some(t), None) => format!("{t} travels first"),
        _ => String::new(),
    };
    view! {
        <div class="br-staged" data-testid="travel-first">
            {(!said.is_empty()).then(|| view! { <div class="br-staged-move">{said}</div> })}
            <p class="br-hint" data-testid="hint">{hint}</p>
            {travel_first_button(play, true)}
            <label class=if has_queen { "br-trans" } else { "br-trans disabled" } title="Sacrifice your queen to send a piece to another branch still to play this phase">
                <input type="checkbox" data-action="trans" disabled=!has_queen prop:checked=trans
                    on:change=move |e| { play.set_trans(event_target_checked(&e)); } />
                " Trans-universe travel (sacrifice the queen)"
            </label>
        </div>
    }
    .into_any()
}

/// The landing square of a journey.
fn landing_of(t: &Travel) -> Square {
    match *t {
        Travel::Time { landing, .. } | Travel::TransUniverse { landing, .. } => landing,
    }
}

/// "Promote to": one button per piece the staged pawn may become (queen
/// first, chosen by default); nothing for other moves.
fn promotion_row(play: BranchingPlay, b: BranchId, mv: Move2d) -> Option<impl IntoView> {
    mv.promotion()?;
    let choices = play.promotion_choices(b, mv);
    if choices.len() < 2 {
        return None;
    }
    let buttons = choices
        .into_iter()
        .filter_map(|m| {
            let kind = m.promotion()?;
            let chosen = m == mv;
            Some(view! {
                <button type="button" class=if chosen { "btn small chosen" } else { "btn small" }
                    data-promotion=kind.letter().to_string() aria-pressed=chosen.to_string()
                    on:click=move |_| play.choose_promotion(m)>{kind.name()}</button>
            })
        })
        .collect_view();
    Some(view! {
        <div class="br-promotion" role="group" aria-label="Promote to">
            <span class="br-promotion-label">"Promote to"</span>
            {buttons}
        </div>
    })
}
