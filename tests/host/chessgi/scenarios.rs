//! The test scenarios of `shared/rules/seed-variants.md` B.7 (Time Travel Chessgi),
//! one test per scenario item (the save record is in `record.rs`).

use super::{drop, gtt, play_sans, reserve, san, setup, stt};
use crate::support::sq;
use chronochess::chess::{Color, IllegalMove, Move2d, PieceKind};
use chronochess::games::chessgi::{
    ChessgiAction, ChessgiError, ChessgiGame, ChessgiOptions, NodeId, Outcome, ReturnSchedule,
};

// ---- B.7.1 Chessgi drops ------------------------------------------------------------

#[test]
fn b7_1_white_pawn_drops_on_first_rank_not_last() {
    let game = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "PQ", "P");
    for ok in [
        drop(PieceKind::Pawn, "a1"),
        drop(PieceKind::Pawn, "a2"),
        drop(PieceKind::Queen, "d8"),
    ] {
        assert_eq!(game.check(ok), Ok(()), "{ok}");
    }
    assert_eq!(
        game.check(drop(PieceKind::Pawn, "a8")),
        Err(ChessgiError::Illegal(IllegalMove::PawnDropOnLastRank))
    );
    assert_eq!(
        game.check(drop(PieceKind::Rook, "a3")),
        Err(ChessgiError::NotInReserve(PieceKind::Rook))
    );
    // The drop leaves the reserve.
    let mut after = game.clone();
    after.play(drop(PieceKind::Pawn, "a1")).unwrap();
    assert_eq!(reserve(&after, Color::White), "Q");
}

#[test]
fn b7_1_black_pawn_drops_on_its_first_rank_not_its_last() {
    let game = setup("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "PQ", "P");
    assert_eq!(game.check(drop(PieceKind::Pawn, "h8")), Ok(()));
    assert_eq!(
        game.check(drop(PieceKind::Pawn, "h1")),
        Err(ChessgiError::Illegal(IllegalMove::PawnDropOnLastRank))
    );
}

// ---- B.7.2 Promoted piece keeps its rank; pawns on the first rank ---------------------

#[test]
fn b7_2_captured_promoted_queen_stays_a_queen() {
    let mut game = setup("2k5/1P6/8/8/8/8/8/4K3 w - - 0 1", "", "");
    play_sans(&mut game, "b8=Q+ Kxb8");
    assert_eq!(reserve(&game, Color::Black), "Q");
    let played = game.current_node().played().unwrap();
    assert_eq!(played.captured, Some(PieceKind::Queen));
}

#[test]
fn b7_2_pawn_on_first_rank_steps_one_and_double_steps_from_second() {
    let mut game = setup("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "", "");
    let mv = |g: &ChessgiGame, uci: &str| ChessgiAction::Move(g.position().uci_move(uci).unwrap());
    assert_eq!(
        game.check(mv(&game, "a1a3")),
        Err(ChessgiError::Illegal(IllegalMove::NotAPieceMove))
    );
    game.play(mv(&game, "a1a2")).unwrap();
    game.play(mv(&game, "e8d8")).unwrap();
    assert_eq!(game.check(mv(&game, "a2a4")), Ok(()));
    // A pawn dropped on the second rank double-steps too (B.6.14).
    let mut dropped = setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "P", "");
    dropped.play(drop(PieceKind::Pawn, "b2")).unwrap();
    dropped.play(mv(&dropped, "e8d8")).unwrap();
    assert_eq!(dropped.check(mv(&dropped, "b2b4")), Ok(()));
}

// ---- B.7.3 General time travel ----------------------------------------------------------

const B73_LINE: &str = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 c6 6. Bc4 Bf5";

fn b73_game() -> ChessgiGame {
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, B73_LINE);
    game
}

#[test]
fn b7_3_no_forward_travel_before_a_backward_one() {
    let game = b73_game();
    assert_eq!(game.current_node().ply(), 12);
    assert_eq!(reserve(&game, Color::White), "P");
    assert_eq!(reserve(&game, Color::Black), "P");
    let destinations = game.travel_destinations().unwrap();
    assert!(!destinations.is_empty());
    for id in destinations {
        assert!(game.node(id).unwrap().ply() < 12, "{id} lies in the future");
    }
}

