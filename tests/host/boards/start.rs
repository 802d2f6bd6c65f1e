//! Every catalogue board's start position: legal for the side to move, and
//! its number of legal actions equal to an independent brute-force count
//! (issue 5 item 3).
//!
//! The brute force below is a deliberately plain 4D move generator written
//! from `shared/rules/5d-chess.md` (sections 3 to 6, 8 to 10), sharing no
//! code with the engine's movegen or search: a mailbox per board, timelines
//! as vectors of boards, and a depth-first walk over every order of moves,
//! with actions deduplicated by section 10's rule (same set of non-branching
//! moves, same sequence of branching moves). En passant is left out: no
//! start board has a pawn that has just double-stepped.

use std::collections::HashSet;

use chronochess::chess::{Color, Piece, PieceKind, PlacedPiece, Placement};
use chronochess::fived::boards::{Variant, CATALOGUE};
use chronochess::fived::search::count_legal_actions;
use chronochess::fived::{Answer, Budget, Multiverse};

type Mailbox = Vec<Option<PlacedPiece>>;

/// One timeline: its first half-turn and its boards.
#[derive(Clone)]
struct Line {
    start: i32,
    boards: Vec<Mailbox>,
}

impl Line {
    fn end(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }
}

/// The brute force's multiverse. Timelines use ftxi's integers
/// (`-0 ↦ -1`, `+0 ↦ 0` in even games); `v = 2·T + (Black ? 1 : 0)`.
#[derive(Clone)]
struct World {
    w: i32,
    h: i32,
    lmin: i32,
    lines: Vec<Line>,
    init_min: i32,
    init_max: i32,
    promotions: Vec<PieceKind>,
}

/// A move in multiverse coordinates: (l, v, x, y) to (l, v, x, y), promotion.
type Mv = (
    (i32, i32, i32, i32),
    (i32, i32, i32, i32),
    Option<PieceKind>,
);

fn color_of(v: i32) -> Color {
    if v.rem_euclid(2) == 0 {
        Color::White
    } else {
        Color::Black
    }
}

impl World {
    fn from_variant(variant: &Variant) -> World {
        let even = variant.even_start();
        let mut boards: Vec<(i32, i32, Mailbox)> = Vec::new();
        for b in variant.boards {
            let l = match (b.timeline.strip_prefix('-'), b.timeline.strip_prefix('+')) {
                (Some(n), _) => {
                    let n: i32 = n.parse().unwrap();
                    if even {
                        -n - 1
                    } else {
                        -n
                    }
                }
                (_, Some(n)) => n.parse().unwrap(),
                _ => b.timeline.parse().unwrap(),
            };
            let v = 2 * b.turn as i32 + i32::from(b.to_move == Color::Black);
            let p = Placement::from_fen(b.fen, variant.width, variant.height).unwrap();
            let mut mb = vec![None; usize::from(variant.width) * usize::from(variant.height)];
            for (sq, piece) in p.pieces() {
                mb[usize::from(sq.y) * usize::from(variant.width) + usize::from(sq.x)] =
                    Some(piece);
            }
            boards.push((l, v, mb));
        }
        boards.sort_by_key(|b| (b.0, b.1));
        let lmin = boards.iter().map(|b| b.0).min().unwrap();
        let lmax = boards.iter().map(|b| b.0).max().unwrap();
        let mut lines = Vec::new();
        for l in lmin..=lmax {
            let mine: Vec<_> = boards.iter().filter(|b| b.0 == l).collect();
            lines.push(Line {
                start: mine[0].1,
                boards: mine.iter().map(|b| b.2.clone()).collect(),
            });
        }
        World {
            w: i32::from(variant.width),
            h: i32::from(variant.height),
            lmin,
            lines,
            init_min: lmin,
            init_max: lmax,
            promotions: if variant.promotions.is_empty() {
                vec![PieceKind::Queen]
            } else {
                variant.promotions.to_vec()
            },
        }
    }

    fn lmax(&self) -> i32 {
        self.lmin + self.lines.len() as i32 - 1
    }

