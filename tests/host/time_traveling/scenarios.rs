//! The test scenarios of `shared/rules/seed-variants.md`, section A.7, plus the
//! refusals every action can meet.

use crate::support::sq;
use chronochess::chess::{Color, PieceKind};
use chronochess::games::time_traveling::{
    Action, ActionError, ChessPosition, EndReason, GameResult, MoveRefusal, NbOrder, Slot,
    SlotKind, Terminus, TerminusKind, TimeTravelingChess, UpgradeRefusal,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A game from `fen` after appending the UCI moves, each by the player to act.
fn game_from(fen: &str, moves: &str) -> TimeTravelingChess {
    let mut game = TimeTravelingChess::from_fen(fen).expect("test FEN");
    for mv in moves.split_whitespace() {
        act(&mut game, &format!("append {mv}"));
    }
    game
}

fn game(moves: &str) -> TimeTravelingChess {
    game_from(START, moves)
}

/// The player to act takes `action` (text form); panics with the refusal.
fn act(game: &mut TimeTravelingChess, action: &str) {
    let player = game.to_act();
    let parsed: Action = action.parse().expect("action text");
    if let Err(e) = game.act(player, parsed) {
        panic!("{player} {action}: refused: {e}");
    }
}

/// The player to act tries `action`; returns the refusal.
fn refused(game: &mut TimeTravelingChess, action: &str) -> ActionError {
    let player = game.to_act();
    let parsed: Action = action.parse().expect("action text");
    match game.act(player, parsed) {
        Ok(_) => panic!("{player} {action} was accepted"),
        Err(e) => e,
    }
}

fn slots(game: &TimeTravelingChess) -> Vec<String> {
    game.slots().iter().map(ToString::to_string).collect()
}

// ----- A.7.1 -----------------------------------------------------------------

#[test]
fn a7_1_rook_upgrade_invalidates_a_capture_that_black_refills() {
    let mut g = game("h2h4 d7d5 g2g4 c8g4 g1f3 e7e6");
    assert_eq!(g.slot(4).unwrap().to_string(), "Bc8xg4");
    act(&mut g, "replace 3 h1h3");
    assert_eq!(
        slots(&g),
        ["Ph2-h4", "Pd7-d5", "Rh1-h3", "blank", "Ng1-f3", "Pe7-e6", "pending"]
    );
    assert_eq!(g.last_blanked(), [4]);
    assert_eq!(g.to_act(), Color::Black);
    act(&mut g, "fill 4 c8g4");
    assert_eq!(
        slots(&g),
        ["Ph2-h4", "Pd7-d5", "Rh1-h3", "Bc8-g4", "Ng1-f3", "Pe7-e6"]
    );
    assert_eq!(g.to_act(), Color::White);
    assert_eq!(g.next_ply(), 7);
    act(&mut g, "append b1c3");
    assert_eq!(g.slot(7).unwrap().to_string(), "Nb1-c3");
    assert_eq!(g.to_act(), Color::Black);
}

// ----- A.7.2 -----------------------------------------------------------------

#[test]
fn a7_2_pending_becomes_a_pass_that_can_never_be_filled() {
    let mut g = game("h2h4 d7d5 g2g4 c8g4 g1f3 e7e6");
    act(&mut g, "replace 3 h1h3");
    act(&mut g, "append b8c6");
    assert_eq!(g.slot(7), Some(Slot::Pass));
    assert_eq!(g.slot(8).unwrap().to_string(), "Nb8-c6");
    assert_eq!(g.to_act(), Color::White);
    let err = refused(&mut g, "fill 7 b1c3");
    assert_eq!(
        err,
        ActionError::NothingToFill {
            ply: 7,
            found: SlotKind::Pass
        }
    );
    assert!(err.to_string().contains("can never be filled"), "{err}");
}

// ----- A.7.3 -----------------------------------------------------------------

#[test]
fn a7_3_first_knight_bishop_swap_fixes_the_order() {
    let mut g = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    act(&mut g, "replace 3 f1c4");
    assert_eq!(g.nb_order(Color::White), NbOrder::KnightBelowBishop);
    assert_eq!(g.nb_order(Color::Black), NbOrder::Unset);
    assert_eq!(g.slot(3).unwrap().to_string(), "Bf1-c4");
    assert_eq!(g.slot(5), Some(Slot::Blank), "the bishop is already on c4");
    act(&mut g, "append d7d6");
    assert_eq!(g.slot(7), Some(Slot::Pass));
    let err = refused(&mut g, "replace 3 g1f3");
    assert_eq!(
        err,
        ActionError::NotAnUpgrade {
            ply: 3,
            old: PieceKind::Bishop,
            new: PieceKind::Knight,
            why: UpgradeRefusal::AgainstNbOrder(NbOrder::KnightBelowBishop),
            player: Color::White,
        }
    );
    assert!(
        err.to_string()
            .starts_with("a knight move cannot replace a bishop move"),
        "{err}"
    );
    act(&mut g, "fill 5 g1f3");
    assert_eq!(g.slot(5).unwrap().to_string(), "Ng1-f3");
}

// ----- A.7.4 -----------------------------------------------------------------

#[test]
fn a7_4_a_mated_player_escapes_by_upgrading() {
    let mut g = game("f2f3 e7e5 g2g4 d8h4");
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 5,
            kind: TerminusKind::Checkmate
        })
    );
    assert_eq!(g.result(), None);
    assert_eq!(g.upgradable(Color::White), [1, 3]);
    assert_eq!(g.to_act(), Color::White);
    assert!(matches!(
        refused(&mut g, "append a2a3"),
        ActionError::AppendAfterTerminus(_)
    ));
    act(&mut g, "replace 1 g1f3");
    assert_eq!(g.terminus(), None);
    assert_eq!(g.to_act(), Color::Black);
    assert_eq!(g.result(), None);
}

