//! Host tests of the 5D game behind the shared interface: records, input
//! (select, stage, promote, cancel), legal actions, the turn's end, endings
//! and the scene.

use super::game_session::{FivedAction, FivedSession};
use super::session::Session;
use crate::chess::{Color, PieceKind, Placement, Square};
use crate::fived::coords::{half_turn, Coord, Move};
use crate::fived::{boards, InitialBoard, Multiverse};
use crate::play::{
    ArrowKind, BoardKey, Effect, Ending, GameSession, Input, Mark, RecordError, Spot, Step,
};
use crate::storage::{GameId, GameKind, GameResult};

fn c(turn: i32, color: Color, sq: &str) -> Coord {
    Coord::new(0, half_turn(turn, color), Square::parse(sq).unwrap())
}

fn spot(turn: i32, color: Color, sq: &str) -> Spot {
    c(turn, color, sq).into()
}

fn standard() -> FivedSession {
    FivedSession::new(Session::new(boards::standard()).unwrap())
}

fn one_board(fen: &str, to_move: Color, promotions: &[PieceKind]) -> FivedSession {
    let placement = Placement::from_fen(fen, 8, 8).unwrap();
    let start = [InitialBoard {
        l: 0,
        turn: 1,
        to_move,
        placement,
    }];
    let m = Multiverse::from_boards(8, 8, false, promotions, &start).unwrap();
    FivedSession::new(Session::from_position("Custom".to_string(), m))
}

fn id() -> GameId {
    GameId::parse("g1").unwrap()
}

#[test]
fn a_turn_is_staged_moves_then_a_submit() {
    let mut g = standard();
    let actions = g.legal_actions();
    assert_eq!(actions.len(), 20, "16 pawn moves and 4 knight moves");
    assert!(!actions.contains(&FivedAction::Submit));
    let e4 = Move {
        from: c(1, Color::White, "e2"),
        to: c(1, Color::White, "e4"),
        promotion: None,
    };
    assert!(actions.contains(&FivedAction::Move(e4)));
    assert_eq!(g.play(FivedAction::Move(e4)), Ok(Step::Staged));
    assert!(g.legal_actions().contains(&FivedAction::Submit));
    assert!(g.undo());
    assert!(!g.undo());
    assert_eq!(g.play(FivedAction::Move(e4)), Ok(Step::Staged));
    assert_eq!(g.play(FivedAction::Submit), Ok(Step::TurnEnded));
    assert_eq!(g.turns_played(), 1);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.ending(), None);
    assert!(g.play(FivedAction::Submit).is_err(), "nothing staged");
    assert!(g.play(FivedAction::Move(e4)).is_err(), "not Black's move");
    assert!(g.take_back());
    assert_eq!(g.turns_played(), 0);
}

#[test]
fn presses_select_stage_and_clear() {
    let mut g = standard();
    assert_eq!(
        g.input(Input::Press(spot(1, Color::White, "e4"))),
        Effect::Ignored
    );
    assert_eq!(
        g.input(Input::Press(spot(1, Color::White, "e2"))),
        Effect::Picked
    );
    let scene = g.scene();
    assert_eq!(
        scene.marks_at(spot(1, Color::White, "e2")),
        vec![Mark::Selected]
    );
    assert_eq!(
        scene.marks_at(spot(1, Color::White, "e4")),
        vec![Mark::Dest]
    );
    // Pressing the selected piece again drops it; Cancel too.
    assert_eq!(
        g.input(Input::Press(spot(1, Color::White, "e2"))),
        Effect::Cleared
    );
    g.input(Input::Press(spot(1, Color::White, "g1")));
    assert_eq!(g.input(Input::Cancel), Effect::Cleared);
    assert_eq!(g.input(Input::Cancel), Effect::Ignored);
    // Select, then drop on a destination: staged.
    g.input(Input::Press(spot(1, Color::White, "g1")));
    assert_eq!(
        g.input(Input::Drop(spot(1, Color::White, "g1"))),
        Effect::Ignored,
        "dropped where it was"
    );
    assert_eq!(
        g.input(Input::Drop(spot(1, Color::White, "f3"))),
        Effect::Staged
    );
    assert_eq!(g.selected(), None);
    assert_eq!(g.session.staged_texts(), vec!["(0T1)Ng1f3".to_string()]);
    let scene = g.scene();
    let after = BoardKey::new(0, half_turn(1, Color::White) + 1);
    assert!(scene.board(after).is_some(), "the staged board is drawn");
    assert!(scene
        .marks_at(Spot {
            board: after,
            square: Square::parse("f3").unwrap()
        })
        .contains(&Mark::Staged));
    assert_eq!(g.input(Input::Confirm), Effect::Ignored);
}

