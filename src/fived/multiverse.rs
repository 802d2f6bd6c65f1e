//! The multiverse: timelines of boards, active timelines, the present,
//! playable boards, and applying or undoing single moves.
//!
//! Rules: `shared/rules/5d-chess.md`, sections 2 to 5.

use super::board::Board;
use super::boards::Variant;
use super::coords::{color_of, half_turn, timeline_label, BoardId, Move};
use crate::chess::{Color, Piece, PieceKind, Placement, PlacementError};

/// One timeline: consecutive boards from half-turn `start` on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Timeline {
    pub(crate) start: i32,
    pub(crate) boards: Vec<Board>,
}

impl Timeline {
    /// The half-turn of the first board.
    #[must_use]
    pub fn start(&self) -> i32 {
        self.start
    }

    /// The half-turn of the last (end) board.
    #[must_use]
    pub fn end(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }

    /// The boards, first to last.
    #[must_use]
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }
}

/// Why a multiverse could not be built from initial boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// No initial board was given.
    NoBoards,
    /// Width or height outside 1..=8.
    BadSize {
        /// Width asked for.
        width: u8,
        /// Height asked for.
        height: u8,
    },
    /// A board's piece field could not be read.
    BadFen {
        /// Label of the board's timeline.
        timeline: String,
        /// Why.
        error: PlacementError,
    },
    /// Two boards at the same timeline and half-turn.
    Duplicate {
        /// Timeline label.
        timeline: String,
        /// Turn.
        turn: i32,
        /// Colour to move.
        color: Color,
    },
    /// A timeline's boards are not consecutive, or timelines skip a number.
    Gap {
        /// Label of the timeline where the gap is.
        timeline: String,
    },
    /// A turn below 0.
    NegativeTurn,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::NoBoards => write!(f, "no initial board given"),
            SetupError::BadSize { width, height } => {
                write!(f, "board size {width}x{height} is not supported (1 to 8)")
            }
            SetupError::BadFen { timeline, error } => {
                write!(f, "board of timeline {timeline}: {error}")
            }
            SetupError::Duplicate {
                timeline,
                turn,
                color,
            } => write!(
                f,
                "two boards given for timeline {timeline}, turn {turn}, {color} to move"
            ),
            SetupError::Gap { timeline } => {
                write!(f, "timeline {timeline} has missing boards or is missing")
            }
            SetupError::NegativeTurn => write!(f, "a turn below 0 was given"),
        }
    }
}

impl std::error::Error for SetupError {}

/// One initial board: timeline (internal number), turn, colour to move, pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitialBoard {
    /// Timeline, internal number (see [`super::coords::timeline_from_label`]).
    pub l: i32,
    /// Turn as shown in the game.
    pub turn: i32,
    /// Colour to move on the board.
    pub to_move: Color,
    /// The pieces.
    pub placement: Placement,
}

/// What `apply` changed, so that `undo` can restore it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Undo {
    /// A board was appended to one timeline.
    One(i32),
    /// A board was appended to each of two timelines.
    Two(i32, i32),
    /// A board was appended to `source`, and a new timeline was created.
    Branch {
        /// The source timeline.
        source: i32,
        /// The new timeline.
        created: i32,
    },
}

impl Undo {
    /// The timeline the move created, if it branched.
    pub(crate) fn created(self) -> Option<i32> {
        match self {
            Undo::Branch { created, .. } => Some(created),
            _ => None,
        }
    }
}

/// The whole game state between moves: every board of every timeline and the
/// side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Multiverse {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) even: bool,
    pub(crate) promotions: Vec<PieceKind>,
    pub(crate) lmin: i32,
    pub(crate) timelines: Vec<Timeline>,
    pub(crate) init_min: i32,
    pub(crate) init_max: i32,
    pub(crate) to_move: Color,
    pub(crate) black_timeline_double_step: bool,
}

