//! What a game screen draws, as plain data: the [`Scene`].
//!
//! Like chessground's state, a scene holds no rule: boards with their pieces
//! ([`Placement`]), square marks ([`Mark`]: last move, check, selection, legal
//! destinations, the games' own highlights), arrows and the orientation. The
//! single board component of the UI draws a [`SceneBoard`] and reports
//! presses as [`Spot`]s; the game answers them through
//! [`GameSession::input`](super::GameSession::input).
//!
//! Keyboard play moves a focus over the scene with [`Scene::step`] (what is
//! "up" follows the orientation) and presses the focused spot.

use crate::chess::{Color, Placement, Square};

/// Which board of a scene: a line (5D timeline, branch row; 0 for the
/// one-board games) and a time along it (5D half-turn, branch time; 0 for the
/// one-board games). Plain numbers so every game can name its boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardKey {
    /// The line: 5D timeline `L`, branch row; 0 for one-board games.
    pub line: i32,
    /// The time along the line: 5D half-turn `v`, branch time; 0 for one-board games.
    pub time: i32,
}

impl BoardKey {
    /// The board of a one-board game.
    pub const MAIN: BoardKey = BoardKey { line: 0, time: 0 };

    /// A board by line and time.
    #[must_use]
    pub const fn new(line: i32, time: i32) -> BoardKey {
        BoardKey { line, time }
    }
}

impl From<crate::fived::BoardId> for BoardKey {
    fn from(b: crate::fived::BoardId) -> BoardKey {
        BoardKey {
            line: b.l,
            time: b.v,
        }
    }
}

impl From<BoardKey> for crate::fived::BoardId {
    fn from(b: BoardKey) -> crate::fived::BoardId {
        crate::fived::BoardId {
            l: b.line,
            v: b.time,
        }
    }
}

/// A square of a board of the scene: what a press names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// The board.
    pub board: BoardKey,
    /// The square on it.
    pub square: Square,
}

impl Spot {
    /// A square of the one board of a one-board game.
    #[must_use]
    pub const fn main(square: Square) -> Spot {
        Spot {
            board: BoardKey::MAIN,
            square,
        }
    }
}

impl From<crate::fived::Coord> for Spot {
    fn from(c: crate::fived::Coord) -> Spot {
        Spot {
            board: c.board.into(),
            square: c.square,
        }
    }
}

impl From<Spot> for crate::fived::Coord {
    fn from(s: Spot) -> crate::fived::Coord {
        crate::fived::Coord {
            board: s.board.into(),
            square: s.square,
        }
    }
}

/// A highlight on a square. Each has one CSS class ([`Mark::class`]), the
/// only thing the board component knows about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The selected piece.
    Selected,
    /// A piece the side to act may move (shown while nothing is selected).
    Movable,
    /// A legal destination of the selected piece, on an empty square.
    Dest,
    /// A legal destination that captures.
    Capture,
    /// A legal destination that makes a new timeline (5D: a move to a past
    /// board or to a board that already has a successor).
    Branch,
    /// A square of the last move.
    Last,
    /// A square of the move recorded at a past ply being looked at.
    Recorded,
    /// A square of a move being proposed (waiting for confirmation).
    Proposed,
    /// A move staged but not yet played or submitted.
    Staged,
    /// The king in check.
    Check,
    /// A piece that may travel with the staged move.
    Traveller,
    /// A legal landing square of the chosen traveller.
    Landing,
    /// The queen sacrificed for a crossing.
    Queen,
    /// A piece that arrived there through time or from another universe.
    Arrived,
    /// A square a lesson asks the player to reach.
    Target,
}

impl Mark {
    /// Every mark, in drawing order.
    pub const ALL: [Mark; 15] = [
        Mark::Selected,
        Mark::Movable,
        Mark::Dest,
        Mark::Capture,
        Mark::Branch,
        Mark::Last,
        Mark::Recorded,
        Mark::Proposed,
        Mark::Staged,
        Mark::Check,
        Mark::Traveller,
        Mark::Landing,
        Mark::Queen,
        Mark::Arrived,
        Mark::Target,
    ];

