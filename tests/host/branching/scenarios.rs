//! The test scenarios of `shared/rules/seed-variants.md` section C.7 (multiverse Time
//! Travel Chess), one test (or a few) per scenario, numbered as there.

use super::{mv, play, time, B0, B1};
use crate::support::sq;
use chronochess::chess::{Color, Piece, PieceKind, Position};
use chronochess::games::branching::{
    BranchId, BranchResult, BranchStatus, BranchTurn, BranchingError, Config, EndReason, Game,
    GameEndReason, GameEvent, Score, Travel, TravelOrder,
};

const B2: BranchId = BranchId(2);

fn fen(game: &Game, b: BranchId) -> String {
    game.branch(b).unwrap().latest().position().to_fen()
}

fn trans(queen: &str, from: &str, to_branch: BranchId, landing: &str) -> Travel {
    Travel::TransUniverse {
        queen: sq(queen),
        from: sq(from),
        to_branch,
        landing: sq(landing),
    }
}

fn opening(config: Config) -> Game {
    let mut game = Game::new(config).unwrap();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        play(&mut game, B0, san);
    }
    game
}

/// Scenario 2's position: 3.Bc4 with the f3 knight sent to board 2, landing on c3.
fn scenario_two() -> Game {
    let mut game = opening(Config::default());
    let m = mv(&game, B0, "Bc4");
    let turn = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("f3", 2, "c3"));
    let report = game.play(&turn).unwrap();
    assert_eq!(report.created, Some(B1));
    game
}

// ----- C.7.1 -----

