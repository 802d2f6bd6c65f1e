//! The puzzle screen's rules: the index of the proved puzzles ([`INDEX`],
//! every file of `puzzles/`, listed at build time), reading one fetched file
//! ([`open`]), and one attempt at a puzzle ([`Attempt`]): is this action
//! right, and if not, what refutes it.
//!
//! The page carries only the index (name, kind, board); a puzzle's file is
//! fetched from the site ([`Entry::path`]) when the puzzle opens, so the
//! puzzles cost the page nothing until the puzzle screen is used.
//!
//! A first action is right when it is one of the puzzle's accepted actions,
//! compared as actions ([`action_key`]): the files are proved (`chronochess
//! puzzles verify`) to list every first action that solves them. The mating
//! action of a mate in 2 is right when the engine's outcome after it is
//! checkmate (any mate counts). A wrong action gets its refutation from the
//! engine, within [`PAGE_EFFORT`]: the opponent's reply that escapes (for a
//! mate in 2, a defence after which no action mates), or the stalemate.
//!
//! After the right first action of a mate in 2 the opponent defends with
//! the first legal defence the search enumerates: every defence loses (the
//! file's proof), so the choice changes the mate to find, not the result.

use crate::fived::puzzle::{self as proof, action_key, ActionKey, Effort, Forcing};
use crate::fived::search::{self, Answer, Budget, Outcome};
use crate::fived::{Move, Multiverse};
use crate::play::fived::words::side_name;
use crate::play::puzzle::{action_text, read, Kind, Puzzle};

/// One puzzle of `puzzles/` as the page knows it before its file is
/// fetched: what the screen names it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The file name without `.5dpgn` (the `#puzzles=<name>` address and
    /// the key of the progress record).
    pub name: &'static str,
    /// Mate in 1 or 2 (the file's `[Puzzle]` tag).
    pub kind: Kind,
    /// The board's name, as [`Puzzle::board`] gives it.
    pub board: &'static str,
}

impl Entry {
    /// The file's address relative to the page (`puzzles/<name>.5dpgn`), so
    /// it works at the site's root and under a sub-path alike.
    #[must_use]
    pub fn path(&self) -> String {
        format!("puzzles/{}.5dpgn", self.name)
    }
}

/// Every puzzle of `puzzles/`, sorted by name (mates in 1, then mates in
/// 2). Made at build time by `build.rs` from the files' tags.
pub const INDEX: &[Entry] = include!(concat!(env!("OUT_DIR"), "/puzzles.rs"));

/// The position in [`INDEX`] of the puzzle called `name`.
#[must_use]
pub fn find(name: &str) -> Option<usize> {
    INDEX.iter().position(|e| e.name == name)
}

/// The names of the puzzles, in index order.
#[must_use]
pub fn names() -> Vec<&'static str> {
    INDEX.iter().map(|e| e.name).collect()
}

/// Reads the fetched file of puzzle `entry`.
///
/// # Errors
/// What [`read`] finds wrong (never for the proved files), or a file that is
/// not the puzzle the index lists under that name (another build's file).
pub fn open(entry: &Entry, text: &str) -> Result<Puzzle, String> {
    let puzzle = read(text).map_err(|e| format!("puzzle {}: {e}", entry.name))?;
    if puzzle.kind != entry.kind || puzzle.board() != entry.board {
        return Err(format!(
            "puzzle {}: the file is not the puzzle this page lists (reload the page)",
            entry.name
        ));
    }
    Ok(puzzle)
}

/// The work the page may spend to name a refutation or pick a defence
/// (on the page's thread, after a submit): small boards answer in well under
/// a second; beyond it the words say the engine did not finish.
pub const PAGE_EFFORT: Effort = Effort {
    budget: Budget::nodes(300_000),
    positions: 2_000,
};

/// Where an attempt stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The first action is to be found.
    First,
    /// Mate in 2: the first action was right and the opponent defended; the
    /// mating action is to be found in [`Attempt::position`].
    Mate,
    /// Checkmate delivered.
    Solved,
    /// A wrong action was submitted (retry starts again).
    Failed,
}