impl Multiverse {
    /// The start position of a catalogue variant.
    ///
    /// # Errors
    /// A [`SetupError`] if the variant's boards are inconsistent.
    pub fn from_variant(variant: &Variant) -> Result<Multiverse, SetupError> {
        let even = variant.even_start();
        let mut boards = Vec::new();
        for b in variant.boards {
            let placement =
                Placement::from_fen(b.fen, variant.width, variant.height).map_err(|error| {
                    SetupError::BadFen {
                        timeline: b.timeline.to_string(),
                        error,
                    }
                })?;
            let (sign, digits) = match b.timeline.as_bytes().first() {
                Some(b'+') => (Some('+'), &b.timeline[1..]),
                Some(b'-') => (Some('-'), &b.timeline[1..]),
                _ => (None, b.timeline),
            };
            let number: u32 = digits.parse().map_err(|_| SetupError::Gap {
                timeline: b.timeline.to_string(),
            })?;
            boards.push(InitialBoard {
                l: super::coords::timeline_from_label(sign, number, even),
                turn: i32::try_from(b.turn).unwrap_or(i32::MAX / 4),
                to_move: b.to_move,
                placement,
            });
        }
        Multiverse::from_boards(
            variant.width,
            variant.height,
            even,
            variant.promotions,
            &boards,
        )
    }

    /// A multiverse from raw initial boards (5DFEN lines). `even` says whether
    /// labels use `-0`/`+0`; `promotions` lists what pawns may become (empty:
    /// queen).
    ///
    /// # Errors
    /// A [`SetupError`] if boards are missing, duplicated or not contiguous.
    pub fn from_boards(
        width: u8,
        height: u8,
        even: bool,
        promotions: &[PieceKind],
        boards: &[InitialBoard],
    ) -> Result<Multiverse, SetupError> {
        if width == 0 || height == 0 || width > 8 || height > 8 {
            return Err(SetupError::BadSize { width, height });
        }
        if boards.is_empty() {
            return Err(SetupError::NoBoards);
        }
        if boards.iter().any(|b| b.turn < 0) {
            return Err(SetupError::NegativeTurn);
        }
        let lmin = boards.iter().map(|b| b.l).min().unwrap_or(0);
        let lmax = boards.iter().map(|b| b.l).max().unwrap_or(0);
        if lmax - lmin > 10_000 || boards.iter().any(|b| b.turn > 1_000_000) {
            return Err(SetupError::Gap {
                timeline: timeline_label(lmax, even),
            });
        }
        let mut timelines = Vec::new();
        for l in lmin..=lmax {
            let mut mine: Vec<(i32, &InitialBoard)> = boards
                .iter()
                .filter(|b| b.l == l)
                .map(|b| (half_turn(b.turn, b.to_move), b))
                .collect();
            crate::chess::order::sort_stable_by(&mut mine, |a, b| a.0.cmp(&b.0));
            let Some(&(start, _)) = mine.first() else {
                return Err(SetupError::Gap {
                    timeline: timeline_label(l, even),
                });
            };
            let mut tl = Timeline {
                start,
                boards: Vec::new(),
            };
            for (k, (v, b)) in mine.iter().enumerate() {
                let expected = start + k as i32;
                if *v < expected {
                    return Err(SetupError::Duplicate {
                        timeline: timeline_label(l, even),
                        turn: b.turn,
                        color: b.to_move,
                    });
                }
                if *v > expected {
                    return Err(SetupError::Gap {
                        timeline: timeline_label(l, even),
                    });
                }
                tl.boards.push(Board::from_placement(&b.placement));
            }
            timelines.push(tl);
        }
        // Section 5: without an `InitialMultiverses` header only timeline 0
        // (`-0` and `+0` in even games) is initial; every other timeline of
        // the 5DFEN counts as created by its side. If the start has no such
        // timeline, every given timeline is initial (no rule covers that
        // start; this keeps the present where the boards put it).
        let (def_min, def_max) = if even { (-1, 0) } else { (0, 0) };
        let (init_min, init_max) = if def_min.max(lmin) <= def_max.min(lmax) {
            (def_min.max(lmin), def_max.min(lmax))
        } else {
            (lmin, lmax)
        };
        let mut m = Multiverse {
            width,
            height,
            even,
            promotions: if promotions.is_empty() {
                vec![PieceKind::Queen]
            } else {
                promotions.to_vec()
            },
            lmin,
            timelines,
            init_min,
            init_max,
            to_move: Color::White,
            black_timeline_double_step: true,
        };
        m.to_move = color_of(m.present());
        Ok(m)
    }

    /// The same position with another promotion list (empty: queen).
    #[must_use]
    pub fn with_promotions(mut self, promotions: &[PieceKind]) -> Multiverse {
        self.promotions = if promotions.is_empty() {
            vec![PieceKind::Queen]
        } else {
            promotions.to_vec()
        };
        self
    }

