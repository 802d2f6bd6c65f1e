//! Property tests of the multiverse Time Travel Chess engine (seed-variants.md C):
//! random legal play keeps every board of every branch a legal chess position and the
//! phase bookkeeping consistent, and a game saved mid-collapse and reloaded has the
//! same future as the original.

use chronochess::chess::{Color, Position};
use chronochess::games::branching::{
    Arrival, Config, Game, PawnLanding, RuleOptions, SplitMix64, TransLanding, TransTraveller,
};
use proptest::prelude::*;

fn check_invariants(game: &Game) {
    let player = game.phase().player;
    assert_eq!(game.created() as usize, game.branches().len());
    assert!(game.created() <= game.config().limit);
    for b in game.branches() {
        for node in b.own_boards() {
            let pos = node.position();
            let fen = pos.to_fen();
            assert_eq!(Position::from_fen(&fen).as_ref(), Ok(pos), "FEN {fen}");
            for c in Color::ALL {
                assert!(pos.king_square(c).is_some(), "{c} king missing in {fen}");
            }
            assert!(
                !pos.is_king_attacked(!pos.turn()),
                "side not to move in check: {fen}"
            );
            let occupied = pos
                .pieces()
                .fold(0u64, |m, (sq, _)| m | (1u64 << sq.index()));
            assert_eq!(node.arrived_mask() & !occupied, 0, "marks on empty squares");
            if let Some(parent) = node.parent() {
                assert_eq!(parent.t() + 1, node.t());
            }
        }
        if let (Some(parent), Some(fork)) = (b.parent(), b.fork_t()) {
            assert!(parent < b.id());
            let first = &b.own_boards()[0];
            assert_eq!(first.t(), fork + 1);
            // The fork board is shared with the parent's lineage, not copied.
            let shared = game.branch(parent).unwrap().board_at(fork).unwrap();
            assert!(std::rc::Rc::ptr_eq(first.parent().unwrap(), shared));
        }
        if b.is_active() && game.result().is_none() {
            let pos = b.latest().position();
            assert!(pos.has_legal_move(), "an active branch can move");
            if game.phase().pending.contains(&b.id()) {
                assert_eq!(
                    pos.turn(),
                    player,
                    "pending branches have the player to move"
                );
            }
        }
    }
    for id in &game.phase().pending {
        assert!(game.branch(*id).unwrap().is_active());
    }
}

fn play_random(game: &mut Game, rng: &mut SplitMix64, turns: usize, check: bool) {
    for _ in 0..turns {
        let Some(turn) = game.random_turn(rng, 40) else {
            break;
        };
        game.play(&turn)
            .unwrap_or_else(|e| panic!("random turn {turn:?} refused: {e}"));
        if check {
            check_invariants(game);
        }
    }
}

/// Every combination of the C.6 alternatives, by four switches.
fn rules([after_move, pawn_up, queen_travels, extra_piece]: [bool; 4]) -> RuleOptions {
    RuleOptions {
        arrival: if after_move {
            Arrival::AfterOwnMove
        } else {
            Arrival::OnOwnTurn
        },
        pawn_landing: if pawn_up {
            PawnLanding::UpToDepartureRank
        } else {
            PawnLanding::SecondRank
        },
        trans_traveller: if queen_travels {
            TransTraveller::TheQueen
        } else {
            TransTraveller::AnotherPiece
        },
        trans_landing: if extra_piece {
            TransLanding::ExtraPiece
        } else {
            TransLanding::TakesTurn
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_branch_legal(
        seed in any::<u64>(),
        limit in prop::sample::select(vec![1u32, 3, 5, 9, 21]),
        options in any::<[bool; 4]>(),
    ) {
        let config = Config { rules: rules(options), ..Config::new(limit, seed) };
        let mut game = Game::new(config).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0xA5A5);
        check_invariants(&game);
        play_random(&mut game, &mut rng, 150, true);
    }

    #[test]
    fn a_reloaded_game_has_the_same_future(
        seed in any::<u64>(),
        extra in 0usize..20,
        options in any::<[bool; 4]>(),
    ) {
        let config = Config { rules: rules(options), ..Config::new(5, seed) };
        let mut game = Game::new(config).unwrap();
        let mut rng = SplitMix64::new(seed.rotate_left(17));
        // Play until the multiverse collapses, then a little more.
        let mut guard = 0;
        while !game.is_collapsing() && game.result().is_none() && guard < 400 {
            play_random(&mut game, &mut rng, 1, false);
            guard += 1;
        }
        prop_assert!(game.is_collapsing() || game.result().is_some());
        play_random(&mut game, &mut rng, extra, false);
        let json = game.to_json();
        let mut reloaded = Game::from_json(&json).unwrap();
        prop_assert_eq!(reloaded.to_record(), game.to_record());
        prop_assert_eq!(reloaded.memory_footprint().boards, game.memory_footprint().boards);
        let mut rng_copy = rng;
        play_random(&mut game, &mut rng, 80, false);
        play_random(&mut reloaded, &mut rng_copy, 80, false);
        prop_assert_eq!(reloaded.to_record(), game.to_record());
        // The log alone, replayed from the seed, gives the same game.
        let replayed = game.replay().unwrap();
        prop_assert_eq!(replayed.to_record(), game.to_record());
    }
}

/// The pickers (`travellers`, `time_travel_landings`) offer exactly what `check` accepts.
fn pickers_agree_with_check(game: &Game, rng: &mut SplitMix64) {
    use chronochess::chess::Square;
    use chronochess::games::branching::{BranchTurn, Travel, TravelOrder};
    let Some(&branch) = game.phase().pending.first() else {
        return;
    };
    let pos = *game.branch(branch).unwrap().latest().position();
    let moves = pos.legal_moves();
    let mv = moves[rng.below(moves.len())];
    let order = TravelOrder::MoveFirst;
    let travellers = game.travellers(branch, mv, order).unwrap();
    let Some(&from) = travellers.first() else {
        return;
    };
    let Ok(boards) = game.time_travel_landings(branch, mv, order, from) else {
        assert!(game.is_collapsing());
        return;
    };
    for (to_t, squares) in boards {
        for i in 0..64 {
            let landing = Square::from_index(i);
            let turn = BranchTurn::with_travel(
                branch,
                mv,
                order,
                Travel::Time {
                    from,
                    to_t,
                    landing,
                },
            );
            assert_eq!(
                game.check(&turn).is_ok(),
                squares.contains(&landing),
                "{turn:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn pickers_offer_what_play_accepts(seed in any::<u64>(), options in any::<[bool; 4]>()) {
        let config = Config { rules: rules(options), ..Config::new(21, seed) };
        let mut game = Game::new(config).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..12 {
            pickers_agree_with_check(&game, &mut rng);
            play_random(&mut game, &mut rng, 3, false);
        }
    }
}