// ----- A.7.5 -----------------------------------------------------------------

#[test]
fn a7_5_an_unresolved_check_survives_through_blanks() {
    let mut g = game("e2e4 e7e5 b1c3 d7d6 g1f3 g8f6 d2d3 f8e7");
    act(&mut g, "replace 5 f1b5");
    assert_eq!(
        slots(&g)[5..],
        ["blank", "Pd2-d3", "blank", "pending"].map(String::from)
    );
    // Before ply 7 White is to move and Black's king stands in check, yet
    // capturing it is not a legal move.
    let before_7 = g.position_before(7).unwrap();
    assert_eq!(before_7.side_to_move(), Color::White);
    assert!(g.legal_moves_at(7).iter().all(|m| m.to != sq("e8")));
    assert!(g.position_before(8).unwrap().is_check());
    act(&mut g, "fill 6 c7c6");
    assert_eq!(g.slot(6).unwrap().to_string(), "Pc7-c6");
    assert_eq!(g.slot(7).unwrap().to_string(), "Pd2-d3");
    assert_eq!(
        g.slot(8),
        Some(Slot::Blank),
        "deletion is permanent even though f8e7 is legal again"
    );
    assert!(g.legal_moves_at(8).iter().any(|m| m.uci() == "f8e7"));
    assert_eq!(g.slots().len(), 8, "White's pending is removed");
    assert_eq!(g.to_act(), Color::White);
}

// ----- A.7.6 -----------------------------------------------------------------

const BACK_RANK: &str = "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1";

#[test]
fn a7_6_accept_ends_the_game() {
    let mut g = game_from(BACK_RANK, "a1a8");
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 2,
            kind: TerminusKind::Checkmate
        })
    );
    assert_eq!(g.upgradable(Color::White), [1]);
    assert!(g.upgradable(Color::Black).is_empty());
    assert_eq!(g.result(), None);
    act(&mut g, "accept");
    assert_eq!(g.result(), None, "Black's accept is only a pass");
    assert_eq!(g.to_act(), Color::White);
    act(&mut g, "accept");
    assert_eq!(
        g.result(),
        Some(GameResult::win(Color::White, EndReason::Checkmate))
    );
    assert_eq!(g.result().unwrap().score(), "1-0");
    assert!(matches!(
        refused(&mut g, "accept"),
        ActionError::GameOver(_)
    ));
}