#[test]
fn b7_3_travel_brings_only_the_travellers_pocket_then_forward_travel() {
    let mut game = b73_game();
    // White's 7th turn: back to node t=2 (after 1...d5), then exd5 again.
    let back = gtt(&game, 2, "e4d5");
    game.play(back).unwrap();
    let node = game.current_node();
    assert_eq!(node.ply(), 3);
    assert_eq!(node.parent(), Some(NodeId(2)));
    assert_eq!(
        node.position().to_fen(),
        game.node(NodeId(3)).unwrap().position().to_fen()
    );
    assert_eq!(reserve(&game, Color::White), "PP");
    assert_eq!(reserve(&game, Color::Black), "");
    assert_eq!(game.side_to_move(), Color::Black);

    play_sans(&mut game, "Qxd5");
    assert_eq!(reserve(&game, Color::Black), "P");
    // White may not travel on its next two turns.
    assert_eq!(
        game.check(stt("a2", 20)),
        Err(ChessgiError::Cooldown { needed: 2, made: 0 })
    );
    play_sans(&mut game, "Nc3");
    // Black, after one non-travel action, may not travel yet.
    let forward = gtt(&game, 9, "c7c6");
    assert_eq!(
        game.check(forward),
        Err(ChessgiError::Cooldown { needed: 2, made: 1 })
    );
    play_sans(&mut game, "Qa5");
    assert_eq!(
        game.check(stt("a2", 20)),
        Err(ChessgiError::Cooldown { needed: 2, made: 1 })
    );
    play_sans(&mut game, "d4");
    assert_eq!(game.current_node().ply(), 7);
    assert_eq!(game.since_travel(Color::Black), Some(2));

    // Forward into the abandoned line: node t=9 (after 5.Nf3), then c6.
    let forward = gtt(&game, 9, "c7c6");
    game.play(forward).unwrap();
    let node = game.current_node();
    assert_eq!(node.ply(), 10);
    assert_eq!(
        node.position().to_fen(),
        game.node(NodeId(10)).unwrap().position().to_fen(),
        "the old line's board at t=9 with c6 added"
    );
    assert_eq!(reserve(&game, Color::Black), "P", "carried");
    assert_eq!(
        reserve(&game, Color::White),
        "P",
        "restored from the snapshot"
    );
}

#[test]
fn b7_3_no_general_travel_with_an_empty_pocket() {
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, "1. e4 d5 2. Nc3 Nf6");
    assert_eq!(
        game.check(gtt(&game, 0, "d2d4")),
        Err(ChessgiError::EmptyPocket)
    );
    assert_eq!(game.travel_destinations(), Err(ChessgiError::EmptyPocket));
    // Special travel needs no pocket (rule 2).
    assert_eq!(game.check(stt("f1", 5)), Ok(()));
}

#[test]
fn b7_3_no_travel_in_check() {
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+");
    assert!(game.position().is_check());
    assert_eq!(reserve(&game, Color::White), "P");
    assert_eq!(
        game.check(gtt(&game, 0, "d2d4")),
        Err(ChessgiError::InCheck)
    );
    assert_eq!(game.check(stt("a2", 6)), Err(ChessgiError::InCheck));
}

#[test]
fn b7_3_destination_rules() {
    let game = b73_game();
    assert_eq!(
        game.check(gtt(&game, 12, "a2a3")),
        Err(ChessgiError::AlreadyThere)
    );
    let black_to_move = ChessgiAction::GeneralTravel {
        node: NodeId(1),
        then: Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("a3"),
        },
    };
    assert_eq!(
        game.check(black_to_move),
        Err(ChessgiError::NotYourTurnThere(NodeId(1)))
    );
    let nowhere = ChessgiAction::GeneralTravel {
        node: NodeId(99),
        then: Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("a3"),
        },
    };
    assert_eq!(
        game.check(nowhere),
        Err(ChessgiError::UnknownNode(NodeId(99)))
    );
    // The move made there must be legal there.
    assert!(matches!(
        game.check(gtt(&game, 0, "e2e5")),
        Err(ChessgiError::Illegal(_))
    ));
    // A reserve drop after travel is fine.
    let drop_there = ChessgiAction::GeneralTravel {
        node: NodeId(0),
        then: Move2d::Drop {
            kind: PieceKind::Pawn,
            to: sq("e4"),
        },
    };
    assert_eq!(game.check(drop_there), Ok(()));
}

