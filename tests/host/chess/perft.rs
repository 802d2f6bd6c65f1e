//! Perft: leaf counts of the legal-move tree, compared with the published figures of
//! the Chess Programming Wiki's "Perft Results" page (start position, "Kiwipete" and
//! positions 3–6). Deeper counts are `#[ignore]`d to keep `cargo test` quick; run them
//! with `cargo test --test host chess::perft -- --ignored`.

use chronochess::chess::{
    perft, Move2d, Position, Square, PROMOTION_KINDS, STANDARD_KINDS, STARTING_FEN,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn check(fen: &str, expected: &[u64]) {
    let pos = Position::from_fen(fen).unwrap();
    for (depth, &count) in expected.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(perft(&pos, depth), count, "{fen} depth {depth}");
    }
}

#[test]
fn start_position_to_depth_4() {
    check(STARTING_FEN, &[20, 400, 8_902, 197_281]);
}

#[test]
fn kiwipete_to_depth_3() {
    check(KIWIPETE, &[48, 2_039, 97_862]);
}

#[test]
fn positions_3_to_6_shallow() {
    check(POSITION_3, &[14, 191, 2_812, 43_238]);
    check(POSITION_4, &[6, 264, 9_467]);
    check(POSITION_5, &[44, 1_486, 62_379]);
    check(POSITION_6, &[46, 2_079, 89_890]);
}

#[test]
#[ignore = "deeper perft: a few seconds in the test profile"]
fn deeper_perft() {
    let pos = |fen| Position::from_fen(fen).unwrap();
    assert_eq!(perft(&Position::startpos(), 5), 4_865_609);
    assert_eq!(perft(&pos(KIWIPETE), 4), 4_085_603);
    assert_eq!(perft(&pos(POSITION_3), 5), 674_624);
    assert_eq!(perft(&pos(POSITION_4), 4), 422_333);
    assert_eq!(perft(&pos(POSITION_5), 4), 2_103_487);
    assert_eq!(perft(&pos(POSITION_6), 4), 3_894_594);
}

/// Every candidate move, legal or not: all from/to pairs with every promotion, en
/// passant and castling shapes, and drops of every standard kind.
fn all_candidates() -> Vec<Move2d> {
    let mut out = Vec::new();
    for f in 0..64 {
        for t in 0..64 {
            let (from, to) = (Square::from_index(f), Square::from_index(t));
            out.push(Move2d::Normal {
                from,
                to,
                promotion: None,
            });
            for k in PROMOTION_KINDS {
                out.push(Move2d::Normal {
                    from,
                    to,
                    promotion: Some(k),
                });
            }
            out.push(Move2d::EnPassant { from, to });
        }
    }
    for (king, rook) in [("e1", "h1"), ("e1", "a1"), ("e8", "h8"), ("e8", "a8")] {
        out.push(Move2d::Castle {
            king: Square::parse(king).unwrap(),
            rook: Square::parse(rook).unwrap(),
        });
    }
    for kind in STANDARD_KINDS {
        for t in 0..64 {
            out.push(Move2d::Drop {
                kind,
                to: Square::from_index(t),
            });
        }
    }
    out
}

/// `play` accepts exactly the moves `legal_moves` and `legal_drops` list, and gives the
/// same result as `play_unchecked`.
#[test]
fn play_agrees_with_the_generator() {
    let candidates = all_candidates();
    for fen in [
        STARTING_FEN,
        KIWIPETE,
        POSITION_3,
        POSITION_4,
        POSITION_5,
        POSITION_6,
    ] {
        let root = Position::from_fen(fen).unwrap();
        let mut positions = vec![root];
        positions.extend(
            // Every fourth child keeps the test quick while covering each kind of move.
            root.legal_moves()
                .into_iter()
                .step_by(4)
                .map(|m| root.play_unchecked(m)),
        );
        for pos in positions {
            let mut legal = pos.legal_moves();
            legal.extend(pos.legal_drops(&STANDARD_KINDS));
            for mv in &candidates {
                let mv = *mv;
                let played = pos.play(mv);
                assert_eq!(
                    played.is_ok(),
                    legal.contains(&mv),
                    "{} {mv:?}: {played:?}",
                    pos.to_fen()
                );
                if let Ok(next) = played {
                    assert_eq!(next, pos.play_unchecked(mv));
                }
            }
        }
    }
}