    /// The same position with the timelines `lmin..=lmax` (internal numbers)
    /// as its initial ones, as a 5dpgn `InitialMultiverses` header names them
    /// (`5d-chess.md` section 5): they are always active, and every other
    /// timeline counts as created by its side (White above, Black below).
    /// The range is clamped to the existing timelines; an empty result
    /// leaves the position unchanged. The side to move follows the new
    /// present.
    #[must_use]
    pub fn with_initial_timelines(mut self, lmin: i32, lmax: i32) -> Multiverse {
        let (have_min, have_max) = self.timeline_range();
        let (lo, hi) = (lmin.max(have_min), lmax.min(have_max));
        if lo <= hi {
            self.init_min = lo;
            self.init_max = hi;
            self.to_move = color_of(self.present());
        }
        self
    }

    /// The initial timelines (internal numbers, smallest and largest):
    /// always active; the others count as created by their side.
    #[must_use]
    pub fn initial_timelines(&self) -> (i32, i32) {
        (self.init_min, self.init_max)
    }

    /// The same position with or without the Black pawn's two-timeline
    /// double step (on by default, as `5d-chess.md` section 8 recommends;
    /// ftxi, which labelled the corpus, lacks it).
    #[must_use]
    pub fn with_black_timeline_double_step(mut self, allowed: bool) -> Multiverse {
        self.black_timeline_double_step = allowed;
        self
    }

    /// Board width.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// True for `-0`/`+0` games.
    #[must_use]
    pub fn even(&self) -> bool {
        self.even
    }

