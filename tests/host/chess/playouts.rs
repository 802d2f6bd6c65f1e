//! Random playouts through the 2D core, with the operations the time-travel games add
//! (null moves, drops, pieces leaving the board): FEN and SAN must round-trip and
//! `play` must agree with the move generator all along.

use chronochess::chess::{Move2d, PieceKind, Position, Square, Status, STANDARD_KINDS};

/// A small deterministic xorshift generator, so failures reproduce.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn check_invariants(pos: &Position) {
    let fen = pos.to_fen();
    assert_eq!(
        Position::from_fen(&fen).as_ref(),
        Ok(pos),
        "FEN round trip of {fen}"
    );
    for mv in pos.legal_moves() {
        let san = pos.san(mv).unwrap();
        assert_eq!(pos.parse_san(&san), Ok(mv), "{san} in {fen}");
        assert_eq!(pos.uci_move(&mv.to_uci()), Ok(mv), "{mv} in {fen}");
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    for _game in 0..30 {
        let mut pos = Position::startpos();
        for _ in 0..100 {
            check_invariants(&pos);
            let roll = rng.below(100);
            if roll < 4 {
                pos = pos.play_null();
                continue;
            }
            if roll < 10 {
                // A drop of a random kind (Chessgi), if any is legal.
                let kind = STANDARD_KINDS[rng.below(5)];
                let drops = pos.legal_drops(&[kind]);
                if !drops.is_empty() {
                    let mv = drops[rng.below(drops.len())];
                    pos = pos.play(mv).unwrap();
                    continue;
                }
            }
            if roll < 13 {
                // A non-king piece leaves by time travel.
                let leavers: Vec<Square> = pos
                    .pieces()
                    .filter(|(_, p)| p.kind != PieceKind::King)
                    .map(|(sq, _)| sq)
                    .collect();
                if !leavers.is_empty() {
                    let sq = leavers[rng.below(leavers.len())];
                    pos = pos.with_piece(sq, None).unwrap();
                    continue;
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                assert!(matches!(
                    pos.status(),
                    Status::Checkmate { .. } | Status::Stalemate
                ));
                break;
            }
            let mv: Move2d = moves[rng.below(moves.len())];
            pos = pos.play(mv).unwrap();
            plies += 1;
        }
    }
    assert!(plies > 1_500, "only {plies} plies played");
}