// ---- B.7.4 Special time travel of a bishop ----------------------------------------------

pub(super) fn b74_game(due_move: u32) -> ChessgiGame {
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, "1. e4 e5 2. Nf3 Nc6");
    game.play(stt("f1", due_move)).unwrap();
    game
}

#[test]
fn b7_4a_due_bishop_is_placed() {
    let mut game = b74_game(5);
    assert_eq!(game.position().piece_at(sq("f1")), None);
    assert_eq!(game.pocket(Color::White).transit().len(), 1);
    play_sans(&mut game, "d6 4. d4 Bg4");
    assert_eq!(game.move_number(), 5);
    let due = game.due().unwrap();
    assert_eq!((due.kind, due.due_move), (PieceKind::Bishop, 5));
    game.play(ChessgiAction::Arrive { to: sq("b5") }).unwrap();
    let bishop = game.position().piece_at(sq("b5")).unwrap();
    assert_eq!(
        (bishop.color, bishop.kind),
        (Color::White, PieceKind::Bishop)
    );
    assert!(game.pocket(Color::White).transit().is_empty());
    // An arrival is not a travel: it counts towards the cooldown.
    assert_eq!(game.since_travel(Color::White), Some(2));
}

#[test]
fn b7_4b_bishop_lost_when_not_placed() {
    let mut game = b74_game(5);
    play_sans(&mut game, "d6 4. d4 Bg4");
    let before = game.current_node().holdings(Color::White).len();
    play_sans(&mut game, "O-O");
    let played = game.current_node().played().unwrap();
    assert_eq!(played.lost, Some(PieceKind::Bishop));
    assert!(game.pocket(Color::White).transit().is_empty());
    assert_eq!(game.current_node().holdings(Color::White).len(), before - 1);
    assert_eq!(
        game.pocket(Color::Black).reserve(),
        &[] as &[PieceKind],
        "a lost piece does not go to the opponent"
    );
}

#[test]
fn b7_4_arrival_only_when_due() {
    let mut game = b74_game(5);
    play_sans(&mut game, "d6");
    assert_eq!(
        game.check(ChessgiAction::Arrive { to: sq("b5") }),
        Err(ChessgiError::NothingDue)
    );
}

#[test]
fn b7_4_full_pocket_blocks_special_travel() {
    let options = ChessgiOptions {
        pocket_capacity: Some(0),
        ..ChessgiOptions::default()
    };
    let mut game = ChessgiGame::new(options);
    play_sans(&mut game, "1. e4 e5 2. Nf3 Nc6");
    assert_eq!(
        game.check(stt("f1", 5)),
        Err(ChessgiError::PocketFull { capacity: 0 })
    );
    // Capacity = |pocket| after a capture.
    let options = ChessgiOptions {
        pocket_capacity: Some(1),
        ..ChessgiOptions::default()
    };
    let mut game = ChessgiGame::new(options);
    play_sans(&mut game, "1. e4 d5 2. exd5 Nf6");
    assert_eq!(game.pocket(Color::White).len(), 1);
    assert_eq!(
        game.check(stt("f1", 5)),
        Err(ChessgiError::PocketFull { capacity: 1 })
    );
    // General travel is still allowed with a full pocket (rule 5).
    assert_eq!(game.check(gtt(&game, 0, "d2d4")), Ok(()));
}

#[test]
fn b7_4_pinned_piece_may_not_travel() {
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, "1. d4 e6 2. Nd2 Bb4");
    assert_eq!(game.check(stt("d2", 5)), Err(ChessgiError::ExposesKing));
    assert_eq!(game.check(stt("g1", 5)), Ok(()));
    assert_eq!(
        game.check(stt("e6", 5)),
        Err(ChessgiError::NotYourPiece(sq("e6")))
    );
    assert_eq!(
        game.check(stt("e4", 5)),
        Err(ChessgiError::NoPieceThere(sq("e4")))
    );
    assert_eq!(
        game.check(stt("g1", 3)),
        Err(ChessgiError::ReturnNotInFuture {
            due_move: 3,
            now: 3
        })
    );
}