#[test]
fn a7_6_variant_a_king_upgrade_dissolves_the_mate() {
    let mut g = game_from(BACK_RANK, "a1a8");
    act(&mut g, "accept");
    act(&mut g, "replace 1 g1f2");
    assert_eq!(g.terminus(), None);
    assert_eq!(slots(&g), ["Kg1-f2"]);
    assert_eq!(g.to_act(), Color::Black);
    assert_eq!(g.result(), None);
}

// ----- A.7.7 -----------------------------------------------------------------

/// White Kh1 Qb2 Pg4, Black Ka8 Pg7: 1.Qc2 g5 2.Qc7 stalemates Black.
const STALEMATE_LINE: (&str, &str) = ("k7/6p1/8/8/6P1/8/1Q6/7K w - - 0 1", "b2c2 g7g5 c2c7");

#[test]
fn a7_7_stalemate_is_a_draw_once_both_sides_are_settled() {
    let (fen, moves) = STALEMATE_LINE;
    let mut g = game_from(fen, moves);
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 4,
            kind: TerminusKind::Stalemate
        })
    );
    assert_eq!(g.upgradable(Color::White), [1, 3]);
    assert_eq!(
        g.upgradable(Color::Black),
        [2],
        "a king move could replace g7g5"
    );
    assert_eq!(g.to_act(), Color::Black);
    act(&mut g, "accept");
    assert!(g.has_accepted(Color::Black));
    assert_eq!(g.result(), None, "White has upgrades and has not accepted");
    act(&mut g, "accept");
    assert_eq!(g.result(), Some(GameResult::draw(EndReason::Stalemate)));
}

#[test]
fn a7_7_a_change_before_the_terminus_voids_acceptances() {
    let (fen, moves) = STALEMATE_LINE;
    let mut g = game_from(fen, moves);
    act(&mut g, "accept");
    // White dissolves the stalemate with a king move instead of accepting.
    act(&mut g, "replace 3 h1g1");
    assert_eq!(g.terminus(), None);
    assert!(!g.has_accepted(Color::Black));
    assert_eq!(g.result(), None);
}

#[test]
fn a7_7_off_turn_resignation_ends_the_game_at_once() {
    let mut g = game("e2e4");
    assert_eq!(g.to_act(), Color::Black);
    let outcome = g.act(Color::White, Action::Resign).unwrap();
    let result = GameResult::win(Color::Black, EndReason::Resignation);
    assert_eq!(outcome.result, Some(result));
    assert_eq!(g.result(), Some(result));
    assert_eq!(
        g.act(Color::Black, "append e7e5".parse().unwrap()),
        Err(ActionError::GameOver(result))
    );
}

#[test]
fn draw_offers() {
    let mut g = game("e2e4");
    assert_eq!(
        g.act(Color::Black, Action::AcceptDraw),
        Err(ActionError::NoDrawOffer)
    );
    g.act(Color::White, Action::OfferDraw).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    // Black plays on instead: the offer lapses.
    act(&mut g, "append e7e5");
    assert_eq!(g.draw_offer(), None);
    g.act(Color::Black, Action::OfferDraw).unwrap();
    g.act(Color::White, Action::AcceptDraw).unwrap();
    assert_eq!(g.result(), Some(GameResult::draw(EndReason::AgreedDraw)));
}

// ----- refusals ----------------------------------------------------------------

