//! The branching session: staging, travellers, time travel by presses,
//! promotions, the scene and the save record (with a record as the app wrote
//! it before the play layer).

use super::*;
use crate::games::branching::Config;
use crate::storage::GameId;

pub(super) fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Stages `from`→`to` on branch `row`'s latest board `t` and plays it.
pub(super) fn turn(s: &mut BranchingSession, row: u32, t: u32, from: &str, to: &str) {
    assert_eq!(
        s.press(board_key(row, t), sq(from)),
        Effect::Picked,
        "select {from}"
    );
    assert_eq!(
        s.press(board_key(row, t), sq(to)),
        Effect::Staged,
        "stage {from}{to}"
    );
    assert_eq!(s.play_staged(), Effect::Played);
}

pub(super) fn opening() -> BranchingSession {
    let mut s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    turn(&mut s, 0, 0, "e2", "e4");
    turn(&mut s, 0, 1, "e7", "e5");
    turn(&mut s, 0, 2, "g1", "f3");
    turn(&mut s, 0, 3, "b8", "c6");
    s
}

#[test]
fn a_time_travel_by_presses_forks_a_branch() {
    let mut s = opening();
    // 3.Bc4 staged: the preview board shows the pieces that may travel.
    s.press(board_key(0, 4), sq("f1"));
    s.press(board_key(0, 4), sq("c4"));
    let scene = s.scene();
    let preview = scene.board(preview_key(0)).expect("the staged board");
    assert!(preview.has(sq("f3"), Mark::Traveller));
    assert!(preview.has(sq("c4"), Mark::Staged));
    // The just-moved bishop may not travel; the f3 knight may.
    assert!(matches!(
        s.press(preview_key(0), sq("c4")),
        Effect::Refused(_)
    ));
    assert_eq!(s.press(preview_key(0), sq("f3")), Effect::Picked);
    let marks = s.marks();
    assert!(marks[&board_key(0, 2)]
        .iter()
        .any(|&(q, m)| q == sq("c3") && m == Mark::Landing));
    // f3 attacks e5: not a landing square (a press there is refused); c3 is.
    assert!(matches!(
        s.press(board_key(0, 2), sq("f3")),
        Effect::Refused(_)
    ));
    assert_eq!(s.game().branches().len(), 1);
    assert_eq!(s.press(board_key(0, 2), sq("c3")), Effect::Played);
    assert_eq!(s.game().branches().len(), 2);
    assert_eq!(
        s.game().phase().pending.clone(),
        vec![BranchId(0), BranchId(1)]
    );
    // The new branch's first board is drawn in its own row, the knight
    // that crossed marked as arrived there and nowhere else.
    let scene = s.scene();
    let forked = scene
        .board(board_key(1, 3))
        .expect("the new branch's board");
    assert!(forked.has(sq("c3"), Mark::Arrived));
    let arrivals = scene
        .boards
        .iter()
        .flat_map(|b| b.marks.iter())
        .filter(|&&(_, m)| m == Mark::Arrived)
        .count();
    assert_eq!(arrivals, 1);
    assert_eq!(owner_row(s.game(), BranchId(1), 1), Some(0));
    assert_eq!(owner_row(s.game(), BranchId(1), 3), Some(1));
}

#[test]
fn a_promoting_pawn_offers_every_piece_queen_first_and_plays_the_chosen_one() {
    let mut s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    let moves = [
        ("h2", "h4"),
        ("g7", "g5"),
        ("h4", "g5"),
        ("g8", "h6"),
        ("g5", "h6"),
        ("f8", "g7"),
        ("h6", "g7"),
        ("a7", "a6"),
    ];
    for (t, (from, to)) in (0u32..).zip(moves) {
        turn(&mut s, 0, t, from, to);
    }
    s.press(board_key(0, 8), sq("g7"));
    s.press(board_key(0, 8), sq("h8"));
    let staged = s.staged().expect("a staged promotion");
    assert_eq!(staged.promotion(), Some(PieceKind::Queen));
    let kinds: Vec<_> = s
        .promotion_choices(BranchId(0), staged)
        .iter()
        .filter_map(|m| m.promotion())
        .collect();
    assert_eq!(
        kinds,
        vec![
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    assert_eq!(s.input(Input::Promote(PieceKind::Knight)), Effect::Staged);
    assert_eq!(s.input(Input::Confirm), Effect::Played);
    let knight = s
        .game()
        .branch(BranchId(0))
        .unwrap()
        .latest()
        .position()
        .piece_at(sq("h8"));
    assert_eq!(knight.map(|p| p.kind), Some(PieceKind::Knight));
    s.press(board_key(0, 9), sq("a6"));
    s.press(board_key(0, 9), sq("a5"));
    let plain = s.staged().unwrap();
    assert_eq!(s.promotion_choices(BranchId(0), plain), vec![plain]);
}

#[test]
fn the_queen_of_a_crossing_is_the_first_own_queen_after_the_move() {
    let s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    let b = BranchId(0);
    let pos = s.game().branch(b).unwrap().latest().position();
    let mv = pos.uci_move("e2e4").unwrap();
    assert_eq!(queen_square(s.game(), b, mv), Some(sq("d1")));
}

#[test]
fn turns_end_when_the_phase_passes_and_the_trait_lists_every_turn() {
    let mut s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    assert_eq!(s.turns_played(), 0);
    let first = s.legal_actions()[0];
    assert_eq!(first.travel, None, "plain moves come first");
    let actions = s.legal_actions();
    assert_eq!(actions.iter().filter(|a| a.travel.is_none()).count(), 20);
    // 1.e4 etc. with a journey back to board 0: 576 more.
    assert_eq!(actions.len(), 596);
    assert_eq!(s.play(first), Ok(Step::TurnEnded));
    assert_eq!(s.turns_played(), 1);
    assert_eq!(s.to_move(), Color::Black);
    s.resign(Color::Black).unwrap();
    assert_eq!(s.ending().map(|e| e.winner), Some(Some(Color::White)));
    assert!(s.legal_actions().is_empty());
}

#[test]
fn the_save_record_round_trips() {
    let s = opening();
    let record = s.save_record(&GameId::parse("g1-0").unwrap(), "test", 9);
    assert_eq!(record.kind, GameKind::Branching);
    assert_eq!(record.variant, "branch limit 21");
    let back = BranchingSession::from_record(&record).unwrap();
    assert_eq!(back.game().to_json(), s.game().to_json());
    let again = back.save_record(&record.id, "test", 9);
    assert_eq!(again.payload, record.payload);
    let imported = BranchingSession::import_text(&s.export_text()).unwrap();
    assert_eq!(imported.game().to_json(), s.game().to_json());
}

#[test]
fn each_branch_shows_its_last_move_on_its_latest_board() {
    let s = opening();
    let scene = s.scene();
    let latest = scene.board(board_key(0, 4)).expect("the latest board");
    assert!(latest.has(sq("b8"), Mark::Last));
    assert!(latest.has(sq("c6"), Mark::Last));
    assert!(!latest.has(sq("g1"), Mark::Last), "only the last move");
    let earlier = scene.board(board_key(0, 3)).expect("an earlier board");
    assert!(
        earlier.marks_at(sq("f3")).next().is_none(),
        "earlier boards carry no last-move marks"
    );
}
