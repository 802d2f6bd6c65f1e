use super::*;
use crate::fived::boards::CATALOGUE;
use crate::fived::multiverse::Undo;

/// A small xorshift generator: the playouts are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn news_of(mv: &Multiverse, u: Undo) -> Vec<BoardId> {
    let end = |l: i32| BoardId {
        l,
        v: mv.end(l).unwrap_or(0),
    };
    match u {
        Undo::One(l) => vec![end(l)],
        Undo::Two(a, b) => vec![end(a), end(b)],
        Undo::Branch { source, created } => vec![end(source), end(created)],
    }
}

/// Compares the fast detection with the reference on one position:
/// every capture of both sides, and the "involving" queries for the
/// boards the last move created.
fn compare(mv: &Multiverse, news: &[BoardId], created: Option<i32>, name: &str) -> usize {
    let mut found = 0;
    for attacker in Color::ALL {
        let fast = mv.royal_captures(attacker);
        let slow = reference::captures(mv, attacker);
        assert_eq!(fast, slow, "{name}: captures of {attacker:?}");
        assert_eq!(mv.any_royal_capture(attacker), !slow.is_empty(), "{name}");
        for except in [None, created, news.first().map(|b| b.l)] {
            let f = mv.royal_capture_involving_except(news, attacker, except);
            let r = reference::involving_except(mv, news, attacker, except);
            found += usize::from(r.is_some());
            assert_eq!(
                f.is_some(),
                r.is_some(),
                "{name}: involving {news:?} except {except:?}"
            );
            if let Some(c) = f {
                let side = color_of(c.attacker.board.v);
                assert!(
                    reference::captures(mv, side).contains(&c),
                    "{name}: {c:?} is not a capture"
                );
                assert_ne!(Some(c.royal.board.l), except, "{name}");
            }
        }
    }
    found
}

/// Random playouts (moves drawn from the move generator, checks
/// ignored, so royal pieces are often capturable or even captured).
/// Returns how many positions were compared and how many "involving"
/// queries found a capture.
fn playouts(variant_index: usize, games: usize, plies: usize, seed: u64) -> (usize, usize) {
    let variant = &CATALOGUE[variant_index];
    let mut rng = Rng(seed | 1);
    let (mut compared, mut found) = (0, 0);
    for g in 0..games {
        let Ok(mut mv) = Multiverse::from_variant(variant) else {
            return (0, 0);
        };
        for ply in 0..plies {
            let name = format!("{} game {g} ply {ply}", variant.name);
            let mut boards = mv.mandatory_boards();
            if boards.is_empty() || rng.below(4) == 0 {
                boards = mv.playable_boards(mv.to_move);
            }
            let moves: Vec<Move> = boards.iter().flat_map(|b| mv.board_moves(*b)).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let Some(u) = mv.apply(&m) else { break };
            let created = match u {
                Undo::Branch { created, .. } => Some(created),
                _ => None,
            };
            let news = news_of(&mv, u);
            found += compare(&mv, &news, created, &name);
            compared += 1;
            if color_of(mv.present()) != mv.to_move {
                mv.to_move = !mv.to_move;
            }
        }
    }
    (compared, found)
}

use super::super::coords::Move;

#[test]
fn fast_detection_matches_the_reference_on_every_catalogue_board() {
    let (mut total, mut found) = (0, 0);
    for i in 0..CATALOGUE.len() {
        let (t, f) = playouts(i, 3, 40, 0x9e37_79b9_7f4a_7c15 ^ i as u64);
        total += t;
        found += f;
    }
    assert!(total > 1000, "{total} positions compared");
    assert!(found > 100, "only {found} captures found");
}

#[test]
fn fairy_pieces_are_covered_by_the_playouts() {
    let kinds = [
        PieceKind::Princess,
        PieceKind::Unicorn,
        PieceKind::Dragon,
        PieceKind::Brawn,
        PieceKind::CommonKing,
        PieceKind::RoyalQueen,
    ];
    for kind in kinds {
        let found = CATALOGUE.iter().enumerate().find(|(_, v)| {
            Multiverse::from_variant(v)
                .map(|m| {
                    m.timelines
                        .iter()
                        .any(|t| t.boards.iter().any(|b| b.kind[kind.index()] != 0))
                })
                .unwrap_or(false)
        });
        let Some((i, _)) = found else {
            panic!("no catalogue board has a {kind:?}");
        };
        let (compared, _) = playouts(i, 4, 60, 0xdead_beef ^ kind.index() as u64);
        assert!(compared > 0, "{kind:?}");
    }
}
