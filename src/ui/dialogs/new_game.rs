//! The new-game dialog of the 5D page: two players or the computer, a clock,
//! every catalogue board grouped as the desktop game groups it, with previews,
//! and links to the other games.

use leptos::prelude::*;

use super::Modal;
use crate::chess::Color;
use crate::fived::boards::{self, Group, Variant};
use crate::play::clock::{Clock, TimeControl};
use crate::play::SceneBoard;
use crate::ui::board::Board;
use crate::ui::clock::ClockChoice;
use crate::ui::game::session::Session;
use crate::ui::nav::Nav;
use crate::ui::saves::{now_ms, Saves};
use crate::ui::site::Page;

/// The group names in the desktop game's order.
#[must_use]
pub fn group_name(g: Group) -> &'static str {
    match g {
        Group::Standard => "Standard",
        Group::Simple => "Simple",
        Group::Small => "Small",
        Group::VerySmall => "Very Small",
        Group::Misc => "Misc",
        Group::Focused => "Focused",
        Group::CheckmatePractice => "Checkmate Practice",
    }
}

const GROUPS: [Group; 7] = [
    Group::Standard,
    Group::Simple,
    Group::Small,
    Group::VerySmall,
    Group::Misc,
    Group::Focused,
    Group::CheckmatePractice,
];

/// A default name for a new game: the board and the date.
#[must_use]
pub fn default_name(variant: &str) -> String {
    let date = web_sys::js_sys::Date::new_0();
    let when: String = date
        .to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED)
        .into();
    let short = when
        .rsplit_once(':')
        .map_or(when.as_str(), |(a, _)| a)
        .to_string();
    let mut name = format!("{variant} · {short}");
    name.truncate(80);
    name
}

fn short_name(v: &Variant) -> String {
    let name = v.name;
    match name.split_once(" - ") {
        Some((_, rest)) if v.group != Group::Standard || name.starts_with("Standard - ") => {
            rest.to_string()
        }
        _ => name.to_string(),
    }
}

/// The side the player asks for in a game against the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SideChoice {
    White,
    Random,
    Black,
}

/// Who plays a new game: two players on this device, or the player against
/// the computer (the side chosen, its level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Players {
    HotSeat,
    Computer(SideChoice, crate::fived::ai::Level),
}

/// A new game on `v` for `players` (with a clock on `control`, for two
/// players), saved and opened.
fn start_game(
    v: &'static Variant,
    players: Players,
    control: Option<TimeControl>,
    nav: Nav,
    saves: Saves,
) {
    use crate::play::fived::computer::Opponent;
    let session = match Session::new(v) {
        Ok(session) => session,
        Err(e) => {
            nav.message
                .set(Some(format!("This board cannot start: {e}")));
            return;
        }
    };
    let session = match players {
        Players::HotSeat => session,
        Players::Computer(side, level) => {
            let now = now_ms();
            let player = match side {
                SideChoice::White => Color::White,
                SideChoice::Black => Color::Black,
                SideChoice::Random if web_sys::js_sys::Math::random() < 0.5 => Color::White,
                SideChoice::Random => Color::Black,
            };
            session.against(Opponent {
                color: !player,
                level,
                seed: now,
            })
        }
    };
    let clock = match players {
        Players::HotSeat => control.map(|c| {
            Clock::new(
                c,
                crate::play::clock::present_timelines(session.multiverse()),
            )
        }),
        Players::Computer(..) => None,
    };
    nav.start(saves, default_name(v.name), session, clock);
}

fn variant_card(
    v: &'static Variant,
    players: RwSignal<Players>,
    control: RwSignal<Option<TimeControl>>,
    nav: Nav,
    saves: Saves,
) -> impl IntoView {
    // One preview board per timeline (its latest start board), negative above.
    let previews: Vec<crate::chess::Placement> = match crate::fived::Multiverse::from_variant(v) {
        Ok(m) => {
            let (lo, hi) = m.timeline_range();
            (lo..=hi)
                .filter_map(|l| {
                    let tl = m.timeline(l)?;
                    Some(tl.boards().last()?.to_placement(m.width(), m.height()))
                })
                .collect()
        }
        Err(_) => Vec::new(),
    };
    let timelines = previews.len();
    let preview = previews
        .into_iter()
        .map(|p| view! { <Board board=SceneBoard::from(p) coordinates=false /> })
        .collect_view();
    let facts = format!(
        "{}×{}{}",
        v.width,
        v.height,
        if timelines > 1 {
            format!(" · {timelines} timelines")
        } else {
            String::new()
        }
    );
    let title = if v.note.is_empty() {
        v.name.to_string()
    } else {
        format!("{} — {}", v.name, v.note)
    };
    view! {
        <button type="button" class="variant-card" data-variant=v.name title=title on:click=move |_| {
            start_game(v, players.get_untracked(), control.get_untracked(), nav, saves);
        }>
            <div class=format!("variant-preview timelines-{}", timelines.min(4))>{preview}</div>
            <div class="variant-card-name">{short_name(v)}</div>
            <div class="variant-card-facts">{facts}</div>
        </button>
    }
}

