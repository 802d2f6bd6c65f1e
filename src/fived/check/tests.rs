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

/// A random move of the playouts: one of a board that must still be played
/// (any playable board one time in four, or when none must), `None` when
/// those boards have no move.
fn random_move(mv: &Multiverse, rng: &mut Rng) -> Option<Move> {
    let mut boards = mv.mandatory_boards();
    if boards.is_empty() || rng.below(4) == 0 {
        boards = mv.playable_boards(mv.to_move);
    }
    let moves: Vec<Move> = boards.iter().flat_map(|b| mv.board_moves(*b)).collect();
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
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
            let Some(m) = random_move(&mv, &mut rng) else {
                break;
            };
            let Some(u) = mv.apply(&m) else { break };
            let news = news_of(&mv, u);
            found += compare(&mv, &news, u.created(), &name);
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

/// The candidate scan `Scan::slide` used before it carried its rays: on the
/// `k`-th board of the line, the squares `k` steps from each royal piece
/// ([`RAYS`]) holding a rider of the right kind, each confirmed by looking
/// at its path on the boards passed. Kept to pin the order of the captures.
fn former_slide<F: FnMut(Check) -> bool>(
    scan: &Scan,
    dt: i32,
    dl: i32,
    kings: bool,
    f: &mut F,
) -> bool {
    fn path_open(line: &[Option<&Board>], s: usize, r: usize, k: usize) -> bool {
        let step = (r as i32 - s as i32) / k as i32;
        let mut sq = s as i32;
        for b in line.iter().take(k - 1) {
            sq += step;
            match b {
                Some(b) if b.occupied() >> sq & 1 == 0 => {}
                _ => return false,
            }
        }
        true
    }
    let a = &scan.attackers;
    let board_axes = usize::from(dt != 0) + usize::from(dl != 0);
    let pure = if board_axes > 0 {
        a.riders[board_axes - 1]
    } else {
        0
    };
    let ortho = a.riders[board_axes];
    let diag = a.riders[board_axes + 1];
    let kings = if kings { a.kings } else { 0 };
    if pure | ortho | diag | kings == 0 {
        return false;
    }
    let mut line: [Option<&Board>; 7] = [None; 7];
    let mut pure_open = u64::MAX;
    let mut k = 1i32;
    loop {
        let (l2, v2) = (scan.l + k * dl, scan.v + 2 * k * dt);
        let Some(b) = scan.mv.board(l2, v2) else {
            return false;
        };
        let ku = k as usize;
        let spatial = ku <= 7;
        let mut royals = b.royals(scan.victim);
        while royals != 0 {
            let r = royals.trailing_zeros() as usize;
            royals &= royals - 1;
            let at = 1u64 << r;
            if pure & pure_open & at != 0 && scan.report(at, 0, l2, v2, f) {
                return true;
            }
            if !spatial {
                continue;
            }
            let mut cand = (RAYS.ortho[ku][r] & ortho) | (RAYS.diag[ku][r] & diag);
            if k == 1 {
                let around = RAYS.ortho[1][r] | RAYS.diag[1][r];
                let here = if board_axes > 0 { at } else { 0 };
                let mut ks = (around | here) & kings;
                while ks != 0 {
                    let s = ks.trailing_zeros() as usize;
                    ks &= ks - 1;
                    if scan.one(s, r, l2, v2, f) {
                        return true;
                    }
                }
            }
            while cand != 0 {
                let s = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if path_open(&line[..ku - 1], s, r, ku) && scan.one(s, r, l2, v2, f) {
                    return true;
                }
            }
        }
        pure_open &= !b.occupied();
        if spatial && ku <= line.len() {
            line[ku - 1] = Some(b);
        }
        if !spatial && pure & pure_open == 0 {
            return false;
        }
        if pure == 0 && ku >= 7 {
            return false;
        }
        k += 1;
    }
}

/// The captures `Scan::slide` reports from every board of `mv`, in every
/// board direction, with and without kings, in the order they come, against
/// the former candidate scan; also the capture each stops at when told to
/// stop at its `stop`-th one. Returns how many captures were compared.
fn compare_slides(mv: &Multiverse, stop: usize) -> usize {
    let mut compared = 0;
    let (lmin, lmax) = mv.timeline_range();
    for l in lmin..=lmax {
        let Some(tl) = mv.timelines.get((l - lmin) as usize) else {
            continue;
        };
        for v in tl.start..=tl.end() {
            let Some(scan) = Scan::new(mv, l, v) else {
                continue;
            };
            for (dt, dl) in (-1..=1).flat_map(|dt| (-1..=1).map(move |dl| (dt, dl))) {
                if (dt, dl) == (0, 0) {
                    continue;
                }
                for kings in [false, true] {
                    let (mut new, mut old) = (Vec::new(), Vec::new());
                    let all_new = scan.slide(dt, dl, kings, &mut |c| {
                        new.push(c);
                        false
                    });
                    let all_old = former_slide(&scan, dt, dl, kings, &mut |c| {
                        old.push(c);
                        false
                    });
                    assert!(!all_new && !all_old);
                    assert_eq!(new, old, "board ({l}, {v}) step ({dt}, {dl}) kings {kings}");
                    compared += new.len();
                    let (mut first_new, mut first_old) = (None, None);
                    let mut n = 0;
                    let hit_new = scan.slide(dt, dl, kings, &mut |c| {
                        n += 1;
                        first_new = Some(c);
                        n > stop
                    });
                    let mut n = 0;
                    let hit_old = former_slide(&scan, dt, dl, kings, &mut |c| {
                        n += 1;
                        first_old = Some(c);
                        n > stop
                    });
                    assert_eq!((hit_new, first_new), (hit_old, first_old));
                }
            }
        }
    }
    compared
}

#[test]
fn rays_report_the_captures_of_the_former_candidate_scan_in_its_order() {
    let mut compared = 0;
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    for (i, variant) in CATALOGUE.iter().enumerate() {
        let Ok(mut mv) = Multiverse::from_variant(variant) else {
            continue;
        };
        // Random moves, checks ignored: royal pieces stand in the open,
        // several of them on one board's lines.
        for ply in 0..30 {
            let boards = mv.playable_boards(mv.to_move);
            let moves: Vec<Move> = boards.iter().flat_map(|b| mv.board_moves(*b)).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if mv.apply(&m).is_none() {
                break;
            }
            if color_of(mv.present()) != mv.to_move {
                mv.to_move = !mv.to_move;
            }
            if ply % 3 == 2 {
                compared += compare_slides(&mv, (i + ply) % 3);
            }
        }
    }
    assert!(compared > 500, "only {compared} captures compared");
}

/// `can_end_action` is "the present has passed and the opponent has no royal
/// capture" with the reference detection, after every move of random
/// playouts on every catalogue board (the side to move changes when the
/// present passes), and false before any move.
#[test]
fn can_end_action_means_present_passed_and_no_royal_capture() {
    let mut seen = [0usize; 2];
    for (i, variant) in CATALOGUE.iter().enumerate() {
        let Ok(mut mv) = Multiverse::from_variant(variant) else {
            continue;
        };
        assert!(!mv.can_end_action(), "{}: no move played", variant.name);
        let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ (i as u64) << 1 | 1);
        for ply in 0..40 {
            let Some(m) = random_move(&mv, &mut rng) else {
                break;
            };
            if mv.apply(&m).is_none() {
                break;
            }
            let passed = color_of(mv.present()) != mv.to_move;
            let want = passed && reference::captures(&mv, !mv.to_move).is_empty();
            assert_eq!(mv.can_end_action(), want, "{} ply {ply}", variant.name);
            seen[usize::from(want)] += 1;
            if passed {
                mv.to_move = !mv.to_move;
            }
        }
    }
    assert!(
        seen[0] > 50 && seen[1] > 50,
        "cases (false, true): {seen:?}"
    );
}