#[test]
fn c7_1_replication_without_travel() {
    let mut game = Game::new(Config::default()).unwrap();
    play(&mut game, B0, "e4");
    assert_eq!(game.phase().player, Color::Black);
    play(&mut game, B0, "e5");
    assert_eq!(game.branches().len(), 1);
    assert_eq!(game.created(), 1);
    let ts: Vec<u32> = game.branches()[0]
        .own_boards()
        .iter()
        .map(|b| b.t())
        .collect();
    assert_eq!(ts, [0, 1, 2]);
    assert_eq!(
        fen(&game, B0),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
    // Earlier boards are kept unchanged.
    assert_eq!(
        game.branches()[0].board_at(0).unwrap().position(),
        &Position::startpos()
    );
}

// ----- C.7.2 -----

#[test]
fn c7_2_time_travel_forks_a_branch() {
    let game = scenario_two();
    assert_eq!(game.created(), 2);
    let b1 = game.branch(B1).unwrap();
    assert_eq!(
        (b1.parent(), b1.fork_t(), b1.latest().t()),
        (Some(B0), Some(2), 3)
    );
    // The t = 2 position plus a White knight on c3, Black to move; b1 and g1 still home.
    assert_eq!(
        fen(&game, B1),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
    assert!(b1.latest().arrived(sq("c3")));
    assert!(!b1.latest().arrived(sq("b1")) && !b1.latest().arrived(sq("g1")));
    // The fork shares branch 0's boards up to t = 2: the very same node.
    assert!(std::rc::Rc::ptr_eq(
        b1.latest().parent().unwrap(),
        game.branch(B0).unwrap().board_at(2).unwrap()
    ));
    // Branch 0: no knight on f3, the bishop on c4, Black to move.
    let p0 = *game.branch(B0).unwrap().latest().position();
    assert_eq!(p0.piece_at(sq("f3")), None);
    assert_eq!(
        p0.piece_at(sq("c4")),
        Some(Piece::new(Color::White, PieceKind::Bishop))
    );
    assert_eq!(p0.turn(), Color::Black);
    // The new branch waits for the next phase; Black now plays both.
    assert_eq!(game.phase().player, Color::Black);
    assert_eq!(game.phase().pending, [B0, B1]);
}

#[test]
fn c7_2_illegal_landings() {
    let game = opening(Config::default());
    let m = mv(&game, B0, "Bc4");
    let try_land = |landing: &str| {
        game.check(&BranchTurn::with_travel(
            B0,
            m,
            TravelOrder::MoveFirst,
            time("f3", 2, landing),
        ))
    };
    assert_eq!(
        try_land("f3"),
        Err(BranchingError::LandingThreatens {
            landing: sq("f3"),
            threatened: sq("e5")
        })
    );
    assert_eq!(
        try_land("d5"),
        Err(BranchingError::LandingThreatens {
            landing: sq("d5"),
            threatened: sq("c7")
        })
    );
    for occupied in ["e4", "e5", "b1", "g1", "a7"] {
        assert_eq!(
            try_land(occupied),
            Err(BranchingError::LandingOccupied(sq(occupied)))
        );
    }
    assert_eq!(try_land("c3"), Ok(()));
    // The picker offers the same answer: c3 is a landing on board 2, f3 and d5 are not.
    let landings = game
        .time_travel_landings(B0, m, TravelOrder::MoveFirst, sq("f3"))
        .unwrap();
    let on_two = &landings.iter().find(|(t, _)| *t == 2).unwrap().1;
    assert!(on_two.contains(&sq("c3")));
    assert!(!on_two.contains(&sq("f3")) && !on_two.contains(&sq("d5")));
    // Only boards with White to move are offered: t = 0 and t = 2 (t = 4 is the
    // board the move was played on, also White to move).
    let ts: Vec<u32> = landings.iter().map(|(t, _)| *t).collect();
    assert_eq!(ts, [0, 2, 4]);
    // A board with Black to move is refused, and so is the present or future.
    for (t, err) in [
        (3, BranchingError::DestinationNotYourTurn { t: 3 }),
        (
            5,
            BranchingError::DestinationNotInPast {
                t: 5,
                departure_t: 5,
            },
        ),
    ] {
        let turn = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("f3", t, "c3"));
        assert_eq!(game.check(&turn), Err(err));
    }
}

// ----- C.7.3 -----

#[test]
fn c7_3_the_piece_just_moved_cannot_travel() {
    let game = opening(Config::default());
    let m = mv(&game, B0, "Bc4");
    let turn = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("c4", 2, "c3"));
    assert_eq!(
        game.check(&turn),
        Err(BranchingError::TravellerJustMoved(sq("c4")))
    );
    let kings = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("e1", 2, "c3"));
    assert_eq!(game.check(&kings), Err(BranchingError::KingCannotTravel));
    let theirs = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("c6", 2, "c3"));
    assert_eq!(
        game.check(&theirs),
        Err(BranchingError::NotYourTraveller(sq("c6")))
    );
}

#[test]
fn c7_3_an_arrived_piece_cannot_travel_but_its_past_self_can() {
    let mut game = scenario_two();
    play(&mut game, B0, "Nf6");
    play(&mut game, B1, "Nf6");
    assert_eq!(game.phase().player, Color::White);
    let m = mv(&game, B1, "d3");
    let arrived = BranchTurn::with_travel(B1, m, TravelOrder::MoveFirst, time("c3", 0, "a3"));
    assert_eq!(
        game.check(&arrived),
        Err(BranchingError::TravellerAlreadyArrived(sq("c3")))
    );
    // The mark follows the knight when it moves.
    let mut moved = game.clone();
    play(&mut moved, B1, "Nd5");
    assert!(moved.branch(B1).unwrap().latest().arrived(sq("d5")));
    // Its past self on g1 may travel (to board 0, for instance).
    let past_self = BranchTurn::with_travel(B1, m, TravelOrder::MoveFirst, time("g1", 0, "a3"));
    assert_eq!(game.check(&past_self), Ok(()));
    game.play(&past_self).unwrap();
    assert_eq!(game.created(), 3);
    let b2 = game.branch(B2).unwrap();
    // Board 0 belongs to branch 0, so the new branch's parent is branch 0.
    assert_eq!((b2.parent(), b2.fork_t()), (Some(B0), Some(0)));
}

