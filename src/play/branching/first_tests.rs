//! The travel-first branch-turn by presses ([`super::first`]): a turn
//! played, a move only legal once the traveller left, refusals, the marks,
//! and every travel-first turn the game lists reachable on playout positions.

use std::collections::BTreeSet;

use super::tests::{opening, sq};
use super::*;
use crate::games::branching::{Config, Journey, SplitMix64};

fn marked(s: &BranchingSession, key: BoardKey, mark: Mark) -> BTreeSet<Square> {
    s.marks()
        .get(&key)
        .into_iter()
        .flatten()
        .filter(|&&(_, m)| m == mark)
        .map(|&(q, _)| q)
        .collect()
}

#[test]
fn a_travel_first_turn_by_presses_sends_the_knight_then_plays_the_bishop() {
    let mut s = opening();
    s.set_travel_first(true);
    assert!(!s.can_cross_first(), "no other branch to cross to");
    let here = board_key(0, 4);
    let travellers = marked(&s, here, Mark::Traveller);
    assert!(travellers.contains(&sq("f3")));
    assert!(!travellers.contains(&sq("e1")), "the king never travels");
    assert_eq!(s.press(here, sq("f3")), Effect::Picked);
    assert!(marked(&s, board_key(0, 2), Mark::Landing).contains(&sq("c3")));
    assert_eq!(s.press(board_key(0, 2), sq("c3")), Effect::Staged);
    // The board without the knight is the preview: the move is made there.
    let preview = s
        .preview_position()
        .expect("the board without the traveller");
    assert!(preview.piece_at(sq("f3")).is_none());
    assert!(s.scene().board(preview_key(0)).is_some());
    assert_eq!(s.press(preview_key(0), sq("f1")), Effect::Picked);
    assert!(marked(&s, preview_key(0), Mark::Dest).contains(&sq("c4")));
    assert_eq!(s.press(preview_key(0), sq("c4")), Effect::Played);
    assert_eq!(s.game().branches().len(), 2);
    let latest = *s.game().branch(BranchId(0)).unwrap().latest().position();
    assert!(latest.piece_at(sq("f3")).is_none());
    assert_eq!(
        latest.piece_at(sq("c4")).map(|p| p.kind),
        Some(PieceKind::Bishop)
    );
    // The turn is played: the order goes back to move first.
    assert!(!s.travel_first());
    assert_eq!(s.journey(), None);
    // Black may now cross between the two branches with the d8 queen.
    s.set_travel_first(true);
    assert!(s.can_cross_first());
}

#[test]
fn a_move_through_the_square_the_traveller_left_is_offered_and_played() {
    let mut s = opening();
    // With the knight on f3, the queen cannot go to f3 nor g4 from d1.
    let before = *s.game().branch(BranchId(0)).unwrap().latest().position();
    assert!(!before
        .legal_moves_from(sq("d1"))
        .iter()
        .any(|m| m.to() == sq("g4")));
    s.set_travel_first(true);
    s.press(board_key(0, 4), sq("f3"));
    s.press(board_key(0, 2), sq("c3"));
    s.press(preview_key(0), sq("d1"));
    let dests = marked(&s, preview_key(0), Mark::Dest);
    assert!(dests.contains(&sq("f3")) && dests.contains(&sq("g4")));
    assert_eq!(s.press(preview_key(0), sq("g4")), Effect::Played);
    let latest = *s.game().branch(BranchId(0)).unwrap().latest().position();
    assert_eq!(
        latest.piece_at(sq("g4")).map(|p| p.kind),
        Some(PieceKind::Queen)
    );
}

#[test]
fn travel_first_refuses_the_king_a_square_without_landing_and_an_illegal_move() {
    let mut s = opening();
    s.set_travel_first(true);
    let Effect::Refused(why) = s.press(board_key(0, 4), sq("e1")) else {
        panic!("the king may not travel");
    };
    assert!(why.contains("cannot travel first"), "{why}");
    assert_eq!(s.traveller(), None);
    s.press(board_key(0, 4), sq("f3"));
    // f3 on the board at time 2 attacks e5: no landing there.
    assert!(matches!(
        s.press(board_key(0, 2), sq("f3")),
        Effect::Refused(_)
    ));
    assert_eq!(s.journey(), None);
    s.press(board_key(0, 2), sq("c3"));
    s.press(preview_key(0), sq("a2"));
    assert!(matches!(
        s.press(preview_key(0), sq("a5")),
        Effect::Refused(_)
    ));
    assert_eq!(s.game().branches().len(), 1, "nothing played");
    // Escape (Cancel) drops the traveller and the journey; the order stays.
    assert_eq!(s.input(Input::Cancel), Effect::Cleared);
    assert_eq!((s.traveller(), s.journey()), (None, None));
    assert!(s.travel_first());
    assert!(s.marks()[&board_key(0, 4)]
        .iter()
        .all(|&(_, m)| m == Mark::Traveller));
}