    fn line(&self, l: i32) -> Option<&Line> {
        usize::try_from(l - self.lmin)
            .ok()
            .and_then(|i| self.lines.get(i))
    }

    fn board(&self, l: i32, v: i32) -> Option<&Mailbox> {
        let line = self.line(l)?;
        usize::try_from(v - line.start)
            .ok()
            .and_then(|i| line.boards.get(i))
    }

    /// `None` off the board or for a missing board; `Some(square)` otherwise.
    fn at(&self, l: i32, v: i32, x: i32, y: i32) -> Option<Option<PlacedPiece>> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        self.board(l, v).map(|b| b[(y * self.w + x) as usize])
    }

    /// Section 5: initial timelines are active; the k-th one a player made is
    /// active iff the opponent made at least k − 1.
    fn active(&self, l: i32) -> bool {
        let white_made = self.lmax() - self.init_max;
        let black_made = self.init_min - self.lmin;
        if l > self.init_max {
            black_made >= l - self.init_max - 1
        } else if l < self.init_min {
            white_made >= self.init_min - l - 1
        } else {
            true
        }
    }

    fn present(&self) -> i32 {
        (self.lmin..=self.lmax())
            .filter(|&l| self.active(l))
            .map(|l| self.line(l).unwrap().end())
            .min()
            .unwrap()
    }

    /// Every end board with `c` to move.
    fn playable(&self, c: Color) -> Vec<(i32, i32)> {
        (self.lmin..=self.lmax())
            .map(|l| (l, self.line(l).unwrap().end()))
            .filter(|&(_, v)| color_of(v) == c)
            .collect()
    }

    /// Every move of the piece on (l, v, x, y), a board with its colour to move.
    fn piece_moves(&self, l: i32, v: i32, x: i32, y: i32, out: &mut Vec<Mv>) {
        let p = self.at(l, v, x, y).flatten().unwrap();
        let me = p.piece.color;
        let enemy = |q: Option<PlacedPiece>| q.is_some_and(|q| q.piece.color != me);
        let add = |out: &mut Vec<Mv>, t: (i32, i32, i32, i32)| {
            let pawnlike = matches!(p.piece.kind, PieceKind::Pawn | PieceKind::Brawn);
            let last = if me == Color::White { self.h - 1 } else { 0 };
            if pawnlike && t.3 == last {
                for &k in &self.promotions {
                    out.push(((l, v, x, y), t, Some(k)));
                }
            } else {
                out.push(((l, v, x, y), t, None));
            }
        };
        let kind = p.piece.kind;
        if matches!(kind, PieceKind::Pawn | PieceKind::Brawn) {
            // Vectors (dx, dy, dT, dL) for White; Black flips dy and dL.
            let f = if me == Color::White { 1 } else { -1 };
            let go = |d: (i32, i32, i32, i32)| (l + f * d.3, v + 2 * d.2, x + d.0, y + f * d.1);
            for (step, double) in [((0, 1, 0, 0), (0, 2, 0, 0)), ((0, 0, 0, -1), (0, 0, 0, -2))] {
                let s = go(step);
                if self.at(s.0, s.1, s.2, s.3) == Some(None) {
                    add(out, s);
                    let d = go(double);
                    if p.unmoved && self.at(d.0, d.1, d.2, d.3) == Some(None) {
                        add(out, d);
                    }
                }
            }
            let mut caps = vec![(1, 1, 0, 0), (-1, 1, 0, 0), (0, 0, 1, -1), (0, 0, -1, -1)];
            if kind == PieceKind::Brawn {
                caps.extend([
                    (1, 0, 0, -1),
                    (-1, 0, 0, -1),
                    (0, 1, 0, -1),
                    (0, 1, -1, 0),
                    (0, 1, 1, 0),
                ]);
            }
            for c in caps {
                let t = go(c);
                if self.at(t.0, t.1, t.2, t.3).is_some_and(enemy) {
                    add(out, t);
                }
            }
            return;
        }
        // Unit vectors with each component in {-1, 0, 1}, by number of axes.
        let mut units = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dt in -1..=1 {
                    for dl in -1..=1 {
                        let n = [dx, dy, dt, dl].iter().filter(|&&c| c != 0).count();
                        if n > 0 {
                            units.push(((dx, dy, dt, dl), n));
                        }
                    }
                }
            }
        }
        let (axes, rider): (&[usize], bool) = match kind {
            PieceKind::Rook => (&[1], true),
            PieceKind::Bishop => (&[2], true),
            PieceKind::Unicorn => (&[3], true),
            PieceKind::Dragon => (&[4], true),
            PieceKind::Princess => (&[1, 2], true),
            PieceKind::Queen | PieceKind::RoyalQueen => (&[1, 2, 3, 4], true),
            PieceKind::King | PieceKind::CommonKing => (&[1, 2, 3, 4], false),
            PieceKind::Knight => (&[], false),
            PieceKind::Pawn | PieceKind::Brawn => unreachable!(),
        };
        let mut vectors: Vec<(i32, i32, i32, i32)> = units
            .iter()
            .filter(|(_, n)| axes.contains(n))
            .map(|&(d, _)| d)
            .collect();
        if kind == PieceKind::Knight {
            for a in 0..4 {
                for b in 0..4 {
                    if a == b {
                        continue;
                    }
                    for sa in [-2, 2] {
                        for sb in [-1, 1] {
                            let mut d = [0; 4];
                            d[a] = sa;
                            d[b] = sb;
                            vectors.push((d[0], d[1], d[2], d[3]));
                        }
                    }
                }
            }
        }
        for d in vectors {
            let mut k = 1;
            loop {
                let t = (l + k * d.3, v + 2 * k * d.2, x + k * d.0, y + k * d.1);
                match self.at(t.0, t.1, t.2, t.3) {
                    None => break,
                    Some(None) => add(out, t),
                    Some(q) => {
                        if enemy(q) {
                            add(out, t);
                        }
                        break;
                    }
                }
                if !rider {
                    break;
                }
                k += 1;
            }
        }
        if kind == PieceKind::King && p.unmoved {
            self.castles(l, v, x, y, me, out);
        }
    }

    /// Castling (section 9, cwmtt's rule): with the first unmoved rook in a
    /// direction, not adjacent, nothing between; the king not attacked on
    /// this board on its square, the one it crosses, or where it lands.
    fn castles(&self, l: i32, v: i32, x: i32, y: i32, me: Color, out: &mut Vec<Mv>) {
        for dir in [-1, 1] {
            let mut rx = x + dir;
            while let Some(q) = self.at(l, v, rx, y) {
                if q.is_some() {
                    break;
                }
                rx += dir;
            }
            let Some(Some(rook)) = self.at(l, v, rx, y) else {
                continue;
            };
            if rook.piece.kind != PieceKind::Rook
                || rook.piece.color != me
                || !rook.unmoved
                || (rx - x).abs() < 2
            {
                continue;
            }
            let path = [x, x + dir, x + 2 * dir];
            if path
                .iter()
                .all(|&sx| !self.attacked_on_board(l, v, sx, y, me))
            {
                out.push(((l, v, x, y), (l, v, x + 2 * dir, y), None));
            }
        }
    }

    /// True if a piece of the other colour on board (l, v) reaches (x, y)
    /// with a move that stays on that board. The board is copied alone into
    /// a one-board world where the other colour is to move, with a piece of
    /// `me` on (x, y) so that pawn captures see a target.
    fn attacked_on_board(&self, l: i32, v: i32, x: i32, y: i32, me: Color) -> bool {
        let mut board = self.board(l, v).unwrap().clone();
        board[(y * self.w + x) as usize] = Some(PlacedPiece {
            piece: Piece::new(me, PieceKind::Pawn),
            unmoved: false,
        });
        let alone = World {
            lmin: l,
            lines: vec![Line {
                start: v + 1,
                boards: vec![board],
            }],
            init_min: l,
            init_max: l,
            ..self.clone()
        };
        let mut moves = Vec::new();
        for sy in 0..self.h {
            for sx in 0..self.w {
                if alone
                    .at(l, v + 1, sx, sy)
                    .flatten()
                    .is_some_and(|q| q.piece.color != me)
                {
                    alone.piece_moves(l, v + 1, sx, sy, &mut moves);
                }
            }
        }
        moves.iter().any(|m| m.1 == (l, v + 1, x, y))
    }

    /// Plays `m`; returns true if it was a branching jump.
    fn apply(&mut self, m: Mv) -> bool {
        let ((fl, fv, fx, fy), (tl, tv, tx, ty), promo) = m;
        let w = self.w;
        let mut piece = self.at(fl, fv, fx, fy).flatten().unwrap();
        piece.unmoved = false;
        if let Some(k) = promo {
            piece.piece.kind = k;
        }
        let mut src = self.board(fl, fv).unwrap().clone();
        src[(fy * w + fx) as usize] = None;
        if (fl, fv) == (tl, tv) {
            if piece.piece.kind == PieceKind::King && (tx - fx).abs() == 2 {
                let dir = (tx - fx).signum();
                let mut rx = fx + dir;
                while src[(fy * w + rx) as usize].is_none() {
                    rx += dir;
                }
                let mut rook = src[(fy * w + rx) as usize].take().unwrap();
                rook.unmoved = false;
                src[(fy * w + fx + dir) as usize] = Some(rook);
            }
            src[(ty * w + tx) as usize] = Some(piece);
            self.lines[(fl - self.lmin) as usize].boards.push(src);
            return false;
        }
        self.lines[(fl - self.lmin) as usize].boards.push(src);
        let mut dst = self.board(tl, tv).unwrap().clone();
        dst[(ty * w + tx) as usize] = Some(piece);
        if self.line(tl).unwrap().end() == tv {
            self.lines[(tl - self.lmin) as usize].boards.push(dst);
            false
        } else {
            let mover = color_of(fv);
            let line = Line {
                start: tv + 1,
                boards: vec![dst],
            };
            if mover == Color::White {
                self.lines.push(line);
            } else {
                self.lines.insert(0, line);
                self.lmin -= 1;
            }
            true
        }
    }

    /// True if `attacker` can capture a royal piece with one move from any
    /// board it can play (section 6).
    fn royal_capture(&self, attacker: Color) -> bool {
        let mut moves = Vec::new();
        for (l, v) in self.playable(attacker) {
            for y in 0..self.h {
                for x in 0..self.w {
                    if self
                        .at(l, v, x, y)
                        .flatten()
                        .is_some_and(|p| p.piece.color == attacker)
                    {
                        self.piece_moves(l, v, x, y, &mut moves);
                    }
                }
            }
        }
        moves.iter().any(|&(_, t, _)| {
            self.at(t.0, t.1, t.2, t.3)
                .flatten()
                .is_some_and(|p| p.piece.color != attacker && p.piece.kind.is_royal())
        })
    }
}