#[test]
fn c7_3_bishop_colour_and_pawn_rank() {
    let mut game = scenario_two();
    play(&mut game, B0, "Nf6");
    play(&mut game, B1, "Nf6");
    // Branch 0, board 6: White's c4 bishop (light squares) may go back to board 2.
    let m = mv(&game, B0, "d3");
    let bishop = |landing: &str| {
        game.check(&BranchTurn::with_travel(
            B0,
            m,
            TravelOrder::MoveFirst,
            time("c4", 2, landing),
        ))
    };
    assert_eq!(
        bishop("a3"),
        Err(BranchingError::BishopWrongColour(sq("a3")))
    );
    assert_eq!(bishop("d3"), Ok(())); // light, and it threatens nothing there
    assert_eq!(
        bishop("b3"),
        Err(BranchingError::LandingThreatens {
            landing: sq("b3"),
            threatened: sq("f7")
        })
    );
    // A pawn lands on its 2nd rank only: e2 is free on board 2.
    let pawn = |landing: &str| {
        game.check(&BranchTurn::with_travel(
            B0,
            m,
            TravelOrder::MoveFirst,
            time("h2", 2, landing),
        ))
    };
    assert_eq!(pawn("e2"), Ok(()));
    assert_eq!(pawn("e3"), Err(BranchingError::PawnLandingRank(sq("e3"))));
    assert_eq!(pawn("a3"), Err(BranchingError::PawnLandingRank(sq("a3"))));
}

#[test]
fn c7_3_travel_first_gives_the_same_branches() {
    let move_first = scenario_two();
    let mut travel_first = opening(Config::default());
    let m = mv(&travel_first, B0, "Bc4");
    let turn = BranchTurn::with_travel(B0, m, TravelOrder::TravelFirst, time("f3", 2, "c3"));
    travel_first.play(&turn).unwrap();
    for b in [B0, B1] {
        assert_eq!(fen(&travel_first, b), fen(&move_first, b));
        assert_eq!(
            travel_first.branch(b).unwrap().latest().arrived_mask(),
            move_first.branch(b).unwrap().latest().arrived_mask()
        );
    }
    // The f1 bishop cannot both travel and make the move.
    let gone = opening(Config::default());
    let turn = BranchTurn::with_travel(B0, m, TravelOrder::TravelFirst, time("f1", 2, "b3"));
    assert!(matches!(
        gone.check(&turn),
        Err(BranchingError::IllegalMove(_))
    ));
}

#[test]
fn departures_must_not_expose_the_king() {
    // A pinned knight cannot leave (move first), and travelling first must be followed
    // by a move that parries the check the departure exposed.
    let start = Position::from_fen("4k3/8/8/b7/8/8/3N4/4K2R w K - 0 1").unwrap();
    let mut game = Game::from_position(start, Config::default()).unwrap();
    play(&mut game, B0, "Rh2");
    play(&mut game, B0, "Kd8");
    let m = mv(&game, B0, "Rh3");
    let pinned = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("d2", 0, "a1"));
    assert_eq!(
        game.check(&pinned),
        Err(BranchingError::DepartureExposesKing)
    );
    let unparried = BranchTurn::with_travel(B0, m, TravelOrder::TravelFirst, time("d2", 0, "a1"));
    assert_eq!(
        game.check(&unparried),
        Err(BranchingError::IllegalMove(
            chronochess::chess::IllegalMove::LeavesKingInCheck
        ))
    );
    let parry = mv(&game, B0, "Kf1");
    let parried = BranchTurn::with_travel(B0, parry, TravelOrder::TravelFirst, time("d2", 0, "a1"));
    assert_eq!(game.check(&parried), Ok(()));
}

// ----- C.7.4 -----

fn black_trans_turn(game: &Game, travel: Travel) -> BranchTurn {
    BranchTurn::with_travel(B0, mv(game, B0, "Nf6"), TravelOrder::MoveFirst, travel)
}

