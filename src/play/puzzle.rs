//! 5D mate puzzles as 5dpgn files, and their proof.
//!
//! A puzzle file is an ordinary 5dpgn game (any 5dpgn tool replays it) whose
//! final position is the puzzle, plus tags:
//!
//! - `[Puzzle "mate in 1"]` or `[Puzzle "mate in 2"]` (mate in 2 *actions*
//!   of the side to move);
//! - `[Solution "..."]`: the first action of the solution, its moves in the
//!   form `chronochess convert` writes (`(0T5)Qd1>>(0T3)d3 (1T5)Nf3e5`);
//! - `[Alternatives "... ; ..."]`, only when the solution is not unique:
//!   every other first action that solves it, separated by ` ; ` (any of
//!   them is accepted);
//! - `[Source "..."]`: where the position comes from.
//!
//! [`verify`] re-proves a file with the exact search
//! ([`crate::fived::puzzle`]): the game replays, the solution is a legal
//! action, the set of first actions that solve the position is exactly the
//! solution plus the alternatives (compared as actions, not as text), and a
//! mate in 2 has no mate in 1. Any `Unknown` from the bounded search fails
//! the verification.

use crate::fived::puzzle::{self, action_key, ActionKey, Effort, Forcing, Mate};
use crate::fived::{Answer, Game, Move, Multiverse};
use crate::notation::ast::GameText;
use crate::notation::{self, export, resolve};

/// The two kinds of puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Checkmate with one action.
    MateIn1,
    /// Force checkmate with the mover's second action.
    MateIn2,
}

impl Kind {
    /// The `[Puzzle]` tag's value.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Kind::MateIn1 => "mate in 1",
            Kind::MateIn2 => "mate in 2",
        }
    }

    /// The kind a `[Puzzle]` tag names.
    #[must_use]
    pub fn from_tag(value: &str) -> Option<Kind> {
        match value.trim() {
            "mate in 1" => Some(Kind::MateIn1),
            "mate in 2" => Some(Kind::MateIn2),
            _ => None,
        }
    }
}

/// A puzzle read from its file: the position and the claimed solutions.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// Mate in 1 or 2.
    pub kind: Kind,
    /// The game as written (tags, boards, the actions leading here).
    pub game: GameText,
    /// The puzzle position (the game's final position).
    pub position: Multiverse,
    /// The solution's first action.
    pub solution: Vec<Move>,
    /// Other first actions that solve it too (empty: the solution is unique).
    pub alternatives: Vec<Vec<Move>>,
    /// The `[Source]` tag.
    pub source: String,
}

impl Puzzle {
    /// The side to move's number of timelines in the puzzle position.
    #[must_use]
    pub fn timelines(&self) -> usize {
        let (lo, hi) = self.position.timeline_range();
        usize::try_from(hi - lo + 1).unwrap_or(0)
    }

    /// The board name (`[Board]` tag, `Standard` if absent).
    #[must_use]
    pub fn board(&self) -> &str {
        self.game
            .tag("Board")
            .or_else(|| self.game.tag("Variant"))
            .unwrap_or("Standard")
    }

    /// Every accepted first action (the solution first).
    #[must_use]
    pub fn accepted(&self) -> Vec<Vec<Move>> {
        let mut all = vec![self.solution.clone()];
        all.extend(self.alternatives.iter().cloned());
        all
    }
}

/// The moves of an action played from `position`, in the form `convert`
/// writes, separated by spaces.
///
/// # Errors
/// A message if a move cannot be played there.
pub fn action_text(position: &Multiverse, moves: &[Move]) -> Result<String, String> {
    let mut game = Game::new(position.clone());
    let mut out = Vec::new();
    for m in moves {
        out.push(notation::write_move(&export::move_text(
            game.multiverse(),
            m,
        )?));
        game.play(*m).map_err(|e| e.to_string())?;
    }
    Ok(out.join(" "))
}