/// Section 10's identity of an action.
type ActionKey = (Vec<Mv>, Vec<Mv>);

fn walk(world: &World, me: Color, hops: &[Mv], branches: &[Mv], found: &mut HashSet<ActionKey>) {
    if !(hops.is_empty() && branches.is_empty())
        && color_of(world.present()) != me
        && !world.royal_capture(me.opponent())
    {
        let mut set = hops.to_vec();
        set.sort();
        found.insert((set, branches.to_vec()));
    }
    for (l, v) in world.playable(me) {
        let mut moves = Vec::new();
        for y in 0..world.h {
            for x in 0..world.w {
                if world
                    .at(l, v, x, y)
                    .flatten()
                    .is_some_and(|p| p.piece.color == me)
                {
                    world.piece_moves(l, v, x, y, &mut moves);
                }
            }
        }
        for m in moves {
            let mut next = world.clone();
            if next.apply(m) {
                let mut b = branches.to_vec();
                b.push(m);
                walk(&next, me, hops, &b, found);
            } else {
                let mut h = hops.to_vec();
                h.push(m);
                walk(&next, me, &h, branches, found);
            }
        }
    }
}

/// The number of distinct legal actions of `me` at the start of `variant`.
fn brute_force_count(variant: &Variant, me: Color) -> usize {
    let world = World::from_variant(variant);
    let mut found = HashSet::new();
    walk(&world, me, &[], &[], &mut found);
    found.len()
}