    /// The CSS class the board component puts on the square.
    #[must_use]
    pub const fn class(self) -> &'static str {
        match self {
            Mark::Selected => "selected",
            Mark::Movable => "movable",
            Mark::Dest => "dest",
            Mark::Capture => "dest capture",
            Mark::Branch => "dest branch",
            Mark::Last => "last",
            Mark::Recorded => "recorded",
            Mark::Proposed => "proposed",
            Mark::Staged => "staged",
            Mark::Check => "check",
            Mark::Traveller => "traveller",
            Mark::Landing => "landing",
            Mark::Queen => "queen",
            Mark::Arrived => "arrived",
            Mark::Target => "target",
        }
    }

    /// The mark in words, for a square's accessible name (`None`: not said).
    #[must_use]
    pub const fn words(self) -> Option<&'static str> {
        match self {
            Mark::Selected => Some("selected"),
            Mark::Dest | Mark::Landing => Some("legal move"),
            Mark::Capture => Some("legal capture"),
            Mark::Branch => Some("legal move, new timeline"),
            Mark::Last => Some("last move"),
            Mark::Staged => Some("staged move"),
            Mark::Check => Some("in check"),
            Mark::Traveller => Some("may travel"),
            Mark::Queen => Some("queen paid"),
            Mark::Arrived => Some("arrived"),
            Mark::Target => Some("target"),
            Mark::Recorded => Some("recorded move"),
            Mark::Proposed => Some("proposed move"),
            Mark::Movable => None,
        }
    }

    /// True for the marks of a square a press would play to.
    #[must_use]
    pub const fn is_destination(self) -> bool {
        matches!(
            self,
            Mark::Dest | Mark::Capture | Mark::Branch | Mark::Landing
        )
    }
}

/// What an arrow shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// A move played (the last action).
    Move,
    /// A move staged, not yet submitted.
    Staged,
    /// A capture of a royal piece the opponent threatens.
    Threat,
    /// A journey through time or across universes.
    Travel,
}

/// An arrow between two spots (possibly on different boards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Spot,
    /// Where it points.
    pub to: Spot,
    /// What it shows.
    pub kind: ArrowKind,
}

/// One board to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneBoard {
    /// Which board.
    pub key: BoardKey,
    /// Its pieces and size.
    pub placement: Placement,
    /// Its square marks (a square may carry several).
    pub marks: Vec<(Square, Mark)>,
    /// Whether presses on it may do something (a playable board).
    pub active: bool,
}

impl SceneBoard {
    /// A board without marks.
    #[must_use]
    pub fn new(key: BoardKey, placement: Placement) -> SceneBoard {
        SceneBoard {
            key,
            placement,
            marks: Vec::new(),
            active: true,
        }
    }

    /// Adds a mark.
    pub fn mark(&mut self, square: Square, mark: Mark) {
        self.marks.push((square, mark));
    }

    /// The marks on `square`, in the order given.
    pub fn marks_at(&self, square: Square) -> impl Iterator<Item = Mark> + '_ {
        self.marks
            .iter()
            .filter(move |(s, _)| *s == square)
            .map(|&(_, m)| m)
    }

    /// Whether `square` carries `mark`.
    #[must_use]
    pub fn has(&self, square: Square, mark: Mark) -> bool {
        self.marks_at(square).any(|m| m == mark)
    }

    /// The CSS classes of a square's marks, space separated ("" for none).
    #[must_use]
    pub fn classes_at(&self, square: Square) -> String {
        let mut out = String::new();
        for m in Mark::ALL {
            if self.has(square, m) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(m.class());
            }
        }
        out
    }
}

impl SceneBoard {
    /// A square in words, for its accessible name: the square, its piece (or
    /// "empty") and its marks: `"e4, white knight, legal capture"`.
    #[must_use]
    pub fn square_words(&self, square: Square) -> String {
        let mut out = square.to_string();
        match self.placement.get(square) {
            Some(p) => {
                out.push_str(", ");
                out.push_str(p.piece.color.name().to_ascii_lowercase().as_str());
                out.push(' ');
                out.push_str(p.piece.kind.name());
            }
            None => out.push_str(", empty"),
        }
        for m in Mark::ALL {
            if let (true, Some(w)) = (self.has(square, m), m.words()) {
                out.push_str(", ");
                out.push_str(w);
            }
        }
        out
    }
}