#[test]
fn c7_4_trans_universe_travel() {
    let mut game = scenario_two();
    let before_b1 = *game.branch(B1).unwrap().latest().position();
    let turn = black_trans_turn(&game, trans("d8", "c6", B1, "a6"));
    let report = game.play(&turn).unwrap();
    assert_eq!(report.created, None);
    assert_eq!(game.created(), 2);
    // Branch 0 lost the queen and the knight, and Nf6 was played.
    let p0 = *game.branch(B0).unwrap().latest().position();
    assert_eq!(p0.piece_at(sq("d8")), None);
    assert_eq!(p0.piece_at(sq("c6")), None);
    assert_eq!(
        p0.piece_at(sq("f6")),
        Some(Piece::new(Color::Black, PieceKind::Knight))
    );
    // Branch 1 gained one board: its previous latest plus a Black knight on a6.
    let b1 = game.branch(B1).unwrap();
    assert_eq!(b1.latest().t(), 4);
    let p1 = *b1.latest().position();
    assert_eq!(p1.turn(), Color::White);
    assert_eq!(
        p1.piece_at(sq("a6")),
        Some(Piece::new(Color::Black, PieceKind::Knight))
    );
    assert!(b1.latest().arrived(sq("a6")));
    let expected = before_b1
        .with_piece(sq("a6"), Some(Piece::new(Color::Black, PieceKind::Knight)))
        .unwrap()
        .play_null();
    assert_eq!(p1, expected);
    // That landing was Black's turn on branch 1: the phase is over, White plays both.
    assert!(report.phase_ended);
    assert_eq!(game.phase().player, Color::White);
    assert_eq!(game.phase().pending, [B0, B1]);
}

#[test]
fn c7_4_illegal_trans_universe_travel() {
    let game = scenario_two();
    assert_eq!(
        game.check(&black_trans_turn(&game, trans("d7", "c6", B1, "a6"))),
        Err(BranchingError::NoQueenToSacrifice(sq("d7")))
    );
    assert_eq!(
        game.check(&black_trans_turn(&game, trans("d8", "c6", B1, "d5"))),
        Err(BranchingError::LandingThreatens {
            landing: sq("d5"),
            threatened: sq("c3")
        })
    );
    assert_eq!(
        game.check(&black_trans_turn(&game, trans("d8", "d8", B1, "a6"))),
        Err(BranchingError::QueenCannotTravel)
    );
    assert_eq!(
        game.check(&black_trans_turn(&game, trans("d8", "c6", B0, "a6"))),
        Err(BranchingError::SameBranch)
    );
    // After Black has played branch 1 this phase, it takes no landing.
    let mut played = game.clone();
    play(&mut played, B1, "Nf6");
    assert_eq!(
        played.check(&black_trans_turn(&played, trans("d8", "c6", B1, "a6"))),
        Err(BranchingError::NotPendingThisPhase(B1))
    );
    // Without a queen on the board (it was exchanged), no trans-universe travel.
    let start = Position::from_fen("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1").unwrap();
    let mut queenless = Game::from_position(start, Config::default()).unwrap();
    let m = mv(&queenless, B0, "Ke2");
    let fork = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("b1", 0, "c3"));
    queenless.play(&fork).unwrap();
    play(&mut queenless, B0, "Kd8");
    play(&mut queenless, B1, "Kd8");
    let m = mv(&queenless, B0, "Kd2");
    let turn = BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, trans("d1", "a1", B1, "b3"));
    assert_eq!(
        queenless.check(&turn),
        Err(BranchingError::NoQueenToSacrifice(sq("d1")))
    );
}

// ----- C.7.5 -----

/// Reaches the limit L = 3: White forks at move 2, Black forks at move 2.
fn limit_three(seed: u64) -> Game {
    let mut game = Game::new(Config::new(3, seed)).unwrap();
    play(&mut game, B0, "e4");
    play(&mut game, B0, "e5");
    let m = mv(&game, B0, "Nf3");
    game.play(&BranchTurn::with_travel(
        B0,
        m,
        TravelOrder::MoveFirst,
        time("b1", 0, "c3"),
    ))
    .unwrap();
    assert!(!game.is_collapsing());
    assert_eq!(game.removals().count(), 0);
    let m = mv(&game, B0, "Nc6");
    let report = game
        .play(&BranchTurn::with_travel(
            B0,
            m,
            TravelOrder::MoveFirst,
            time("g8", 1, "a6"),
        ))
        .unwrap();
    assert_eq!(report.created, Some(B2));
    assert_eq!(game.created(), 3);
    assert!(game.is_collapsing());
    // The collapse has begun: one removal already precedes the next branch-turn.
    assert_eq!(report.removals.len(), 1);
    game
}

