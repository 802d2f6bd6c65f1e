//! Mate puzzles proved by the exact search: which first actions checkmate
//! at once (mate in 1), and which force checkmate with the mover's next
//! action whatever the opponent answers (mate in 2 actions).
//!
//! Every verdict comes from [`search::for_each_legal_action`] and
//! [`search::outcome`]: an action mates when the position after it is
//! [`Outcome::Checkmate`] for the opponent (not stalemate, not a softmate,
//! never a guess). Each search gets the node budget of [`Effort`], and the
//! whole proof a limit on the number of positions it looks at; when either
//! runs out the answer is [`Answer::Unknown`], which a puzzle generator must
//! treat as a rejection.
//!
//! Actions are compared as actions ([`ActionKey`]): the set of their
//! non-branching moves and the sequence of their branching jumps, the
//! identity the search enumerates by (two actions with the same key lead to
//! the same position; the order of non-branching moves does not matter, the
//! order of jumps does, since it numbers the new timelines).

use std::ops::ControlFlow;

use super::coords::Move;
use super::multiverse::Multiverse;
use super::search::{self, Answer, Budget, Outcome};

/// An action as the search identifies it: (sorted non-branching moves,
/// branching jumps in play order).
pub type ActionKey = (Vec<Move>, Vec<Move>);

/// How much work one proof may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Node budget of every single search (enumeration or outcome).
    pub budget: Budget,
    /// Positions the whole proof may look at (actions visited, each one
    /// counting once, wherever in the tree it is).
    pub positions: u64,
}

impl Effort {
    /// A default fit for the catalogue's small boards: 2 million nodes per
    /// search, 400 000 positions per proof.
    pub const DEFAULT: Effort = Effort {
        budget: Budget::nodes(2_000_000),
        positions: 400_000,
    };
}

/// The work counter shared by one proof.
struct Work {
    budget: Budget,
    left: u64,
}

impl Work {
    fn new(effort: Effort) -> Work {
        Work {
            budget: effort.budget,
            left: effort.positions,
        }
    }

    /// Takes one position from the allowance; `false` when none is left.
    fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }
}

/// The key of `moves` played in order from `position`, or `None` if one of
/// them cannot be applied there.
#[must_use]
pub fn action_key(position: &Multiverse, moves: &[Move]) -> Option<ActionKey> {
    let mut probe = position.clone();
    let mut nonbranching = Vec::new();
    let mut branching = Vec::new();
    for m in moves {
        if probe.is_branching(m) {
            branching.push(*m);
        } else {
            nonbranching.push(*m);
        }
        probe.apply(m)?;
    }
    // Through the crate's one shared sort: `sort()` here made the web page
    // carry another copy of the standard library's stable sort.
    crate::chess::order::sort_stable_by(&mut nonbranching, Ord::cmp);
    Some((nonbranching, branching))
}

/// The position after a whole action, with the opponent to move, from the
/// multiverse the search hands its visitor (the moves applied, the mover
/// still recorded as the side to move). A legal action always passes the
/// present to the opponent, so the side to move is the colour of the new
/// present.
#[must_use]
pub fn opponent_to_move(after: &Multiverse) -> Multiverse {
    let (lo, hi) = after.initial_timelines();
    // `with_initial_timelines` with the same range only sets the side to
    // move from the present.
    after.clone().with_initial_timelines(lo, hi)
}

/// The position after `moves` (one whole legal action) from `position`,
/// with the opponent to move; `None` if the moves are not a legal action.
#[must_use]
pub fn after_action(position: &Multiverse, moves: &[Move]) -> Option<Multiverse> {
    let mut game = super::Game::new(position.clone());
    for m in moves {
        game.play(*m).ok()?;
    }
    game.submit().ok()?;
    Some(game.committed())
}

/// Does the side to move stand checkmated? (`Known(false)` for stalemate,
/// softmate or a game that goes on.)
///
/// Checkmate needs check (a cheap test first) and no legal action (the
/// early-exit search that is `outcome`'s first step: any action found
/// settles it, without `outcome`'s softmate search); only a position with
/// neither is handed to [`search::outcome`], whose verdict decides.
fn is_checkmate(position: &Multiverse, work: &Work) -> Answer<bool> {
    if !position.in_check() {
        return Answer::Known(false);
    }
    match search::any_legal_action(position, work.budget) {
        Answer::Known(Some(_)) => return Answer::Known(false),
        Answer::Known(None) => {}
        Answer::Unknown => return Answer::Unknown,
    }
    match search::outcome(position, work.budget) {
        Answer::Known(o) => Answer::Known(o == Outcome::Checkmate),
        Answer::Unknown => Answer::Unknown,
    }
}