impl From<Placement> for SceneBoard {
    /// The one board of a one-board game, unmarked: a picture of a position.
    fn from(placement: Placement) -> SceneBoard {
        SceneBoard::new(BoardKey::MAIN, placement)
    }
}

/// A direction of keyboard focus movement, as the player sees the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom.
    Down,
    /// To the left.
    Left,
    /// To the right.
    Right,
}

/// A keyboard move of the focus over a scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FocusMove {
    /// To the next square in a direction on the same board.
    Step(Direction),
    /// To the same square of the next board that takes presses.
    NextBoard,
    /// To the same square of the previous board that takes presses.
    PreviousBoard,
}

impl FocusMove {
    /// The move a key asks for (`KeyboardEvent.key`): the arrows step over a
    /// board; PageDown or `]` goes to the next board, PageUp or `[` to the
    /// previous one.
    #[must_use]
    pub fn of_key(key: &str) -> Option<FocusMove> {
        Some(match key {
            "ArrowUp" => FocusMove::Step(Direction::Up),
            "ArrowDown" => FocusMove::Step(Direction::Down),
            "ArrowLeft" => FocusMove::Step(Direction::Left),
            "ArrowRight" => FocusMove::Step(Direction::Right),
            "PageDown" | "]" => FocusMove::NextBoard,
            "PageUp" | "[" => FocusMove::PreviousBoard,
            _ => return None,
        })
    }
}

/// Everything a game screen draws on its boards.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// The boards, in the game's order (one for the one-board games).
    pub boards: Vec<SceneBoard>,
    /// Arrows over the boards.
    pub arrows: Vec<Arrow>,
    /// The side shown at the bottom.
    pub orientation: Color,
}

impl Scene {
    /// A scene of one board, White at the bottom.
    #[must_use]
    pub fn single(board: SceneBoard) -> Scene {
        Scene {
            boards: vec![board],
            arrows: Vec::new(),
            orientation: Color::White,
        }
    }

    /// The board with `key`.
    #[must_use]
    pub fn board(&self, key: BoardKey) -> Option<&SceneBoard> {
        self.boards.iter().find(|b| b.key == key)
    }

    /// The board with `key`, to change.
    pub fn board_mut(&mut self, key: BoardKey) -> Option<&mut SceneBoard> {
        self.boards.iter_mut().find(|b| b.key == key)
    }

    /// The marks on a spot.
    #[must_use]
    pub fn marks_at(&self, spot: Spot) -> Vec<Mark> {
        self.board(spot.board)
            .map(|b| b.marks_at(spot.square).collect())
            .unwrap_or_default()
    }

    /// Where keyboard focus starts: the selected piece, else the first
    /// destination, else the bottom-left square of the first active board.
    #[must_use]
    pub fn first_focus(&self) -> Option<Spot> {
        let marked = |want: fn(Mark) -> bool| {
            self.boards.iter().find_map(|b| {
                b.marks
                    .iter()
                    .find(|&&(_, m)| want(m))
                    .map(|&(sq, _)| Spot {
                        board: b.key,
                        square: sq,
                    })
            })
        };
        marked(|m| m == Mark::Selected)
            .or_else(|| marked(Mark::is_destination))
            .or_else(|| {
                let b = self
                    .boards
                    .iter()
                    .find(|b| b.active)
                    .or(self.boards.first())?;
                let (w, h) = (b.placement.width(), b.placement.height());
                let square = match self.orientation {
                    Color::White => Square { x: 0, y: 0 },
                    Color::Black => Square {
                        x: w.saturating_sub(1),
                        y: h.saturating_sub(1),
                    },
                };
                Some(Spot {
                    board: b.key,
                    square,
                })
            })
    }