/// The choices of a game against the computer: the player's side and the
/// computer's level (lichess' "play with the computer").
#[component]
fn ComputerSetup(players: RwSignal<Players>) -> impl IntoView {
    use crate::play::fived::computer::{level_blurb, level_name, level_number, levels};
    let side = move || match players.get() {
        Players::Computer(s, _) => s,
        Players::HotSeat => SideChoice::Random,
    };
    let level = move || match players.get() {
        Players::Computer(_, l) => l,
        Players::HotSeat => crate::fived::ai::Level::Depth(1),
    };
    let sides = [
        (SideChoice::White, "white", "White", "w"),
        (SideChoice::Random, "random", "Random side", "r"),
        (SideChoice::Black, "black", "Black", "b"),
    ]
    .into_iter()
    .map(|(choice, slug, label, class)| {
        view! {
            <button type="button" class=move || if side() == choice { format!("side-choice {class} active") } else { format!("side-choice {class}") }
                data-side=slug title=label aria-label=label aria-pressed=move || (side() == choice).to_string()
                on:click=move |_| players.update(|p| if let Players::Computer(s, _) = p { *s = choice; })>
                <span class="side-king" aria-hidden="true"></span>
            </button>
        }
    })
    .collect_view();
    let level_buttons = levels()
        .into_iter()
        .map(|l| {
            let n = level_number(l);
            view! {
                <button type="button" class=move || if level() == l { "level-choice active" } else { "level-choice" }
                    data-level=l.to_string() title=level_name(l) aria-pressed=move || (level() == l).to_string()
                    on:click=move |_| players.update(|p| if let Players::Computer(_, old) = p { *old = l; })>
                    {n}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="computer-setup" data-testid="computer-setup">
            <div class="setup-row">
                <span class="setup-label">"Strength"</span>
                <div class="level-choices" role="group" aria-label="Strength">{level_buttons}</div>
            </div>
            <p class="level-line">
                <strong>{move || format!("Level {} · {}", level_number(level()), level_name(level()))}</strong>
                " — "{move || level_blurb(level())}
            </p>
            <div class="setup-row">
                <span class="setup-label">"You play"</span>
                <div class="side-choices" role="group" aria-label="Your side">{sides}</div>
            </div>
        </div>
    }
}

/// The new-game dialog: two players or against the computer, then every
/// catalogue board, grouped, with a preview.
#[component]
pub fn NewGameDialog() -> impl IntoView {
    let nav = expect_context::<Nav>();
    let saves = expect_context::<Saves>();
    let group = RwSignal::new(Group::Standard);
    // The computer's last settings stay while the dialog is open.
    let players = RwSignal::new(Players::HotSeat);
    let computer_choice = RwSignal::new(Players::Computer(
        SideChoice::White,
        crate::fived::ai::Level::Depth(1),
    ));
    let vs_computer = move || matches!(players.get(), Players::Computer(..));
    // The clock of a game between two players (`None`: untimed).
    let control = RwSignal::new(None);
    let mode = move |computer: bool| {
        if computer == vs_computer() {
            return;
        }
        if computer {
            players.set(computer_choice.get_untracked());
        } else {
            computer_choice.set(players.get_untracked());
            players.set(Players::HotSeat);
        }
    };
    let tabs = GROUPS
        .iter()
        .map(|&g| {
            let count = boards::CATALOGUE.iter().filter(|v| v.group == g).count();
            view! {
                <button type="button" role="tab" class=move || if group.get() == g { "tab active" } else { "tab" }
                    aria-selected=move || (group.get() == g).to_string()
                    on:click=move |_| group.set(g)>
                    {group_name(g)}<span class="tab-count">{count}</span>
                </button>
            }
        })
        .collect_view();
    let cards = move || {
        let g = group.get();
        boards::CATALOGUE
            .iter()
            .filter(|v| v.group == g)
            .map(|v| variant_card(v, players, control, nav, saves))
            .collect_view()
    };
    view! {
        <Modal title="New game" class="new-game-dialog" on_close=Callback::new(move |()| nav.new_game_open.set(false))>
            <div class="mode-switch" role="tablist" aria-label="Opponent">
                <button type="button" role="tab" data-mode="hot-seat" class=move || if vs_computer() { "mode" } else { "mode active" }
                    aria-selected=move || (!vs_computer()).to_string() on:click=move |_| mode(false)>
                    <span class="mode-title">"Two players"</span>
                    <span class="mode-text">"Take turns on this device"</span>
                </button>
                <button type="button" role="tab" data-mode="computer" class=move || if vs_computer() { "mode active" } else { "mode" }
                    aria-selected=move || vs_computer().to_string() on:click=move |_| mode(true)>
                    <span class="mode-title">"Play the computer"</span>
                    <span class="mode-text">"Eight levels, from a random mover to the strongest"</span>
                </button>
            </div>
            <Show when=vs_computer fallback=move || view! { <ClockChoice choice=control five_d=true /> }>
                <ComputerSetup players />
            </Show>
            <p class="dialog-lede">{move || if vs_computer() { "Choose a board to start:" } else { "Two players, one device. Choose a board:" }}</p>
            <div class="tabs" role="tablist">{tabs}</div>
            <div class="variant-grid">{cards}</div>
            <OtherGamesLinks />
        </Modal>
    }
}

/// The other games of the site, each a link to the other-games page with its
/// new-game entry open (they are played there, so this page never loads them).
#[component]
fn OtherGamesLinks() -> impl IntoView {
    let games = crate::ui::site::OTHER_GAMES
        .iter()
        .map(|g| {
            let href = format!("{}#new={}", Page::FiveD.url_to(Page::OtherGames), g.slug);
            view! {
                <a class="other-game" href=href data-action=format!("open-{}", g.slug)>
                    <span class="other-game-name">{g.name}</span>
                    <span class="other-game-text">{g.summary}</span>
                </a>
            }
        })
        .collect_view();
    view! {
        <section class="other-games" aria-label="Other time-travel games">
            <h3 class="other-games-title">"Other time-travel games"</h3>
            <div class="other-games-grid">{games}</div>
        </section>
    }
}