/// What [`each_action`] calls for every legal action.
type ActionVisitor<'a> = dyn FnMut(&[Move], Multiverse, &mut Work) -> ControlFlow<()> + 'a;

/// Visits every legal action of `position` as (moves, position after with
/// the opponent to move); `f` returns `Break` to stop. `Known(true)` when
/// all were visited, `Known(false)` when `f` stopped, `Unknown` when the
/// budget or the allowance ran out.
///
/// `f` is a trait object on purpose: the search is generic over its visitor,
/// so each closure type here would be a whole copy of the search in the
/// binary (the web page judges puzzle answers with these functions).
fn each_action(position: &Multiverse, work: &mut Work, f: &mut ActionVisitor<'_>) -> Answer<bool> {
    let budget = work.budget;
    let mut out_of_work = false;
    let r = search::for_each_legal_action(position, budget, |moves, after| {
        if !work.take() {
            out_of_work = true;
            return ControlFlow::Break(());
        }
        f(moves, opponent_to_move(after), work)
    });
    if out_of_work {
        return Answer::Unknown;
    }
    r
}

/// Collects the legal actions of `position` with the positions after them.
fn actions_of(position: &Multiverse, work: &mut Work) -> Answer<Vec<(Vec<Move>, Multiverse)>> {
    let mut out = Vec::new();
    match each_action(position, work, &mut |moves, after, _| {
        out.push((moves.to_vec(), after));
        ControlFlow::Continue(())
    }) {
        Answer::Known(_) => Answer::Known(out),
        Answer::Unknown => Answer::Unknown,
    }
}

/// Every first action of the side to move that checkmates at once, in the
/// search's order.
#[must_use]
pub fn mating_actions(position: &Multiverse, effort: Effort) -> Answer<Vec<Vec<Move>>> {
    let mut work = Work::new(effort);
    mating_actions_with(position, &mut work)
}