#[test]
fn c7_5_time_travel_stops_at_the_limit() {
    let game = limit_three(7);
    let b1 = game.branch(B1).unwrap().latest().position();
    let m = b1.legal_moves()[0];
    let turn = BranchTurn::with_travel(B1, m, TravelOrder::MoveFirst, time("b8", 1, "a6"));
    assert_eq!(
        game.check(&turn),
        Err(BranchingError::BranchLimitReached { limit: 3 })
    );
    assert_eq!(
        game.time_travel_landings(B1, m, TravelOrder::MoveFirst, sq("b8")),
        Err(BranchingError::BranchLimitReached { limit: 3 })
    );
}

#[test]
fn c7_5_trans_universe_travel_survives_the_limit() {
    for seed in 0..20 {
        let mut game = limit_three(seed);
        // Finish Black's phase plainly, then look for a trans-universe journey for White.
        while game.phase().player == Color::Black && game.result().is_none() {
            let b = game.phase().pending[0];
            let m = game.branch(b).unwrap().latest().position().legal_moves()[0];
            game.play(&BranchTurn::plain(b, m)).unwrap();
        }
        if game.result().is_some() || game.phase().pending.len() < 2 {
            continue;
        }
        let found = find_trans(&game).expect("some trans-universe journey exists");
        let created = game.created();
        game.play(&found).unwrap();
        assert_eq!(game.created(), created, "no branch is created");
        return;
    }
    panic!("no seed left two branches to cross between");
}

fn find_trans(game: &Game) -> Option<BranchTurn> {
    for &b in &game.phase().pending {
        let pos = *game.branch(b).ok()?.latest().position();
        let Some((queen, _)) = pos
            .pieces()
            .find(|(_, p)| *p == Piece::new(pos.turn(), PieceKind::Queen))
        else {
            continue;
        };
        for m in pos.legal_moves() {
            if m.from() == Some(queen) {
                continue;
            }
            for from in game
                .travellers(b, m, TravelOrder::MoveFirst)
                .unwrap_or_default()
            {
                if from == queen {
                    continue;
                }
                let Ok(options) =
                    game.trans_universe_landings(b, m, TravelOrder::MoveFirst, from, queen)
                else {
                    continue;
                };
                for (to_branch, squares) in options {
                    if let Some(&landing) = squares.first() {
                        return Some(BranchTurn::with_travel(
                            b,
                            m,
                            TravelOrder::MoveFirst,
                            Travel::TransUniverse {
                                queen,
                                from,
                                to_branch,
                                landing,
                            },
                        ));
                    }
                }
            }
        }
    }
    None
}

#[test]
fn c7_5_one_removal_precedes_each_branch_turn() {
    for seed in 0..10 {
        let mut game = limit_three(seed);
        let mut rng = chronochess::games::branching::SplitMix64::new(seed);
        for _ in 0..60 {
            let Some(turn) = game.random_turn(&mut rng, 30) else {
                break;
            };
            let before = game.removals().count();
            let pieces_before: usize = game
                .branches()
                .iter()
                .map(|b| b.latest().position().pieces().count())
                .sum();
            game.play(&turn).unwrap();
            if game.result().is_none() {
                assert_eq!(game.removals().count(), before + 1, "seed {seed}");
            }
            let pieces_after: usize = game
                .branches()
                .iter()
                .map(|b| b.latest().position().pieces().count())
                .sum();
            assert!(pieces_after < pieces_before || game.result().is_some());
        }
        // In the log, after the limit, removals and turns alternate.
        let tail: Vec<bool> = game
            .events()
            .iter()
            .skip_while(|e| !matches!(e, GameEvent::Removal(_)))
            .map(|e| matches!(e, GameEvent::Removal(_)))
            .collect();
        for pair in tail.windows(2) {
            assert_ne!(pair[0], pair[1], "seed {seed}: {tail:?}");
        }
        for r in game.removals() {
            assert_ne!(r.piece.kind, PieceKind::King);
        }
    }
}

