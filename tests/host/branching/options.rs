//! The alternative readings of seed-variants.md C.6 offered as configuration, branch
//! draws by repetition, and the save record's loading checks.

use super::{mv, play, time, B0, B1};
use crate::support::sq;
use chronochess::chess::{Color, Piece, PieceKind, Square};
use chronochess::games::branching::{
    Arrival, BranchId, BranchResult, BranchStatus, BranchTurn, BranchingError, Config, EndReason,
    Game, PawnLanding, RuleOptions, SaveError, TransLanding, TransTraveller, Travel, TravelOrder,
};

fn with_rules(rules: RuleOptions) -> Game {
    let mut game = Game::new(Config {
        rules,
        ..Config::default()
    })
    .unwrap();
    for san in ["e4", "e5", "Nf3", "Nc6"] {
        play(&mut game, B0, san);
    }
    game
}

/// Scenario C.7.2 under the given rules: 3.Bc4 and the f3 knight back to board 2, c3.
fn forked(rules: RuleOptions) -> Game {
    let mut game = with_rules(rules);
    let m = mv(&game, B0, "Bc4");
    game.play(&BranchTurn::with_travel(
        B0,
        m,
        TravelOrder::MoveFirst,
        time("f3", 2, "c3"),
    ))
    .unwrap();
    game
}

#[test]
fn arrival_after_own_move() {
    let rules = RuleOptions {
        arrival: Arrival::AfterOwnMove,
        ..RuleOptions::default()
    };
    let mut game = with_rules(rules);
    let m = mv(&game, B0, "Bc4");
    let to = |t: u32| BranchTurn::with_travel(B0, m, TravelOrder::MoveFirst, time("f3", t, "c3"));
    assert_eq!(
        game.check(&to(2)),
        Err(BranchingError::DestinationNotAfterYourMove { t: 2 })
    );
    assert_eq!(
        game.check(&to(0)),
        Err(BranchingError::DestinationNotAfterYourMove { t: 0 })
    );
    // Board 3 (after 2.Nf3): the knight joins it and 2.Nf3 stands.
    game.play(&to(3)).unwrap();
    let b1 = game.branch(B1).unwrap();
    assert_eq!((b1.fork_t(), b1.latest().t()), (Some(2), 3));
    assert_eq!(
        b1.latest().position().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N2N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(b1.latest().arrived(sq("c3")));
    assert_eq!(game.phase().pending, [B0, B1]);
}

#[test]
fn pawns_up_to_their_departure_rank() {
    let lenient = RuleOptions {
        pawn_landing: PawnLanding::UpToDepartureRank,
        ..RuleOptions::default()
    };
    for (rules, e3_ok) in [(lenient, true), (RuleOptions::default(), false)] {
        let game = with_rules(rules);
        // The e4 pawn (rank 4) goes back to board 0.
        let m = mv(&game, B0, "d3");
        let pawn = |landing: &str| {
            game.check(&BranchTurn::with_travel(
                B0,
                m,
                TravelOrder::MoveFirst,
                time("e4", 0, landing),
            ))
        };
        assert_eq!(pawn("e3").is_ok(), e3_ok);
        assert_eq!(pawn("a4").is_ok(), e3_ok);
        assert_eq!(pawn("a5"), Err(BranchingError::PawnLandingRank(sq("a5"))));
        assert_eq!(pawn("e2"), Err(BranchingError::LandingOccupied(sq("e2"))));
    }
}

fn black_turn(game: &Game, queen: &str, from: &str, landing: &str) -> BranchTurn {
    BranchTurn::with_travel(
        B0,
        mv(game, B0, "Nf6"),
        TravelOrder::MoveFirst,
        Travel::TransUniverse {
            queen: sq(queen),
            from: sq(from),
            to_branch: B1,
            landing: sq(landing),
        },
    )
}

#[test]
fn the_queen_herself_crosses() {
    let rules = RuleOptions {
        trans_traveller: TransTraveller::TheQueen,
        ..RuleOptions::default()
    };
    let mut game = forked(rules);
    assert_eq!(
        game.check(&black_turn(&game, "d8", "c6", "a6")),
        Err(BranchingError::QueenMustTravel)
    );
    game.play(&black_turn(&game, "d8", "d8", "e7")).unwrap();
    let p0 = *game.branch(B0).unwrap().latest().position();
    assert_eq!(p0.piece_at(sq("d8")), None);
    assert!(p0.piece_at(sq("c6")).is_some(), "only the queen left");
    let b1 = game.branch(B1).unwrap().latest();
    assert_eq!(
        b1.position().piece_at(sq("e7")),
        Some(Piece::new(Color::Black, PieceKind::Queen))
    );
    // The default reading refuses a queen that both pays and travels.
    let default = forked(RuleOptions::default());
    assert_eq!(
        default.check(&black_turn(&default, "d8", "d8", "e7")),
        Err(BranchingError::QueenCannotTravel)
    );
}

#[test]
fn a_trans_universe_landing_as_an_extra_piece() {
    let rules = RuleOptions {
        trans_landing: TransLanding::ExtraPiece,
        ..RuleOptions::default()
    };
    let mut game = forked(rules);
    game.play(&black_turn(&game, "d8", "c6", "a6")).unwrap();
    let b1 = game.branch(B1).unwrap().latest();
    // Same board time, still Black to move there, and branch 1 is still to be played.
    assert_eq!(b1.t(), 3);
    assert_eq!(b1.position().turn(), Color::Black);
    assert_eq!(
        b1.position().piece_at(sq("a6")),
        Some(Piece::new(Color::Black, PieceKind::Knight))
    );
    assert_eq!(game.phase().pending, [B1]);
    play(&mut game, B1, "Nf6");
    assert_eq!(game.phase().player, Color::White);
}

#[test]
fn fivefold_repetition_draws_a_branch() {
    let mut game = Game::new(Config::default()).unwrap();
    for _ in 0..4 {
        assert!(game.branch(B0).unwrap().is_active());
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            play(&mut game, B0, san);
        }
    }
    assert_eq!(
        game.branch(B0).unwrap().status(),
        BranchStatus::Finished {
            result: BranchResult::Draw,
            reason: EndReason::FivefoldRepetition
        }
    );
    assert_eq!(game.result().unwrap().winner, None);
}

