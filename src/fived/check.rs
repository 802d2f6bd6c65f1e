//! Threats to royal pieces: can the side that moves on some board capture a
//! royal piece of the other side? (`shared/rules/5d-chess.md`, sections 6–7.)
//!
//! Captures are found a whole piece set at a time: for one board step
//! (ΔT, ΔL) and one square step (Δx, Δy), the bitboard of every rider that
//! moves that way is shifted square step by square step while the boards
//! along the line are looked up once; a step keeps only the bits that land on
//! an empty square. A royal piece under a shifted bit is captured.

use super::board::{grid_mask, shift, Board};
use super::coords::{color_of, BoardId, Coord};
use super::multiverse::Multiverse;
use crate::chess::{Color, PieceKind, Square};

/// One capture of a royal piece: the attacker's square and the royal's square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Check {
    /// Where the attacking piece stands (on a board its side can play).
    pub attacker: Coord,
    /// Where the royal piece stands.
    pub royal: Coord,
}

/// One side's pieces on one board, grouped by how they capture.
#[derive(Debug, Clone, Copy)]
struct Attackers {
    /// Riders whose steps move along exactly `n` axes, at index `n - 1`
    /// (rook-like 1, bishop-like 2, unicorn-like 3, dragon-like 4).
    riders: [u64; 4],
    /// Kings and common kings: one step along any number of axes.
    kings: u64,
    knights: u64,
    /// Pawns and brawns (they share the pawn's captures).
    pawnlike: u64,
    /// Brawns alone (their extra captures).
    brawns: u64,
}

impl Attackers {
    fn of(b: &Board, c: Color) -> Attackers {
        let own = b.color[c.index()];
        let k = |kind: PieceKind| b.kind[kind.index()];
        let queens = k(PieceKind::Queen) | k(PieceKind::RoyalQueen);
        Attackers {
            riders: [
                (k(PieceKind::Rook) | queens | k(PieceKind::Princess)) & own,
                (k(PieceKind::Bishop) | queens | k(PieceKind::Princess)) & own,
                (k(PieceKind::Unicorn) | queens) & own,
                (k(PieceKind::Dragon) | queens) & own,
            ],
            kings: (k(PieceKind::King) | k(PieceKind::CommonKing)) & own,
            knights: k(PieceKind::Knight) & own,
            pawnlike: (k(PieceKind::Pawn) | k(PieceKind::Brawn)) & own,
            brawns: k(PieceKind::Brawn) & own,
        }
    }
}

/// The square steps (Δx, Δy) of the knight leaps whose board step is
/// (`dt`, `dl`): a knight moves 2 along one axis and 1 along another.
fn knight_square_steps(dt: i32, dl: i32) -> &'static [(i32, i32)] {
    const FLAT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    const TWO: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
    const ONE: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const NONE: [(i32, i32); 1] = [(0, 0)];
    match (dt.abs(), dl.abs()) {
        (0, 0) => &FLAT,
        (1, 0) | (0, 1) => &TWO,
        (2, 0) | (0, 2) => &ONE,
        (1, 2) | (2, 1) => &NONE,
        _ => &[],
    }
}

/// A step (Δx, Δy, ΔT, ΔL).
type Step4 = (i32, i32, i32, i32);

/// The captures (Δx, Δy, ΔT, ΔL) of a pawn of `color`, and after them those
/// only a brawn has (section 8 of the rules).
fn pawn_captures(color: Color) -> (&'static [Step4], &'static [Step4]) {
    const WHITE: [Step4; 4] = [(1, 1, 0, 0), (-1, 1, 0, 0), (0, 0, 1, -1), (0, 0, -1, -1)];
    const BLACK: [Step4; 4] = [(1, -1, 0, 0), (-1, -1, 0, 0), (0, 0, 1, 1), (0, 0, -1, 1)];
    const WHITE_BRAWN: [Step4; 5] = [
        (1, 0, 0, -1),
        (-1, 0, 0, -1),
        (0, 1, 0, -1),
        (0, 1, 1, 0),
        (0, 1, -1, 0),
    ];
    const BLACK_BRAWN: [Step4; 5] = [
        (1, 0, 0, 1),
        (-1, 0, 0, 1),
        (0, -1, 0, 1),
        (0, -1, 1, 0),
        (0, -1, -1, 0),
    ];
    match color {
        Color::White => (&WHITE, &WHITE_BRAWN),
        Color::Black => (&BLACK, &BLACK_BRAWN),
    }
}