#[test]
fn a_check_exposed_by_the_departure_must_be_answered_by_the_move() {
    // 1.e4 e5 2.d4 Bb4+? no: 2.Nc3 Bb4 3.d3: the c3 knight pins nothing
    // but shields e1 from b4; if it leaves first, the move must block or
    // step out of the check.
    let mut s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    let moves = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("b1", "c3"),
        ("f8", "b4"),
        ("d2", "d3"),
        ("g8", "f6"),
    ];
    for (t, (from, to)) in (0u32..).zip(moves) {
        super::tests::turn(&mut s, 0, t, from, to);
    }
    s.set_travel_first(true);
    // d3 was played: d2 is free, so the knight leaving exposes e1 to b4.
    assert_eq!(s.press(board_key(0, 6), sq("c3")), Effect::Picked);
    let landing = *marked(&s, board_key(0, 4), Mark::Landing)
        .iter()
        .next()
        .expect("a landing at time 4");
    assert_eq!(s.press(board_key(0, 4), landing), Effect::Staged);
    // g1-f3 leaves the king in check: not offered, and refused.
    s.press(preview_key(0), sq("g1"));
    assert!(!marked(&s, preview_key(0), Mark::Dest).contains(&sq("f3")));
    assert!(matches!(
        s.press(preview_key(0), sq("f3")),
        Effect::Refused(_)
    ));
    // c1-d2 blocks it.
    s.press(preview_key(0), sq("c1"));
    assert!(marked(&s, preview_key(0), Mark::Dest).contains(&sq("d2")));
    assert_eq!(s.press(preview_key(0), sq("d2")), Effect::Played);
}

/// Positions of random games (seeded), with time travel and crossings.
fn playout_positions() -> Vec<Game> {
    let mut out = Vec::new();
    for (i, config) in [Config::new(21, 11), Config::new(3, 12)]
        .into_iter()
        .enumerate()
    {
        let mut game = Game::new(config).unwrap();
        let mut rng = SplitMix64::new(0xF1_2500 + i as u64);
        for n in 0..24 {
            let Some(turn) = game.random_turn(&mut rng, 40) else {
                break;
            };
            game.play(&turn).unwrap();
            if n % 8 == 7 {
                out.push(game.clone());
            }
        }
    }
    out
}

#[test]
fn every_travel_first_turn_the_game_lists_is_reachable_by_presses() {
    let mut families = 0;
    for game in playout_positions() {
        let base = BranchingSession::new(game.clone());
        for &b in &game.phase().pending {
            let list: Vec<_> = game
                .journey_families(b)
                .into_iter()
                .filter(|f| f.order == TravelOrder::TravelFirst)
                .collect();
            let here = board_key(b.0, game.branch(b).unwrap().latest().t());
            // The pieces marked as travellers are those of the listed turns.
            for trans in [false, true] {
                let mut s = base.clone();
                s.set_focus(b);
                s.set_travel_first(true);
                s.set_trans(trans);
                let want: BTreeSet<Square> = list
                    .iter()
                    .filter(|f| matches!(f.journey, Journey::TransUniverse { .. }) == trans)
                    .filter(|f| match f.journey {
                        Journey::TransUniverse { queen, .. } => {
                            s.departure_queen(b, f.from) == Some(queen)
                        }
                        Journey::Time { .. } => true,
                    })
                    .map(|f| f.from)
                    .collect();
                assert_eq!(
                    marked(&s, here, Mark::Traveller),
                    want,
                    "{b:?} trans {trans}"
                );
            }
            // A sample of the families played by presses, landings checked.
            let step = (list.len() / 60).max(1);
            for f in list.iter().step_by(step) {
                let (trans, key) = match f.journey {
                    Journey::Time { to_t } => {
                        (false, board_key(owner_row(&game, b, to_t).unwrap(), to_t))
                    }
                    Journey::TransUniverse { queen, to_branch } => {
                        if base.departure_queen(b, f.from) != Some(queen) {
                            continue; // another queen pays: not offered
                        }
                        let t = game.branch(to_branch).unwrap().latest().t();
                        (true, board_key(to_branch.0, t))
                    }
                };
                if f.mv.promotion().is_some_and(|k| k != PieceKind::Queen) {
                    continue; // travel-first promotions are made as a queen
                }
                let mut s = base.clone();
                s.set_focus(b);
                s.set_travel_first(true);
                s.set_trans(trans);
                assert_eq!(s.press(here, f.from), Effect::Picked, "{f:?}");
                let want: BTreeSet<Square> = f.landings.iter().copied().collect();
                assert_eq!(marked(&s, key, Mark::Landing), want, "{f:?}");
                let landing = f.landings[0];
                assert_eq!(s.press(key, landing), Effect::Staged, "{f:?}");
                let from = f.mv.from().unwrap();
                assert_eq!(s.press(preview_key(b.0), from), Effect::Picked, "{f:?}");
                assert_eq!(
                    s.press(preview_key(b.0), f.mv.to()),
                    Effect::Played,
                    "{f:?}"
                );
                let mut direct = game.clone();
                direct.play(&f.turn(landing)).unwrap();
                assert_eq!(s.game().events(), direct.events(), "{f:?}");
                families += 1;
            }
        }
    }
    assert!(families > 20, "only {families} families tried");
}
