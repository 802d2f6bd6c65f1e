//! The lessons: short steps that teach 5D by doing, each checked by the
//! engine. A step is a position (5dpgn), words, and a [`Goal`]: reach
//! highlighted squares with a piece (each target a legal move the engine
//! resolves), or submit an action that makes a new timeline, passes the
//! present, gives check across boards, or checkmates. [`StepPlay`] follows
//! one step being played; the screen only forwards what was staged or
//! submitted and shows the [`Reply`].
//!
//! The steps themselves are data ([`LESSONS`], in `lesson_data.rs`); the
//! tests below play every target and every step's sample action.

use crate::fived::coords::Coord;
use crate::fived::puzzle::after_action;
use crate::fived::search::{self, Answer, Outcome};
use crate::fived::{Move, Multiverse};
use crate::notation::{read_move, resolve};
use crate::play::fived::session::Session;

pub use super::lesson_data::LESSONS;

/// A lesson: a few steps on one idea.
#[derive(Debug)]
pub struct Lesson {
    /// Its id in the saved progress.
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its steps, in order.
    pub steps: &'static [Step],
}

/// One step of a lesson.
#[derive(Debug)]
pub struct Step {
    /// A few words.
    pub title: &'static str,
    /// What to learn and what to do.
    pub text: &'static str,
    /// The position, as a 5dpgn game (its final position).
    pub position: &'static str,
    /// What the player must do.
    pub goal: Goal,
    /// For the goals that end with a submit: one action (moves in 5dpgn)
    /// that reaches the goal, played by the tests.
    pub sample: &'static [&'static str],
}

/// What a step asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Play each of these moves (one at a time; the piece comes back after
    /// each): the highlighted destinations.
    Reach(&'static [&'static str]),
    /// Submit an action that creates a new timeline.
    Branch,
    /// Submit any whole action (the engine refuses it until every board of
    /// the present has a move).
    Submit,
    /// Submit an action that gives check with a piece on another board than
    /// the king's.
    CheckAcross,
    /// Submit an action that checkmates.
    Checkmate,
}

impl Goal {
    /// The goal in a few words, for the screen.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Goal::Reach(_) => "Reach every highlighted square",
            Goal::Branch => "Start a new timeline and submit",
            Goal::Submit => "Complete the action and submit",
            Goal::CheckAcross => "Give check across time and submit",
            Goal::Checkmate => "Checkmate and submit",
        }
    }
}

/// What the engine says about what the player did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A highlighted square reached; `left` more to go.
    Found {
        /// Targets still to reach.
        left: usize,
    },
    /// The step is done.
    Done(String),
    /// Legal, but not what the step asks: why (the position goes back).
    Missed(String),
    /// Nothing to say yet (a move staged towards an action to submit).
    Staged,
}

/// The position a step starts from, as the game screen's session (its
/// moves shown as the game so far).
///
/// # Errors
/// The reader's or the engine's error (never for the lessons shipped: the
/// tests replay every one).
pub fn session(step: &Step) -> Result<Session, String> {
    Session::import(step.position)
}

/// One step being played.
#[derive(Debug, Clone)]
pub struct StepPlay {
    goal: Goal,
    start: Multiverse,
    targets: Vec<Move>,
    found: Vec<bool>,
    done: bool,
}

impl StepPlay {
    /// Starts `step`: reads its position and resolves its targets.
    ///
    /// # Errors
    /// A sentence naming the position or target that cannot be read or
    /// played (never for the lessons shipped).
    pub fn new(step: &Step) -> Result<StepPlay, String> {
        let start = session(step)?.game().committed();
        let game = crate::fived::Game::new(start.clone());
        let mut targets = Vec::new();
        if let Goal::Reach(moves) = step.goal {
            for text in moves {
                let mt = read_move(text).map_err(|e| format!("`{text}`: {e}"))?;
                let m = resolve::resolve_move(&game, &mt).map_err(|e| format!("`{text}`: {e}"))?;
                targets.push(m);
            }
        }
        Ok(StepPlay {
            goal: step.goal,
            start,
            found: vec![false; targets.len()],
            targets,
            done: false,
        })
    }