/// Why a wrong action is wrong, decided by the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refutation {
    /// The opponent's reply to play on the board, when there is one.
    pub reply: Option<Vec<Move>>,
    /// The sentence for the player.
    pub words: String,
}

/// What a submitted action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Checkmate: solved.
    Solved,
    /// The right first action of a mate in 2: the opponent's defence (to
    /// play on the board) and the sentence saying so.
    Defended {
        /// The defence.
        defence: Vec<Move>,
        /// "Black defends with …: now mate."
        words: String,
    },
    /// Not the solution.
    Wrong(Refutation),
}

/// One attempt at one puzzle.
#[derive(Debug, Clone)]
pub struct Attempt {
    puzzle: Puzzle,
    accepted: Vec<ActionKey>,
    position: Multiverse,
    phase: Phase,
    /// Whether the result was counted in the progress already.
    counted: bool,
}

impl Attempt {
    /// A fresh attempt at `puzzle`.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Attempt {
        let accepted = puzzle
            .accepted()
            .iter()
            .filter_map(|a| action_key(&puzzle.position, a))
            .collect();
        Attempt {
            position: puzzle.position.clone(),
            puzzle,
            accepted,
            phase: Phase::First,
            counted: false,
        }
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position the player moves in now.
    #[must_use]
    pub fn position(&self) -> &Multiverse {
        &self.position
    }

    /// Where the attempt stands.
    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The task in words: "White to move: mate in 1".
    #[must_use]
    pub fn task(&self) -> String {
        let side = side_name(self.puzzle.position.to_move());
        match (&self.phase, self.puzzle.kind) {
            (Phase::Mate, _) => format!("{side} to move: now checkmate"),
            (_, Kind::MateIn1) => format!("{side} to move: checkmate in one action"),
            (_, Kind::MateIn2) => {
                format!("{side} to move: force checkmate in two actions")
            }
        }
    }

    /// The board the solution's first move starts from (the hint): for the
    /// mating action of a mate in 2, the board of a mate the engine finds.
    #[must_use]
    pub fn hint(&self) -> Option<crate::fived::coords::BoardId> {
        match self.phase {
            Phase::Mate => proof::mating_actions(&self.position, PAGE_EFFORT)
                .known()
                .and_then(|a| a.first().and_then(|m| m.first()).map(|m| m.from.board)),
            _ => self.puzzle.solution.first().map(|m| m.from.board),
        }
    }

    /// The whole solution as actions to play from the puzzle position: the
    /// first action; for a mate in 2 also the defence and a mating answer
    /// (when the engine finds them within [`PAGE_EFFORT`]).
    #[must_use]
    pub fn solution_line(&self) -> Vec<Vec<Move>> {
        let first = self.puzzle.solution.clone();
        let mut line = vec![first.clone()];
        if self.puzzle.kind == Kind::MateIn2 {
            if let Some(after) = proof::after_action(&self.puzzle.position, &first) {
                if let Some(d) = search::any_legal_action(&after, PAGE_EFFORT.budget)
                    .known()
                    .flatten()
                {
                    if let Some(mate) =
                        proof::mating_answer(&self.puzzle.position, &first, &d, PAGE_EFFORT)
                            .known()
                            .flatten()
                    {
                        line.push(d);
                        line.push(mate);
                    }
                }
            }
        }
        line
    }

    /// The solution's first action in 5dpgn moves.
    #[must_use]
    pub fn solution_text(&self) -> String {
        action_text(&self.puzzle.position, &self.puzzle.solution).unwrap_or_default()
    }

    /// Marks the result counted; true the first time (the caller then
    /// records it in the progress).
    pub fn count_once(&mut self) -> bool {
        !std::mem::replace(&mut self.counted, true)
    }

