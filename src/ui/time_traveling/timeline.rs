//! The history of a Time Traveling Chess game as a timeline: two columns
//! (White, Black), one cell per ply, and its legend.

use leptos::prelude::*;

use super::play::TtPlay;
use crate::chess::Color;
use crate::games::time_traveling::{Slot, TerminusKind};
use crate::play::time_traveling::TimeTravelingSession;
use crate::ui::board::color_class;

/// One cell of the timeline.
struct Cell {
    ply: usize,
    kind: &'static str,
    text: String,
    title: String,
    class: String,
    badge: bool,
}

/// The history as a timeline: two columns (White, Black), one cell per ply;
/// blanks dashed, passes locked, pendings in italics, an ↑ on moves with a
/// legal upgrade, the terminus as a bar with the dormant plies greyed below.
#[component]
pub(super) fn Timeline() -> impl IntoView {
    let play = expect_context::<TtPlay>();
    let rows = move || {
        let view = play.get(TimeTravelingSession::view);
        let flash = play.flash();
        let doomed = play
            .session
            .with(|s| s.preview().map(|p| p.blanked.clone()).unwrap_or_default());
        play.with_game(|g| {
            let over = g.result().is_some();
            let upg: [Vec<usize>; 2] = if over {
                [Vec::new(), Vec::new()]
            } else {
                [g.upgradable(Color::White), g.upgradable(Color::Black)]
            };
            let len = g.slots().len();
            let terminus = g.terminus();
            let live = g.live_limit();
            let offset = usize::from(g.owner(1) == Color::Black);
            let present = (terminus.is_none() && !over).then_some(len + 1);
            let last = present.unwrap_or(len).max(terminus.map_or(0, |t| t.ply));
            let mut rows: Vec<[Option<Cell>; 2]> = Vec::new();
            for ply in 1..=last {
                let k = ply - 1 + offset;
                while rows.len() <= k / 2 {
                    rows.push([None, None]);
                }
                let owner = g.owner(ply);
                let dormant = ply >= live;
                let mut class = String::from("tt-cell");
                let (kind, text, title) = if Some(ply) == present {
                    (
                        "now",
                        "to play".to_string(),
                        format!("The present: {owner} plays ply {ply}"),
                    )
                } else if terminus.is_some_and(|t| t.ply == ply) && ply > len {
                    let t = terminus.unwrap_or_else(|| unreachable!());
                    (
                        "terminus",
                        terminus_mark(t.kind).to_string(),
                        format!("{owner} cannot move: {}", t.kind.describe()),
                    )
                } else {
                    match g.slot(ply) {
                        Some(Slot::Move(m)) => (
                            "move",
                            if dormant {
                                m.to_string()
                            } else {
                                g.san(ply).unwrap_or_else(|| m.to_string())
                            },
                            format!("Ply {ply}: {owner} {m}"),
                        ),
                        Some(Slot::Blank) => (
                            "blank",
                            "blank".to_string(),
                            format!("Ply {ply}: a blank; {owner} may fill it with any legal move"),
                        ),
                        Some(Slot::Pass) => (
                            "pass",
                            "pass".to_string(),
                            format!("Ply {ply}: a forfeited turn, never fillable"),
                        ),
                        Some(Slot::Pending) => (
                            "pending",
                            "pending".to_string(),
                            format!("Ply {ply}: {owner} changed the past; a new move by the opponent makes this a pass"),
                        ),
                        None => ("empty", String::new(), String::new()),
                    }
                };
                class.push(' ');
                class.push_str(kind);
                class.push(' ');
                class.push_str(color_class(owner));
                if dormant && kind != "terminus" {
                    class.push_str(" dormant");
                }
                if terminus.is_some_and(|t| t.ply == ply) {
                    class.push_str(" at-terminus");
                }
                let viewing = match view {
                    Some(v) => v == ply,
                    None => Some(ply) == present,
                };
                if viewing {
                    class.push_str(" viewing");
                }
                if owner == g.to_act() && !over {
                    class.push_str(" mine");
                }
                if flash.contains(&ply) {
                    class.push_str(" flash");
                }
                if doomed.contains(&ply) {
                    class.push_str(" doomed");
                }
                let badge = upg[owner.index()].contains(&ply);
                rows[k / 2][k % 2] = Some(Cell {
                    ply,
                    kind,
                    text,
                    title,
                    class,
                    badge,
                });
            }
            let terminus_row = terminus.map(|t| (t.ply - 1 + offset) / 2);
            let mut out = Vec::new();
            for (r, [w, b]) in rows.into_iter().enumerate() {
                let number = r + 1;
                let row_dormant = terminus_row.is_some_and(|tr| r > tr);
                out.push(
                    view! {
                        <li class=if row_dormant { "tt-row dormant" } else { "tt-row" }>
                            <span class="tt-num">{format!("{number}.")}</span>
                            {cell_view(play, w)}
                            {cell_view(play, b)}
                        </li>
                    }
                    .into_any(),
                );
                if terminus_row == Some(r) {
                    let t = terminus.unwrap_or_else(|| unreachable!());
                    let text = match t.kind {
                        TerminusKind::Checkmate => {
                            format!("Checkmate at ply {}: {} is mated", t.ply, g.owner(t.ply))
                        }
                        kind => format!("{} at ply {}", capitalised(kind.describe()), t.ply),
                    };
                    out.push(
                        view! {
                            <li class="tt-terminus-bar" data-testid="tt-terminus" data-ply=t.ply.to_string()>
                                <span>{text}</span>
                            </li>
                        }
                        .into_any(),
                    );
                }
            }
            out
        })
    };
    view! {
        <ol class="tt-timeline" aria-label="Plies">
            {rows}
        </ol>
    }
}

fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn terminus_mark(kind: TerminusKind) -> &'static str {
    match kind {
        TerminusKind::Checkmate => "# mate",
        _ => "½ draw",
    }
}

fn cell_view(play: TtPlay, cell: Option<Cell>) -> AnyView {
    match cell {
        None => view! { <span class="tt-cell empty"></span> }.into_any(),
        Some(c) => {
            let ply = c.ply;
            let target = (c.kind != "now").then_some(ply);
            let lock = (c.kind == "pass")
                .then(|| view! { <span class="tt-lock" aria-hidden="true">"🔒"</span> });
            let badge = c.badge.then(|| {
                view! { <span class="tt-upg" title="This move has a legal upgrade">"↑"</span> }
            });
            view! {
                <button type="button" class=c.class data-ply=ply.to_string() data-slot=c.kind title=c.title
                    on:click=move |_| play.look_at(target)>
                    <span class="tt-ply">{ply}</span>
                    {lock}
                    <span class="tt-text">{c.text}</span>
                    {badge}
                </button>
            }
            .into_any()
        }
    }
}

/// A small padlock (passes can never be changed).
fn lock_icon() -> impl IntoView {
    view! {
        <svg class="tt-lock" viewBox="0 0 10 12" width="9" height="11" aria-hidden="true">
            <rect x="1" y="5" width="8" height="7" rx="1.2" fill="currentColor"></rect>
            <path d="M3 5.5V3.6a2 2 0 0 1 4 0v1.9" stroke="currentColor" stroke-width="1.4" fill="none"></path>
        </svg>
    }
}

/// What the timeline's marks mean.
#[component]
pub(super) fn Legend() -> impl IntoView {
    view! {
        <ul class="tt-legend" aria-label="Legend">
            <li><span class="tt-key upg">"↑"</span>"has an upgrade"</li>
            <li><span class="tt-key blank"></span>"blank: its owner may fill it"</li>
            <li><span class="tt-key pass">{lock_icon()}</span>"pass: a lost turn"</li>
            <li><span class="tt-key pending">"p"</span>"pending: the past was changed"</li>
        </ul>
    }
}
