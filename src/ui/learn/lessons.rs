//! The lessons screen: the lessons and their steps in a list, the current
//! step's words and its position on the multiverse view. What the player
//! stages or submits goes to `play::learn::lessons::StepPlay`, which says
//! whether the step's goal is reached; the screen shows it and saves the
//! progress.

use std::time::Duration;

use leptos::prelude::*;

use super::{say_view, submit_why, view_tools, Progress, Say};
use crate::play::fived::words::submit_reason;
use crate::play::learn::lessons::{session, Goal, Reply, StepPlay, LESSONS};
use crate::play::learn::progress::{lesson_step, record_step, restart_lesson};
use crate::ui::game::play::{CameraRequest, Play};
use crate::ui::game::session::Session;
use crate::ui::multiverse::{Guide, MultiverseView};
use crate::ui::saves::Saves;

/// How long a reached square shows the piece before it goes back.
const BACK_DELAY: Duration = Duration::from_millis(450);

/// The first step not done yet, over all lessons (the last one when all are).
fn first_open(progress: &crate::storage::Learning) -> (usize, usize) {
    for (li, lesson) in LESSONS.iter().enumerate() {
        let done = lesson_step(progress, lesson.id, lesson.steps.len());
        if done < lesson.steps.len() {
            return (li, done);
        }
    }
    let last = LESSONS.len().saturating_sub(1);
    (last, LESSONS[last].steps.len().saturating_sub(1))
}