#[test]
fn a_promotion_waits_for_the_piece() {
    let mut g = one_board(
        "4k3/1P6/8/8/8/8/8/4K3",
        Color::White,
        &[PieceKind::Queen, PieceKind::Knight],
    );
    g.input(Input::Press(spot(1, Color::White, "b7")));
    assert_eq!(
        g.input(Input::Press(spot(1, Color::White, "b8"))),
        Effect::ChoosePromotion(vec![PieceKind::Queen, PieceKind::Knight])
    );
    assert_eq!(g.input(Input::Promote(PieceKind::Rook)), Effect::Ignored);
    assert_eq!(g.input(Input::Promote(PieceKind::Knight)), Effect::Staged);
    assert_eq!(
        g.session.staged()[0].promotion,
        Some(PieceKind::Knight),
        "{:?}",
        g.session.staged()
    );
}

#[test]
fn a_mating_submit_ends_the_game_and_is_drawn_with_its_threat() {
    let mut g = one_board("r3k3/8/8/8/8/8/6PP/7K", Color::Black, &[PieceKind::Queen]);
    let mate = Move {
        from: c(1, Color::Black, "a8"),
        to: c(1, Color::Black, "a1"),
        promotion: None,
    };
    g.play(FivedAction::Move(mate)).unwrap();
    assert_eq!(g.play(FivedAction::Submit), Ok(Step::TurnEnded));
    assert_eq!(g.ending(), Some(Ending::win(Color::Black, "checkmate")));
    assert!(g.legal_actions().is_empty());
    let scene = g.scene();
    assert!(scene.boards.iter().all(|b| !b.active), "nothing to play");
    let king = spot(2, Color::White, "h1");
    assert!(scene.marks_at(king).contains(&Mark::Check));
    assert!(scene
        .arrows
        .iter()
        .any(|a| a.kind == ArrowKind::Threat && a.to == king));
    assert!(g.resign(Color::White).is_err(), "over already");
}

#[test]
fn records_round_trip_and_keep_a_resignation() {
    let mut g = standard();
    g.input(Input::Press(spot(1, Color::White, "e2")));
    g.input(Input::Press(spot(1, Color::White, "e4")));
    g.play(FivedAction::Submit).unwrap();
    g.input(Input::Press(spot(1, Color::Black, "e7")));
    g.input(Input::Press(spot(1, Color::Black, "e5")));
    let record = g.save_record(&id(), "A game", 1_000);
    assert_eq!(record.kind, GameKind::FiveD);
    assert_eq!(record.variant, "Standard");
    assert_eq!(record.to_move, Color::Black);
    let back = FivedSession::from_record(&record).unwrap();
    assert_eq!(back.session.payload(), g.session.payload());
    assert_eq!(back.export_text(), g.export_text());
    // Resigned: the record's result survives a reload.
    g.resign(Color::Black).unwrap();
    assert_eq!(g.ending(), Some(Ending::win(Color::White, "resignation")));
    assert!(g.legal_actions().is_empty());
    let record = g.save_record(&id(), "A game", 2_000);
    let back = FivedSession::from_record(&record).unwrap();
    assert_eq!(
        back.ending(),
        Some(Ending::win(Color::White, "resignation"))
    );
    assert_eq!(
        back.session.result,
        GameResult::WhiteWins {
            reason: "resignation".to_string()
        }
    );
}

#[test]
fn record_errors_say_which_kind() {
    let g = standard();
    let mut record = g.save_record(&id(), "A game", 0);
    record.kind = GameKind::Chessgi;
    assert!(matches!(
        FivedSession::from_record(&record),
        Err(RecordError::OtherKind { .. })
    ));
    assert!(matches!(
        FivedSession::from_payload("Standard", &serde_json::json!({"format": "x"})),
        Err(RecordError::Unreadable(_))
    ));
    let mut payload = g.session.payload();
    payload.format = 99;
    let value = serde_json::to_value(&payload).unwrap();
    assert!(matches!(
        FivedSession::from_payload("Standard", &value),
        Err(RecordError::Unreadable(_))
    ));
    let mut payload = g.session.payload();
    payload.start[0].color = 'q';
    let value = serde_json::to_value(&payload).unwrap();
    assert!(matches!(
        FivedSession::from_payload("Standard", &value),
        Err(RecordError::Invalid(_))
    ));
}