/// The pinned counts: board name → legal actions at the start (uncapped),
/// as found by both the brute force and the engine. Standard's 20 and the
/// Turn Zero 20 are also the corpus's pos-0 labels.
const PINNED: &[(&str, u64)] = &[
    ("Standard", 20),
    ("Standard - Turn Zero", 20),
    ("Standard - Two Timelines", 484),
    ("Standard - Defended Pawn", 20),
    ("Standard - Princess", 20),
    ("Standard - Reversed Royalty", 20),
    ("Standard - Half Reflected", 20),
    ("Simple - No Queens", 18),
    ("Simple - Knights vs. Bishops", 16),
    ("Simple - No Bishops", 16),
    ("Simple - No Knights", 12),
    ("Simple - No Rooks", 14),
    ("Simple - Simple Set", 14),
    ("Small", 7),
    ("Small - Flipped", 6),
    ("Small - Centered", 7),
    ("Small - Open", 15),
    ("Very Small", 7),
    ("Very Small - Open", 9),
    ("Misc - Timeline Invasion", 231),
    ("Misc - Timeline Formations", 107),
    // Also shared/corpus/expected.tsv, tools__issue-1.fen.5dpgn, pos 0.
    ("Misc - Timeline Tactitian", 12),
    ("Misc - Timeline Strategos", 19),
    ("Misc - Timeline Battlegrounds", 3571),
    ("Misc - Timeline Skirmish", 102),
    ("Misc - Timeline Fragments", 7),
    ("Misc - Timeline Marauders", 120),
    ("Misc - King of Kings", 13),
    ("Misc - Royal Queen Showdown", 9),
    ("Misc - Excessive", 11),
    ("Focused - Just Knights", 9),
    ("Focused - Just Bishops", 12),
    ("Focused - Just Rooks", 12),
    ("Focused - Just Queens", 15),
    ("Focused - Just Pawns", 10),
    ("Focused - Just Kings", 2),
    ("Focused - Just Unicorns", 2),
    ("Focused - Just Dragons", 2),
    // Also shared/corpus/expected.tsv, tools__brawns-empty.5dpgn, pos 0.
    ("Focused - Just Brawns", 10),
    ("Checkmate Practice - Knight", 3),
    ("Checkmate Practice - Bishop", 2),
    ("Checkmate Practice - Rook", 3),
    ("Checkmate Practice - Queen", 2),
    ("Checkmate Practice - Pawns", 5),
];