    /// What pawns and brawns may promote to (first = default).
    #[must_use]
    pub fn promotions(&self) -> &[PieceKind] {
        &self.promotions
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Smallest and largest timeline numbers.
    #[must_use]
    pub fn timeline_range(&self) -> (i32, i32) {
        (self.lmin, self.lmin + self.timelines.len() as i32 - 1)
    }

    /// The timeline with internal number `l`.
    #[must_use]
    pub fn timeline(&self, l: i32) -> Option<&Timeline> {
        let i = l.checked_sub(self.lmin)?;
        self.timelines.get(usize::try_from(i).ok()?)
    }

    /// The board at timeline `l`, half-turn `v`, if it exists.
    #[inline]
    #[must_use]
    pub fn board(&self, l: i32, v: i32) -> Option<&Board> {
        let i = l.wrapping_sub(self.lmin);
        if i < 0 || i as usize >= self.timelines.len() {
            return None;
        }
        let tl = &self.timelines[i as usize];
        let j = v.wrapping_sub(tl.start);
        if j < 0 || j as usize >= tl.boards.len() {
            return None;
        }
        Some(&tl.boards[j as usize])
    }

    /// The end half-turn of timeline `l`.
    #[inline]
    #[must_use]
    pub fn end(&self, l: i32) -> Option<i32> {
        self.timeline(l).map(Timeline::end)
    }

    /// True if timeline `l` is active (section 5 of the rules).
    #[must_use]
    pub fn is_active(&self, l: i32) -> bool {
        let (lmin, lmax) = self.timeline_range();
        if l >= self.init_min && l <= self.init_max {
            return true;
        }
        let white_made = lmax - self.init_max;
        let black_made = self.init_min - lmin;
        if l > self.init_max {
            l - self.init_max <= black_made + 1
        } else {
            self.init_min - l <= white_made + 1
        }
    }

    /// Could the timelines `color` creates during its action make timeline
    /// `l` active? Only if `l` is inactive and the opponent created it: the
    /// activity of a side's own timelines depends on the opponent's count
    /// alone, which does not change during the action.
    #[must_use]
    pub fn reactivable_by(&self, l: i32, color: Color) -> bool {
        let made_by_opponent = match color {
            Color::White => l < self.init_min,
            Color::Black => l > self.init_max,
        };
        made_by_opponent && !self.is_active(l)
    }

    /// Would the next timeline `color` creates be active? (The opponent's
    /// count does not change during an action, so once this is false, no
    /// further timeline of this action is active.)
    #[must_use]
    pub fn next_timeline_active(&self, color: Color) -> bool {
        let (lmin, lmax) = self.timeline_range();
        let white_made = lmax - self.init_max;
        let black_made = self.init_min - lmin;
        match color {
            Color::White => white_made <= black_made,
            Color::Black => black_made <= white_made,
        }
    }

    /// The active timelines (section 5 of the rules): always one range,
    /// `lo..=hi` (internal numbers), the initial ones and the first few
    /// each side made beyond them. [`Multiverse::is_active`] is true
    /// exactly inside it.
    #[inline]
    #[must_use]
    pub fn active_range(&self) -> (i32, i32) {
        let (lmin, lmax) = self.timeline_range();
        let white_made = lmax - self.init_max;
        let black_made = self.init_min - lmin;
        (
            lmin.max(self.init_min - white_made - 1),
            lmax.min(self.init_max + black_made + 1),
        )
    }

    /// The present: the smallest end half-turn over active timelines.
    #[must_use]
    pub fn present(&self) -> i32 {
        // The active timelines are one range (`active_range`): read only
        // their ends (the search asks for the present at every node).
        let (lo, hi) = self.active_range();
        let skip = (lo - self.lmin).max(0) as usize;
        let take = (hi - lo + 1).max(0) as usize;
        self.timelines
            .iter()
            .skip(skip)
            .take(take)
            .map(Timeline::end)
            .min()
            .unwrap_or(i32::MAX)
    }

    /// The boards `color` could move from now: every timeline end with that
    /// colour to move, in timeline order.
    #[must_use]
    pub fn playable_boards(&self, color: Color) -> Vec<BoardId> {
        self.timelines
            .iter()
            .enumerate()
            .filter(|(_, tl)| color_of(tl.end()) == color)
            .map(|(k, tl)| BoardId {
                l: self.lmin + k as i32,
                v: tl.end(),
            })
            .collect()
    }

    /// The boards the side to move must play (active timelines at the present).
    #[must_use]
    pub fn mandatory_boards(&self) -> Vec<BoardId> {
        let p = self.present();
        self.playable_boards(self.to_move)
            .into_iter()
            .filter(|b| b.v == p && self.is_active(b.l))
            .collect()
    }

    /// True if `b` is the end board of its timeline and `color` moves there.
    #[inline]
    #[must_use]
    pub fn is_playable(&self, b: BoardId, color: Color) -> bool {
        self.end(b.l) == Some(b.v) && color_of(b.v) == color
    }

    /// Applies one move without checking it (the caller generated it).
    /// Returns what to undo, or `None` if the source square is empty or a
    /// board is missing (then nothing changed).
    pub(crate) fn apply(&mut self, m: &Move) -> Option<Undo> {
        self.apply_as(m, false)
    }

    /// As [`Multiverse::apply`]; with `force_branch`, a jump onto a playable
    /// end board creates a new timeline instead of hopping (the search uses
    /// this for a jump whose target board will be left by a non-branching
    /// move that comes first in play order).
    pub(crate) fn apply_as(&mut self, m: &Move, force_branch: bool) -> Option<Undo> {
        let src = self.board(m.from.board.l, m.from.board.v)?;
        let i = m.from.square.index();
        let placed = src.piece_at(m.from.square)?;
        let piece = placed.piece;
        let to = m.to.square.index();
        let last_rank = match piece.color {
            Color::White => self.height - 1,
            Color::Black => 0,
        };
        let landing = if piece.kind.is_pawnlike() && m.to.square.y == last_rank {
            Piece::new(piece.color, m.promotion.unwrap_or(self.promotions[0]))
        } else {
            piece
        };
        let mut next = src.clone();
        next.clear(i);
        if m.is_physical() {
            let dx = i32::from(m.to.square.x) - i32::from(m.from.square.x);
            if piece.kind == PieceKind::King && placed.unmoved && dx.abs() == 2 {
                // Castling: the rook is the first piece towards the king's destination.
                let dir = dx.signum();
                let mut x = i32::from(m.from.square.x) + dir;
                while (0..i32::from(self.width)).contains(&x) {
                    let j = m.from.square.y as usize * 8 + x as usize;
                    if next.occupied() >> j & 1 == 1 {
                        if let Some(rook) = next.piece_at(crate::chess::Square::from_index(j)) {
                            next.clear(j);
                            let rook_to = (i as i32 + dir) as usize;
                            next.put(rook_to, rook.piece, false);
                        }
                        break;
                    }
                    x += dir;
                }
            } else if piece.kind.is_pawnlike() && dx != 0 && next.occupied() >> to & 1 == 0 {
                // En passant: the victim stands beside the pawn.
                let victim = m.from.square.y as usize * 8 + m.to.square.x as usize;
                next.clear(victim);
            }
            next.put(to, landing, false);
            self.push_board(m.from.board.l, next);
            return Some(Undo::One(m.from.board.l));
        }
        let target = self.board(m.to.board.l, m.to.board.v)?;
        let mut arrived = target.clone();
        arrived.put(to, landing, false);
        let hop = !force_branch
            && self.end(m.to.board.l) == Some(m.to.board.v)
            && m.to.board.l != m.from.board.l;
        self.push_board(m.from.board.l, next);
        if hop {
            self.push_board(m.to.board.l, arrived);
            Some(Undo::Two(m.from.board.l, m.to.board.l))
        } else {
            let (lmin, lmax) = self.timeline_range();
            let tl = Timeline {
                start: m.to.board.v + 1,
                boards: vec![arrived],
            };
            let created = match piece.color {
                Color::White => {
                    self.timelines.push(tl);
                    lmax + 1
                }
                Color::Black => {
                    self.timelines.insert(0, tl);
                    self.lmin -= 1;
                    lmin - 1
                }
            };
            Some(Undo::Branch {
                source: m.from.board.l,
                created,
            })
        }
    }

    /// How many more timelines `color` can create in a row that would be
    /// active (0 if its next one is inactive).
    pub(crate) fn active_timelines_left(&self, color: Color) -> usize {
        let (lmin, lmax) = self.timeline_range();
        let white_made = lmax - self.init_max;
        let black_made = self.init_min - lmin;
        let left = match color {
            Color::White => black_made - white_made + 1,
            Color::Black => white_made - black_made + 1,
        };
        usize::try_from(left).unwrap_or(0)
    }

    fn push_board(&mut self, l: i32, b: Board) {
        let k = (l - self.lmin) as usize;
        self.timelines[k].boards.push(b);
    }

    fn pop_board(&mut self, l: i32) {
        let k = (l - self.lmin) as usize;
        self.timelines[k].boards.pop();
    }

    /// Reverts what [`Multiverse::apply`] did.
    pub(crate) fn undo(&mut self, u: Undo) {
        match u {
            Undo::One(l) => self.pop_board(l),
            Undo::Two(a, b) => {
                self.pop_board(b);
                self.pop_board(a);
            }
            Undo::Branch { source, created } => {
                if created == self.lmin {
                    self.timelines.remove(0);
                    self.lmin += 1;
                } else {
                    self.timelines.pop();
                }
                self.pop_board(source);
            }
        }
    }

    /// Would a jump onto `to` create a new timeline now (`>>`) rather than
    /// hop onto a playable end board (`>`)?
    #[must_use]
    pub fn is_branching(&self, m: &Move) -> bool {
        let hop = self.end(m.to.board.l) == Some(m.to.board.v) && m.to.board.l != m.from.board.l;
        !m.is_physical() && !hop
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fived::boards;

    #[test]
    fn standard_starts_with_one_timeline_white_to_move() {
        let m = Multiverse::from_variant(boards::standard()).unwrap();
        assert_eq!(m.timeline_range(), (0, 0));
        assert_eq!(m.to_move(), Color::White);
        assert_eq!(m.present(), 2);
        assert_eq!(m.mandatory_boards(), vec![BoardId { l: 0, v: 2 }]);
    }

    #[test]
    fn the_active_range_is_exactly_the_active_timelines() {
        // Every mix of up to 5 timelines made by each side, around one or
        // two initial ones: `present` reads only the ends inside the range.
        for even in [false, true] {
            for white in 0..=5 {
                for black in 0..=5 {
                    let mut m = Multiverse::from_variant(boards::standard()).unwrap();
                    let b = m.timelines[0].clone();
                    if even {
                        m.timelines.insert(0, b.clone());
                        m.lmin = -1;
                        m.init_min = -1;
                    }
                    for _ in 0..white {
                        m.timelines.push(b.clone());
                    }
                    for _ in 0..black {
                        m.timelines.insert(0, b.clone());
                        m.lmin -= 1;
                    }
                    let (lo, hi) = m.active_range();
                    let (lmin, lmax) = m.timeline_range();
                    for l in lmin..=lmax {
                        assert_eq!(
                            m.is_active(l),
                            (lo..=hi).contains(&l),
                            "even {even}, white {white}, black {black}, timeline {l}"
                        );
                    }
                    assert!(lmin <= lo && hi <= lmax);
                }
            }
        }
    }

    #[test]
    fn active_rule_counts_the_opponent_timelines() {
        let mut m = Multiverse::from_variant(boards::standard()).unwrap();
        let b = m.timelines[0].clone();
        m.timelines.push(b.clone());
        assert!(m.is_active(1));
        m.timelines.push(b.clone());
        assert!(!m.is_active(2));
        m.timelines.insert(0, b);
        m.lmin = -1;
        assert!(m.is_active(2));
        assert!(!m.is_active(3));
    }
}
