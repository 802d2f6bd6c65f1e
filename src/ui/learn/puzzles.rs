//! The puzzle screen: one proved puzzle at a time on the multiverse view.
//! The player stages an action and submits it; `play::learn::puzzles`
//! judges it (and names the refutation or the defence, played here on the
//! board); the progress counts solved, failed and the streak.

use std::time::Duration;

use leptos::prelude::*;

use super::{play_action, say_view, submit_why, view_tools, Progress, Say};
use crate::play::fived::words::submit_reason;
use crate::play::learn::progress::{next_unsolved, record_puzzle, tally};
use crate::play::learn::puzzles::{load, Attempt, Phase, Verdict, CATALOGUE};
use crate::play::puzzle::Kind;
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::game::session::Session;
use crate::ui::multiverse::{Guide, MultiverseView};
use crate::ui::saves::Saves;

/// The pause before the opponent's reply is played, so the player sees
/// their own action land first.
const REPLY_DELAY: Duration = Duration::from_millis(700);

/// The puzzle's position as a game session (its moves as the game so far),
/// or an empty session with the reason.
fn session_of(index: usize) -> Result<Session, String> {
    let (_, text) = CATALOGUE
        .get(index)
        .ok_or_else(|| "no such puzzle".to_string())?;
    Session::import(text)
}

/// The names of the puzzles, in catalogue order.
fn names() -> Vec<&'static str> {
    CATALOGUE.iter().map(|(n, _)| *n).collect()
}

/// The name of puzzle `i`.
fn name(i: usize) -> &'static str {
    CATALOGUE.get(i).map_or("", |(n, _)| *n)
}