fn start(variant: &Variant) -> Multiverse {
    Multiverse::from_variant(variant)
        .unwrap_or_else(|e| panic!("{}: catalogue board does not build: {e}", variant.name))
}

#[test]
fn every_catalogue_board_is_pinned() {
    for variant in CATALOGUE {
        assert!(
            PINNED.iter().any(|(name, _)| *name == variant.name),
            "{} has no pinned start count",
            variant.name
        );
    }
    assert_eq!(PINNED.len(), CATALOGUE.len());
}

#[test]
fn start_positions_are_legal_for_the_side_to_move() {
    for variant in CATALOGUE {
        let m = start(variant);
        let me = m.to_move();
        assert!(
            !m.any_royal_capture(me.opponent()),
            "{}: the side not to move can capture a royal piece",
            variant.name
        );
        assert!(
            !World::from_variant(variant).royal_capture(me.opponent()),
            "{}: the brute force finds a royal capture for the side not to move",
            variant.name
        );
    }
}

#[test]
fn engine_start_counts_match_the_brute_force_and_the_table() {
    let mut wrong = Vec::new();
    for variant in CATALOGUE {
        let m = start(variant);
        let engine = count_legal_actions(&m, None, Budget::UNLIMITED);
        let brute = brute_force_count(variant, m.to_move()) as u64;
        let pinned = PINNED
            .iter()
            .find(|(name, _)| *name == variant.name)
            .map(|&(_, n)| n);
        if engine != Answer::Known(brute) || pinned != Some(brute) {
            wrong.push(format!(
                "{}: engine {engine:?}, brute force {brute}, pinned {pinned:?}",
                variant.name
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