#[test]
fn b7_4_no_two_returns_on_one_move() {
    let mut game = b74_game(10);
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    assert_eq!(game.travel_wait(Color::White), 0);
    assert_eq!(
        game.check(stt("f3", 10)),
        Err(ChessgiError::ReturnTaken(10))
    );
    assert_eq!(game.check(stt("f3", 11)), Ok(()));
}

#[test]
fn b7_4c_schedule_survives_a_backward_general_travel() {
    let mut game = b74_game(8);
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    assert_eq!(game.move_number(), 6);
    // Node 4 is t=4, after 2...Nc6: the bishop's old self stands on f1.
    let node4 = game.node(NodeId(4)).unwrap();
    assert_eq!(node4.ply(), 4);
    assert_eq!(
        node4.position().piece_at(sq("f1")).map(|p| p.kind),
        Some(PieceKind::Bishop)
    );
    game.play(gtt(&game, 4, "f1c4")).unwrap();
    assert_eq!(
        game.position().piece_at(sq("c4")).map(|p| p.kind),
        Some(PieceKind::Bishop)
    );
    let transit = game.pocket(Color::White).transit();
    assert_eq!(transit.len(), 1);
    assert_eq!(
        (transit[0].kind, transit[0].due_move),
        (PieceKind::Bishop, 8)
    );
    assert_eq!(
        game.pocket(Color::Black),
        game.node(NodeId(4)).unwrap().pocket(Color::Black)
    );
    // Five White turns later (moves 4..8), not two.
    let mut white_turns = 0;
    for (black, white) in [
        ("d6", "a3"),
        ("Nf6", "b3"),
        ("Be7", "c3"),
        ("O-O", "h3"),
        ("a6", ""),
    ] {
        play_sans(&mut game, black);
        if game.due().is_some() {
            break;
        }
        white_turns += 1;
        play_sans(&mut game, white);
    }
    assert_eq!(
        white_turns, 4,
        "due on the fifth White turn after the travel"
    );
    assert_eq!(game.move_number(), 8);
    assert_eq!(game.due().map(|t| t.kind), Some(PieceKind::Bishop));
    // The duplicate may coexist with its old self.
    game.play(ChessgiAction::Arrive { to: sq("e2") }).unwrap();
    let bishops = game
        .position()
        .pieces()
        .filter(|(_, p)| p.color == Color::White && p.kind == PieceKind::Bishop)
        .count();
    assert_eq!(bishops, 3);
}

#[test]
fn overdue_entries_arrive_one_per_turn_after_forward_travel() {
    let options = ChessgiOptions {
        cooldown: 0,
        ..ChessgiOptions::default()
    };
    let mut game = ChessgiGame::new(options);
    play_sans(
        &mut game,
        "1. e4 d5 2. exd5 Nf6 3. Nc3 Nxd5 4. Nxd5 Qxd5 5. a3 a6 6. b3 b6 7. c3 c6",
    );
    assert_eq!(reserve(&game, Color::White), "PN");
    // Back to the start, then send the bishop to move 6 and the queen to move 5.
    game.play(gtt(&game, 0, "e2e4")).unwrap();
    play_sans(&mut game, "e5");
    game.play(stt("f1", 6)).unwrap();
    play_sans(&mut game, "Nc6");
    game.play(stt("d1", 5)).unwrap();
    play_sans(&mut game, "Nf6");
    assert_eq!(game.move_number(), 4);
    assert_eq!(game.due(), None);
    // Forward to node 12 (t=12, White's move 7): both entries are now overdue.
    let node12 = game.node(NodeId(12)).unwrap();
    assert!(
        node12.ply() > game.current_node().ply(),
        "node 12 lies in the future"
    );
    game.play(gtt(&game, 12, "c2c3")).unwrap();
    assert_eq!(game.pocket(Color::White).transit().len(), 2, "nothing lost");
    play_sans(&mut game, "c6");
    assert_eq!(game.move_number(), 8);
    let due = game.due().unwrap();
    assert_eq!(
        (due.kind, due.due_move),
        (PieceKind::Queen, 5),
        "earliest first"
    );
    game.play(ChessgiAction::Arrive { to: sq("e2") }).unwrap();
    assert_eq!(
        game.pocket(Color::White).transit().len(),
        1,
        "the bishop waits"
    );
    play_sans(&mut game, "h6");
    let due = game.due().unwrap();
    assert_eq!((due.kind, due.due_move), (PieceKind::Bishop, 6));
    game.play(ChessgiAction::Arrive { to: sq("d3") }).unwrap();
    assert!(game.pocket(Color::White).transit().is_empty());
}