    /// The spot next to `from` in `direction` as seen on screen (the
    /// orientation turns the board), or `None` at the board's edge.
    #[must_use]
    pub fn step(&self, from: Spot, direction: Direction) -> Option<Spot> {
        self.step_facing(from, direction, self.orientation)
    }

    fn step_facing(&self, from: Spot, direction: Direction, orientation: Color) -> Option<Spot> {
        let b = self.board(from.board)?;
        let (w, h) = (
            i16::from(b.placement.width()),
            i16::from(b.placement.height()),
        );
        let (dx, dy): (i16, i16) = match direction {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        };
        let (dx, dy) = match orientation {
            Color::White => (dx, dy),
            Color::Black => (-dx, -dy),
        };
        let x = i16::from(from.square.x) + dx;
        let y = i16::from(from.square.y) + dy;
        if !(0..w).contains(&x) || !(0..h).contains(&y) {
            return None;
        }
        Some(Spot {
            board: from.board,
            square: Square {
                x: u8::try_from(x).ok()?,
                y: u8::try_from(y).ok()?,
            },
        })
    }

    /// Where `how` takes the keyboard focus from `from` (`None`: it stays),
    /// seen with `orientation` at the bottom (a screen's Flip may differ
    /// from the scene's own orientation).
    #[must_use]
    pub fn move_focus(&self, from: Spot, how: FocusMove, orientation: Color) -> Option<Spot> {
        match how {
            FocusMove::Step(d) => self.step_facing(from, d, orientation),
            FocusMove::NextBoard => self.next_board(from, true),
            FocusMove::PreviousBoard => self.next_board(from, false),
        }
    }

