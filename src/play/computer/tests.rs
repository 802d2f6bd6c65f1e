//! The computer opponent on the three 2D games: it always plays a legal
//! action (seeded self-play), takes a mate in one, and repeats itself for a
//! seed, whether it runs in one go or in slices.

use super::*;
use crate::games::branching::{Config, Game as BranchingGame};
use crate::games::chessgi::{ChessgiGame, ChessgiOptions};
use crate::games::time_traveling::TimeTravelingChess;
use crate::play::branching::BranchingSession;
use crate::play::chessgi::ChessgiSession;
use crate::play::time_traveling::TimeTravelingSession;
use crate::play::GameSession;

fn tt() -> TimeTravelingSession {
    TimeTravelingSession::new(TimeTravelingChess::standard(), "Time Traveling Chess")
}

fn chessgi() -> ChessgiSession {
    ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()))
}

fn branching(seed: u64) -> BranchingSession {
    BranchingSession::new(BranchingGame::new(Config::new(3, seed)).unwrap())
}

/// Plays up to `turns` actions chosen by the computer at levels picked by
/// the seed; every one must be among the legal actions and be accepted.
/// Returns the actions played.
fn self_play<S: GameSession>(mut game: S, turns: usize, seed: u64) -> usize {
    let mut played = 0;
    for turn in 0..turns {
        if game.ending().is_some() {
            break;
        }
        let level = if (seed + turn as u64).is_multiple_of(5) {
            Level::Casual
        } else {
            Level::Beginner
        };
        let legal = game.legal_actions();
        let choice = choose(&game, level, seed ^ turn as u64).expect("a game going on has actions");
        assert!(
            legal.contains(&choice.action),
            "turn {turn}: {:?} is not legal",
            choice.action
        );
        game.play(choice.action)
            .expect("a legal action is accepted");
        played += 1;
    }
    played
}

#[test]
fn it_plays_only_legal_actions_in_each_game() {
    let mut total = [0usize; 3];
    for seed in 0..3u64 {
        total[0] += self_play(tt(), 24, seed);
        total[1] += self_play(chessgi(), 24, seed);
        total[2] += self_play(branching(seed), 24, seed);
    }
    // Every game got past its opening (none ended at once).
    assert!(total.iter().all(|&n| n >= 30), "{total:?}");
}

/// The actions of `game` that end it at once with `winner` winning.
fn winning_actions<S: GameSession>(game: &S) -> Vec<S::Action> {
    let winner = game.to_move();
    game.legal_actions()
        .into_iter()
        .filter(|a| {
            let mut g = game.clone();
            g.play(a.clone()).is_ok() && g.ending().is_some_and(|e| e.winner == Some(winner))
        })
        .collect()
}

/// Every level takes the mate in one of `game` (which has one, and other
/// actions that are not).
fn takes_the_mate<S: GameSession>(game: &S) {
    let wins = winning_actions(game);
    assert!(!wins.is_empty(), "the position has a mate in one");
    assert!(wins.len() < game.legal_actions().len());
    for level in Level::ALL {
        for seed in 0..4 {
            let c = choose(game, level, seed).unwrap();
            assert!(wins.contains(&c.action), "{level:?} missed the mate: {c:?}");
            assert_eq!(c.score, MATE - 1);
        }
    }
}

/// Black to move; its king steps off the first rank and uncovers the rook
/// on a1: mate. A king move cannot be upgraded, so even Time Traveling
/// Chess ends there (nobody can change the past).
const DISCOVERED_MATE: &str = "8/8/8/8/8/8/6PP/r1k4K b - - 0 1";

#[test]
fn it_takes_a_mate_in_one_in_time_traveling_chess() {
    let game = TimeTravelingChess::from_fen(DISCOVERED_MATE).unwrap();
    takes_the_mate(&TimeTravelingSession::new(game, "custom"));
}

#[test]
fn it_takes_a_mate_in_one_in_chessgi() {
    // 1. f3 e5 2. g4: Qh4 is mate (no piece in hand to drop in between).
    let mut game = chessgi();
    for uci in ["f2f3", "e7e5", "g2g4"] {
        let mv = game.game().current_node().position().uci_move(uci).unwrap();
        game.play(crate::games::chessgi::ChessgiAction::Move(mv))
            .unwrap();
    }
    takes_the_mate(&game);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let play = |seed: u64| {
        let mut game = chessgi();
        let mut actions = Vec::new();
        for _ in 0..8 {
            let c = choose(&game, Level::Beginner, seed).unwrap();
            actions.push(c.action);
            game.play(c.action).unwrap();
        }
        actions
    };
    assert_eq!(play(11), play(11));
    // The noise differs with the seed: some seed plays another game.
    assert!((12..20).any(|s| play(s) != play(11)));
}

#[test]
fn a_search_in_slices_answers_as_one_in_a_go() {
    let mut game = tt();
    for _ in 0..4 {
        let whole = choose(&game, Level::Casual, 3).unwrap();
        let mut search = Search::new(&game, Level::Casual, 3);
        let mut slices = 0;
        let sliced = loop {
            slices += 1;
            if let Some(c) = search.step(7) {
                break c;
            }
        };
        assert!(slices > 3);
        assert_eq!(sliced, whole);
        game.play(whole.action).unwrap();
    }
}