/// The capture search from one board.
struct Scan<'a> {
    mv: &'a Multiverse,
    l: i32,
    v: i32,
    attackers: Attackers,
    victim: Color,
    grid: u64,
}

impl Scan<'_> {
    /// Reports every royal under `hits` on board (`l2`, `v2`), reached from a
    /// square `step` bits before it on board (`l`, `v`).
    #[inline]
    fn report<F: FnMut(Check) -> bool>(
        &self,
        mut hits: u64,
        step: i32,
        l2: i32,
        v2: i32,
        f: &mut F,
    ) -> bool {
        while hits != 0 {
            let j = hits.trailing_zeros() as i32;
            hits &= hits - 1;
            let check = Check {
                attacker: Coord::new(self.l, self.v, Square::from_index((j - step) as usize)),
                royal: Coord::new(l2, v2, Square::from_index(j as usize)),
            };
            if f(check) {
                return true;
            }
        }
        false
    }

    /// Riders (and kings, with `kings`) moving by board step (`dt`, `dl`)
    /// each square step.
    fn slide<F: FnMut(Check) -> bool>(&self, dt: i32, dl: i32, kings: bool, f: &mut F) -> bool {
        let (l, v) = (self.l, self.v);
        // The boards along the line, once for all nine square steps.
        let mut line: [Option<&Board>; 7] = [None; 7];
        let mut n = 0;
        while n < 7 {
            let k = n as i32 + 1;
            match self.mv.board(l + k * dl, v + 2 * k * dt) {
                Some(b) => line[n] = Some(b),
                None => break,
            }
            n += 1;
        }
        if n == 0 {
            return false;
        }
        let board_axes = usize::from(dt != 0) + usize::from(dl != 0);
        let kings = if kings { self.attackers.kings } else { 0 };
        for dy in -1..=1i32 {
            for dx in -1..=1i32 {
                let axes = board_axes + usize::from(dx != 0) + usize::from(dy != 0);
                if axes == 0 {
                    continue;
                }
                let riders = self.attackers.riders[axes - 1];
                if riders | kings == 0 {
                    continue;
                }
                if dx == 0 && dy == 0 {
                    if self.pure(dt, dl, riders, kings, &line[..n], f) {
                        return true;
                    }
                    continue;
                }
                let mut cur = riders;
                let mut king = kings;
                for (k, b) in line[..n].iter().flatten().enumerate() {
                    let k = k as i32 + 1;
                    cur = shift(cur, dx, dy, self.grid);
                    king = shift(king, dx, dy, self.grid);
                    let hits = (cur | king) & b.royals(self.victim);
                    if hits != 0
                        && self.report(hits, k * (8 * dy + dx), l + k * dl, v + 2 * k * dt, f)
                    {
                        return true;
                    }
                    cur &= !b.occupied();
                    king = 0;
                    if cur == 0 {
                        break;
                    }
                }
            }
        }
        false
    }

    /// Riders moving along board steps only (the square stays the same), as
    /// far as the boards go.
    fn pure<F: FnMut(Check) -> bool>(
        &self,
        dt: i32,
        dl: i32,
        riders: u64,
        kings: u64,
        line: &[Option<&Board>],
        f: &mut F,
    ) -> bool {
        let mut cur = riders;
        let mut king = kings;
        let mut k = 1i32;
        loop {
            let (l2, v2) = (self.l + k * dl, self.v + 2 * k * dt);
            let board = match line.get(k as usize - 1) {
                Some(b) => *b,
                None => self.mv.board(l2, v2),
            };
            let Some(b) = board else { return false };
            let hits = (cur | king) & b.royals(self.victim);
            if hits != 0 && self.report(hits, 0, l2, v2, f) {
                return true;
            }
            cur &= !b.occupied();
            king = 0;
            if cur == 0 {
                return false;
            }
            k += 1;
        }
    }

    /// Knight leaps with board step (`dt`, `dl`).
    fn leaps<F: FnMut(Check) -> bool>(&self, dt: i32, dl: i32, f: &mut F) -> bool {
        let steps = knight_square_steps(dt, dl);
        if steps.is_empty() {
            return false;
        }
        let (l2, v2) = (self.l + dl, self.v + 2 * dt);
        let Some(b) = self.mv.board(l2, v2) else {
            return false;
        };
        let royals = b.royals(self.victim);
        if royals == 0 {
            return false;
        }
        for &(dx, dy) in steps {
            let hits = shift(self.attackers.knights, dx, dy, self.grid) & royals;
            if hits != 0 && self.report(hits, 8 * dy + dx, l2, v2, f) {
                return true;
            }
        }
        false
    }

    /// Pawn and brawn captures; with `only`, those with that board step
    /// (ΔL, ΔT) alone.
    fn pawns<F: FnMut(Check) -> bool>(&self, only: Option<(i32, i32)>, f: &mut F) -> bool {
        let (pawn, brawn) = pawn_captures(!self.victim);
        let sets = [
            (pawn, self.attackers.pawnlike),
            (brawn, self.attackers.brawns),
        ];
        for (caps, set) in sets {
            if set == 0 {
                continue;
            }
            for &(dx, dy, dt, dl) in caps {
                if only.is_some_and(|o| o != (dl, dt)) {
                    continue;
                }
                let (l2, v2) = (self.l + dl, self.v + 2 * dt);
                let Some(b) = self.mv.board(l2, v2) else {
                    continue;
                };
                let hits = shift(set, dx, dy, self.grid) & b.royals(self.victim);
                if hits != 0 && self.report(hits, 8 * dy + dx, l2, v2, f) {
                    return true;
                }
            }
        }
        false
    }
}