    /// The same square on the next (`forward`) or previous board of the
    /// scene that accepts presses (an active board, or one with a legal
    /// destination: a 5D move through time lands on a past board), wrapping
    /// around; clamped to that board's size.
    #[must_use]
    pub fn next_board(&self, from: Spot, forward: bool) -> Option<Spot> {
        let active: Vec<&SceneBoard> = self
            .boards
            .iter()
            .filter(|b| b.active || b.marks.iter().any(|&(_, m)| m.is_destination()))
            .collect();
        if active.is_empty() {
            return None;
        }
        let n = active.len();
        let at = active.iter().position(|b| b.key == from.board);
        let next = match (at, forward) {
            (None, true) => 0,
            (None, false) => n - 1,
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
        };
        let b = active[next];
        Some(Spot {
            board: b.key,
            square: Square {
                x: from.square.x.min(b.placement.width().saturating_sub(1)),
                y: from.square.y.min(b.placement.height().saturating_sub(1)),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn board(key: BoardKey) -> SceneBoard {
        SceneBoard::new(key, Placement::empty(8, 8).unwrap())
    }

    #[test]
    fn steps_follow_the_orientation_and_stop_at_the_edge() {
        let mut scene = Scene::single(board(BoardKey::MAIN));
        let e2 = Spot::main(sq("e2"));
        assert_eq!(scene.step(e2, Direction::Up), Some(Spot::main(sq("e3"))));
        assert_eq!(scene.step(e2, Direction::Left), Some(Spot::main(sq("d2"))));
        assert_eq!(scene.step(Spot::main(sq("a1")), Direction::Down), None);
        scene.orientation = Color::Black;
        assert_eq!(scene.step(e2, Direction::Up), Some(Spot::main(sq("e1"))));
        assert_eq!(scene.step(e2, Direction::Left), Some(Spot::main(sq("f2"))));
        assert_eq!(scene.step(Spot::main(sq("h8")), Direction::Left), None);
        assert_eq!(
            scene.step(Spot::main(sq("h8")), Direction::Right),
            Some(Spot::main(sq("g8")))
        );
    }

    #[test]
    fn first_focus_prefers_the_selection_then_a_destination() {
        let mut scene = Scene::single(board(BoardKey::MAIN));
        assert_eq!(scene.first_focus(), Some(Spot::main(sq("a1"))));
        scene.orientation = Color::Black;
        assert_eq!(scene.first_focus(), Some(Spot::main(sq("h8"))));
        scene.boards[0].mark(sq("e4"), Mark::Dest);
        assert_eq!(scene.first_focus(), Some(Spot::main(sq("e4"))));
        scene.boards[0].mark(sq("e2"), Mark::Selected);
        assert_eq!(scene.first_focus(), Some(Spot::main(sq("e2"))));
    }

    #[test]
    fn next_board_skips_inactive_boards_and_wraps() {
        let a = BoardKey::new(0, 0);
        let b = BoardKey::new(0, 1);
        let c = BoardKey::new(1, 1);
        let mut inactive = board(b);
        inactive.active = false;
        let scene = Scene {
            boards: vec![board(a), inactive, board(c)],
            arrows: Vec::new(),
            orientation: Color::White,
        };
        let at_a = Spot {
            board: a,
            square: sq("c3"),
        };
        let at_c = Spot {
            board: c,
            square: sq("c3"),
        };
        assert_eq!(scene.next_board(at_a, true), Some(at_c));
        assert_eq!(scene.next_board(at_c, true), Some(at_a));
        assert_eq!(scene.next_board(at_a, false), Some(at_c));
        assert_eq!(
            scene.move_focus(at_a, FocusMove::NextBoard, Color::White),
            Some(at_c)
        );
        assert_eq!(
            scene.move_focus(at_a, FocusMove::of_key("PageUp").unwrap(), Color::White),
            Some(at_c)
        );
    }

    #[test]
    fn a_board_with_a_destination_takes_the_focus_too() {
        let a = BoardKey::new(0, 2);
        let mut past = board(BoardKey::new(0, 0));
        past.active = false;
        past.mark(sq("e4"), Mark::Branch);
        let scene = Scene {
            boards: vec![past, board(a)],
            arrows: Vec::new(),
            orientation: Color::White,
        };
        let at_a = Spot {
            board: a,
            square: sq("e2"),
        };
        let there = scene.move_focus(at_a, FocusMove::of_key("]").unwrap(), Color::White);
        assert_eq!(there.map(|s| s.board), Some(BoardKey::new(0, 0)));
        assert_eq!(
            scene.move_focus(at_a, FocusMove::of_key("ArrowUp").unwrap(), Color::White),
            Some(Spot {
                board: a,
                square: sq("e3")
            })
        );
        assert_eq!(
            scene.move_focus(at_a, FocusMove::of_key("ArrowUp").unwrap(), Color::Black),
            Some(Spot {
                board: a,
                square: sq("e1")
            })
        );
        assert_eq!(FocusMove::of_key("Enter"), None);
    }

    #[test]
    fn classes_list_every_mark_of_a_square_once_in_a_fixed_order() {
        let mut b = board(BoardKey::MAIN);
        b.mark(sq("d5"), Mark::Check);
        b.mark(sq("d5"), Mark::Last);
        b.mark(sq("d5"), Mark::Last);
        assert_eq!(b.classes_at(sq("d5")), "last check");
        assert_eq!(b.classes_at(sq("d4")), "");
        assert!(b.has(sq("d5"), Mark::Check));
    }

    #[test]
    fn a_square_is_named_with_its_piece_and_marks() {
        let mut b = SceneBoard::from(Placement::from_fen("4k3/8/8/8/8/8/8/4K3", 8, 8).unwrap());
        b.mark(sq("e1"), Mark::Selected);
        b.mark(sq("e8"), Mark::Capture);
        assert_eq!(b.square_words(sq("e1")), "e1, white king, selected");
        assert_eq!(b.square_words(sq("e8")), "e8, black king, legal capture");
        assert_eq!(b.square_words(sq("d4")), "d4, empty");
    }

    #[test]
    fn a_fived_coordinate_round_trips_through_a_spot() {
        let id = crate::fived::BoardId { l: -1, v: 5 };
        let key = BoardKey::from(id);
        assert_eq!(key, BoardKey::new(-1, 5));
        assert_eq!(crate::fived::BoardId::from(key), id);
    }
}
