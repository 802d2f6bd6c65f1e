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