/// The lessons screen.
#[component]
pub fn LessonScreen() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let progress = Progress::open(saves);
    let (l0, s0) = progress.learning.with_untracked(first_open);
    let at = RwSignal::new((l0, s0));
    let step_play: RwSignal<Option<StepPlay>> = RwSignal::new(None);
    let say: RwSignal<Option<Say>> = RwSignal::new(None);
    let generation = RwSignal::new(0u64);
    let guide = Guide::new();
    let Ok(first) =
        session(&LESSONS[l0].steps[s0]).or_else(|_| Session::new(crate::fived::boards::standard()))
    else {
        return view! { <p class="notice error">"The lessons cannot be opened."</p> }.into_any();
    };
    let play = Play::new(first);
    provide_context(play);
    provide_context(guide);
    on_cleanup(move || play.stop_check());

    let show_targets = move || {
        let targets = step_play.with_untracked(|p| p.as_ref().map(StepPlay::targets_left));
        let targets = targets.unwrap_or_default();
        guide
            .squares
            .set(targets.iter().flat_map(|(from, to)| [*from, *to]).collect());
    };
    let open = move |li: usize, si: usize| {
        generation.update(|g| *g += 1);
        play.stop_check();
        play.deselect();
        play.notice.set(None);
        say.set(None);
        let step = &LESSONS[li].steps[si];
        match (session(step), StepPlay::new(step)) {
            (Ok(s), Ok(p)) => {
                play.session.set(s);
                step_play.set(Some(p));
            }
            (Err(e), _) | (_, Err(e)) => {
                step_play.set(None);
                say.set(Say::new(format!("This step cannot be opened: {e}"), "fail"));
            }
        }
        at.set((li, si));
        show_targets();
        play.request_camera(CameraRequest::FitAll);
    };
    open(l0, s0);

    let done_now = move || {
        let (li, si) = at.get_untracked();
        progress.change(|l| record_step(l, LESSONS[li].id, si));
    };

    // A reach step: every move staged is shown to the step, then taken back.
    Effect::new(move |_| {
        let Some(m) = play.session.with(|s| s.staged().last().copied()) else {
            return;
        };
        let reaching = step_play.with_untracked(|p| {
            p.as_ref().is_some_and(|p| {
                !p.is_done() && matches!(goal_of(at.get_untracked()), Goal::Reach(_))
            })
        });
        if !reaching {
            return;
        }
        let reply = step_play
            .try_update(|p| p.as_mut().map(|p| p.staged(&m)))
            .flatten();
        match reply {
            Some(Reply::Found { left }) => {
                say.set(Say::new(format!("Yes! {left} more to go."), "success"))
            }
            Some(Reply::Done(w)) => {
                done_now();
                say.set(Say::new(w, "success"));
            }
            Some(Reply::Missed(w)) => say.set(Say::new(w, "info")),
            _ => {}
        }
        show_targets();
        let g = generation.get_untracked();
        set_timeout(
            move || {
                if generation.try_get_untracked() == Some(g) {
                    play.undo();
                }
            },
            BACK_DELAY,
        );
    });

    let submit = move || {
        if let Err(e) = play.session.with_untracked(Session::can_submit) {
            say.set(Say::new(submit_reason(&e, false), "info"));
            return;
        }
        let staged = play.session.with_untracked(Session::staged);
        let Some(reply) = step_play
            .try_update(|p| p.as_mut().map(|p| p.submitted(&staged)))
            .flatten()
        else {
            return;
        };
        match reply {
            Reply::Done(w) => {
                play.submit();
                done_now();
                say.set(Say::new(w, "success"));
            }
            Reply::Missed(w) => say.set(Say::new(format!("{w} Undo and try again."), "fail")),
            _ => {}
        }
    };

    let step_done = move || step_play.with(|p| p.as_ref().is_some_and(StepPlay::is_done));
    let can_submit = move || !step_done() && play.session.with(|s| s.can_submit().is_ok());
    let can_undo = move || play.session.with(|s| !s.staged().is_empty());
    let reach = move || matches!(goal_of(at.get()), Goal::Reach(_));
    let next = move || {
        let (li, si) = at.get_untracked();
        if si + 1 < LESSONS[li].steps.len() {
            open(li, si + 1);
        } else if li + 1 < LESSONS.len() {
            open(li + 1, 0);
        }
    };
    let is_last = move || {
        let (li, si) = at.get();
        li + 1 == LESSONS.len() && si + 1 == LESSONS[li].steps.len()
    };
    let restart = move || {
        let (li, _) = at.get_untracked();
        progress.change(|l| restart_lesson(l, LESSONS[li].id));
        open(li, 0);
    };
    let step = move || {
        let (li, si) = at.get();
        &LESSONS[li].steps[si]
    };
    let count = move || {
        step_play.with(|p| {
            p.as_ref().and_then(|p| {
                let (found, all) = p.count();
                (all > 0).then(|| format!("{found} of {all} squares reached"))
            })
        })
    };

    let list = move || {
        let (cur_l, cur_s) = at.get();
        LESSONS
            .iter()
            .enumerate()
            .map(|(li, lesson)| {
                let done = progress
                    .learning
                    .with(|l| lesson_step(l, lesson.id, lesson.steps.len()));
                let steps = lesson
                    .steps
                    .iter()
                    .enumerate()
                    .map(|(si, s)| {
                        let current = (li, si) == (cur_l, cur_s);
                        let cls = match (si < done, current) {
                            (_, true) => "lesson-step current",
                            (true, false) => "lesson-step done",
                            _ => "lesson-step",
                        };
                        let mark = if si < done { "✓ " } else { "" };
                        view! {
                            <li>
                                <button type="button" class=cls data-step=format!("{}-{}", lesson.id, si + 1)
                                    aria-current=current.then_some("step") on:click=move |_| open(li, si)>
                                    {format!("{mark}{}", s.title)}
                                </button>
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <li class="lesson" data-lesson=lesson.id>
                        <div class="lesson-head">
                            <span class="lesson-title">{lesson.title}</span>
                            <span class="lesson-done">{format!("{done}/{}", lesson.steps.len())}</span>
                        </div>
                        <ol class="lesson-steps">{steps}</ol>
                    </li>
                }
            })
            .collect_view()
    };

    view! {
        <section class="game-screen learn-screen lesson-screen" data-testid="lesson-screen"
            data-step=move || { let (li, si) = at.get(); format!("{}-{}", LESSONS[li].id, si + 1) }
            data-done=move || step_done().to_string()>
            <div class="board-area">
                <MultiverseView />
                {view_tools(play)}
            </div>
            <aside class="side-panel">
                <div class="panel lesson-text">
                    <h1 class="learn-title">{move || step().title}</h1>
                    <p>{move || step().text}</p>
                    <p class="lesson-goal"><strong>{move || step().goal.label()}</strong>{move || count().map(|c| format!(" · {c}"))}</p>
                </div>
                <div class="panel actions">
                    <Show when=move || !reach()>
                        <div class="action-buttons">
                            <button type="button" class="btn" data-action="undo" disabled=move || !can_undo() || step_done() on:click=move |_| play.undo()>"Undo"</button>
                            <button type="button" class="btn btn-primary" data-action="submit" disabled=move || !can_submit() on:click=move |_| submit()>"Submit"</button>
                        </div>
                    </Show>
                    {submit_why(play)}
                    {say_view(say)}
                    <div class="action-buttons">
                        <button type="button" class="btn small" data-action="reset-step" on:click=move |_| { let (li, si) = at.get_untracked(); open(li, si); }>"Start the step again"</button>
                        <button type="button" class="btn small btn-primary" data-action="next-step" disabled=move || !step_done() || is_last() on:click=move |_| next()>"Next step"</button>
                    </div>
                </div>
                <nav class="panel lessons" aria-label="Lessons">
                    <ol class="lesson-list">{list}</ol>
                    <button type="button" class="btn small" data-action="restart-lesson" on:click=move |_| restart()>"Restart this lesson"</button>
                    {progress.view()}
                </nav>
            </aside>
        </section>
    }
    .into_any()
}

/// The goal of step (lesson, step).
fn goal_of((li, si): (usize, usize)) -> Goal {
    LESSONS[li].steps[si].goal
}