#[test]
fn refusals_say_why() {
    let mut g = game("e2e4 e7e5 g1f3 b8c6");
    let cases: Vec<(&str, ActionError, &str)> = vec![
        (
            "replace 2 d8h4",
            ActionError::NotYourPly {
                ply: 2,
                owner: Color::Black,
            },
            "ply 2 is Black's",
        ),
        (
            "replace 9 d1h5",
            ActionError::NoSuchPly { ply: 9, len: 4 },
            "there is no ply 9",
        ),
        (
            "replace 1 e2e3",
            ActionError::NotAnUpgrade {
                ply: 1,
                old: PieceKind::Pawn,
                new: PieceKind::Pawn,
                why: UpgradeRefusal::SameKind,
                player: Color::White,
            },
            "a pawn move cannot replace a pawn move",
        ),
        (
            "fill 3 g1h3",
            ActionError::NothingToFill {
                ply: 3,
                found: SlotKind::Move,
            },
            "not a blank",
        ),
        (
            "append e4e5",
            ActionError::IllegalMove {
                ply: 5,
                request: "e4e5".parse().unwrap(),
                why: MoveRefusal::NotLegal,
            },
            "not a legal move",
        ),
        (
            "append e3e4",
            ActionError::IllegalMove {
                ply: 5,
                request: "e3e4".parse().unwrap(),
                why: MoveRefusal::EmptySquare(sq("e3")),
            },
            "no piece on e3",
        ),
        (
            "append e5e4",
            ActionError::IllegalMove {
                ply: 5,
                request: "e5e4".parse().unwrap(),
                why: MoveRefusal::OpponentPiece(sq("e5")),
            },
            "belongs to the opponent",
        ),
        ("accept", ActionError::NothingToAccept, "no end of game"),
    ];
    for (action, expected, text) in cases {
        let err = refused(&mut g, action);
        assert_eq!(err, expected, "{action}");
        assert!(err.to_string().contains(text), "{action}: {err}");
    }
    let err = g
        .act(Color::Black, "append a7a6".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        err,
        ActionError::NotYourTurn {
            player: Color::Black
        }
    );
    assert_eq!(
        slots(&g),
        ["Pe2-e4", "Pe7-e5", "Ng1-f3", "Nb8-c6"],
        "unchanged"
    );
}

#[test]
fn a_bishop_move_cannot_replace_a_rook_move() {
    let mut g = game("a2a4 h7h6 b2b3 h6h5 a1a3 g7g6");
    let err = refused(&mut g, "replace 5 c1b2");
    assert_eq!(
        err.to_string(),
        "a bishop move cannot replace a rook move (ply 5): the new piece must be more valuable (pawn < knight/bishop < rook < queen < king)"
    );
    let err = refused(&mut g, "replace 5 b3b4");
    assert!(
        err.to_string()
            .starts_with("a pawn move cannot replace a rook move"),
        "{err}"
    );
    assert_eq!(g.slot(5).unwrap().to_string(), "Ra1-a3", "unchanged");
}

#[test]
fn dormant_plies_cannot_be_changed() {
    let mut g = game("f2f3 e7e5 g2g4 a7a6 h2h3");
    act(&mut g, "replace 4 d8h4");
    let terminus = Terminus {
        ply: 5,
        kind: TerminusKind::Checkmate,
    };
    assert_eq!(g.terminus(), Some(terminus));
    assert_eq!(
        slots(&g)[3..],
        ["Qd8-h4", "Ph2-h3", "pending"].map(String::from)
    );
    assert_eq!(g.to_act(), Color::White);
    let err = refused(&mut g, "replace 5 h1h2");
    assert_eq!(err, ActionError::DormantPly { ply: 5, terminus });
    assert!(
        err.to_string().contains("after the checkmate at ply 5"),
        "{err}"
    );
    assert_eq!(g.upgradable(Color::White), [1, 3]);
}

#[test]
fn promotion_must_be_named() {
    let mut g = game_from("8/P6k/8/8/8/8/8/K7 w - - 0 1", "");
    let err = refused(&mut g, "append a7a8");
    assert!(matches!(
        err,
        ActionError::IllegalMove {
            why: MoveRefusal::PromotionNeeded,
            ..
        }
    ));
    act(&mut g, "append a7a8q");
    assert_eq!(g.slot(1).unwrap().to_string(), "Pa7-a8=Q");
}

#[test]
fn castling_is_a_king_move_and_the_top_upgrade() {
    let mut g = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    assert_eq!(g.slot(7).unwrap().to_string(), "Ke1-g1");
    let g2 = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 h2h3 f8c5");
    assert!(g2.upgrades_at(7).iter().any(|m| m.uci() == "e1g1"));
    // A king move cannot be upgraded.
    act(&mut g, "append d7d6");
    assert!(g.upgrades_at(7).is_empty());
}

// ----- A.5 additions: conceding, blockers, automatic draws ---------------------