impl Multiverse {
    /// Royal captures available from board (`l`, `v`) to the side that moves
    /// there. `line = Some((ΔL, ΔT))` restricts the tried vectors to those
    /// whose board line reaches that board offset (ΔT in full turns): riders
    /// along that board direction, kings, knights and pawns only onto that
    /// very board. `f` returns true to stop; the function then returns true.
    pub(crate) fn royal_captures_from<F: FnMut(Check) -> bool>(
        &self,
        l: i32,
        v: i32,
        line: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        let Some(b) = self.board(l, v) else {
            return false;
        };
        let attacker = color_of(v);
        let scan = Scan {
            mv: self,
            l,
            v,
            attackers: Attackers::of(b, attacker),
            victim: !attacker,
            grid: grid_mask(self.width, self.height),
        };
        let a = &scan.attackers;
        let riders = a.riders.iter().fold(a.kings, |acc, r| acc | r);
        match line {
            None => {
                if riders != 0 {
                    for dt in -1..=1 {
                        for dl in -1..=1 {
                            if scan.slide(dt, dl, true, f) {
                                return true;
                            }
                        }
                    }
                }
                if a.knights != 0 {
                    for dt in -2..=2 {
                        for dl in -2..=2 {
                            if scan.leaps(dt, dl, f) {
                                return true;
                            }
                        }
                    }
                }
                a.pawnlike != 0 && scan.pawns(None, f)
            }
            Some((bl, bt)) => {
                let k = bl.abs().max(bt.abs());
                if k == 0 {
                    // The board itself: only moves that stay on it.
                    return (riders != 0 && scan.slide(0, 0, true, f))
                        || (a.knights != 0 && scan.leaps(0, 0, f))
                        || (a.pawnlike != 0 && scan.pawns(Some((0, 0)), f));
                }
                let straight = (bl == 0 || bl.abs() == k) && (bt == 0 || bt.abs() == k);
                if straight && riders != 0 && scan.slide(bt.signum(), bl.signum(), k == 1, f) {
                    return true;
                }
                if a.knights != 0 && k <= 2 && scan.leaps(bt, bl, f) {
                    return true;
                }
                a.pawnlike != 0 && k == 1 && scan.pawns(Some((bl, bt)), f)
            }
        }
    }

