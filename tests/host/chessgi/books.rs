//! Random legal play of Time Travel Chessgi never loses a piece from the books, and a
//! saved game loads back identical.
//!
//! The books, per action: every piece a player owns is on the board, in the reserve or
//! in transit. A move, drop, arrival or special travel keeps each side's pieces except
//! that a capture moves one piece, same kind, from the victim to the captor (the
//! colour rule of Chessgi, B.1), a promotion turns a pawn into its new kind, and a
//! forfeited due piece leaves the game (B.6.10). A general travel starts from the
//! destination's board with the traveller's current pocket and the opponent's pocket as
//! the options say (B.3.5, B.6.1); the move made there then follows the same rule.

use chronochess::chess::{Color, PieceKind, Position};
use chronochess::games::chessgi::{
    ChessgiAction, ChessgiGame, ChessgiOptions, Pocket, PocketCarry, ReturnSchedule, TimeNode,
};
use proptest::prelude::*;

fn board_of(position: &Position, color: Color) -> Vec<PieceKind> {
    position
        .pieces()
        .filter(|(_, p)| p.color == color)
        .map(|(_, p)| p.kind)
        .collect()
}

fn pocket_of(pocket: &Pocket) -> Vec<PieceKind> {
    pocket
        .reserve()
        .iter()
        .copied()
        .chain(pocket.transit().iter().map(|t| t.kind))
        .collect()
}

fn take(list: &mut Vec<PieceKind>, kind: PieceKind) {
    let i = list
        .iter()
        .position(|&k| k == kind)
        .unwrap_or_else(|| panic!("the books have no {kind} to take"));
    list.remove(i);
}

/// What each side should own after `action`, played by `us` from node `before`.
fn expected_books(game: &ChessgiGame, before: &TimeNode, after: &TimeNode) -> [Vec<PieceKind>; 2] {
    let played = after.played().unwrap();
    let us = played.mover;
    let them = !us;
    let mut books = match played.action {
        ChessgiAction::GeneralTravel { node, .. } => {
            let there = game.node(node).unwrap();
            let theirs = match game.options().carry {
                PocketCarry::TravellerOnly => there.pocket(them),
                PocketCarry::BothPlayers => before.pocket(them),
            };
            let mut books = [Vec::new(), Vec::new()];
            books[us.index()] = board_of(there.position(), us);
            books[us.index()].extend(pocket_of(before.pocket(us)));
            books[them.index()] = board_of(there.position(), them);
            books[them.index()].extend(pocket_of(theirs));
            books
        }
        _ => [before.holdings(Color::White), before.holdings(Color::Black)],
    };
    if let Some(kind) = played.captured {
        take(&mut books[them.index()], kind);
        books[us.index()].push(kind);
    }
    let promotion = match played.action {
        ChessgiAction::Move(mv) | ChessgiAction::GeneralTravel { then: mv, .. } => mv.promotion(),
        _ => None,
    };
    if let Some(kind) = promotion {
        take(&mut books[us.index()], PieceKind::Pawn);
        books[us.index()].push(kind);
    }
    if let Some(kind) = played.lost {
        take(&mut books[us.index()], kind);
    }
    for side in &mut books {
        side.sort();
    }
    books
}

/// Picks an action with `choice`: first a kind (board action, special travel, general
/// travel) among those available, then one of that kind. `None` when nothing is legal.
fn pick(game: &ChessgiGame, choice: u64) -> Option<ChessgiAction> {
    let board = game.board_actions();
    let specials: Vec<ChessgiAction> = game
        .special_travel_pieces()
        .into_iter()
        .flat_map(|(from, window)| {
            window
                .moves_up_to(game.return_clock(game.side_to_move()) + 4)
                .map(move |due_move| ChessgiAction::SpecialTravel { from, due_move })
                .collect::<Vec<_>>()
        })
        .collect();
    let destinations: Vec<_> = game
        .travel_destinations()
        .unwrap_or_default()
        .into_iter()
        .filter(|&id| game.moves_after_travel(id).is_ok_and(|m| !m.is_empty()))
        .collect();
    let mut kinds = Vec::new();
    if !board.is_empty() {
        kinds.push(0);
    }
    if !specials.is_empty() {
        kinds.push(1);
    }
    if !destinations.is_empty() {
        kinds.push(2);
    }
    if kinds.is_empty() {
        return None;
    }
    let kind = kinds[(choice % kinds.len() as u64) as usize];
    let rest = choice / 3;
    Some(match kind {
        0 => board[(rest % board.len() as u64) as usize],
        1 => specials[(rest % specials.len() as u64) as usize],
        _ => {
            let node = destinations[(rest % destinations.len() as u64) as usize];
            let moves = game.moves_after_travel(node).unwrap();
            let then = moves[((rest / 97) % moves.len() as u64) as usize];
            ChessgiAction::GeneralTravel { node, then }
        }
    })
}

fn options() -> impl Strategy<Value = ChessgiOptions> {
    (
        prop::option::of(0u32..6),
        prop::option::of(1u32..6),
        0u32..3,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(capacity, max_delay, cooldown, both, own_turns)| ChessgiOptions {
                pocket_capacity: capacity,
                max_delay,
                cooldown,
                carry: if both {
                    PocketCarry::BothPlayers
                } else {
                    PocketCarry::TravellerOnly
                },
                schedule: if own_turns {
                    ReturnSchedule::OwnTurns
                } else {
                    ReturnSchedule::MoveNumber
                },
                ..ChessgiOptions::default()
            },
        )
}

/// Starting setups: the standard one, and sparse ones with full reserves where drops,
/// king travel and mates come quickly.
const STARTS: [(&str, &str, &str); 3] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "",
        "",
    ),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "PPNQR", "PPBQR"),
    ("r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1", "QQ", "QQ"),
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_the_books_and_saves_identically(
        options in options(),
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u64>(), 1..160),
    ) {
        let (fen, white, black) = STARTS[start];
        let mut game = ChessgiGame::from_setup(options, fen, white, black).unwrap();
        for choice in choices {
            if game.outcome().is_some() {
                break;
            }
            let Some(action) = pick(&game, choice) else {
                panic!("no legal action but no outcome either: {:?}", game.position().to_fen());
            };
            prop_assert_eq!(game.check(action), Ok(()));
            let before = game.current_node().clone();
            game.play(action).unwrap();
            let after = game.current_node();
            // The tree: a travel grows from its destination, anything else from `before`.
            let parent = game.node(after.parent().unwrap()).unwrap();
            prop_assert_eq!(after.ply(), parent.ply() + 1);
            if !matches!(action, ChessgiAction::GeneralTravel { .. }) {
                prop_assert_eq!(parent, &before);
            }
            let expected = expected_books(&game, &before, after);
            prop_assert_eq!(
                &after.holdings(Color::White), &expected[0], "White's books after {}", action
            );
            prop_assert_eq!(
                &after.holdings(Color::Black), &expected[1], "Black's books after {}", action
            );
            // Each side keeps exactly one king, on the board or in transit.
            for color in Color::ALL {
                let kings = after.holdings(color).iter().filter(|&&k| k == PieceKind::King).count();
                prop_assert_eq!(kings, 1, "{} kings after {}", color.name(), action);
            }
        }
        let loaded = ChessgiGame::from_json(&game.to_json()).unwrap();
        prop_assert_eq!(loaded, game);
    }
}