// ---- B.7.5 King special travel ------------------------------------------------------------

const B75_FEN: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

#[test]
fn b7_5_king_travels_at_most_five_moves() {
    let game = setup(B75_FEN, "", "");
    assert_eq!(game.check(stt("e1", 4)), Ok(()));
    assert_eq!(game.check(stt("e1", 6)), Ok(()));
    assert_eq!(
        game.check(stt("e1", 7)),
        Err(ChessgiError::ReturnTooFar {
            due_move: 7,
            latest: 6
        })
    );
}

#[test]
fn b7_5_king_away_then_must_return_to_a_safe_square() {
    let mut game = setup(B75_FEN, "", "");
    game.play(stt("e1", 4)).unwrap();
    assert_eq!(game.position().king_square(Color::White), None);
    play_sans(&mut game, "Kd7");
    assert!(!game.position().is_check());
    assert_eq!(
        game.check(gtt(&game, 0, "e2e3")),
        Err(ChessgiError::KingAway)
    );
    play_sans(&mut game, "2. e3 Kd6 3. e4 Kc5");
    assert_eq!(game.move_number(), 4);
    assert_eq!(game.due().map(|t| t.kind), Some(PieceKind::King));
    assert_eq!(
        game.check(san(&game, "e5")),
        Err(ChessgiError::KingMustReturn)
    );
    assert_eq!(game.check(stt("e4", 6)), Err(ChessgiError::KingMustReturn));
    assert_eq!(
        game.check(ChessgiAction::Arrive { to: sq("b4") }),
        Err(ChessgiError::Illegal(IllegalMove::LeavesKingInCheck))
    );
    assert!(game
        .board_actions()
        .iter()
        .all(|a| matches!(a, ChessgiAction::Arrive { .. })));
    game.play(ChessgiAction::Arrive { to: sq("h1") }).unwrap();
    assert_eq!(game.position().king_square(Color::White), Some(sq("h1")));
    assert_eq!(game.outcome(), None);
}

#[test]
fn b7_5_king_that_cannot_return_safely_loses() {
    // Black queens on h2..h7 cover every empty square but a1, where White's king stands.
    let mut game = setup("k7/7q/7q/7q/7q/7q/7q/K7 w - - 0 1", "", "Q");
    assert_eq!(
        game.outcome(),
        None,
        "the king's travel is White's only action"
    );
    assert!(game.board_actions().is_empty());
    game.play(stt("a1", 2)).unwrap();
    game.play(drop(PieceKind::Queen, "c3")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::KingLostInTime {
            winner: Color::Black
        })
    );
    assert!(matches!(
        game.check(ChessgiAction::Arrive { to: sq("b1") }),
        Err(ChessgiError::GameOver(_))
    ));
}

// ---- End of game ----------------------------------------------------------------------

#[test]
fn checkmate_needs_no_parrying_drop() {
    // Fool's mate: White has nothing to drop, so it is mate.
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    play_sans(&mut game, "1. f3 e5 2. g4 Qh4#");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    // With a pawn in reserve White drops it on g3 and plays on.
    let mut game = ChessgiGame::from_setup(
        ChessgiOptions::default(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "P",
        "",
    )
    .unwrap();
    play_sans(&mut game, "1. f3 e5 2. g4 Qh4+");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.check(drop(PieceKind::Pawn, "g3")), Ok(()));
}

#[test]
fn action_cap_draws_and_resignation_ends() {
    let options = ChessgiOptions {
        action_cap: Some(4),
        ..ChessgiOptions::default()
    };
    let mut game = ChessgiGame::new(options);
    play_sans(&mut game, "1. Nf3 Nf6 2. Ng1 Ng8");
    assert_eq!(game.outcome(), Some(Outcome::ActionCap));
    let mut game = ChessgiGame::new(ChessgiOptions::default());
    game.resign(Color::White).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            winner: Color::Black
        })
    );
    assert!(game.agree_draw().is_err());
}

