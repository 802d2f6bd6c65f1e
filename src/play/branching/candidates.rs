//! What the computer weighs in Multiverse Time Travel Chess, and how it
//! scores a game.
//!
//! Every legal branch-turn is listed by [`Game::legal_turns`], but there are
//! far too many to search: moves × travellers × destinations × landing
//! squares × two orders, measured on a seeded random game (host, test
//! profile) at 596 turns on the first move, 13 000–51 000 a dozen plies in
//! with two to four branches, 255 000 with eight branches to play (40 ms
//! just to list them), where the search plays 10–20 µs per action. So the
//! computer weighs, per branch still to play:
//! - first ([`search_turns`]) every plain move, captures first (most
//!   valuable victim, then least valuable mover), then promotions, then the
//!   rest in the rules' order;
//! - then, only where those did not settle the position (no alpha-beta
//!   cut, [`crate::play::GameSession::search_actions_later`]), the
//!   [`JOURNEYS`] most promising journeys ([`search_journeys`]), each with
//!   one landing square, each tried with the first [`PAIRED_MOVES`] plain
//!   moves (move first) and with the best moves its departure alone makes
//!   legal (travel first: a line it opened), checks and captures first.
//!
//! A journey's promise is read off the boards without playing it: the
//! traveller saved when it stands attacked (in full when undefended), the
//! check its departure uncovers, the best check or capture among the moves
//! its departure opens to an own rook, bishop or queen, and what the new
//! branch is worth against what the old one loses ([`branch_worth`] of the
//! destination board's material with the traveller, or of the target
//! branch's for a crossing, which also pays the queen). A time traveller
//! goes to the best of the lineage's first board and its last
//! [`PAST_BOARDS`] boards with its side to move, a board worth less by the
//! pieces left hanging there (the opponent moves first on a fork). It lands
//! on the most central square the rules accept that the opponent does not
//! attack there, else the most central they accept. Every turn listed is
//! asked of [`Game::check`]: the rules are the game's, this module only
//! chooses which turns to ask about.
//!
//! What that leaves out, and why: other landing squares (they change the
//! new branch's future, not its material), pairings of a journey with moves
//! beyond the first few, journeys beyond the first few per branch, and
//! destinations further back. Measured on six positions of the playouts in
//! the tests: 31–192 turns weighed per position (0.1–0.8 ms to list them),
//! and a Strong search (40 000 actions) in 0.4–0.75 s on a loaded 2-core
//! host, reaching 2–3 actions; the same search without journeys reaches
//! 2–4 actions in 0.04–0.55 s.

use crate::chess::{Color, Move2d, Piece, PieceKind, Position, Square};
use crate::games::branching::{BranchId, BranchTurn, Game, Travel, TravelOrder};
use crate::play::computer::{piece_value, position_material};

/// Journeys weighed per branch, the most promising first.
pub const JOURNEYS: usize = 3;

/// Moves each move-first journey is tried with (the first of the ordered
/// plain moves).
pub const PAIRED_MOVES: usize = 4;

/// Past boards (with the side to move) weighed as time-travel
/// destinations: the latest ones, and the first board of the lineage.
pub const PAST_BOARDS: u32 = 6;

/// A branch won, for the side that won it: more than any material lead on a
/// branch still played ([`branch_worth`] stays below it).
pub const BRANCH_WIN: i32 = 1_000;

/// What a material lead `m` (centipawns) on a branch still played is worth:
/// `BRANCH_WIN · m / (|m| + 1000)`, which keeps its sign and order but stays
/// below a branch won. The game is won by counting branches, so a lead is
/// worth what it makes of that branch's result: a second queen on one board
/// must not outweigh a pawn up on each of two, nor winning the branch.
#[must_use]
pub fn branch_worth(m: i32) -> i32 {
    let m = i64::from(m);
    let w = i64::from(BRANCH_WIN) * m / (m.abs() + 1_000);
    i32::try_from(w).unwrap_or(0)
}

/// The game for `side`: each branch still played is worth its
/// [`branch_worth`], each branch finished is worth [`BRANCH_WIN`] to its
/// winner (and as much less to the loser), a draw nothing.
#[must_use]
pub fn evaluate(game: &Game, side: Color) -> i32 {
    use crate::games::branching::{BranchResult, BranchStatus};
    game.branches()
        .iter()
        .map(|br| match br.status() {
            BranchStatus::Active => branch_worth(position_material(br.latest().position(), side)),
            BranchStatus::Finished {
                result: BranchResult::Win(w),
                ..
            } => {
                if w == side {
                    BRANCH_WIN
                } else {
                    -BRANCH_WIN
                }
            }
            BranchStatus::Finished { .. } => 0,
        })
        .sum()
}