#[test]
fn the_mated_players_accept_concedes() {
    // Departure from A.6.9 (see `end_blockers`): otherwise White could pass
    // with ACCEPT forever and Black could never win.
    let mut g = game("f2f3 e7e5 g2g4 d8h4");
    let blockers: Vec<String> = g.end_blockers().iter().map(ToString::to_string).collect();
    assert_eq!(
        blockers,
        [
            "White has not accepted and can still upgrade 2 moves (ply 1, 3)",
            "Black has not accepted and can still upgrade 2 moves (ply 2, 4)"
        ]
    );
    act(&mut g, "accept");
    assert_eq!(
        g.result(),
        None,
        "Black has upgrades too and has not accepted"
    );
    assert!(!g.end_blockers().is_empty());
    act(&mut g, "accept");
    assert_eq!(
        g.result(),
        Some(GameResult::win(Color::Black, EndReason::Checkmate))
    );
}

/// White Kg1 Re1 Pc2 f2 g2 h2, Black Kg8 Nb6 Pa7 f7 g7 h7.
const BACK_RANK_WITH_KNIGHT: &str = "6k1/p4ppp/1n6/8/8/8/2P2PPP/4R1K1 w - - 0 1";

#[test]
fn blanks_must_be_filled_before_accepting() {
    let mut g = game_from(BACK_RANK_WITH_KNIGHT, "c2c3 a7a6 c3c4 a6a5 e1e8");
    assert_eq!(g.terminus().map(|t| t.ply), Some(6));
    // Black's knight takes c4 first: White's c3c4 and Black's a6a5 become
    // blanks, and the mate at ply 6 stands.
    act(&mut g, "replace 2 b6c4");
    assert_eq!(g.last_blanked(), [3, 4]);
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 6,
            kind: TerminusKind::Checkmate
        })
    );
    let blockers: Vec<String> = g.end_blockers().iter().map(ToString::to_string).collect();
    assert!(
        blockers.contains(&"White: 1 blank move to fill (ply 3)".to_owned()),
        "{blockers:?}"
    );
    let err = refused(&mut g, "accept");
    assert_eq!(err, ActionError::BlanksToFill { plies: vec![3] });
    assert!(
        err.to_string()
            .contains("fill your blank moves first (plies 3)"),
        "{err}"
    );
    act(&mut g, "fill 3 h2h3");
    // Black must now fill ply 4 too before anything can end.
    assert_eq!(g.blanks(Color::Black), [4]);
    assert_eq!(g.result(), None);
}

#[test]
fn a_change_early_in_the_history_blanks_everything_it_blocks() {
    let mut g = game("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    assert_eq!(g.terminus().map(|t| t.kind), Some(TerminusKind::Checkmate));
    act(&mut g, "accept");
    // White replaces 1.e4 by 1.Nf3: the bishop and queen are shut in by e2.
    act(&mut g, "replace 1 g1f3");
    assert_eq!(g.blanks(Color::White), [3, 5, 7]);
    assert_eq!(g.terminus(), None);
}

#[test]
fn dead_position_after_a_capture_is_a_draw_terminus() {
    let mut g = game_from("7k/8/8/8/8/2n5/3B4/4K3 w - - 0 1", "d2c3");
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 2,
            kind: TerminusKind::InsufficientMaterial
        })
    );
    assert_eq!(g.upgradable(Color::White), [1]);
    act(&mut g, "accept");
    assert_eq!(g.result(), None);
    act(&mut g, "accept");
    assert_eq!(
        g.result(),
        Some(GameResult::draw(EndReason::InsufficientMaterial))
    );
}

#[test]
fn a_dead_start_is_drawn_at_once() {
    let g = TimeTravelingChess::from_fen("7k/8/8/8/8/8/8/4KB2 w - - 0 1").unwrap();
    assert_eq!(
        g.result(),
        Some(GameResult::draw(EndReason::InsufficientMaterial))
    );
}

#[test]
fn the_75_move_rule_is_a_draw_terminus() {
    let g = game_from("7k/8/8/8/8/8/8/R3K3 w - - 149 80", "a1a2");
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 2,
            kind: TerminusKind::SeventyFiveMoves
        })
    );
}