    /// Judges `moves`, a whole action played from [`Attempt::position`],
    /// and moves the attempt on.
    ///
    /// # Errors
    /// When `moves` is not a legal action there, or the attempt is over.
    pub fn answer(&mut self, moves: &[Move]) -> Result<Verdict, String> {
        if matches!(self.phase, Phase::Solved | Phase::Failed) {
            return Err("this attempt is over: retry or go to the next puzzle".to_string());
        }
        let after = proof::after_action(&self.position, moves)
            .ok_or_else(|| "that is not a whole legal action".to_string())?;
        let verdict = if self.phase == Phase::First {
            let right =
                action_key(&self.position, moves).is_some_and(|k| self.accepted.contains(&k));
            match (right, self.puzzle.kind) {
                (true, Kind::MateIn1) => Verdict::Solved,
                (true, Kind::MateIn2) => self.defend(&after),
                (false, Kind::MateIn1) => Verdict::Wrong(escape(&after)),
                (false, Kind::MateIn2) => Verdict::Wrong(self.refute_first(moves, &after)),
            }
        } else {
            match search::outcome(&after, PAGE_EFFORT.budget) {
                Answer::Known(Outcome::Checkmate) => Verdict::Solved,
                _ => Verdict::Wrong(escape(&after)),
            }
        };
        self.phase = match &verdict {
            Verdict::Solved => Phase::Solved,
            Verdict::Defended { .. } => Phase::Mate,
            Verdict::Wrong(_) => Phase::Failed,
        };
        Ok(verdict)
    }

    /// Starts again from the puzzle position. A result already counted
    /// stays counted: a retry does not change it.
    pub fn retry(&mut self) {
        self.position = self.puzzle.position.clone();
        self.phase = Phase::First;
    }

    /// Gives up: the attempt counts as failed.
    pub fn give_up(&mut self) {
        if self.phase != Phase::Solved {
            self.phase = Phase::Failed;
        }
    }

    /// The opponent's defence after the right first action of a mate in 2.
    fn defend(&mut self, after: &Multiverse) -> Verdict {
        let defender = side_name(after.to_move());
        match search::any_legal_action(after, PAGE_EFFORT.budget)
            .known()
            .flatten()
            .and_then(|d| {
                let text = action_text(after, &d).ok()?;
                let next = proof::after_action(after, &d)?;
                Some((d, text, next))
            }) {
            Some((defence, text, next)) => {
                self.position = next;
                Verdict::Defended {
                    words: format!(
                        "Right! {defender} defends with {text}. Now find the checkmate."
                    ),
                    defence,
                }
            }
            // Never for a proved file (its defences exist and are legal).
            None => Verdict::Solved,
        }
    }

    /// Why a wrong first action of a mate in 2 fails: a defence with no
    /// mating answer.
    fn refute_first(&self, moves: &[Move], after: &Multiverse) -> Refutation {
        let defender = side_name(after.to_move());
        match proof::forcing(&self.position, moves, PAGE_EFFORT) {
            Answer::Known(Some(Forcing::Refuted(d))) => {
                let text = action_text(after, &d).unwrap_or_default();
                Refutation {
                    reply: Some(d),
                    words: format!(
                        "Not this one: {defender} defends with {text}, and then no action mates."
                    ),
                }
            }
            Answer::Known(Some(Forcing::Stalemates)) => stalemate(after),
            // A proved file has no other mate; otherwise, any reply and say
            // that the engine did not finish naming the refuting one.
            _ => {
                let mut r = escape(after);
                r.words.push_str(
                    " (The engine could not name the defence that refutes it within the \
                     page's budget; the solution is a different action.)",
                );
                r
            }
        }
    }
}

fn stalemate(after: &Multiverse) -> Refutation {
    Refutation {
        reply: None,
        words: format!(
            "Not this one: {} has no legal action but is not in check: stalemate, a draw.",
            side_name(after.to_move())
        ),
    }
}