    /// Whether the step is done.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// (reached, all) highlighted squares.
    #[must_use]
    pub fn count(&self) -> (usize, usize) {
        (
            self.found.iter().filter(|f| **f).count(),
            self.targets.len(),
        )
    }

    /// The highlighted squares still to reach, with the squares of the
    /// pieces that reach them.
    #[must_use]
    pub fn targets_left(&self) -> Vec<(Coord, Coord)> {
        self.targets
            .iter()
            .zip(&self.found)
            .filter(|(_, f)| !**f)
            .map(|(m, _)| (m.from, m.to))
            .collect()
    }

    /// A move the engine accepted was staged: for a reach step, is it one of
    /// the targets? (The screen then takes it back either way.)
    pub fn staged(&mut self, m: &Move) -> Reply {
        if self.done {
            return Reply::Staged;
        }
        if !matches!(self.goal, Goal::Reach(_)) {
            return Reply::Staged;
        }
        let hit = self
            .targets
            .iter()
            .position(|t| t.from == m.from && t.to == m.to);
        match hit {
            Some(i) => {
                self.found[i] = true;
                let left = self.found.iter().filter(|f| !**f).count();
                if left == 0 {
                    self.done = true;
                    Reply::Done("Every square reached. Well done!".to_string())
                } else {
                    Reply::Found { left }
                }
            }
            None => Reply::Missed(
                "A legal move, but not to a highlighted square: try again.".to_string(),
            ),
        }
    }

    /// The player submits `moves` (a whole action from the step's
    /// position): does it reach the goal?
    pub fn submitted(&mut self, moves: &[Move]) -> Reply {
        if self.done {
            return Reply::Done("This step is done.".to_string());
        }
        let Some(after) = after_action(&self.start, moves) else {
            return Reply::Missed("That is not a whole legal action yet.".to_string());
        };
        let reply = match self.goal {
            Goal::Reach(_) => Reply::Missed(
                "No need to submit here: move the piece to the highlighted squares.".to_string(),
            ),
            Goal::Submit => {
                Reply::Done("Submitted: the present moved on, and it is Black's turn.".to_string())
            }
            Goal::Branch => {
                let count = |m: &Multiverse| {
                    let (lo, hi) = m.timeline_range();
                    hi - lo
                };
                if count(&after) > count(&self.start) {
                    Reply::Done(
                        "A new timeline! The present went back to its first board: the next \
                         moves are played there."
                            .to_string(),
                    )
                } else {
                    Reply::Missed("No new timeline: send a piece to an earlier board.".to_string())
                }
            }
            Goal::CheckAcross => {
                let checks = checks_in(&after);
                if checks.iter().any(|c| c.attacker.board != c.royal.board) {
                    Reply::Done("Check through time! Black must answer it.".to_string())
                } else if checks.is_empty() {
                    Reply::Missed("No check there. Attack the king's earlier square.".to_string())
                } else {
                    Reply::Missed(
                        "That is check on the same board; this time attack the king on an \
                         earlier board."
                            .to_string(),
                    )
                }
            }
            Goal::Checkmate => match search::outcome(&after, super::puzzles::PAGE_EFFORT.budget) {
                Answer::Known(Outcome::Checkmate) => {
                    Reply::Done("Checkmate! Black has no action left.".to_string())
                }
                _ => Reply::Missed(super::puzzles::escape(&after).words),
            },
        };
        if matches!(reply, Reply::Done(_)) {
            self.done = true;
        }
        reply
    }
}