#[test]
fn the_strong_level_keeps_to_its_node_limit_and_sees_deeper() {
    let game = chessgi();
    let strong = choose(&game, Level::Strong, 1).unwrap();
    assert!(strong.nodes <= Level::Strong.nodes());
    assert!(strong.depth >= 2, "{strong:?}");
    let beginner = choose(&game, Level::Beginner, 1).unwrap();
    assert_eq!(beginner.depth, 1);
}

#[test]
fn the_computer_is_saved_and_read_back() {
    let c = Computer {
        color: crate::chess::Color::Black,
        level: Level::Casual,
        seed: 42,
    };
    let saved = c.saved();
    assert_eq!(saved["level"], 2);
    assert_eq!(Computer::of_saved(Some(&saved)), Some(c));
    assert_eq!(Computer::of_saved(None), None);
    let mut bad = saved.clone();
    bad["level"] = 9.into();
    assert_eq!(Computer::of_saved(Some(&bad)), None);
    assert_eq!(c.name(), "Computer (level 2)");
}

#[test]
fn a_takeback_takes_back_the_human_turn_and_the_answer() {
    let computer = Computer {
        color: crate::chess::Color::Black,
        level: Level::Beginner,
        seed: 1,
    };
    let mut game = chessgi();
    let first = game.legal_actions()[0];
    game.play(first).unwrap();
    let answer = computer.search(&game).run().unwrap();
    game.play(answer.action).unwrap();
    assert_eq!(game.turns_played(), 2);
    assert!(computer.take_back_pair(&mut game));
    assert_eq!(game.turns_played(), 0);
    assert!(!computer.take_back_pair(&mut game));
    // A game without takeback (Time Traveling Chess) refuses, unchanged.
    let mut tt = tt();
    let a = tt.legal_actions()[0];
    tt.play(a).unwrap();
    assert!(!computer.take_back_pair(&mut tt));
    assert_eq!(tt.turns_played(), 1);
}

/// A made-up game to pin the search's handling of a side that acts twice
/// in a row (as in Multiverse Time Travel Chess, one action per branch):
/// White first picks a line, then acts again in it. Line A ends with Black
/// to choose between its own win and White's; line B ends drawn at once.
/// White must see Black's answer through its own second action and take B.
mod two_actions {
    use super::*;
    use crate::chess::Color;
    use crate::play::{Effect, Ending, Input, RecordError, Refusal, Scene, Step};
    use crate::storage::GameKind;

    #[derive(Debug, Clone, Default)]
    pub(super) struct Lines(pub(super) String);

    impl GameSession for Lines {
        type Action = char;
        const KIND: GameKind = GameKind::Chessgi;
        fn variant(&self) -> String {
            String::new()
        }
        fn payload(&self) -> serde_json::Value {
            self.0.clone().into()
        }
        fn from_payload(_: &str, _: &serde_json::Value) -> Result<Self, RecordError> {
            Ok(Lines::default())
        }
        fn export_text(&self) -> String {
            self.0.clone()
        }
        fn import_text(text: &str) -> Result<Self, RecordError> {
            Ok(Lines(text.to_string()))
        }
        fn to_move(&self) -> Color {
            if self.0.len() == 2 {
                Color::Black
            } else {
                Color::White
            }
        }
        fn ending(&self) -> Option<Ending> {
            match self.0.as_str() {
                "Bb" => Some(Ending::draw("agreed")),
                "Aax" => Some(Ending::win(Color::Black, "x")),
                "Aay" => Some(Ending::win(Color::White, "y")),
                _ => None,
            }
        }
        fn turns_played(&self) -> usize {
            self.0.len()
        }
        fn legal_actions(&self) -> Vec<char> {
            match self.0.as_str() {
                "" => vec!['A', 'B'],
                "A" => vec!['a'],
                "B" => vec!['b'],
                "Aa" => vec!['y', 'x'],
                _ => Vec::new(),
            }
        }
        fn play(&mut self, action: char) -> Result<Step, Refusal> {
            if !self.legal_actions().contains(&action) {
                return Err(Refusal("not legal".into()));
            }
            self.0.push(action);
            Ok(if self.0.len() == 1 {
                Step::Staged
            } else {
                Step::TurnEnded
            })
        }
        fn resign(&mut self, _: Color) -> Result<(), Refusal> {
            Err(Refusal("no".into()))
        }
        fn end_on_time(&mut self, _: Color, _: bool) -> Result<(), Refusal> {
            Err(Refusal("no".into()))
        }
        /// White is "up" in line A until Black answers: a search that
        /// stops at White's second action, or that negates it, takes A.
        fn evaluation(&self) -> i32 {
            let white = if self.0.starts_with('A') { 500 } else { 0 };
            if self.to_move() == Color::White {
                white
            } else {
                -white
            }
        }
        fn scene(&self) -> Scene {
            Scene {
                boards: Vec::new(),
                arrows: Vec::new(),
                orientation: Color::White,
            }
        }
        fn input(&mut self, _: Input) -> Effect {
            Effect::Ignored
        }
    }

    #[test]
    fn a_side_acting_twice_keeps_its_sign_and_sees_the_answer() {
        let c = choose(&Lines::default(), Level::Strong, 0).unwrap();
        assert_eq!(c.action, 'B', "{c:?}");
        assert_eq!(c.score, 0);
        // One action deep, it sees only White's lead in A.
        assert_eq!(
            choose(&Lines::default(), Level::Casual, 0).unwrap().action,
            'A'
        );
        // Black, to answer in A, takes its win.
        let c = choose(&Lines("Aa".into()), Level::Beginner, 0).unwrap();
        assert_eq!((c.action, c.score), ('x', MATE - 1));
    }
}
