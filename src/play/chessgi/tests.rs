//! The Chessgi session: presses ask the rules for targets, pockets, the
//! scene and the save record (with a record as the app wrote it before the
//! play layer).

use super::*;
use crate::games::chessgi::ChessgiOptions;
use crate::storage::{GameId, GameResult};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn played(cooldown: u32, ucis: &[&str]) -> ChessgiGame {
    let mut game = ChessgiGame::new(ChessgiOptions {
        cooldown,
        ..ChessgiOptions::default()
    });
    for uci in ucis {
        let mv = game.position().uci_move(uci).unwrap();
        game.play(ChessgiAction::Move(mv)).unwrap();
    }
    game
}

#[test]
fn presses_and_pocket_pieces_ask_the_rules_for_targets() {
    let mut s = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
    assert_eq!(s.press(sq("e2")), Effect::Picked);
    assert_eq!(s.candidates().len(), 2, "e3 and e4");
    let scene = s.scene();
    assert!(scene.boards[0].has(sq("e2"), Mark::Selected));
    assert!(scene.boards[0].has(sq("e4"), Mark::Dest));
    assert_eq!(s.press(sq("e4")), Effect::Played);
    assert_eq!(s.game().actions().len(), 1);
    assert!(s.scene().boards[0].has(sq("e4"), Mark::Last));
    // An opponent's piece cannot be picked up.
    assert_eq!(s.press(sq("e4")), Effect::Cleared);
    s.press(sq("d7"));
    s.press(sq("d5"));
    s.press(sq("e4"));
    assert!(s.scene().boards[0].has(sq("d5"), Mark::Capture));
    assert_eq!(s.input(Input::Drop(Spot::main(sq("d5")))), Effect::Played);
    assert_eq!(
        s.game().pocket(Color::White).reserve().to_vec(),
        vec![PieceKind::Pawn]
    );
    // Black's turn: White's reserve pawn is not Black's to drop.
    assert_eq!(s.input(Input::Hand(PieceKind::Pawn)), Effect::Picked);
    assert!(s.candidates().is_empty());
    assert_eq!(s.input(Input::Hand(PieceKind::Pawn)), Effect::Cleared);
    assert_eq!(s.pick(), None);
    // Take back the capture: the pocket is empty again.
    assert!(s.take_back());
    assert!(s.game().pocket(Color::White).reserve().is_empty());
}

#[test]
fn a_drop_elsewhere_plays_nothing_and_a_travel_preview_shows_another_position() {
    let mut s = ChessgiSession::new(played(0, &["e2e4", "d7d5", "e4d5"]));
    s.press(sq("d8"));
    assert_eq!(s.drop_on(sq("a5")), Effect::Ignored);
    assert_eq!(s.game().actions().len(), 3);
    s.cancel();
    assert_eq!(s.pick(), None);
    s.toggle_travel_choice();
    assert!(s.choosing_travel());
    s.travel_to(NodeId(1));
    assert_eq!(s.travel(), Some(NodeId(1)));
    // In the preview the last move is not marked (it belongs to the present).
    assert!(s.scene().boards[0]
        .marks
        .iter()
        .all(|&(_, m)| m != Mark::Last));
    s.stay();
    assert_eq!(s.travel(), None);
}

#[test]
fn legal_actions_play_through_the_trait_and_resigning_ends_the_game() {
    let mut s = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
    let moves = s
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, ChessgiAction::Move(_)))
        .count();
    assert_eq!(moves, 20);
    let a = s.legal_actions()[0];
    assert_eq!(s.play(a), Ok(Step::TurnEnded));
    assert_eq!(s.turns_played(), 1);
    assert_eq!(s.to_move(), Color::Black);
    s.resign(Color::Black).unwrap();
    assert_eq!(s.ending(), Some(Ending::win(Color::White, "resignation")));
    assert!(s.resign(Color::White).is_err());
}

#[test]
fn the_save_record_holds_the_rules_record_and_reads_back() {
    let mut s = ChessgiSession::new(played(3, &["e2e4", "d7d5", "e4d5"]));
    let id = GameId::from_parts(1_700_000_000_000, 1);
    let record = s.save_record(&id, "test", 5);
    assert_eq!(record.kind, GameKind::Chessgi);
    assert_eq!(record.variant, VARIANT);
    assert_eq!(record.to_move, Color::Black);
    assert_eq!(record.result, GameResult::Ongoing);
    let back = ChessgiSession::from_record(&record).unwrap();
    assert_eq!(back.game().actions(), s.game().actions());
    assert_eq!(back.game().options().cooldown, 3);
    s.resign(Color::Black).unwrap();
    let over = s.save_record(&id, "test", 6);
    assert_eq!(over.result.winner(), Some(Color::White));
    let again = ChessgiSession::import_text(&s.export_text()).unwrap();
    assert_eq!(again.game().actions(), s.game().actions());
}