/// Reads an action written as moves separated by spaces, played from
/// `position`; it must be a whole legal action.
///
/// # Errors
/// A sentence naming the move that cannot be read or played, or why the
/// action cannot be submitted.
pub fn parse_action(position: &Multiverse, text: &str) -> Result<Vec<Move>, String> {
    let mut game = Game::new(position.clone());
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let mt = notation::read_move(token).map_err(|e| format!("`{token}`: {e}"))?;
        let m = resolve::resolve_move(&game, &mt).map_err(|e| format!("`{token}`: {e}"))?;
        game.play(m).map_err(|e| format!("`{token}`: {e}"))?;
        moves.push(m);
    }
    if moves.is_empty() {
        return Err("no move".to_string());
    }
    game.submit()
        .map_err(|e| format!("`{text}` is not a whole legal action: {e}"))?;
    Ok(moves)
}

/// Reads a puzzle file: replays the game and resolves the solution tags.
/// Nothing is proved yet (see [`prove`]).
///
/// # Errors
/// A sentence saying what is wrong (unreadable text, a game that does not
/// replay, a missing or malformed tag, a solution that is not a legal
/// action).
pub fn read(text: &str) -> Result<Puzzle, String> {
    let read = notation::read(text).map_err(|e| format!("cannot read the 5dpgn: {e}"))?;
    let game = read.game;
    let kind_tag = game
        .tag("Puzzle")
        .ok_or("missing [Puzzle] tag (\"mate in 1\" or \"mate in 2\")")?;
    let kind = Kind::from_tag(kind_tag).ok_or_else(|| {
        format!("[Puzzle \"{kind_tag}\"]: expected \"mate in 1\" or \"mate in 2\"")
    })?;
    let source = game
        .tag("Source")
        .filter(|s| !s.trim().is_empty())
        .ok_or("missing or empty [Source] tag")?
        .to_string();
    let solution_text = game
        .tag("Solution")
        .filter(|s| !s.trim().is_empty())
        .ok_or("missing or empty [Solution] tag")?
        .to_string();
    let replayed = resolve::replay(&game, |_, _| {})
        .map_err(|e| format!("the start position cannot be set up: {e}"))?;
    if let Some(e) = replayed.error {
        return Err(format!("the game does not replay: {e}"));
    }
    let position = replayed.game.committed();
    let solution = parse_action(&position, &solution_text)
        .map_err(|e| format!("[Solution \"{solution_text}\"]: {e}"))?;
    let mut alternatives = Vec::new();
    if let Some(alt) = game.tag("Alternatives") {
        for part in alt.split(';').map(str::trim) {
            let a = parse_action(&position, part)
                .map_err(|e| format!("[Alternatives] \"{part}\": {e}"))?;
            alternatives.push(a);
        }
        if alternatives.is_empty() {
            return Err("[Alternatives] is empty (leave the tag out instead)".to_string());
        }
    }
    Ok(Puzzle {
        kind,
        game,
        position,
        solution,
        alternatives,
        source,
    })
}

fn keys(position: &Multiverse, actions: &[Vec<Move>]) -> Vec<ActionKey> {
    let mut out: Vec<ActionKey> = actions
        .iter()
        .filter_map(|a| action_key(position, a))
        .collect();
    out.sort();
    out
}