#[test]
fn nulls_count_for_the_75_move_rule() {
    // 148 quiet plies, then White changes the past: the pending null is ply 150.
    let mut g = game_from("7k/8/8/8/8/8/8/R3K3 w - - 147 80", "a1a2");
    assert_eq!(g.terminus(), None);
    act(&mut g, "append h8g8");
    act(&mut g, "replace 1 e1d1");
    // Plies: Ke1-d1 (148), Kh8-g8 (149), pending null (150) → terminus at ply 4.
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 4,
            kind: TerminusKind::SeventyFiveMoves
        })
    );
}

#[test]
fn fivefold_repetition_is_a_draw_terminus() {
    let cycle = "g1f3 g8f6 f3g1 f6g8 ";
    let g = game(&cycle.repeat(4));
    assert_eq!(
        g.terminus(),
        Some(Terminus {
            ply: 17,
            kind: TerminusKind::FivefoldRepetition
        })
    );
}

#[test]
fn a_king_in_check_in_the_history_can_never_be_captured() {
    let mut g = game("e2e4 e7e5 b1c3 d7d6 g1f3 g8f6 d2d3 f8e7");
    act(&mut g, "replace 5 f1b5");
    // Black answers the check at the present; White's pending becomes a pass.
    act(&mut g, "append c7c6");
    assert_eq!(g.slot(9), Some(Slot::Pass));
    // Before ply 7 Black is still in check (ply 6 is blank): Bb5xe8 would be
    // an upgrade of d2d3, but a king is never captured.
    let err = refused(&mut g, "replace 7 b5e8");
    assert_eq!(
        err,
        ActionError::IllegalMove {
            ply: 7,
            request: "b5e8".parse().unwrap(),
            why: MoveRefusal::KingCapture,
        }
    );
    assert!(err.to_string().contains("a king can never be captured"));
}

// ----- SAN for the move list ---------------------------------------------------

#[test]
fn san_follows_the_replayed_history() {
    let mut g = game("h2h4 d7d5 g2g4 c8g4 g1f3 e7e6");
    assert_eq!(g.san(4).as_deref(), Some("Bxg4"));
    act(&mut g, "replace 3 h1h3");
    assert_eq!(g.san(3).as_deref(), Some("Rh3"));
    assert_eq!(g.san(4), None, "a blank has no SAN");
    let request = g.request_from_san(4, "Bg4").unwrap();
    assert_eq!(request.to_string(), "c8g4");
    g.act(
        Color::Black,
        Action::Fill {
            ply: 4,
            mv: request,
        },
    )
    .unwrap();
    assert_eq!(g.san(4).as_deref(), Some("Bg4"));
    let mate = game("f2f3 e7e5 g2g4 d8h4");
    assert_eq!(mate.san(4).as_deref(), Some("Qh4#"));
    let castle = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    assert_eq!(castle.san(7).as_deref(), Some("O-O"));
    assert!(castle.request_from_san(8, "Qh4").is_err());
    assert_eq!(
        castle.request_from_san(8, "Bc5").unwrap().to_string(),
        "f8c5"
    );
    assert!(castle.request_from_san(20, "e5").is_err());
    assert_eq!(
        castle.legal_moves_at(8).len(),
        castle
            .legal_turn_actions()
            .iter()
            .filter(|a| matches!(a, Action::Append(_)))
            .count()
    );
}

#[test]
fn a_start_with_black_to_move_gives_black_the_odd_plies() {
    let mut g = game_from("4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1", "e7e6 e2e3");
    assert_eq!(g.owner(1), Color::Black);
    assert_eq!(g.to_act(), Color::Black);
    act(&mut g, "replace 1 e8d8");
    assert_eq!(slots(&g), ["Ke8-d8", "Pe2-e3", "pending"]);
    assert_eq!(g.to_act(), Color::White);
}

#[test]
fn the_standard_game_starts_from_the_standard_position() {
    let g = TimeTravelingChess::standard();
    assert_eq!(g.start_fen(), START);
    assert_eq!(g.to_act(), Color::White);
    assert_eq!(g.legal_turn_actions().len(), 20);
}