/// Games reached by seeded random playouts over the listed actions (one in
/// three kept): captures fill the reserves, travels come up.
fn playout_games() -> Vec<ChessgiGame> {
    use crate::games::branching::SplitMix64;
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let mut s = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
        let mut rng = SplitMix64::new(0xC6E5 + seed);
        for n in 0..30 {
            let actions = s.legal_actions();
            if actions.is_empty() {
                break;
            }
            let a = actions[rng.below(actions.len())];
            s.play(a).unwrap();
            if n % 3 == 2 {
                out.push(s.game().clone());
            }
        }
    }
    out
}

/// Every listed action is accepted, once; the special-travel targets listed
/// for a piece are the ten the screen offers; and asking the rules about
/// every move, drop, arrival, general travel (every position, every move
/// or drop there) and special travel up to 30 moves ahead finds no accepted
/// action the list lacks, but special travel beyond the horizon.
#[test]
fn the_listed_actions_are_every_action_the_game_accepts_within_the_horizon() {
    use std::collections::HashSet;
    let (mut travels, mut beyond) = (0, 0);
    for game in playout_games() {
        let s = ChessgiSession::new(game.clone());
        let listed = s.legal_actions();
        let set: HashSet<ChessgiAction> = listed.iter().copied().collect();
        assert_eq!(set.len(), listed.len(), "an action listed twice");
        let accepted = |a: ChessgiAction| game.clone().play(a).is_ok();
        for &a in &listed {
            assert!(accepted(a), "{a:?}");
            travels += usize::from(a.is_travel());
        }
        for (from, window) in game.special_travel_pieces() {
            // The screen's choices (ui/chessgi/panels.rs): ten from the earliest.
            let offered: HashSet<u32> = window.moves_up_to(window.earliest + 9).collect();
            let listed_here: HashSet<u32> = listed
                .iter()
                .filter_map(|a| match *a {
                    ChessgiAction::SpecialTravel { from: f, due_move } if f == from => {
                        Some(due_move)
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(listed_here, offered, "special travel of {from}");
        }
        let pos = *game.position();
        let mut candidates: Vec<ChessgiAction> = Vec::new();
        let kinds = [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ];
        let squares = || (0..64).map(Square::from_index);
        for to in squares() {
            candidates.push(ChessgiAction::Arrive { to });
            for kind in kinds {
                candidates.push(ChessgiAction::Move(Move2d::Drop { kind, to }));
            }
            for (from, _) in pos.pieces() {
                for promotion in [None, Some(PieceKind::Queen)] {
                    candidates.push(ChessgiAction::Move(Move2d::Normal {
                        from,
                        to,
                        promotion,
                    }));
                }
            }
        }
        let clock = game.return_clock(game.side_to_move());
        for (from, _) in pos.pieces() {
            for due_move in 0..=clock + 30 {
                candidates.push(ChessgiAction::SpecialTravel { from, due_move });
            }
        }
        for (i, node) in game.nodes().iter().enumerate() {
            let there = *node.position();
            let mut moves = there.legal_moves();
            moves.extend(there.legal_drops(&kinds));
            for then in moves {
                candidates.push(ChessgiAction::GeneralTravel {
                    node: crate::games::chessgi::NodeId(i as u32),
                    then,
                });
            }
        }
        for a in candidates {
            if set.contains(&a) || !accepted(a) {
                continue;
            }
            match a {
                ChessgiAction::SpecialTravel { due_move, .. }
                    if due_move > clock + SPECIAL_TRAVEL_HORIZON =>
                {
                    beyond += 1;
                }
                _ => panic!("accepted but not listed: {a:?}"),
            }
        }
    }
    assert!(travels > 100, "travels listed: {travels}");
    assert!(
        beyond > 0,
        "special travel beyond the horizon exists and is left out"
    );
}
/// The computer weighs every legal action but the special-travel targets
/// past each piece's two earliest: those it weighs are legal, and each
/// piece keeps its earliest return.
#[test]
fn the_computer_weighs_two_return_moves_per_piece() {
    let mut trimmed = 0;
    for game in playout_games() {
        let s = ChessgiSession::new(game.clone());
        let legal = s.legal_actions();
        let weighed = s.search_actions();
        assert!(weighed.iter().all(|a| legal.contains(a)));
        for (from, window) in game.special_travel_pieces() {
            let targets: Vec<u32> = weighed
                .iter()
                .filter_map(|a| match *a {
                    ChessgiAction::SpecialTravel { from: f, due_move } if f == from => {
                        Some(due_move)
                    }
                    _ => None,
                })
                .collect();
            let open: Vec<u32> = window.moves_up_to(window.earliest + 9).collect();
            assert_eq!(targets, open[..open.len().min(SEARCHED_RETURNS)], "{from}");
        }
        let others = |l: &[ChessgiAction]| {
            l.iter()
                .filter(|a| !matches!(a, ChessgiAction::SpecialTravel { .. }))
                .count()
        };
        assert_eq!(others(&weighed), others(&legal));
        trimmed += legal.len() - weighed.len();
    }
    assert!(trimmed > 100, "{trimmed}");
}