#[test]
fn save_round_trip_keeps_sharing() {
    let game = forked(RuleOptions::default());
    let json = game.to_json();
    let loaded = Game::from_json(&json).unwrap();
    assert_eq!(loaded.to_record(), game.to_record());
    let b1 = loaded.branch(B1).unwrap();
    assert!(std::rc::Rc::ptr_eq(
        b1.latest().parent().unwrap(),
        loaded.branch(B0).unwrap().board_at(2).unwrap()
    ));
    // Five boards of branch 0 (t = 0..5) plus one of branch 1.
    assert_eq!(game.to_record().boards.len(), 7);
    assert_eq!(loaded.memory_footprint().boards, 7);
}

#[test]
fn broken_saves_are_refused_with_a_reason() {
    let game = forked(RuleOptions::default());
    let good = game.to_record();

    let mut r = good.clone();
    r.version = 99;
    assert_eq!(Game::from_record(&r).err(), Some(SaveError::Version(99)));

    let mut r = good.clone();
    r.config.limit = 20;
    assert_eq!(Game::from_record(&r).err(), Some(SaveError::Limit(20)));

    let mut r = good.clone();
    r.boards[3].fen = "not a fen".into();
    assert!(matches!(
        Game::from_record(&r),
        Err(SaveError::Fen { board: 3, .. })
    ));

    let mut r = good.clone();
    r.boards[2].parent = Some(5);
    assert_eq!(Game::from_record(&r).err(), Some(SaveError::BoardLink(2)));

    let mut r = good.clone();
    r.branches[1].fork_t = Some(1);
    assert_eq!(Game::from_record(&r).err(), Some(SaveError::BranchLink(1)));

    let mut r = good.clone();
    r.phase.pending.push(BranchId(9));
    assert_eq!(Game::from_record(&r).err(), Some(SaveError::Phase));

    assert!(matches!(Game::from_json("{"), Err(SaveError::Json(_))));
}

#[test]
fn the_game_ends_early_once_the_lead_cannot_be_caught() {
    let mut game = Game::new(Config::new(3, 11)).unwrap();
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
    let m = mv(&game, B0, "Nc6");
    game.play(&BranchTurn::with_travel(
        B0,
        m,
        TravelOrder::MoveFirst,
        time("g8", 1, "a6"),
    ))
    .unwrap();
    assert!(game.is_collapsing());
    game.resign_branch(B0, Color::Black).unwrap();
    assert!(
        game.result().is_none(),
        "1 win against 0 with 2 branches open"
    );
    game.resign_branch(B1, Color::Black).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Color::White));
    assert_eq!(
        result.reason,
        chronochess::games::branching::GameEndReason::LeadUnassailable
    );
    assert!(game.branch(BranchId(2)).unwrap().is_active());
}

#[test]
fn travel_first_moves_are_chosen_without_the_traveller() {
    let game = with_rules(RuleOptions::default());
    let without = game.departure_position(B0, sq("f1"), None).unwrap();
    assert_eq!(without.piece_at(sq("f1")), None);
    // With the f1 bishop gone, the king may step to f1 and castling short is possible.
    let uci: Vec<String> = without.legal_moves().iter().map(|m| m.to_uci()).collect();
    assert!(uci.contains(&"e1f1".to_string()));
    assert!(uci.contains(&"e1g1".to_string()) || uci.contains(&"e1h1".to_string()));
    assert_eq!(
        game.departure_position(B0, sq("e1"), None),
        Err(BranchingError::KingCannotTravel)
    );
}

#[test]
fn a_game_replays_from_its_log_and_seed() {
    use chronochess::games::branching::{GameEvent, ReplayError, SaveRecord};
    let mut game = Game::new(Config::new(3, 2024)).unwrap();
    let mut rng = chronochess::games::branching::SplitMix64::new(1);
    for _ in 0..80 {
        let Some(turn) = game.random_turn(&mut rng, 60) else {
            break;
        };
        game.play(&turn).unwrap();
    }
    assert!(game.removals().count() > 0, "the collapse has begun");
    let replayed = game.replay().unwrap();
    assert_eq!(replayed.to_record(), game.to_record());
    // A log whose removal the seed does not give is caught.
    let mut record: SaveRecord = game.to_record();
    let i = record
        .events
        .iter()
        .position(|e| matches!(e, GameEvent::Removal(_)))
        .unwrap();
    if let GameEvent::Removal(r) = &mut record.events[i] {
        r.square = Square::from_index((r.square.index() + 1) % 64);
    }
    let tampered = Game::from_record(&record).unwrap();
    assert_eq!(
        tampered.replay().err(),
        Some(ReplayError::Diverged { event: i })
    );
}
