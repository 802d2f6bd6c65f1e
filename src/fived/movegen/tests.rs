use super::super::coords::color_of;
use super::*;

/// The moves of one piece by the plain walk (`for_each_target`), the
/// former generator.
fn reference_piece_moves(mv: &Multiverse, from: Coord) -> Vec<Move> {
    let mut out = Vec::new();
    let BoardId { l, v } = from.board;
    let Some(b) = mv.board(l, v) else { return out };
    let Some(placed) = b.piece_at(from.square) else {
        return out;
    };
    let piece = placed.piece;
    let last_rank = match piece.color {
        Color::White => mv.height - 1,
        Color::Black => 0,
    };
    let from_i = from.square.index();
    mv.for_each_target(
        l,
        v,
        from_i,
        piece,
        placed.unmoved,
        false,
        None,
        &mut |l2, v2, i| {
            let to = Coord::new(l2, v2, Square::from_index(i));
            if piece.kind.is_pawnlike() && to.square.y == last_rank {
                for &p in &mv.promotions {
                    out.push(Move {
                        from,
                        to,
                        promotion: Some(p),
                    });
                }
            } else {
                out.push(Move {
                    from,
                    to,
                    promotion: None,
                });
            }
            false
        },
    );
    if piece.kind == PieceKind::King && placed.unmoved {
        for i in mv
            .castling_targets(b, from_i, piece.color)
            .into_iter()
            .flatten()
        {
            out.push(Move {
                from,
                to: Coord::new(l, v, Square::from_index(i)),
                promotion: None,
            });
        }
    }
    out
}

/// The generator gives exactly the reference walk's moves, in the same
/// order, for every piece of every board along random playouts of every
/// catalogue variant (fairy pieces included).
#[test]
fn generator_matches_the_reference_walk() {
    use crate::fived::boards::CATALOGUE;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut below = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut compared = 0;
    for variant in CATALOGUE {
        for _game in 0..2 {
            let Ok(mut mv) = Multiverse::from_variant(variant) else {
                continue;
            };
            for _ply in 0..40 {
                let mut all = Vec::new();
                for color in Color::ALL {
                    for b in mv.playable_boards(color) {
                        let board = mv.board(b.l, b.v).unwrap().clone();
                        let mut occupied = board.occupied();
                        while occupied != 0 {
                            let i = occupied.trailing_zeros() as usize;
                            occupied &= occupied - 1;
                            let from = Coord::new(b.l, b.v, Square::from_index(i));
                            assert_eq!(
                                mv.piece_moves(from),
                                reference_piece_moves(&mv, from),
                                "{} {from:?}",
                                variant.name
                            );
                            compared += 1;
                        }
                        if color == mv.to_move {
                            let moves = mv.board_moves(b);
                            let mut expected = Vec::new();
                            let mut mine = board.side(color);
                            while mine != 0 {
                                let i = mine.trailing_zeros() as usize;
                                mine &= mine - 1;
                                let from = Coord::new(b.l, b.v, Square::from_index(i));
                                expected.extend(reference_piece_moves(&mv, from));
                            }
                            assert_eq!(moves, expected);
                            all.extend(moves);
                        }
                    }
                }
                if all.is_empty() {
                    break;
                }
                let m = all[below(all.len())];
                if mv.apply(&m).is_none() {
                    break;
                }
                if color_of(mv.present()) != mv.to_move {
                    mv.to_move = !mv.to_move;
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn direction_counts_match_the_rules_table() {
    let t = tables();
    assert_eq!(t.rook.len(), 8);
    assert_eq!(t.bishop.len(), 24);
    assert_eq!(t.unicorn.len(), 32);
    assert_eq!(t.dragon.len(), 16);
    assert_eq!(t.queen.len(), 80);
    assert_eq!(t.princess.len(), 32);
    assert_eq!(t.knight.len(), 48);
    assert_eq!(t.by_axes.iter().map(Vec::len).sum::<usize>(), 80);
}