#[test]
fn c7_5_a_removal_never_exposes_the_side_not_to_move() {
    // Removing the e7 bishop would leave Black (not to move) in check from e1: with
    // L = 1 the collapse starts at once and may only take the e1 rook.
    let start = Position::from_fen("4k3/4b3/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    for seed in 0..64 {
        let game = Game::from_position(start, Config::new(1, seed)).unwrap();
        let removed: Vec<_> = game.removals().collect();
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].square, sq("e1"), "seed {seed}");
        // King and bishop against king: the branch is drawn, and so is the game.
        let b0 = game.branch(B0).unwrap();
        assert_eq!(
            b0.status(),
            BranchStatus::Finished {
                result: BranchResult::Draw,
                reason: EndReason::InsufficientMaterial
            }
        );
        let result = game.result().unwrap();
        assert_eq!(result.winner, None);
    }
}

#[test]
fn c7_5_a_removal_can_end_a_branch() {
    // White: Kh1, Bh4; Black: Kf2, Qg3. The queen shields her king from the bishop,
    // so only the bishop can go, which leaves White stalemated.
    let start = Position::from_fen("8/8/8/8/7B/6q1/5k2/7K w - - 0 1").unwrap();
    for seed in 0..16 {
        let game = Game::from_position(start, Config::new(1, seed)).unwrap();
        assert_eq!(game.removals().next().unwrap().square, sq("h4"));
        assert_eq!(
            game.branch(B0).unwrap().status(),
            BranchStatus::Finished {
                result: BranchResult::Draw,
                reason: EndReason::Stalemate
            }
        );
        assert_eq!(
            game.result().unwrap().reason,
            GameEndReason::AllBranchesFinished
        );
    }
}

#[test]
fn the_limit_must_be_odd() {
    for limit in [0, 2, 20] {
        assert_eq!(
            Game::new(Config::new(limit, 1)).err(),
            Some(BranchingError::InvalidLimit(limit))
        );
    }
    assert!(Game::new(Config::new(1, 1)).is_ok());
}

// ----- C.7.6 -----

#[test]
fn c7_6_scoring() {
    use BranchResult::{Draw, Win};
    let (w, b) = (Win(Color::White), Win(Color::Black));
    let score = Score::of(&[w, w, b, Draw, b, w, Draw]);
    assert_eq!((score.white, score.black, score.draws), (3, 2, 2));
    assert_eq!(score.leader(), Some(Color::White));
    assert_eq!(Score::of(&[w, b, Draw]).leader(), None);
}

#[test]
fn c7_6_the_game_ends_when_no_branch_is_active() {
    let mut game = scenario_two();
    game.resign_branch(B0, Color::Black).unwrap();
    assert!(game.result().is_none());
    assert_eq!(game.phase().pending, [B1]);
    assert_eq!(
        game.resign_branch(B0, Color::Black),
        Err(BranchingError::BranchFinished(B0))
    );
    game.resign_branch(B1, Color::White).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, None);
    assert_eq!((result.score.white, result.score.black), (1, 1));
    assert_eq!(
        game.play(&BranchTurn::plain(B1, mv(&scenario_two(), B1, "Nf6"))),
        Err(BranchingError::GameOver)
    );
}

#[test]
fn checkmate_ends_a_branch_and_the_game() {
    let mut game = Game::new(Config::default()).unwrap();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        play(&mut game, B0, san);
    }
    assert_eq!(
        game.branch(B0).unwrap().status(),
        BranchStatus::Finished {
            result: BranchResult::Win(Color::Black),
            reason: EndReason::Checkmate
        }
    );
    assert_eq!(game.result().unwrap().winner, Some(Color::Black));
}