/// The plain moves of every branch still to play, captures first, then
/// promotions: what the computer weighs first (empty once the game is over).
#[must_use]
pub fn search_turns(game: &Game) -> Vec<BranchTurn> {
    let mut out = Vec::new();
    if game.result().is_some() {
        return out;
    }
    for &b in &game.phase().pending {
        if let Ok(branch) = game.branch(b) {
            let pos = branch.latest().position();
            out.extend(
                plain_moves(pos)
                    .into_iter()
                    .map(|mv| BranchTurn::plain(b, mv)),
            );
        }
    }
    out
}

/// The journeys the computer weighs once the plain moves did not settle a
/// position (see the module doc): the [`JOURNEYS`] most promising of each
/// branch still to play, each with the first [`PAIRED_MOVES`] plain moves
/// (move first) and with the best moves its departure alone makes legal
/// (travel first). Each is accepted by [`Game::check`].
#[must_use]
pub fn search_journeys(game: &Game) -> Vec<BranchTurn> {
    let mut out = Vec::new();
    if game.result().is_some() {
        return out;
    }
    for &b in &game.phase().pending {
        let Ok(branch) = game.branch(b) else {
            continue;
        };
        let pos = *branch.latest().position();
        let moves = plain_moves(&pos);
        let paired = &moves[..moves.len().min(PAIRED_MOVES)];
        let known = MoveSet::of(&moves);
        for j in journeys(game, b, &pos, &moves) {
            let mut try_turn = |mv: Move2d, order: TravelOrder, travel: Travel| {
                let turn = BranchTurn::with_travel(b, mv, order, travel);
                if !out.contains(&turn) && game.check(&turn).is_ok() {
                    out.push(turn);
                }
            };
            for &mv in paired {
                try_turn(mv, TravelOrder::MoveFirst, j.travel);
            }
            let Some(travel) = j.travel_first else {
                continue;
            };
            let queen = match travel {
                Travel::TransUniverse { queen, .. } => Some(queen),
                Travel::Time { .. } => None,
            };
            let Ok(departed) = game.departure_position(b, travel.from(), queen) else {
                continue;
            };
            let mut opened: Vec<Move2d> = departed
                .legal_moves()
                .into_iter()
                .filter(|m| !known.has(*m))
                .collect();
            order_moves(&departed, &mut opened, true);
            for mv in opened.into_iter().take(PAIRED_MOVES) {
                try_turn(mv, TravelOrder::TravelFirst, travel);
            }
        }
    }
    out
}

/// The legal moves of `pos`, ordered for the search ([`order_moves`]).
fn plain_moves(pos: &Position) -> Vec<Move2d> {
    let mut moves = pos.legal_moves();
    order_moves(pos, &mut moves, false);
    moves
}

/// Captures first (the most valuable victim, then the least valuable
/// mover), then promotions, then (when `checks`) checks, then the rest as
/// listed.
fn order_moves(pos: &Position, moves: &mut Vec<Move2d>, checks: bool) {
    let key = |mv: &Move2d| {
        let victim = match mv {
            Move2d::EnPassant { .. } => piece_value(PieceKind::Pawn),
            _ => pos.piece_at(mv.to()).map_or(0, |p| piece_value(p.kind)),
        };
        let mover = mv
            .from()
            .and_then(|f| pos.piece_at(f))
            .map_or(0, |p| piece_value(p.kind));
        let promotion = mv.promotion().map_or(0, piece_value);
        if victim > 0 {
            (0, -victim, mover)
        } else if promotion > 0 {
            (1, -promotion, 0)
        } else if checks && pos.play(*mv).is_ok_and(|p| p.is_check()) {
            (2, 0, 0)
        } else {
            (3, 0, 0)
        }
    };
    crate::chess::order::sort_stable_by(moves, |a, b| key(a).cmp(&key(b)));
}

/// A journey the search may weigh: its travel (move first), and the same
/// traveller's journey travelling first when there is one.
struct Candidate {
    travel: Travel,
    travel_first: Option<Travel>,
}

/// A journey scored before its landing square is chosen.
struct Scored {
    from: Square,
    piece: Piece,
    promise: i32,
    /// Time travel: the board to go to moving first, and travelling first.
    times: Option<(u32, Option<u32>)>,
    /// A crossing: the queen paid and the target branch.
    crossing: Option<(Square, BranchId)>,
}