#[test]
fn a_stalemated_king_escapes_into_time_unless_it_may_not() {
    // White's king on a1 has no move and is not in check.
    let fen = "k7/8/8/8/8/8/2q5/K7 w - - 0 1";
    let game = setup(fen, "", "");
    assert_eq!(game.outcome(), None);
    assert!(game.board_actions().is_empty());
    let travels = game.special_travel_pieces();
    assert_eq!(travels.len(), 1);
    assert_eq!(travels[0].0, sq("a1"));
    assert_eq!((travels[0].1.earliest, travels[0].1.latest), (2, Some(6)));

    let options = ChessgiOptions {
        king_max_delay: 0,
        ..ChessgiOptions::default()
    };
    let game = ChessgiGame::from_setup(options, fen, "", "").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn undo_takes_back_actions_and_conclusions() {
    let mut game = b74_game(8);
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    let before = game.clone();
    game.play(gtt(&game, 4, "f1c4")).unwrap();
    game.resign(Color::Black).unwrap();
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert!(game.undo());
    assert_eq!(game, before);
    let mut fresh = ChessgiGame::new(ChessgiOptions::default());
    assert!(!fresh.undo());
}

#[test]
fn the_tree_and_its_descriptions() {
    let mut game = b74_game(5);
    play_sans(&mut game, "d6 4. d4 Bg4 5. O-O");
    let last = game.current();
    assert_eq!(game.describe(NodeId(1)).as_deref(), Some("e4"));
    assert_eq!(game.describe(NodeId(5)).as_deref(), Some("Bf1 to move 5"));
    assert_eq!(game.describe(last).as_deref(), Some("O-O, bishop lost"));
    assert_eq!(game.describe(NodeId(0)), None);
    let mut game = b74_game(8);
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    game.play(gtt(&game, 4, "f1c4")).unwrap();
    let travel = game.current();
    assert_eq!(game.describe(travel).as_deref(), Some("#4: Bc4"));
    assert_eq!(
        game.line_to(travel),
        [0, 1, 2, 3, 4, travel.0].map(NodeId).to_vec()
    );
    assert_eq!(game.children(NodeId(4)), vec![NodeId(5), travel]);
}

#[test]
fn own_turn_schedule_is_not_delayed_by_general_travel() {
    // B.6.6's alternative: the same game as B.7.4 (c), but the return counts White's
    // own turns in meta-time: sent on turn 3 to turn 8, it arrives on turn 8 whatever
    // the travel did to the move numbers.
    let options = ChessgiOptions {
        schedule: ReturnSchedule::OwnTurns,
        ..ChessgiOptions::default()
    };
    let mut game = ChessgiGame::new(options);
    play_sans(&mut game, "1. e4 e5 2. Nf3 Nc6");
    assert_eq!(game.return_clock(Color::White), 3);
    game.play(stt("f1", 8)).unwrap();
    play_sans(&mut game, "d6 4. d4 Bg4 5. h3 Bh5");
    game.play(gtt(&game, 4, "f1c4")).unwrap(); // White's turn 6, at move 3
    play_sans(&mut game, "d6 4. a3 Nf6");
    assert_eq!(game.move_number(), 5);
    assert_eq!(game.return_clock(Color::White), 8);
    assert_eq!(game.due().map(|t| t.kind), Some(PieceKind::Bishop));
}

#[test]
fn delay_limits_for_pieces_and_kings() {
    let options = ChessgiOptions {
        max_delay: Some(3),
        ..ChessgiOptions::default()
    };
    let game = ChessgiGame::from_setup(options, B75_FEN, "", "").unwrap();
    assert_eq!(game.check(stt("e2", 4)), Ok(()));
    assert_eq!(
        game.check(stt("e2", 5)),
        Err(ChessgiError::ReturnTooFar {
            due_move: 5,
            latest: 4
        })
    );
    assert_eq!(
        game.check(stt("e1", 5)),
        Err(ChessgiError::ReturnTooFar {
            due_move: 5,
            latest: 4
        }),
        "the smaller limit binds the king too"
    );
    // Unlimited by default for pieces other than kings.
    let game = setup(B75_FEN, "", "");
    assert_eq!(game.check(stt("e2", 500)), Ok(()));
}