/// Proves a puzzle's claims with the exact search.
///
/// # Errors
/// A sentence saying which claim fails: the solution does not mate, another
/// first action solves it too (named), a claimed alternative does not, a
/// mate in 2 is a mate in 1, or the search could not decide within `effort`.
pub fn prove(p: &Puzzle, effort: Effort) -> Result<(), String> {
    let position = &p.position;
    let text = |a: &Vec<Move>| action_text(position, a).unwrap_or_else(|e| e);
    let claimed = keys(position, &p.accepted());
    let mut dedup = claimed.clone();
    dedup.dedup();
    if dedup.len() != claimed.len() {
        return Err("the solution and alternatives name the same action twice".to_string());
    }
    // Mate in 2: prove the solution forces mate first (it names the refutation).
    if p.kind == Kind::MateIn2 {
        for a in p.accepted() {
            match puzzle::forcing(position, &a, effort) {
                Answer::Unknown => {
                    return Err(format!(
                        "`{}`: the search could not decide within its budget",
                        text(&a)
                    ))
                }
                Answer::Known(None) => return Err(format!("`{}` is not a legal action", text(&a))),
                Answer::Known(Some(Forcing::Mates)) => {}
                Answer::Known(Some(Forcing::MatesAtOnce)) => {
                    return Err(format!(
                        "`{}` mates at once: this is a mate in 1, not in 2",
                        text(&a)
                    ))
                }
                Answer::Known(Some(Forcing::Stalemates)) => {
                    return Err(format!("`{}` stalemates the opponent", text(&a)))
                }
                Answer::Known(Some(Forcing::Refuted(d))) => {
                    let d_text = puzzle::after_action(position, &a).map_or_else(
                        || format!("{d:?}"),
                        |after| action_text(&after, &d).unwrap_or_else(|e| e),
                    );
                    return Err(format!(
                        "`{}` does not force mate in 2: the defence `{d_text}` has no mating answer",
                        text(&a)
                    ));
                }
            }
        }
    }
    let in_two = p.kind == Kind::MateIn2;
    let found = match puzzle::classify(position, effort, in_two) {
        Answer::Unknown => {
            return Err("the search could not decide the position within its budget".to_string())
        }
        Answer::Known(m) => m,
    };
    let solving = match (p.kind, found) {
        (Kind::MateIn1, Mate::InOne(ones)) => ones,
        (Kind::MateIn2, Mate::InTwo(twos)) => twos,
        (Kind::MateIn2, Mate::InOne(ones)) => {
            return Err(format!("not a mate in 2: `{}` mates in 1", text(&ones[0])))
        }
        (Kind::MateIn1, _) => {
            return Err(format!(
                "the solution `{}` does not checkmate (no action mates in 1)",
                text(&p.solution)
            ))
        }
        (Kind::MateIn2, Mate::None) => return Err("no first action forces mate in 2".to_string()),
    };
    let proved = keys(position, &solving);
    for (a, k) in p
        .accepted()
        .iter()
        .zip(keys_in_order(position, &p.accepted()))
    {
        if !proved.contains(&k) {
            return Err(format!(
                "`{}` does not {}",
                text(a),
                if p.kind == Kind::MateIn1 {
                    "checkmate"
                } else {
                    "force mate in 2"
                }
            ));
        }
    }
    let extra: Vec<&Vec<Move>> = solving
        .iter()
        .filter(|a| action_key(position, a).is_some_and(|k| !claimed.contains(&k)))
        .collect();
    if let Some(first) = extra.first() {
        return Err(format!(
            "not unique: `{}` solves it too ({} unlisted solution{})",
            text(first),
            extra.len(),
            if extra.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(())
}

fn keys_in_order(position: &Multiverse, actions: &[Vec<Move>]) -> Vec<ActionKey> {
    actions
        .iter()
        .map(|a| action_key(position, a).unwrap_or_default())
        .collect()
}

/// Reads and proves a puzzle file's text.
///
/// # Errors
/// What [`read`] or [`prove`] finds wrong.
pub fn verify(text: &str, effort: Effort) -> Result<Puzzle, String> {
    let p = read(text)?;
    prove(&p, effort)?;
    Ok(p)
}

/// The tags a puzzle file keeps from the game it was cut from: those that
/// decide the start position.
const START_TAGS: [&str; 7] = [
    "Board",
    "Variant",
    "Size",
    "Mode",
    "Promotions",
    "InitialMultiverses",
    "Timeline",
];

/// The text of a puzzle file: `game` (its start tags and boards kept, its
/// actions as given: the puzzle position is after the last) with the puzzle
/// tags.
///
/// # Errors
/// A message if an action cannot be written from the position.
pub fn write(
    game: &GameText,
    kind: Kind,
    solution: &[Move],
    alternatives: &[Vec<Move>],
    source: &str,
    position: &Multiverse,
) -> Result<String, String> {
    let mut tags: Vec<(String, String)> = game
        .tags
        .iter()
        .filter(|(k, _)| START_TAGS.iter().any(|t| t.eq_ignore_ascii_case(k)))
        .cloned()
        .collect();
    tags.push(("Puzzle".to_string(), kind.tag().to_string()));
    tags.push(("Solution".to_string(), action_text(position, solution)?));
    if !alternatives.is_empty() {
        let alts: Result<Vec<String>, String> = alternatives
            .iter()
            .map(|a| action_text(position, a))
            .collect();
        tags.push(("Alternatives".to_string(), alts?.join(" ; ")));
    }
    tags.push(("Source".to_string(), source.to_string()));
    let out = GameText {
        tags,
        fen_boards: game.fen_boards.clone(),
        actions: game.actions.clone(),
        result: None,
    };
    Ok(notation::write(&out))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// One 8x8 board at T1 (no past to escape to): a back-rank mate with
    /// the rook on a1, and with a second rook on b1 a second mate.
    fn text(board: &str, kind: &str, solution: &str, extra: &str) -> String {
        format!(
            "[Board \"custom\"]\n[Size \"8x8\"]\n[Mode \"5D\"]\n[Puzzle \"{kind}\"]\n\
             [Solution \"{solution}\"]\n{extra}[Source \"unit test\"]\n[{board}:0:1:w]\n"
        )
    }

    const ONE_ROOK: &str = "7k/6pp/8/8/8/2K5/8/R7";
    const TWO_ROOKS: &str = "7k/6pp/8/8/8/2K5/8/RR6";

    #[test]
    fn a_unique_mate_in_one_verifies_and_writes_back_the_same() {
        let t = text(ONE_ROOK, "mate in 1", "(0T1)Ra1a8", "");
        let p = verify(&t, Effort::DEFAULT).unwrap();
        assert_eq!(
            (p.kind, p.timelines(), p.board()),
            (Kind::MateIn1, 1, "custom")
        );
        assert_eq!(action_text(&p.position, &p.solution).unwrap(), "(0T1)Ra1a8");
        let again = write(&p.game, p.kind, &p.solution, &[], &p.source, &p.position).unwrap();
        assert_eq!(again.trim_end(), t.trim_end());
        assert!(verify(&again, Effort::DEFAULT).is_ok());
    }

    #[test]
    fn a_second_mate_must_be_listed() {
        let t = text(TWO_ROOKS, "mate in 1", "(0T1)Ra1a8", "");
        let e = verify(&t, Effort::DEFAULT).unwrap_err();
        assert!(e.contains("not unique: `(0T1)Rb1b8` solves it too"), "{e}");
        let listed = text(
            TWO_ROOKS,
            "mate in 1",
            "(0T1)Ra1a8",
            "[Alternatives \"(0T1)Rb1b8\"]\n",
        );
        let p = verify(&listed, Effort::DEFAULT).unwrap();
        assert_eq!(p.accepted().len(), 2);
    }

    #[test]
    fn wrong_claims_are_named() {
        let cases = [
            (
                text(ONE_ROOK, "mate in 1", "(0T1)Ra1a7", ""),
                "does not checkmate",
            ),
            (
                text(ONE_ROOK, "mate in 2", "(0T1)Ra1a8", ""),
                "mates at once",
            ),
            (
                text(ONE_ROOK, "mate in 3", "(0T1)Ra1a8", ""),
                "[Puzzle \"mate in 3\"]: expected",
            ),
            (
                text(ONE_ROOK, "mate in 1", "(0T1)Ra1h8", ""),
                "[Solution \"(0T1)Ra1h8\"]",
            ),
            (
                text(
                    ONE_ROOK,
                    "mate in 1",
                    "(0T1)Ra1a8",
                    "[Alternatives \"(0T1)Ra1a7\"]\n",
                ),
                "`(0T1)Ra1a7` does not checkmate",
            ),
            (
                text(
                    ONE_ROOK,
                    "mate in 1",
                    "(0T1)Ra1a8",
                    "[Alternatives \"(0T1)Ra1a8\"]\n",
                ),
                "same action twice",
            ),
            (
                text(ONE_ROOK, "mate in 1", "(0T1)Ra1a8", "")
                    .replace("[Source \"unit test\"]\n", ""),
                "missing or empty [Source]",
            ),
        ];
        for (t, want) in cases {
            let e = verify(&t, Effort::DEFAULT).unwrap_err();
            assert!(e.contains(want), "{want:?} not in {e:?}");
        }
    }

    #[test]
    fn an_undecided_proof_fails() {
        let t = text(
            TWO_ROOKS,
            "mate in 1",
            "(0T1)Ra1a8",
            "[Alternatives \"(0T1)Rb1b8\"]\n",
        );
        let tiny = Effort {
            budget: crate::fived::Budget::nodes(1_000),
            positions: 3,
        };
        let e = verify(&t, tiny).unwrap_err();
        assert!(e.contains("could not decide"), "{e}");
    }

    /// A mate in 2 found by `puzzles generate` (Small - Open, two actions in).
    const SMALL_OPEN_M2: &str = "[Board \"Small - Open\"]\n[Mode \"5D\"]\n\
        [Puzzle \"mate in 2\"]\n[Solution \"(0T2)Nc1e2\"]\n[Source \"unit test\"]\n\n\
        1. (0T1)Rd1xd4 / (0T1)Ke5xd4\n";

    #[test]
    fn a_mate_in_two_verifies_and_every_other_first_action_is_refuted() {
        let p = verify(SMALL_OPEN_M2, Effort::DEFAULT).unwrap();
        assert_eq!(p.kind, Kind::MateIn2);
        let solution = action_key(&p.position, &p.solution);
        let mut others = Vec::new();
        let _ = crate::fived::search::for_each_legal_action(
            &p.position,
            Effort::DEFAULT.budget,
            |moves, _| {
                if action_key(&p.position, moves) != solution {
                    others.push(moves.to_vec());
                }
                std::ops::ControlFlow::Continue(())
            },
        );
        assert!(others.len() > 3);
        // Every defence has an answer; the first one found is a mate.
        let after = puzzle::after_action(&p.position, &p.solution).unwrap();
        let defence = crate::fived::search::any_legal_action(&after, Effort::DEFAULT.budget)
            .known()
            .flatten()
            .unwrap();
        let answer = puzzle::mating_answer(&p.position, &p.solution, &defence, Effort::DEFAULT)
            .known()
            .flatten()
            .unwrap();
        let end = puzzle::after_action(&puzzle::after_action(&after, &defence).unwrap(), &answer)
            .unwrap();
        assert_eq!(
            crate::fived::search::outcome(&end, Effort::DEFAULT.budget),
            Answer::Known(crate::fived::Outcome::Checkmate)
        );
        for other in others.iter().take(3) {
            let t = action_text(&p.position, other).unwrap();
            let e = verify(&SMALL_OPEN_M2.replace("(0T2)Nc1e2", &t), Effort::DEFAULT).unwrap_err();
            assert!(e.starts_with(&format!("`{t}` ")), "{e}");
            assert!(
                e.contains("does not force mate in 2: the defence") || e.contains("stalemates"),
                "{e}"
            );
        }
        let as_one = SMALL_OPEN_M2.replace("mate in 2", "mate in 1");
        let e = verify(&as_one, Effort::DEFAULT).unwrap_err();
        assert!(e.contains("no action mates in 1"), "{e}");
    }
}