/// The [`JOURNEYS`] most promising journeys of branch `b` (whose latest
/// position is `pos` and plain moves `plain`), each with its landing square:
/// for each traveller its time travel to the best past board (while the
/// limit allows) and its crossing to each other branch still to play.
fn journeys(game: &Game, b: BranchId, pos: &Position, plain: &[Move2d]) -> Vec<Candidate> {
    let Ok(branch) = game.branch(b) else {
        return Vec::new();
    };
    let me = pos.turn();
    let here = position_material(pos, me);
    let latest_t = branch.latest().t();
    // The lineage boards with `me` to move, by what a fork there starts
    // from: the material, less what hangs (the opponent moves first there).
    let mut pasts: Vec<(u32, i32, Position)> = Vec::new();
    if !game.is_collapsing() {
        let recent = latest_t.saturating_sub(2 * PAST_BOARDS);
        for t in std::iter::once(0).chain(recent.max(1)..=latest_t) {
            if let Some(p) = branch.board_at(t).map(|n| *n.position()) {
                if p.turn() == me {
                    pasts.push((t, position_material(&p, me) - hanging(&p, me), p));
                }
            }
        }
    }
    let best_any = pasts.iter().max_by_key(|p| p.1);
    let best_before = pasts.iter().filter(|p| p.0 < latest_t).max_by_key(|p| p.1);
    let targets: Vec<(BranchId, i32)> = game
        .phase()
        .pending
        .iter()
        .filter(|&&t| t != b)
        .filter_map(|&t| {
            let p = game.branch(t).ok()?.latest().position();
            Some((t, position_material(p, me)))
        })
        .collect();
    let queen = pos
        .pieces()
        .find(|(_, p)| p.color == me && p.kind == PieceKind::Queen)
        .map(|(s, _)| s);
    let known = MoveSet::of(plain);
    // The squares own sliders see: a piece leaving one of them opens a line.
    let lines = pos
        .pieces()
        .filter(|(_, p)| {
            p.color == me
                && matches!(
                    p.kind,
                    PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen
                )
        })
        .flat_map(|(s, _)| pos.attacks_from(s))
        .fold(0u64, |m, s| m | 1u64 << s.index());
    let mut scored = Vec::new();
    for (from, piece) in pos.pieces() {
        if piece.color != me || piece.kind == PieceKind::King {
            continue;
        }
        let Ok(departed) = game.departure_position(b, from, None) else {
            continue;
        };
        let v = piece_value(piece.kind);
        let saved = if pos.is_attacked(from, !me) {
            if pos.is_attacked(from, me) {
                v / 3
            } else {
                v
            }
        } else {
            0
        };
        let uncovers = departed.is_king_attacked(!me);
        let opens = if lines & (1u64 << from.index()) != 0 {
            opened(&departed, &known)
        } else {
            0
        };
        let base = saved + if uncovers { CHECK } else { 0 } + opens;
        if let Some(&(to_t, m, _)) = best_any {
            scored.push(Scored {
                from,
                piece,
                promise: base + branch_worth(here - v) - branch_worth(here) + branch_worth(m + v),
                times: Some((to_t, best_before.map(|p| p.0))),
                crossing: None,
            });
        }
        let Some(q) = queen.filter(|&q| q != from) else {
            continue;
        };
        let paid = branch_worth(here - v - piece_value(PieceKind::Queen)) - branch_worth(here);
        for &(to_branch, m) in &targets {
            scored.push(Scored {
                from,
                piece,
                promise: base + paid + branch_worth(m + v) - branch_worth(m),
                times: None,
                crossing: Some((q, to_branch)),
            });
        }
    }
    crate::chess::order::sort_stable_by(&mut scored, |a, c| c.promise.cmp(&a.promise));
    let mut out = Vec::new();
    for j in scored {
        if out.len() >= JOURNEYS {
            break;
        }
        if let Some(c) = land(game, b, plain, &j) {
            out.push(c);
        }
    }
    out
}

