//! Standard-chess rule scenarios for the 2D core: mates, stalemates, automatic draws,
//! SAN round trips over move trees, and a replayed master game.

use chronochess::chess::{
    Color, IllegalMove, Move2d, PieceKind, Position, SanError, Square, Status, STARTING_FEN,
};

fn play_line(start: &Position, line: &str) -> Position {
    line.split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .fold(*start, |pos, san| {
            pos.play_san(san)
                .unwrap_or_else(|e| panic!("{san} in {}: {e}", pos.to_fen()))
                .1
        })
}

#[test]
fn fools_mate() {
    let pos = play_line(&Position::startpos(), "1. f3 e5 2. g4 Qh4#");
    assert!(pos.is_check());
    assert!(pos.is_checkmate());
    assert!(!pos.is_stalemate());
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.status(),
        Status::Checkmate {
            winner: Color::Black
        }
    );
    // The mating move is written with `#`.
    let before = play_line(&Position::startpos(), "1. f3 e5 2. g4");
    let mv = before.parse_san("Qh4").unwrap();
    assert_eq!(before.san(mv).unwrap(), "Qh4#");
}

#[test]
fn back_rank_mate_and_the_uci_route() {
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let mv = pos.uci_move("a1a8").unwrap();
    assert_eq!(pos.san(mv).unwrap(), "Ra8#");
    assert!(pos.play(mv).unwrap().is_checkmate());
}

#[test]
fn stalemates() {
    for fen in [
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
        "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.is_stalemate(), "{fen}");
        assert!(!pos.is_checkmate(), "{fen}");
        assert_eq!(pos.status(), Status::Stalemate, "{fen}");
    }
    assert_eq!(Position::startpos().status(), Status::Ongoing);
}

#[test]
fn automatic_draws() {
    let bare = Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap();
    assert_eq!(bare.status(), Status::InsufficientMaterial);
    let slow = Position::from_fen("8/8/4k3/8/8/3K4/8/7R w - - 150 90").unwrap();
    assert_eq!(slow.status(), Status::SeventyFiveMoves);
    let almost = Position::from_fen("8/8/4k3/8/8/3K4/8/7R w - - 149 90").unwrap();
    assert_eq!(almost.status(), Status::Ongoing);
}

#[test]
fn repetition_keys_ignore_counters() {
    let start = Position::startpos();
    let back = play_line(&start, "1. Nf3 Nf6 2. Ng1 Ng8");
    assert_ne!(start, back, "counters differ");
    assert_eq!(start.repetition_key(), back.repetition_key());
    let moved = play_line(&start, "1. Nf3");
    assert_ne!(start.repetition_key(), moved.repetition_key());
}

/// Morphy vs. the Duke of Brunswick and Count Isouard, Paris 1858 (the "Opera game").
#[test]
fn opera_game_replays_and_round_trips() {
    let line = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 \
                8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
                14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#";
    let mut pos = Position::startpos();
    for san in line.split_whitespace().filter(|t| !t.ends_with('.')) {
        let mv = pos.parse_san(san).unwrap();
        assert_eq!(pos.san(mv).unwrap(), san, "written back");
        pos = pos.play(mv).unwrap();
    }
    assert!(pos.is_checkmate());
    assert_eq!(pos.fullmove_number(), 17);
    assert_eq!(
        pos.to_fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
}

/// `parse_san(san(mv)) == mv` for every legal move two plies deep from several positions.
#[test]
fn san_round_trips_over_move_trees() {
    let fens = [
        STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let mut checked = 0;
    for fen in fens {
        let root = Position::from_fen(fen).unwrap();
        for mv in root.legal_moves() {
            let next = root.play_unchecked(mv);
            for (pos, m) in std::iter::once((root, mv))
                .chain(next.legal_moves().into_iter().map(|m2| (next, m2)))
            {
                let san = pos.san(m).unwrap();
                assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {}", pos.to_fen());
                checked += 1;
            }
        }
    }
    // The perft counts to depth 2 of these positions, summed with their depth-1 counts.
    assert_eq!(checked, 420 + 2_087 + 270 + 1_530 + 205);
}

#[test]
fn san_errors() {
    let pos = Position::startpos();
    assert!(matches!(pos.parse_san("Ke2"), Err(SanError::NoSuchMove(_))));
    assert!(matches!(pos.parse_san("e9"), Err(SanError::Syntax(_))));
    assert!(matches!(pos.parse_san("Nbd2d"), Err(SanError::Syntax(_))));
    assert!(matches!(
        pos.parse_san("exd3"),
        Err(SanError::NoSuchMove(_))
    ));
    assert_eq!(
        pos.parse_san("O-O-O"),
        Err(SanError::Illegal(IllegalMove::CastlingBlocked))
    );
    let e2e4 = Move2d::Normal {
        from: Square::parse("e2").unwrap(),
        to: Square::parse("e4").unwrap(),
        promotion: None,
    };
    assert_eq!(pos.parse_san("e4"), Ok(e2e4));
    assert_eq!(pos.parse_san("e4!?"), Ok(e2e4));
    assert_eq!(
        pos.san(Move2d::Normal {
            from: Square::parse("e2").unwrap(),
            to: Square::parse("e5").unwrap(),
            promotion: None,
        }),
        Err(IllegalMove::NotAPieceMove)
    );
}

/// seed-variants.md A.7.5: after a null move the side not to move can stand in check;
/// the king capture is never legal, and the moves recorded for a replay can be checked
/// for piece kind and capture status.
#[test]
fn replay_helpers_for_time_traveling_chess() {
    let pos = play_line(&Position::startpos(), "1. e4 e5 2. Nc3 d6 3. Bb5+");
    // Black's reply is deleted in the replay: a null move leaves Black's king in check.
    let after_null = pos.play_null();
    assert_eq!(after_null.turn(), Color::White);
    assert!(after_null.is_king_attacked(Color::Black));
    let bxe8 = after_null.uci_move("b5e8").unwrap();
    assert_eq!(after_null.play(bxe8), Err(IllegalMove::CapturesKing));
    assert!(!after_null.legal_moves().contains(&bxe8));
    let d3 = after_null.uci_move("d2d3").unwrap();
    assert_eq!(after_null.moving_kind(d3), Some(PieceKind::Pawn));
    assert!(!after_null.is_capture(d3));
    assert!(after_null.play(d3).is_ok());
}