#[test]
fn export_and_import_give_the_same_game() {
    let mut g = standard();
    g.input(Input::Press(spot(1, Color::White, "d2")));
    g.input(Input::Press(spot(1, Color::White, "d4")));
    g.play(FivedAction::Submit).unwrap();
    let text = g.export_text();
    let back = FivedSession::import_text(&text).unwrap();
    assert_eq!(back.export_text(), text);
    assert_eq!(back.turns_played(), 1);
    assert!(matches!(
        FivedSession::import_text("1. (0T1)Zz9"),
        Err(RecordError::Unreadable(_))
    ));
}

#[test]
fn a_move_to_the_past_is_marked_as_making_a_timeline_and_its_board_takes_the_focus() {
    let mut g = standard();
    for (from, to, color) in [("g1", "f3", Color::White), ("g8", "f6", Color::Black)] {
        g.input(Input::Press(spot(1, color, from)));
        assert_eq!(g.input(Input::Press(spot(1, color, to))), Effect::Staged);
        assert_eq!(g.play(FivedAction::Submit), Ok(Step::TurnEnded));
    }
    assert_eq!(
        g.input(Input::Press(spot(2, Color::White, "f3"))),
        Effect::Picked
    );
    let scene = g.scene();
    let past = spot(1, Color::White, "f5");
    assert_eq!(scene.marks_at(past), vec![Mark::Branch]);
    assert_eq!(
        scene.marks_at(spot(2, Color::White, "e5")),
        vec![Mark::Dest],
        "a move on the board itself makes no timeline"
    );
    // The past board is not playable, yet the keyboard reaches it.
    assert!(!scene.board(past.board).unwrap().active);
    let from = spot(2, Color::White, "f5");
    let there = scene.move_focus(from, crate::play::FocusMove::NextBoard, Color::White);
    assert_eq!(there, Some(past));
}

#[test]
fn a_choice_names_the_move_to_stage_and_leaves_the_session_alone() {
    use super::choice::{Choice, Chosen};
    let session = Session::new(boards::standard()).unwrap();
    let mut choice = Choice::default();
    let e2 = c(1, Color::White, "e2");
    let e4 = c(1, Color::White, "e4");
    assert!(
        !choice.takes(&session, e4),
        "an empty square, nothing selected"
    );
    assert!(choice.takes(&session, e2), "a piece White may move");
    assert!(
        !choice.takes(&session, c(1, Color::White, "e7")),
        "Black's pawn"
    );
    assert_eq!(
        choice.input(&session, Input::Press(e2.into())),
        Chosen::Effect(Effect::Picked)
    );
    assert_eq!(choice.selected(), Some(e2));
    assert!(choice.takes(&session, e2), "the selected piece");
    assert!(choice.takes(&session, e4), "one of its destinations");
    assert!(!choice.takes(&session, c(1, Color::White, "e5")));
    let before = session.payload();
    assert_eq!(
        choice.input(&session, Input::Press(e4.into())),
        Chosen::Stage(Move {
            from: e2,
            to: e4,
            promotion: None
        })
    );
    assert_eq!(choice, Choice::default(), "cleared once the move is named");
    assert_eq!(session.payload(), before, "staging is the caller's");
    assert_eq!(choice.promotion(), None);
}

#[test]
fn a_choice_waits_for_the_promotion_piece() {
    use super::choice::{Choice, Chosen};
    let g = one_board(
        "7k/4P3/8/8/8/8/8/K7",
        Color::White,
        &[PieceKind::Queen, PieceKind::Knight],
    );
    let mut choice = Choice::default();
    let (e7, e8) = (c(1, Color::White, "e7"), c(1, Color::White, "e8"));
    choice.input(&g.session, Input::Press(e7.into()));
    assert_eq!(
        choice.input(&g.session, Input::Drop(e8.into())),
        Chosen::Effect(Effect::ChoosePromotion(vec![
            PieceKind::Queen,
            PieceKind::Knight
        ]))
    );
    assert_eq!(
        choice.promotion(),
        Some(vec![PieceKind::Queen, PieceKind::Knight])
    );
    assert_eq!(
        choice.input(&g.session, Input::Promote(PieceKind::Rook)),
        Chosen::Effect(Effect::Ignored),
        "not on offer"
    );
    assert_eq!(
        choice.input(&g.session, Input::Promote(PieceKind::Knight)),
        Chosen::Stage(Move {
            from: e7,
            to: e8,
            promotion: Some(PieceKind::Knight)
        })
    );
    assert_eq!(choice.promotion(), None);
}