/// The journey `j` with its landing square chosen ([`landing`]), or `None`
/// when it has nowhere to land.
fn land(game: &Game, b: BranchId, plain: &[Move2d], j: &Scored) -> Option<Candidate> {
    let from = j.from;
    // A move the traveller may leave after (its landings do not depend on
    // which): the rules' own answer.
    let queen_square = j.crossing.map(|(q, _)| q);
    let rep = plain.iter().copied().find(|&mv| {
        mv.from() != Some(from)
            && (queen_square.is_none() || mv.from() != queen_square)
            && game
                .check_traveller(b, mv, TravelOrder::MoveFirst, from)
                .is_ok()
    })?;
    let accepts = |travel: Travel| {
        game.check(&BranchTurn::with_travel(
            b,
            rep,
            TravelOrder::MoveFirst,
            travel,
        ))
        .is_ok()
    };
    if let Some((queen, to_branch)) = j.crossing {
        let there = *game.branch(to_branch).ok()?.latest().position();
        let landing = landing(&there, j.piece, |s| {
            accepts(Travel::TransUniverse {
                queen,
                from,
                to_branch,
                landing: s,
            })
        })?;
        let travel = Travel::TransUniverse {
            queen,
            from,
            to_branch,
            landing,
        };
        return Some(Candidate {
            travel,
            travel_first: Some(travel),
        });
    }
    let (to_t, first_t) = j.times?;
    let branch = game.branch(b).ok()?;
    let time = |to_t: u32| -> Option<Travel> {
        let past = *branch.board_at(to_t)?.position();
        let landing = landing(&past, j.piece, |s| {
            accepts(Travel::Time {
                from,
                to_t,
                landing: s,
            })
        })?;
        Some(Travel::Time {
            from,
            to_t,
            landing,
        })
    };
    let travel = time(to_t)?;
    let travel_first = match first_t {
        Some(t) if t == to_t => Some(travel),
        Some(t) => time(t),
        None => None,
    };
    Some(Candidate {
        travel,
        travel_first,
    })
}

/// Where `piece` lands on `board`: of the empty squares, centre first, the
/// first the rules accept (`accepts`) that the opponent does not attack
/// once it stands there; else the first they accept.
fn landing(board: &Position, piece: Piece, accepts: impl Fn(Square) -> bool) -> Option<Square> {
    let centre = |s: &Square| (2 * i32::from(s.x) - 7).abs() + (2 * i32::from(s.y) - 7).abs();
    let mut squares: Vec<Square> = (0..64)
        .map(Square::from_index)
        .filter(|&s| board.piece_at(s).is_none())
        .collect();
    squares.sort_by_key(centre);
    let mut fallback = None;
    for s in squares {
        if !accepts(s) {
            continue;
        }
        let attacked = board
            .with_piece(s, Some(piece))
            .is_ok_and(|p| p.is_attacked(s, !piece.color));
        if !attacked {
            return Some(s);
        }
        fallback = fallback.or(Some(s));
    }
    fallback
}

/// What a check is worth in a journey's promise (centipawns).
const CHECK: i32 = 300;

/// The best of the moves a departure makes legal (those not in `legal`, the
/// moves before it), on the board without the traveller: a check, plus what
/// it captures. Asked only of a piece an own rook, bishop or queen sees
/// (the departure opens its line): the moves it opens otherwise (a pin
/// lifted, a king's square freed) go unscored.
fn opened(departed: &Position, legal: &MoveSet) -> i32 {
    departed
        .legal_moves()
        .into_iter()
        .filter(|m| !legal.has(*m))
        .map(|mv| {
            let check = departed.play(mv).is_ok_and(|p| p.is_check());
            let victim = departed
                .piece_at(mv.to())
                .map_or(0, |p| piece_value(p.kind));
            victim + if check { CHECK } else { 0 }
        })
        .max()
        .unwrap_or(0)
}

/// The worth of `side`'s pieces on `board` that the other side attacks and
/// `side` does not defend: what a fork there hands the opponent, who moves
/// first on it.
fn hanging(board: &Position, side: Color) -> i32 {
    board
        .pieces()
        .filter(|(s, p)| {
            p.color == side && board.is_attacked(*s, !side) && !board.is_attacked(*s, side)
        })
        .map(|(_, p)| piece_value(p.kind))
        .sum()
}

/// A set of moves by their squares (from, to): what "a move already legal"
/// asks, without comparing lists.
struct MoveSet([u64; 64]);

impl MoveSet {
    fn of(moves: &[Move2d]) -> MoveSet {
        let mut set = [0u64; 64];
        for mv in moves {
            if let Some(from) = mv.from() {
                set[from.index()] |= 1u64 << mv.to().index();
            }
        }
        MoveSet(set)
    }

    fn has(&self, mv: Move2d) -> bool {
        mv.from()
            .is_some_and(|f| self.0[f.index()] & (1u64 << mv.to().index()) != 0)
    }
}