    /// Every royal capture `attacker` has from the boards it can play (every
    /// timeline end with `attacker` to move), ordered by attacker, then royal.
    #[must_use]
    pub fn royal_captures(&self, attacker: Color) -> Vec<Check> {
        let mut out = Vec::new();
        self.for_each_playable(attacker, |l, v| {
            self.royal_captures_from(l, v, None, &mut |c| {
                out.push(c);
                false
            });
            false
        });
        out.sort_unstable();
        out
    }

    /// Calls `f(l, v)` for every timeline end with `color` to move, in
    /// timeline order, until it returns true (then returns true).
    fn for_each_playable<F: FnMut(i32, i32) -> bool>(&self, color: Color, mut f: F) -> bool {
        for (k, tl) in self.timelines.iter().enumerate() {
            let v = tl.end();
            if color_of(v) == color && f(self.lmin + k as i32, v) {
                return true;
            }
        }
        false
    }

    /// True if `attacker` can capture a royal piece from a board it can play.
    #[must_use]
    pub fn any_royal_capture(&self, attacker: Color) -> bool {
        self.for_each_playable(attacker, |l, v| {
            self.royal_captures_from(l, v, None, &mut |_| true)
        })
    }

    /// A royal capture of `attacker` that involves one of the boards in
    /// `news` (as source, path or target). Captures not involving them are
    /// not searched: the caller knows there were none before they existed.
    pub(crate) fn royal_capture_involving(
        &self,
        news: &[BoardId],
        attacker: Color,
    ) -> Option<Check> {
        self.royal_capture_involving_except(news, attacker, None)
    }

    /// As [`Multiverse::royal_capture_involving`], ignoring captures made from
    /// timeline `except` or of a royal piece standing on it.
    pub(crate) fn royal_capture_involving_except(
        &self,
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
        // From the new boards.
        for n in news {
            if Some(n.l) == except {
                continue;
            }
            if self.royal_captures_from(n.l, n.v, None, &mut grab) {
                return found;
            }
        }
        // Onto or through them, from every other board `attacker` can play.
        self.for_each_playable(attacker, |l, v| {
            if Some(l) == except {
                return false;
            }
            news.iter().any(|n| {
                if n.l == l && n.v == v {
                    return false;
                }
                let dl = n.l - l;
                let dt = (n.v - v) / 2;
                let straight = dl == 0 || dt == 0 || dl.abs() == dt.abs();
                if !straight && (dl.abs() > 2 || dt.abs() > 2) {
                    return false;
                }
                self.royal_captures_from(l, v, Some((dl, dt)), &mut grab)
            })
        });
        found
    }

    /// ftxi's "in check": if the side to move passed on every board it can
    /// play, could the opponent capture a royal piece?
    #[must_use]
    pub fn in_check(&self) -> bool {
        let mut passed = self.clone();
        for b in self.playable_boards(self.to_move) {
            if let Some(board) = self.board(b.l, b.v) {
                let k = (b.l - passed.lmin) as usize;
                passed.timelines[k].boards.push(board.clone());
            }
        }
        passed.any_royal_capture(!self.to_move)
    }
}

/// The former check detection, kept as the reference the fast one is pinned
/// against: every attacker piece walks outward with `for_each_target`.
#[cfg(test)]
mod reference {
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
                let stop = mv.for_each_target(
                    l,
                    v,
                    i,
                    piece,
                    false,
                    true,
                    line,
                    &mut |l2, v2, j| match mv.board(l2, v2) {
                        Some(t) if t.royals(victim) >> j & 1 == 1 => f(Check {
                            attacker: Coord::new(l, v, Square::from_index(i)),
                            royal: Coord::new(l2, v2, Square::from_index(j)),
                        }),
                        _ => false,
                    },
                );
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
}

#[cfg(test)]
mod tests {
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
}
