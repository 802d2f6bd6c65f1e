//! The computer travels when only travel wins: in Time Traveling Chess by
//! replacing a past move, in Chessgi by travelling back to a position it
//! left (Multiverse Time Travel Chess: `play::branching::candidates_tests`).

use super::*;
use crate::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions};
use crate::games::time_traveling::{Action, TimeTravelingChess};
use crate::play::chessgi::ChessgiSession;
use crate::play::time_traveling::TimeTravelingSession;
use crate::play::GameSession;

/// From the FEN, 1.a3?? (Qxd8+ was there) Rxd1+ 2.Kxd1 Kh7: White is left with
/// a pawn against a bare king, so no move now wins material. Replacing the
/// pawn move by a queen move (an upgrade) saves the queen, and the replay
/// finds Black's rook taken or its capture gone: the computer replaces.
#[test]
fn time_traveling_chess_strong_replaces_a_past_move_to_win_material() {
    let mut game = TimeTravelingChess::from_fen("3r3k/8/8/8/8/8/P7/3QK3 w - - 0 1").unwrap();
    for a in ["append a2a3", "append d8d1", "append e1d1", "append h8h7"] {
        let player = game.to_act();
        game.act(player, a.parse::<Action>().unwrap()).unwrap();
    }
    let session = TimeTravelingSession::new(game, "custom");
    let before = session.evaluation();
    let appends_win = session.legal_actions().into_iter().any(|a| {
        let mut s = session.clone();
        matches!(a, Action::Append(_)) && s.play(a).is_ok() && -s.evaluation() > before
    });
    assert!(!appends_win, "no move of the present wins material");
    let choice = choose(&session, Level::Strong, 1).unwrap();
    assert!(
        matches!(choice.action, Action::Replace { ply: 1, .. }),
        "{choice:?}"
    );
    assert!(choice.score >= before + 500, "{choice:?} from {before}");
}

/// 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 (Qxf7 was mate) 4.a2 sent to move 20
/// Qe7 5.h3 d6 6.g3 Be6: f7 is held now, and the only mates are a
/// travel back to the position after 3…Nf6 with Qxf7 there.
#[test]
fn chessgi_strong_travels_back_to_a_mate_it_missed() {
    let mut session = ChessgiSession::new(ChessgiGame::new(ChessgiOptions::default()));
    let sq = |s: &str| crate::chess::Square::parse(s).unwrap();
    for step in [
        "e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "stt", "d8e7", "h2h3", "d7d6", "g2g3",
        "c8e6",
    ] {
        let action = if step == "stt" {
            ChessgiAction::SpecialTravel {
                from: sq("a2"),
                due_move: 20,
            }
        } else {
            let pos = session.game().current_node().position();
            ChessgiAction::Move(pos.uci_move(step).unwrap())
        };
        session.play(action).unwrap();
    }
    let winner = session.to_move();
    let wins: Vec<ChessgiAction> = session
        .legal_actions()
        .into_iter()
        .filter(|a| {
            let mut s = session.clone();
            s.play(*a).is_ok() && s.ending().is_some_and(|e| e.winner == Some(winner))
        })
        .collect();
    assert!(!wins.is_empty());
    assert!(
        wins.iter()
            .all(|a| matches!(a, ChessgiAction::GeneralTravel { .. })),
        "{wins:?}"
    );
    let choice = choose(&session, Level::Strong, 1).unwrap();
    assert!(wins.contains(&choice.action), "{choice:?}");
    assert_eq!(choice.score, MATE - 1);
}