/// The opponent's escape from a position that is not checkmate.
pub(super) fn escape(after: &Multiverse) -> Refutation {
    let defender = side_name(after.to_move());
    let check = after.in_check();
    match search::any_legal_action(after, PAGE_EFFORT.budget) {
        Answer::Known(Some(reply)) => {
            let text = action_text(after, &reply).unwrap_or_default();
            let words = if check {
                format!("Not mate: {defender} gets out of check with {text}.")
            } else {
                format!("Not mate: {defender} is not even in check, and plays {text}.")
            };
            Refutation {
                reply: Some(reply),
                words,
            }
        }
        Answer::Known(None) if !check => stalemate(after),
        _ => Refutation {
            reply: None,
            words: format!(
                "Not the solution: the engine could not find {defender}'s reply within the \
                 page's budget, but this action does not mate."
            ),
        },
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::play::puzzle::parse_action;

    /// The text of puzzle file `name`, as the page fetches it.
    fn text(name: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/{}",
            env!("CARGO_MANIFEST_DIR"),
            INDEX[find(name).unwrap()].path()
        ))
        .unwrap()
    }

    fn load(name: &str) -> Puzzle {
        open(&INDEX[find(name).unwrap()], &text(name)).unwrap()
    }

    #[test]
    fn the_index_is_every_puzzle_file_and_each_reads_as_listed() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .collect();
        files.sort();
        assert_eq!(names(), files);
        assert!(INDEX.len() >= 150);
        assert!(INDEX.windows(2).all(|w| w[0].name < w[1].name));
        for e in INDEX {
            assert_eq!(e.path(), format!("puzzles/{}.5dpgn", e.name));
            let p = load(e.name);
            assert_eq!((p.kind, p.board()), (e.kind, e.board), "{}", e.name);
        }
        // Both kinds and a custom start (5DFEN boards, `[variant]` tag) are listed.
        let m2 = INDEX.iter().filter(|e| e.kind == Kind::MateIn2).count();
        assert!(m2 > 0 && m2 < INDEX.len());
        assert_eq!(INDEX[find("m1-068").unwrap()].board, "custom");
        assert_eq!(find("m0-000"), None);
    }

    #[test]
    fn a_file_that_is_not_the_listed_puzzle_is_refused_with_its_name() {
        let m1 = INDEX[find("m1-001").unwrap()];
        // Another puzzle's file under this name (a mate in 2 for a mate in 1).
        let e = open(&m1, &text("m2-001")).unwrap_err();
        assert!(e.contains("m1-001") && e.contains("not the puzzle"), "{e}");
        // A server's error page instead of the file.
        let e = open(&m1, "<!DOCTYPE html><title>404</title>").unwrap_err();
        assert!(e.starts_with("puzzle m1-001: "), "{e}");
        // The same kind on another board.
        let other = INDEX
            .iter()
            .find(|e| e.kind == m1.kind && e.board != m1.board)
            .unwrap();
        assert!(open(&m1, &text(other.name)).is_err());
    }

    #[test]
    fn the_solution_of_a_mate_in_one_solves_it() {
        let p = load("m1-001");
        let solution = p.solution.clone();
        let mut a = Attempt::new(p);
        assert_eq!(a.task(), "White to move: checkmate in one action");
        assert_eq!(a.hint(), solution.first().map(|m| m.from.board));
        assert_eq!(a.answer(&solution).unwrap(), Verdict::Solved);
        assert_eq!(a.phase(), &Phase::Solved);
        assert!(a.answer(&solution).is_err());
        assert!(a.count_once());
        assert!(!a.count_once());
    }

    /// Every legal first action but the solution, as the search lists them.
    fn others(p: &Puzzle) -> Vec<Vec<Move>> {
        let key = action_key(&p.position, &p.solution);
        let mut out = Vec::new();
        let _ = search::for_each_legal_action(&p.position, Budget::nodes(2_000_000), |m, _| {
            if action_key(&p.position, m) != key {
                out.push(m.to_vec());
            }
            std::ops::ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn a_wrong_mate_in_one_is_refuted_by_a_legal_reply() {
        let p = load("m1-001");
        let wrong = others(&p);
        assert!(!wrong.is_empty());
        for w in wrong.iter().take(4) {
            let mut a = Attempt::new(p.clone());
            let Verdict::Wrong(r) = a.answer(w).unwrap() else {
                panic!("a wrong action was accepted")
            };
            assert_eq!(a.phase(), &Phase::Failed);
            assert!(r.words.starts_with("Not mate: Black"), "{}", r.words);
            // The reply is a legal action of the opponent after the wrong one.
            let after = proof::after_action(&p.position, w).unwrap();
            assert!(proof::after_action(&after, &r.reply.unwrap()).is_some());
        }
        let mut a = Attempt::new(p.clone());
        a.give_up();
        assert_eq!(a.phase(), &Phase::Failed);
        assert!(a.count_once());
        // A retry starts from the puzzle again but counts nothing twice.
        a.retry();
        assert_eq!((a.phase(), a.position()), (&Phase::First, &p.position));
        assert_eq!(a.answer(&p.solution).unwrap(), Verdict::Solved);
        assert!(!a.count_once());
    }

    #[test]
    fn a_mate_in_two_defends_then_takes_any_mate() {
        let p = load("m2-001");
        assert_eq!(p.kind, Kind::MateIn2);
        let mut a = Attempt::new(p.clone());
        let Verdict::Defended { defence, words } = a.answer(&p.solution).unwrap() else {
            panic!("the solution was not defended")
        };
        assert!(words.starts_with("Right! Black defends with"), "{words}");
        assert_eq!(a.phase(), &Phase::Mate);
        assert_eq!(a.task(), "White to move: now checkmate");
        let after = proof::after_action(&p.position, &p.solution).unwrap();
        assert_eq!(
            a.position(),
            &proof::after_action(&after, &defence).unwrap()
        );
        let mate = proof::mating_actions(a.position(), PAGE_EFFORT)
            .known()
            .unwrap();
        assert!(!mate.is_empty());
        assert_eq!(a.hint(), mate[0].first().map(|m| m.from.board));
        // A non-mating second action is refuted; the mate solves.
        let mut b = a.clone();
        let key = action_key(b.position(), &mate[0]);
        let mut non_mate = None;
        let _ = search::for_each_legal_action(b.position(), Budget::nodes(2_000_000), |m, _| {
            let k = action_key(a.position(), m);
            if k != key && !mate.iter().any(|x| action_key(a.position(), x) == k) {
                non_mate = Some(m.to_vec());
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        });
        assert!(matches!(
            b.answer(&non_mate.unwrap()).unwrap(),
            Verdict::Wrong(_)
        ));
        assert_eq!(a.answer(&mate[0]).unwrap(), Verdict::Solved);
        // The whole line shown by "show solution" ends in checkmate.
        let line = Attempt::new(p.clone()).solution_line();
        assert_eq!(line.len(), 3);
        let mut pos = p.position.clone();
        for action in &line {
            pos = proof::after_action(&pos, action).unwrap();
        }
        assert_eq!(
            search::outcome(&pos, Budget::nodes(2_000_000)),
            Answer::Known(Outcome::Checkmate)
        );
    }

    #[test]
    fn a_wrong_first_action_of_a_mate_in_two_names_a_defence_with_no_mate() {
        let p = load("m2-001");
        let wrong = others(&p);
        let w = &wrong[0];
        let mut a = Attempt::new(p.clone());
        let Verdict::Wrong(r) = a.answer(w).unwrap() else {
            panic!("a wrong action was accepted")
        };
        if let Some(d) = &r.reply {
            if r.words.contains("then no action mates") {
                assert_eq!(
                    proof::mating_answer(&p.position, w, d, Effort::DEFAULT),
                    Answer::Known(None)
                );
            }
        }
        assert!(r.words.starts_with("Not"), "{}", r.words);
        // Illegal input is an error, not a verdict.
        let mut fresh = Attempt::new(p.clone());
        assert!(fresh.answer(&[]).is_err());
        assert!(parse_action(&p.position, &a.solution_text()).is_ok());
    }
}