/// The puzzle screen.
#[component]
pub fn PuzzleScreen() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let progress = Progress::open(saves);
    let count = CATALOGUE.len();
    // `#puzzles=<name>` opens that puzzle; otherwise the first unsolved one.
    let named = window()
        .location()
        .hash()
        .ok()
        .and_then(|h| h.strip_prefix("#puzzles=").map(str::to_string))
        .and_then(|n| CATALOGUE.iter().position(|(x, _)| *x == n));
    let first = named
        .or_else(|| {
            progress
                .learning
                .with_untracked(|l| next_unsolved(l, &names(), count.saturating_sub(1)))
        })
        .unwrap_or(0);
    let index = RwSignal::new(first);
    let attempt: RwSignal<Option<Attempt>> = RwSignal::new(None);
    let say: RwSignal<Option<Say>> = RwSignal::new(None);
    // Bumped on every new start, so a reply scheduled for an old one is dropped.
    let generation = RwSignal::new(0u64);
    let guide = Guide::new();
    // A puzzle that cannot be opened (never for the proved files) leaves the
    // Standard board on screen, with the reason.
    let Ok(fallback) =
        session_of(first).or_else(|_| Session::new(crate::fived::boards::standard()))
    else {
        return view! { <p class="notice error">"The puzzles cannot be opened."</p> }.into_any();
    };
    let play = Play::new(fallback);
    provide_context(play);
    provide_context(guide);
    on_cleanup(move || play.stop_check());

    let start = move |i: usize| {
        generation.update(|g| *g += 1);
        play.stop_check();
        play.deselect();
        play.review.set(None);
        play.notice.set(None);
        guide.boards.set(Vec::new());
        guide.squares.set(Vec::new());
        say.set(None);
        match (load(i), session_of(i)) {
            (Ok(p), Ok(s)) => {
                play.session.set(s);
                attempt.set(Some(Attempt::new(p)));
            }
            (Err(e), _) | (_, Err(e)) => {
                attempt.set(None);
                say.set(Say::new(
                    format!("This puzzle cannot be opened: {e}"),
                    "fail",
                ));
            }
        }
        index.set(i);
        crate::ui::nav::set_hash(&format!("#puzzles={}", name(i)));
        play.request_camera(CameraRequest::Auto);
    };
    start(first);

    let record = move |solved: bool| {
        let first_time = attempt
            .try_update(|a| a.as_mut().is_some_and(Attempt::count_once))
            .unwrap_or(false);
        if first_time {
            let n = name(index.get_untracked());
            progress.change(|l| record_puzzle(l, n, solved));
        }
    };
    // Plays the opponent's action after a pause, unless the puzzle changed.
    let reply_later = move |moves: Vec<crate::fived::Move>| {
        let g = generation.get_untracked();
        set_timeout(
            move || {
                if generation.try_get_untracked() == Some(g) {
                    play_action(play, &moves);
                }
            },
            REPLY_DELAY,
        );
    };

    let submit = move || {
        let staged = play.session.with_untracked(Session::staged);
        if let Err(e) = play.session.with_untracked(Session::can_submit) {
            say.set(Say::new(submit_reason(&e, false), "info"));
            return;
        }
        let Some(verdict) = attempt
            .try_update(|a| a.as_mut().map(|a| a.answer(&staged)))
            .flatten()
        else {
            return;
        };
        guide.boards.set(Vec::new());
        match verdict {
            Err(e) => say.set(Say::new(e, "info")),
            Ok(Verdict::Solved) => {
                play.submit();
                record(true);
                say.set(Say::new("Checkmate — solved!", "success"));
            }
            Ok(Verdict::Defended { defence, words }) => {
                play.submit();
                say.set(Say::new(words, "info"));
                reply_later(defence);
            }
            Ok(Verdict::Wrong(r)) => {
                play.submit();
                record(false);
                say.set(Say::new(r.words, "fail"));
                if let Some(reply) = r.reply {
                    reply_later(reply);
                }
            }
        }
    };

    let hint = move || {
        let board = attempt.with_untracked(|a| a.as_ref().and_then(Attempt::hint));
        guide.boards.set(board.into_iter().collect());
        say.set(Say::new(
            "Hint: the first move of the solution starts on the outlined board.",
            "info",
        ));
        play.request_camera(CameraRequest::Auto);
    };
    let show_solution = move || {
        let Some((line, text)) =
            attempt.with_untracked(|a| a.as_ref().map(|a| (a.solution_line(), a.solution_text())))
        else {
            return;
        };
        attempt.update(|a| {
            if let Some(a) = a.as_mut() {
                a.give_up();
            }
        });
        record(false);
        let i = index.get_untracked();
        if let Ok(s) = session_of(i) {
            play.deselect();
            play.session.set(s);
        }
        generation.update(|g| *g += 1);
        guide.boards.set(Vec::new());
        say.set(Say::new(format!("The solution: {text}."), "info"));
        let mut actions = line.into_iter();
        if let Some(first) = actions.next() {
            play_action(play, &first);
        }
        let rest: Vec<_> = actions.collect();
        let g = generation.get_untracked();
        for (k, action) in rest.into_iter().enumerate() {
            set_timeout(
                move || {
                    if generation.try_get_untracked() == Some(g) {
                        play_action(play, &action);
                    }
                },
                REPLY_DELAY * (k as u32 + 1),
            );
        }
    };
    let retry = move || {
        attempt.update(|a| {
            if let Some(a) = a.as_mut() {
                a.retry();
            }
        });
        let i = index.get_untracked();
        generation.update(|g| *g += 1);
        play.stop_check();
        play.deselect();
        if let Ok(s) = session_of(i) {
            play.session.set(s);
        }
        guide.boards.set(Vec::new());
        say.set(None);
        play.request_camera(CameraRequest::Auto);
    };
    let next_unsolved_one = move || {
        let i = index.get_untracked();
        let next = progress
            .learning
            .with_untracked(|l| next_unsolved(l, &names(), i))
            .unwrap_or((i + 1) % count);
        start(next);
    };

    let phase = move || attempt.with(|a| a.as_ref().map(|a| a.phase().clone()));
    let over = move || matches!(phase(), Some(Phase::Solved | Phase::Failed));
    let can_submit = move || !over() && play.session.with(|s| s.can_submit().is_ok());
    let can_undo = move || play.session.with(|s| !s.staged().is_empty());
    let task = move || attempt.with(|a| a.as_ref().map(Attempt::task).unwrap_or_default());
    let heading = move || {
        let i = index.get();
        let kind = attempt.with(|a| {
            a.as_ref().map(|a| {
                let p = a.puzzle();
                let kind = match p.kind {
                    Kind::MateIn1 => "Mate in 1",
                    Kind::MateIn2 => "Mate in 2",
                };
                let lines = p.timelines();
                let tl = if lines == 1 { "timeline" } else { "timelines" };
                format!("{kind} · {} · {lines} {tl}", p.board())
            })
        });
        (
            format!("Puzzle {} of {count}", i + 1),
            kind.unwrap_or_default(),
        )
    };
    let source = move || attempt.with(|a| a.as_ref().map(|a| a.puzzle().source.clone()));
    let mark = move || {
        let i = index.get();
        progress.learning.with(|l| match l.puzzles.get(name(i)) {
            Some(crate::storage::PuzzleMark::Solved) => "Last attempt: solved",
            Some(crate::storage::PuzzleMark::Failed) => "Last attempt: failed",
            None => "Not tried yet",
        })
    };
    let counts = move || {
        let t = progress.learning.with(tally);
        format!(
            "Solved {} · Failed {} · Streak {} (best {})",
            t.solved, t.failed, t.streak, t.best_streak
        )
    };

    view! {
        <section class="game-screen learn-screen puzzle-screen" data-testid="puzzle-screen"
            data-puzzle=move || name(index.get()) data-phase=move || format!("{:?}", phase().unwrap_or(Phase::Failed)).to_lowercase()>
            <div class="board-area">
                <MultiverseView />
                {view_tools(play)}
            </div>
            <aside class="side-panel">
                <div class="panel game-head">
                    <h1 class="learn-title">{move || heading().0}</h1>
                    <div class="game-variant">{move || heading().1}</div>
                    <div class="learn-mark">{mark}</div>
                </div>
                <div class="panel status">
                    <span class="status-text" data-testid="puzzle-task">{task}</span>
                </div>
                <div class="panel actions">
                    <div class="action-buttons">
                        <button type="button" class="btn" data-action="undo" disabled=move || !can_undo() || over() on:click=move |_| play.undo()>"Undo"</button>
                        <button type="button" class="btn btn-primary" data-action="submit" disabled=move || !can_submit() on:click=move |_| submit()>"Submit"</button>
                    </div>
                    {submit_why(play)}
                    {say_view(say)}
                    {move || play.notice.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                </div>
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="hint" disabled=over on:click=move |_| hint()>"Hint"</button>
                    <button type="button" class="btn small" data-action="retry" on:click=move |_| retry()>"Retry"</button>
                    <button type="button" class="btn small" data-action="solution" on:click=move |_| show_solution()>"Show solution"</button>
                </div>
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="previous-puzzle" on:click=move |_| start((index.get_untracked() + count - 1) % count)>"Previous"</button>
                    <button type="button" class="btn small" data-action="next-puzzle" on:click=move |_| start((index.get_untracked() + 1) % count)>"Next"</button>
                    <button type="button" class="btn small btn-primary" data-action="next-unsolved" on:click=move |_| next_unsolved_one()>"Next unsolved"</button>
                </div>
                <div class="panel">
                    <div class="panel-title">"Progress"</div>
                    <p class="learn-counts" data-testid="puzzle-progress">{counts}</p>
                    {progress.view()}
                </div>
                <p class="learn-source">{move || source().map(|s| format!("Source: {s}. Proved by the engine's exact search."))}</p>
            </aside>
        </section>
    }
    .into_any()
}
