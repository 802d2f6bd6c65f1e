//! The side panels of the 5D game screen: the mate-check indicator, the
//! players and the move list. Each reads the [`Play`] context. (Its
//! promotion chooser and game-over dialog are the shared ones of
//! [`crate::ui::dialogs`].)

use leptos::prelude::*;

use super::play::Play;
use crate::chess::Color;
use crate::notation::writer;

/// The non-blocking "checking for checkmate" indicator, while the web worker
/// searches: moves searched so far and *Stop*; after ten seconds without an
/// answer, "not decided yet" with *Keep searching* and *Stop*. The game stays
/// playable meanwhile.
#[component]
pub(super) fn MateCheckIndicator() -> impl IntoView {
    let play = expect_context::<Play>();
    move || {
        play.checking.get().map(|check| {
            let asking = check.asking();
            let class = if asking {
                "panel mate-check asking"
            } else {
                "panel mate-check"
            };
            view! {
                <div class=class role="status" data-testid="mate-check" data-stage=if asking { "asking" } else { "searching" }>
                    {(!asking).then(|| view! { <span class="mate-check-spinner" aria-hidden="true"></span> })}
                    <span class="mate-check-text">{check.words()}</span>
                    {asking.then(|| view! {
                        <button type="button" class="btn small btn-primary" data-action="keep-checking"
                            title="Let the search go on; the game stays playable"
                            on:click=move |_| play.keep_checking()>"Keep searching"</button>
                    })}
                    <button type="button" class="btn small" data-action="cancel-check"
                        title="Stop the search: the outcome stays unknown and the game goes on"
                        on:click=move |_| play.cancel_check()>"Stop"</button>
                </div>
            }
        })
    }
}

/// The two players of a game against the computer, lichess-style: the
/// computer above, the player below, the side to move lit; with the
/// computer's progress and *Move now* while it thinks.
#[component]
pub(super) fn Players() -> impl IntoView {
    let play = expect_context::<Play>();
    move || {
        let (opponent, to_move, over) = play
            .session
            .with(|s| (s.opponent, s.game().to_move(), s.is_over()));
        let opponent = opponent?;
        let row = |color: crate::chess::Color, name: String, who: &'static str| {
            let on = !over && color == to_move;
            view! {
                <div class=if on { "player to-move" } else { "player" } data-player=who>
                    <span class=format!("player-dot {}", crate::ui::board::color_class(color)) aria-hidden="true"></span>
                    <span class="player-name">{name}</span>
                </div>
            }
        };
        let thinking = move || {
            play.thinking.get().map(|t| {
                view! {
                    <div class="thinking" role="status" data-testid="thinking" data-depth=t.depth.to_string() data-nodes=t.nodes.to_string()>
                        <span class="mate-check-spinner" aria-hidden="true"></span>
                        <span class="thinking-text">{t.words()}</span>
                        <button type="button" class="btn small" data-action="move-now"
                            title="Play the best action found so far" disabled=t.hurried
                            on:click=move |_| play.move_now()>"Move now"</button>
                    </div>
                }
            })
        };
        let level = crate::play::fived::computer::level_name(opponent.level);
        let number = crate::play::fived::computer::level_number(opponent.level);
        Some(view! {
            <div class="panel players" data-testid="players">
                {row(opponent.color, "Chronochess".to_string(), "computer")}
                <div class="player-level">{format!("Level {number} · {level}")}</div>
                {thinking}
                {row(!opponent.color, "You".to_string(), "you")}
            </div>
        })
    }
}

/// The move list: one row per turn, White's and Black's action in 5dpgn.
#[component]
pub(super) fn MoveList() -> impl IntoView {
    let play = expect_context::<Play>();
    let rows = move || {
        let reviewing = play.review.with(|r| r.as_ref().map(|(k, _)| *k));
        play.session.with(|s| {
            let actions = s.action_texts();
            // (turn, White's action, Black's action), each with its 1-based index.
            type Cell = Option<(usize, String)>;
            let mut rows: Vec<(u32, Cell, Cell)> = Vec::new();
            for (i, a) in actions.iter().enumerate() {
                let text = a
                    .moves
                    .iter()
                    .map(writer::write_move)
                    .collect::<Vec<_>>()
                    .join(" ");
                let cell = Some((i + 1, text));
                let turn = a.turn_label.unwrap_or(0);
                match a.color {
                    Color::White => rows.push((turn, cell, None)),
                    Color::Black => match rows.last_mut() {
                        Some(last) if last.0 == turn && last.2.is_none() => last.2 = cell,
                        _ => rows.push((turn, None, cell)),
                    },
                }
            }
            let cell_view = move |cell: Cell, side: &'static str| match cell {
                Some((k, text)) => {
                    let current = reviewing == Some(k);
                    let cls = if current {
                        format!("ml-action {side} current")
                    } else {
                        format!("ml-action {side}")
                    };
                    view! {
                        <button type="button" class=cls title="Review the position after this action"
                            on:click=move |_| play.review_at(k)>{text}</button>
                    }
                    .into_any()
                }
                None => {
                    let filler = if side == "white" { "…" } else { "" };
                    view! { <span class=format!("ml-action {side}")>{filler}</span> }.into_any()
                }
            };
            rows.into_iter()
                .map(|(t, w, b)| {
                    view! {
                        <li class="ml-row">
                            <span class="ml-turn">{format!("{t}.")}</span>
                            {cell_view(w, "white")}
                            {cell_view(b, "black")}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let staged = move || {
        play.session.with(|s| {
            let texts = s.staged_texts();
            (!texts.is_empty()).then(|| {
                view! {
                    <li class="ml-row ml-staged" title="staged, not yet submitted">
                        <span class="ml-turn">"…"</span>
                        <span class="ml-action staged">{texts.join(" ")}</span>
                    </li>
                }
            })
        })
    };
    let empty = move || {
        play.session
            .with(|s| s.action_count() == 0 && s.staged().is_empty())
    };
    view! {
        <div class="move-list-wrap">
            <ol class="move-list" aria-label="Moves in 5dpgn">
                {rows}
                {staged}
            </ol>
            <Show when=empty>
                <p class="ml-empty">"No moves yet. White starts: click a piece on the outlined board."</p>
            </Show>
        </div>
    }
}
