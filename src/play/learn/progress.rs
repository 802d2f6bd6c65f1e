//! The rules of counting progress, on the stored record
//! ([`Learning`](crate::storage::Learning)): rating-free, a puzzle is solved
//! or failed by its last counted attempt, the streak is the run of solved
//! attempts, and a lesson's progress is the number of its steps done in
//! order.

use crate::storage::{Learning, PuzzleMark};

/// The counts the puzzle screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Puzzles whose last attempt was solved.
    pub solved: usize,
    /// Puzzles whose last attempt failed.
    pub failed: usize,
    /// Solved attempts in a row, up to now.
    pub streak: u32,
    /// The longest run.
    pub best_streak: u32,
}

/// Records the end of an attempt at puzzle `name`: solved or failed.
/// A failure ends the streak; a success lengthens it.
pub fn record_puzzle(l: &mut Learning, name: &str, solved: bool) {
    let mark = if solved {
        PuzzleMark::Solved
    } else {
        PuzzleMark::Failed
    };
    l.puzzles.insert(name.to_string(), mark);
    if solved {
        l.streak = l.streak.saturating_add(1);
        l.best_streak = l.best_streak.max(l.streak);
    } else {
        l.streak = 0;
    }
}

/// The counts for the screen.
#[must_use]
pub fn tally(l: &Learning) -> Tally {
    let solved = l
        .puzzles
        .values()
        .filter(|m| **m == PuzzleMark::Solved)
        .count();
    Tally {
        solved,
        failed: l.puzzles.len() - solved,
        streak: l.streak,
        best_streak: l.best_streak.max(l.streak),
    }
}

/// The first puzzle of `names`, after position `from` and wrapping round,
/// that is not solved yet (`from` itself last); `None` when all are.
#[must_use]
pub fn next_unsolved(l: &Learning, names: &[&str], from: usize) -> Option<usize> {
    let n = names.len();
    (1..=n)
        .map(|k| (from + k) % n)
        .find(|&i| l.puzzles.get(names[i]) != Some(&PuzzleMark::Solved))
}

/// The first step of lesson `id` not done yet (0 when never started; the
/// number of steps when all are done, capped at `steps`).
#[must_use]
pub fn lesson_step(l: &Learning, id: &str, steps: usize) -> usize {
    l.lessons
        .get(id)
        .map_or(0, |&n| usize::try_from(n).unwrap_or(usize::MAX).min(steps))
}

/// Records step `index` of lesson `id` done (progress only grows: redoing
/// an earlier step changes nothing).
pub fn record_step(l: &mut Learning, id: &str, index: usize) {
    let done = u32::try_from(index + 1).unwrap_or(u32::MAX);
    let entry = l.lessons.entry(id.to_string()).or_default();
    *entry = (*entry).max(done);
}

/// Starts lesson `id` again from its first step.
pub fn restart_lesson(l: &mut Learning, id: &str) {
    l.lessons.remove(id);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_failed_and_streaks() {
        let mut l = Learning::default();
        record_puzzle(&mut l, "a", true);
        record_puzzle(&mut l, "b", true);
        record_puzzle(&mut l, "c", false);
        assert_eq!(
            tally(&l),
            Tally {
                solved: 2,
                failed: 1,
                streak: 0,
                best_streak: 2
            }
        );
        // A failed puzzle solved later counts as solved; the run restarts.
        record_puzzle(&mut l, "c", true);
        assert_eq!(
            tally(&l),
            Tally {
                solved: 3,
                failed: 0,
                streak: 1,
                best_streak: 2
            }
        );
        // A solved one failed later counts as failed.
        record_puzzle(&mut l, "a", false);
        assert_eq!((tally(&l).solved, tally(&l).failed), (2, 1));
    }

    #[test]
    fn next_unsolved_wraps_and_skips_solved() {
        let names = ["a", "b", "c", "d"];
        let mut l = Learning::default();
        assert_eq!(next_unsolved(&l, &names, 0), Some(1));
        assert_eq!(next_unsolved(&l, &names, 3), Some(0));
        record_puzzle(&mut l, "b", true);
        record_puzzle(&mut l, "c", false);
        assert_eq!(next_unsolved(&l, &names, 0), Some(2));
        for n in ["a", "c", "d"] {
            record_puzzle(&mut l, n, true);
        }
        assert_eq!(next_unsolved(&l, &names, 1), None);
    }

    #[test]
    fn lesson_steps_grow_and_restart() {
        let mut l = Learning::default();
        assert_eq!(lesson_step(&l, "basics", 7), 0);
        record_step(&mut l, "basics", 0);
        record_step(&mut l, "basics", 1);
        record_step(&mut l, "basics", 0);
        assert_eq!(lesson_step(&l, "basics", 7), 2);
        l.lessons.insert("basics".into(), 99);
        assert_eq!(lesson_step(&l, "basics", 7), 7);
        restart_lesson(&mut l, "basics");
        assert_eq!(lesson_step(&l, "basics", 7), 0);
    }
}