fn mating_actions_with(position: &Multiverse, work: &mut Work) -> Answer<Vec<Vec<Move>>> {
    let mut found = Vec::new();
    let mut unknown = false;
    let r = each_action(position, work, &mut |moves, after, work| {
        match is_checkmate(&after, work) {
            Answer::Known(true) => found.push(moves.to_vec()),
            Answer::Known(false) => {}
            Answer::Unknown => {
                unknown = true;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if unknown || r == Answer::Unknown {
        return Answer::Unknown;
    }
    Answer::Known(found)
}

/// Some action of the side to move that checkmates at once, or `None`.
fn some_mate(position: &Multiverse, work: &mut Work) -> Answer<Option<Vec<Move>>> {
    let mut found = None;
    let mut unknown = false;
    let r = each_action(
        position,
        work,
        &mut |moves, after, work| match is_checkmate(&after, work) {
            Answer::Known(true) => {
                found = Some(moves.to_vec());
                ControlFlow::Break(())
            }
            Answer::Known(false) => ControlFlow::Continue(()),
            Answer::Unknown => {
                unknown = true;
                ControlFlow::Break(())
            }
        },
    );
    if unknown {
        return Answer::Unknown;
    }
    match (r, found) {
        (_, Some(a)) => Answer::Known(Some(a)),
        (Answer::Known(_), None) => Answer::Known(None),
        (Answer::Unknown, None) => Answer::Unknown,
    }
}

/// Whether one first action forces mate with the mover's next action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forcing {
    /// Every defence has a mating answer (and at least one defence exists).
    Mates,
    /// It checkmates at once: a mate in 1, not in 2.
    MatesAtOnce,
    /// It stalemates the opponent.
    Stalemates,
    /// This defence has no mating answer.
    Refuted(Vec<Move>),
}

/// Does the action that led to `after` (opponent to move) force mate next
/// action?
fn forcing_after(after: &Multiverse, work: &mut Work) -> Answer<Forcing> {
    if !work.take() {
        return Answer::Unknown;
    }
    match search::any_legal_action(after, work.budget) {
        Answer::Unknown => return Answer::Unknown,
        Answer::Known(Some(_)) => {}
        Answer::Known(None) => {
            return match search::outcome(after, work.budget) {
                Answer::Unknown => Answer::Unknown,
                Answer::Known(Outcome::Checkmate) => Answer::Known(Forcing::MatesAtOnce),
                Answer::Known(Outcome::Stalemate) => Answer::Known(Forcing::Stalemates),
                // The two searches disagree: decide nothing.
                Answer::Known(Outcome::Ongoing { .. }) => Answer::Unknown,
            };
        }
    }
    let mut refutation = None;
    let mut unknown = false;
    let r = each_action(
        after,
        work,
        &mut |defence, pos2, work| match some_mate(&pos2, work) {
            Answer::Known(Some(_)) => ControlFlow::Continue(()),
            Answer::Known(None) => {
                refutation = Some(defence.to_vec());
                ControlFlow::Break(())
            }
            Answer::Unknown => {
                unknown = true;
                ControlFlow::Break(())
            }
        },
    );
    if unknown {
        return Answer::Unknown;
    }
    if let Some(d) = refutation {
        return Answer::Known(Forcing::Refuted(d));
    }
    match r {
        Answer::Known(_) => Answer::Known(Forcing::Mates),
        Answer::Unknown => Answer::Unknown,
    }
}

/// Does `first` (a legal action of the side to move in `position`) force
/// mate with the mover's next action? `None` inside `Known` if `first` is
/// not a legal action.
#[must_use]
pub fn forcing(position: &Multiverse, first: &[Move], effort: Effort) -> Answer<Option<Forcing>> {
    let Some(after) = after_action(position, first) else {
        return Answer::Known(None);
    };
    let mut work = Work::new(effort);
    match forcing_after(&after, &mut work) {
        Answer::Known(f) => Answer::Known(Some(f)),
        Answer::Unknown => Answer::Unknown,
    }
}

/// The mating answer to `defence`, played after `first`: `Known(None)` if
/// there is none (or the moves are not legal actions).
#[must_use]
pub fn mating_answer(
    position: &Multiverse,
    first: &[Move],
    defence: &[Move],
    effort: Effort,
) -> Answer<Option<Vec<Move>>> {
    let Some(after) = after_action(position, first) else {
        return Answer::Known(None);
    };
    let Some(pos2) = after_action(&after, defence) else {
        return Answer::Known(None);
    };
    some_mate(&pos2, &mut Work::new(effort))
}

/// What a position holds for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mate {
    /// These first actions checkmate at once (at least one).
    InOne(Vec<Vec<Move>>),
    /// No action mates at once; these first actions force mate with the
    /// mover's next action (at least one).
    InTwo(Vec<Vec<Move>>),
    /// Neither.
    None,
}

/// Classifies a position: every mate-in-1 action, or else every action that
/// forces mate in 2. With `in_two` false, a position without a mate in 1 is
/// [`Mate::None`] without looking further.
#[must_use]
pub fn classify(position: &Multiverse, effort: Effort, in_two: bool) -> Answer<Mate> {
    let mut work = Work::new(effort);
    let firsts = match actions_of(position, &mut work) {
        Answer::Known(a) => a,
        Answer::Unknown => return Answer::Unknown,
    };
    let mut ones = Vec::new();
    for (moves, after) in &firsts {
        match is_checkmate(after, &work) {
            Answer::Known(true) => ones.push(moves.clone()),
            Answer::Known(false) => {}
            Answer::Unknown => return Answer::Unknown,
        }
    }
    if !ones.is_empty() {
        return Answer::Known(Mate::InOne(ones));
    }
    if !in_two {
        return Answer::Known(Mate::None);
    }
    let mut twos = Vec::new();
    for (moves, after) in &firsts {
        match forcing_after(after, &mut work) {
            Answer::Known(Forcing::Mates) => twos.push(moves.clone()),
            Answer::Known(_) => {}
            Answer::Unknown => return Answer::Unknown,
        }
    }
    Answer::Known(if twos.is_empty() {
        Mate::None
    } else {
        Mate::InTwo(twos)
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::chess::{Color, Placement};
    use crate::fived::multiverse::InitialBoard;
    use crate::fived::{boards, Game};

    fn play(start: &Multiverse, actions: &[&[Move]]) -> Multiverse {
        let mut game = Game::new(start.clone());
        for a in actions {
            for m in *a {
                game.play(*m).unwrap();
            }
            game.submit().unwrap();
        }
        game.committed()
    }

    /// The legal action of `position` whose long texts are `texts`.
    fn find(position: &Multiverse, texts: &[&str]) -> Vec<Move> {
        let mut hit = None;
        let _ = search::for_each_legal_action(position, Budget::UNLIMITED, |moves, _| {
            let t: Vec<String> = moves.iter().map(|m| m.long_text(position.even())).collect();
            if t == texts {
                hit = Some(moves.to_vec());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        hit.unwrap_or_else(|| panic!("no action {texts:?}"))
    }

    fn texts(actions: &[Vec<Move>]) -> Vec<Vec<String>> {
        actions
            .iter()
            .map(|a| a.iter().map(|m| m.long_text(false)).collect())
            .collect()
    }

    /// One 8x8 board at T1, White to move: no past board to escape to.
    fn one_board(fen: &str) -> Multiverse {
        let board = InitialBoard {
            l: 0,
            turn: 1,
            to_move: Color::White,
            placement: Placement::from_fen(fen, 8, 8).unwrap(),
        };
        Multiverse::from_boards(8, 8, false, &[], &[board]).unwrap()
    }

    #[test]
    fn a_back_rank_mate_on_a_board_without_history_is_a_unique_mate_in_one() {
        let m = one_board("7k/6pp/8/8/8/2K5/8/R7");
        let Answer::Known(Mate::InOne(ones)) = classify(&m, Effort::DEFAULT, true) else {
            panic!("not a mate in 1");
        };
        assert_eq!(texts(&ones), [["(0T1)a1(0T1)a8"]]);
        assert_eq!(mating_actions(&m, Effort::DEFAULT), Answer::Known(ones));
    }

    #[test]
    fn two_rooks_give_two_mates_in_one() {
        let m = one_board("7k/6pp/8/8/8/2K5/8/RR6");
        let Answer::Known(Mate::InOne(ones)) = classify(&m, Effort::DEFAULT, false) else {
            panic!("not a mate in 1");
        };
        assert_eq!(texts(&ones), [["(0T1)a1(0T1)a8"], ["(0T1)b1(0T1)b8"]]);
    }

    /// Fool's mate is no mate in 5D: White escapes through time (softmate).
    #[test]
    fn fools_mate_is_only_a_softmate() {
        let mut m = Multiverse::from_variant(boards::standard()).unwrap();
        for t in ["(0T1)f2(0T1)f3", "(0T1)e7(0T1)e5", "(0T2)g2(0T2)g4"] {
            let a = find(&m, &[t]);
            m = play(&m, &[&a]);
        }
        assert_eq!(
            classify(&m, Effort::DEFAULT, false),
            Answer::Known(Mate::None)
        );
        let queen = find(&m, &["(0T2)d8(0T2)h4"]);
        let after = after_action(&m, &queen).unwrap();
        assert_eq!(after.to_move(), !m.to_move());
        assert_eq!(
            search::outcome(&after, Budget::UNLIMITED),
            Answer::Known(Outcome::Ongoing {
                in_check: true,
                softmate: true
            })
        );
    }

    #[test]
    fn an_exhausted_allowance_is_unknown() {
        let start = Multiverse::from_variant(boards::standard()).unwrap();
        assert_eq!(
            classify(&start, Effort::DEFAULT, false),
            Answer::Known(Mate::None)
        );
        let tiny = Effort {
            budget: Budget::nodes(1_000_000),
            positions: 5,
        };
        assert_eq!(classify(&start, tiny, false), Answer::Unknown);
    }

    #[test]
    fn action_keys_ignore_the_order_of_non_branching_moves() {
        let m = one_board("7k/6pp/8/8/8/2K5/8/RR6");
        let two =
            Multiverse::from_variant(boards::lookup("Standard - Two Timelines").unwrap()).unwrap();
        let a = find(&two, &["(-0T1)e2(-0T1)e4", "(+0T1)d2(+0T1)d4"]);
        let reversed: Vec<Move> = a.iter().rev().copied().collect();
        assert_ne!(a, reversed);
        assert_eq!(action_key(&two, &a), action_key(&two, &reversed));
        assert!(action_key(&m, &a).is_none());
    }
}
