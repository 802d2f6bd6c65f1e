//! Random legal play through the public API: every enumerated action is
//! accepted by `submit`, undo restores the exact state, the count equals the
//! enumeration, the fast search equals the naive oracle, nothing panics.

use std::ops::ControlFlow;

use chronochess::fived::search::{fast_legal_actions, for_each_legal_action, naive_legal_actions};
use chronochess::fived::{boards, Budget, Coord, Game, Move, Multiverse};
use proptest::prelude::*;

fn actions(m: &Multiverse, cap: usize) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    let _ = for_each_legal_action(m, Budget::nodes(2_000_000), |moves, _| {
        out.push(moves.to_vec());
        if out.len() >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_games_follow_the_rules(choices in proptest::collection::vec(any::<u16>(), 1..7)) {
        let mut game = Game::new(Multiverse::from_variant(boards::standard()).unwrap());
        for c in choices {
            let pos = game.committed();
            let all = actions(&pos, 400);
            if all.is_empty() {
                break;
            }
            let count = game.count_legal_actions(Some(400), Budget::nodes(2_000_000)).known();
            prop_assert_eq!(count, Some(all.len() as u64));
            let pick = &all[usize::from(c) % all.len()];
            let before = game.multiverse().clone();
            for m in pick {
                prop_assert!(game.play(*m).is_ok(), "{:?}", m);
            }
            // Undo restores the exact state.
            for _ in pick {
                game.undo();
            }
            prop_assert_eq!(game.multiverse(), &before);
            for m in pick {
                game.play(*m).unwrap();
            }
            prop_assert!(game.can_submit().is_ok(), "{:?}", game.can_submit());
            game.submit().unwrap();
        }
        // The fast search agrees with the naive oracle when it is small enough.
        let pos = game.committed();
        if pos.playable_boards(pos.to_move()).len() <= 2 && actions(&pos, 200).len() < 200 {
            prop_assert_eq!(naive_legal_actions(&pos), fast_legal_actions(&pos));
        }
    }

    #[test]
    fn garbage_moves_are_refused_without_panic(
        l in -3i32..3, v in -2i32..8, x in 0u8..8, y in 0u8..8,
        l2 in -3i32..3, v2 in -2i32..8, x2 in 0u8..8, y2 in 0u8..8,
    ) {
        let mut game = Game::new(Multiverse::from_variant(boards::standard()).unwrap());
        let sq = |x, y| chronochess::chess::Square::new(x, y).unwrap();
        let m = Move { from: Coord::new(l, v, sq(x, y)), to: Coord::new(l2, v2, sq(x2, y2)), promotion: None };
        let before = game.multiverse().clone();
        if game.play(m).is_err() {
            prop_assert_eq!(game.multiverse(), &before);
        }
        let _ = game.legal_destinations(m.from);
        let _ = game.can_submit();
    }
}