/// The checks against the side to move in `position`: what the opponent
/// could capture if every playable board passed (the game screen's arrows).
fn checks_in(position: &Multiverse) -> Vec<crate::fived::Check> {
    if !position.in_check() {
        return Vec::new();
    }
    let mut s = Session::from_position(String::new(), position.clone());
    s.record_outcome(Answer::Known(Outcome::Ongoing {
        in_check: true,
        softmate: false,
    }));
    s.threats()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::puzzle::parse_action;

    fn every_step() -> impl Iterator<Item = (&'static Lesson, &'static Step)> {
        LESSONS
            .iter()
            .flat_map(|l| l.steps.iter().map(move |s| (l, s)))
    }

    #[test]
    fn lessons_are_few_and_well_formed() {
        let steps = every_step().count();
        assert!((6..=12).contains(&steps), "{steps} steps");
        let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), LESSONS.len());
        for (_, s) in every_step() {
            let p = StepPlay::new(s).unwrap_or_else(|e| panic!("{}: {e}", s.title));
            assert!(!p.is_done());
            match s.goal {
                Goal::Reach(t) => assert!(t.len() >= 2 && s.sample.is_empty(), "{}", s.title),
                _ => assert!(!s.sample.is_empty(), "{}", s.title),
            }
        }
    }

    #[test]
    fn every_target_is_a_legal_move_of_the_side_to_move_and_reaching_all_ends_the_step() {
        for (_, s) in every_step() {
            let Goal::Reach(_) = s.goal else { continue };
            let mut p = StepPlay::new(s).unwrap();
            let session = session(s).unwrap();
            let game = session.game();
            let targets: Vec<Move> = p.targets.clone();
            for (k, t) in targets.iter().enumerate() {
                let legal = game.legal_destinations(t.from).unwrap();
                assert!(legal.contains(t), "{}: target {k} is not legal", s.title);
                // A legal move that is not a target is refused, the step goes on.
                if let Some(other) = legal.iter().find(|m| !targets.contains(m)) {
                    assert!(matches!(p.staged(other), Reply::Missed(_)));
                }
                let reply = p.staged(t);
                if k + 1 == targets.len() {
                    assert!(matches!(reply, Reply::Done(_)), "{}", s.title);
                } else {
                    assert_eq!(
                        reply,
                        Reply::Found {
                            left: targets.len() - k - 1
                        }
                    );
                }
            }
            assert!(p.is_done());
            assert!(p.targets_left().is_empty());
        }
    }

    #[test]
    fn every_sample_reaches_its_goal() {
        for (_, s) in every_step() {
            if matches!(s.goal, Goal::Reach(_)) {
                continue;
            }
            let mut p = StepPlay::new(s).unwrap();
            let moves = parse_action(&p.start, &s.sample.join(" "))
                .unwrap_or_else(|e| panic!("{}: {e}", s.title));
            // Where any whole action reaches the goal, the search's first does.
            if s.goal == Goal::Submit {
                let other =
                    search::any_legal_action(&p.start, crate::fived::Budget::nodes(200_000))
                        .known()
                        .flatten()
                        .unwrap();
                assert!(matches!(p.clone().submitted(&other), Reply::Done(_)));
            }
            assert!(
                matches!(p.submitted(&moves), Reply::Done(_)),
                "{}: the sample misses",
                s.title
            );
            assert!(p.is_done());
        }
    }

    #[test]
    fn the_goals_refuse_what_misses_them() {
        let step = |title: &str| every_step().find(|(_, s)| s.title == title).unwrap().1;
        // Branch: a move on the board itself makes no timeline.
        let mut p = StepPlay::new(step("A new timeline")).unwrap();
        let plain = parse_action(&p.start, "(0T3)Rc3c5").unwrap();
        assert!(matches!(p.submitted(&plain), Reply::Missed(w) if w.contains("No new timeline")));
        // Check across time: a check on the same board is not it.
        let mut p = StepPlay::new(step("Check across time")).unwrap();
        let same = parse_action(&p.start, "(0T2)Qc1d1").unwrap();
        assert!(matches!(p.submitted(&same), Reply::Missed(w) if w.contains("same board")));
        let quiet = parse_action(&p.start, "(0T2)Kb1a1").unwrap();
        assert!(matches!(p.submitted(&quiet), Reply::Missed(w) if w.contains("No check")));
        // Checkmate: a check that is not mate names the escape.
        let mut p = StepPlay::new(step("A first checkmate")).unwrap();
        let no = parse_action(&p.start, "(0T3)Re1e2").unwrap();
        assert!(matches!(p.submitted(&no), Reply::Missed(w) if w.starts_with("Not mate")));
        // Present: one board is not a whole action.
        let mut p = StepPlay::new(step("Play on every board of the present")).unwrap();
        assert!(parse_action(&p.start, "(0T1)Rc1c2").is_err());
        let half: Vec<Move> = vec![parse_action(&p.start, "(0T1)Rc1c2 (1T1)Rc1c2").unwrap()[0]];
        assert!(matches!(p.submitted(&half), Reply::Missed(w) if w.contains("not a whole")));
    }
}
