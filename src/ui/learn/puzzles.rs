//! The puzzle screen: one proved puzzle at a time on the multiverse view.
//! The player stages an action and submits it; `play::learn::puzzles`
//! judges it (and names the refutation or the defence, played here on the
//! board); the progress counts solved, failed and the streak.
//!
//! The page knows the puzzles by their index (`puzzles::INDEX`); a puzzle's
//! file is fetched when it opens (`ui::fetch`). While it downloads the board
//! is covered by a "Loading" line; a failed download says why and offers
//! "Try again", and the progress is untouched.

use std::time::Duration;

use leptos::prelude::*;

use super::{play_action, say_view, submit_why, view_tools, Progress, Say};
use crate::play::fived::words::submit_reason;
use crate::play::learn::progress::{next_unsolved, record_puzzle, tally};
use crate::play::learn::puzzles::{self, find, names, Attempt, Phase, Verdict, INDEX};
use crate::play::puzzle::{Kind, Puzzle};
use crate::ui::fetch;
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::game::session::Session;
use crate::ui::multiverse::{Guide, MultiverseView};
use crate::ui::saves::Saves;

/// The pause before the opponent's reply is played, so the player sees
/// their own action land first.
const REPLY_DELAY: Duration = Duration::from_millis(700);

/// The puzzle's position as a game session (its moves as the game so far).
fn session_of(text: &str) -> Result<Session, String> {
    Session::import(text)
}

/// The name of puzzle `i`.
fn name(i: usize) -> &'static str {
    INDEX.get(i).map_or("", |e| e.name)
}

/// Where the open puzzle's file stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Load {
    /// Being downloaded.
    Loading,
    /// Read: the attempt is on.
    Ready,
    /// Not downloaded or not readable, with the sentence saying why.
    Failed(String),
}

/// Downloads and reads puzzle `i`: its text, the puzzle and its session.
async fn download(i: usize) -> Result<(String, Puzzle, Session), String> {
    let entry = INDEX
        .get(i)
        .ok_or_else(|| "There is no such puzzle.".to_string())?;
    let text = fetch::text(&entry.path()).await.map_err(|e| {
        format!("This puzzle could not be downloaded: {e}. Your progress is kept; try again.")
    })?;
    let opened = puzzles::open(entry, &text)
        .and_then(|p| Ok((p, session_of(&text)?)))
        .map_err(|e| format!("This puzzle cannot be opened: {e}"))?;
    Ok((text, opened.0, opened.1))
}

