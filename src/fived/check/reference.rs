use super::*;

pub(super) fn captures_from<F: FnMut(Check) -> bool>(
    mv: &Multiverse,
    l: i32,
    v: i32,
    line: Option<(i32, i32)>,
    f: &mut F,
) -> bool {
    let Some(b) = mv.board(l, v) else {
        return false;
    };
    let attacker = color_of(v);
    let victim = !attacker;
    for kind in PieceKind::ALL {
        let mut bb = b.pieces(attacker, kind);
        while bb != 0 {
            let i = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let piece = crate::chess::Piece::new(attacker, kind);
            let stop =
                mv.for_each_target(l, v, i, piece, false, true, line, &mut |l2, v2, j| match mv
                    .board(l2, v2)
                {
                    Some(t) if t.royals(victim) >> j & 1 == 1 => f(Check {
                        attacker: Coord::new(l, v, Square::from_index(i)),
                        royal: Coord::new(l2, v2, Square::from_index(j)),
                    }),
                    _ => false,
                });
            if stop {
                return true;
            }
        }
    }
    false
}

pub(super) fn captures(mv: &Multiverse, attacker: Color) -> Vec<Check> {
    let mut out = Vec::new();
    for b in mv.playable_boards(attacker) {
        captures_from(mv, b.l, b.v, None, &mut |c| {
            out.push(c);
            false
        });
    }
    out.sort_unstable();
    out
}

pub(super) fn involving_except(
    mv: &Multiverse,
    news: &[BoardId],
    attacker: Color,
    except: Option<i32>,
) -> Option<Check> {
    let mut found = None;
    let mut grab = |c: Check| {
        if Some(c.royal.board.l) == except {
            return false;
        }
        found = Some(c);
        true
    };
    for n in news {
        if Some(n.l) == except {
            continue;
        }
        if captures_from(mv, n.l, n.v, None, &mut grab) {
            return found;
        }
    }
    for (k, tl) in mv.timelines.iter().enumerate() {
        let v = tl.end();
        if color_of(v) != attacker {
            continue;
        }
        let l = mv.lmin + k as i32;
        if Some(l) == except {
            continue;
        }
        for n in news {
            if n.l == l && n.v == v {
                continue;
            }
            let dl = n.l - l;
            let dt = (n.v - v) / 2;
            let straight = dl == 0 || dt == 0 || dl.abs() == dt.abs();
            if !straight && (dl.abs() > 2 || dt.abs() > 2) {
                continue;
            }
            if captures_from(mv, l, v, Some((dl, dt)), &mut grab) {
                return found;
            }
        }
    }
    None
}