/// The puzzle screen.
#[component]
pub fn PuzzleScreen() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let progress = Progress::open(saves);
    let count = INDEX.len();
    // `#puzzles=<name>` opens that puzzle; otherwise the first unsolved one.
    let named = window()
        .location()
        .hash()
        .ok()
        .and_then(|h| h.strip_prefix("#puzzles=").map(str::to_string))
        .and_then(|n| find(&n));
    let first = named
        .or_else(|| {
            progress
                .learning
                .with_untracked(|l| next_unsolved(l, &names(), count.saturating_sub(1)))
        })
        .unwrap_or(0);
    let index = RwSignal::new(first);
    let attempt: RwSignal<Option<Attempt>> = RwSignal::new(None);
    let load = RwSignal::new(Load::Loading);
    // The open puzzle's file, for a retry or the solution to start again from.
    let file: StoredValue<Option<String>> = StoredValue::new(None);
    let say: RwSignal<Option<Say>> = RwSignal::new(None);
    // Bumped on every new start, so a reply scheduled for an old one is dropped.
    let generation = RwSignal::new(0u64);
    let guide = Guide::new();
    // The board under the "Loading" cover until the first puzzle arrives.
    let Ok(fallback) = Session::new(crate::fived::boards::standard()) else {
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
        attempt.set(None);
        file.set_value(None);
        load.set(Load::Loading);
        index.set(i);
        crate::ui::nav::set_hash(&format!("#puzzles={}", name(i)));
        let g = generation.get_untracked();
        leptos::task::spawn_local(async move {
            let result = download(i).await;
            // Dropped when another puzzle was started meanwhile (or the screen left).
            if generation.try_get_untracked() != Some(g) {
                return;
            }
            match result {
                Ok((t, p, s)) => {
                    play.session.set(s);
                    attempt.set(Some(Attempt::new(p)));
                    file.set_value(Some(t));
                    load.set(Load::Ready);
                    play.request_camera(CameraRequest::Auto);
                }
                Err(e) => load.set(Load::Failed(e)),
            }
        });
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
        if let Some(Ok(s)) = file.with_value(|t| t.as_deref().map(session_of)) {
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
        generation.update(|g| *g += 1);
        play.stop_check();
        play.deselect();
        if let Some(Ok(s)) = file.with_value(|t| t.as_deref().map(session_of)) {
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
    let ready = move || attempt.with(Option::is_some);
    // `data-phase`: the attempt's phase, or where the file stands before it.
    let phase_name = move || match (phase(), load.get()) {
        (Some(p), _) => format!("{p:?}").to_ascii_lowercase(),
        (None, Load::Failed(_)) => "unavailable".to_string(),
        (None, _) => "loading".to_string(),
    };
    let can_submit = move || ready() && !over() && play.session.with(|s| s.can_submit().is_ok());
    let can_undo = move || play.session.with(|s| !s.staged().is_empty());
    let task = move || attempt.with(|a| a.as_ref().map(Attempt::task).unwrap_or_default());
    // The index names the kind and board at once; the timelines come with the file.
    let heading = move || {
        let i = index.get();
        let Some(entry) = INDEX.get(i) else {
            return (String::new(), String::new());
        };
        let kind = match entry.kind {
            Kind::MateIn1 => "Mate in 1",
            Kind::MateIn2 => "Mate in 2",
        };
        let mut line = format!("{kind} · {}", entry.board);
        if let Some(lines) = attempt.with(|a| a.as_ref().map(|a| a.puzzle().timelines())) {
            let tl = if lines == 1 { "timeline" } else { "timelines" };
            line.push_str(&format!(" · {lines} {tl}"));
        }
        (format!("Puzzle {} of {count}", i + 1), line)
    };
    // What covers the board until the puzzle is on it.
    let cover = move || {
        match load.get() {
        Load::Ready => None,
        Load::Loading => Some(view! {
            <div class="puzzle-cover" role="status" data-testid="puzzle-load">"Loading the puzzle…"</div>
        }.into_any()),
        Load::Failed(why) => Some(view! {
            <div class="puzzle-cover failed" role="alert" data-testid="puzzle-load">
                <p>{why}</p>
                <button type="button" class="btn btn-primary" data-action="reload-puzzle"
                    on:click=move |_| start(index.get_untracked())>"Try again"</button>
            </div>
        }.into_any()),
    }
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
            data-puzzle=move || name(index.get()) data-phase=phase_name>
            <div class="board-area">
                <MultiverseView />
                {view_tools(play)}
                {cover}
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
                        <button type="button" class="btn" data-action="undo" disabled=move || !can_undo() || over() || !ready() on:click=move |_| play.undo()>"Undo"</button>
                        <button type="button" class="btn btn-primary" data-action="submit" disabled=move || !can_submit() on:click=move |_| submit()>"Submit"</button>
                    </div>
                    {submit_why(play)}
                    {say_view(say)}
                    {move || play.notice.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                </div>
                <div class="panel game-tools">
                    <button type="button" class="btn small" data-action="hint" disabled=move || over() || !ready() on:click=move |_| hint()>"Hint"</button>
                    <button type="button" class="btn small" data-action="retry" disabled=move || !ready() on:click=move |_| retry()>"Retry"</button>
                    <button type="button" class="btn small" data-action="solution" disabled=move || !ready() on:click=move |_| show_solution()>"Show solution"</button>
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
