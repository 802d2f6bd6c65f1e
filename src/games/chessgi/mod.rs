//! Time Travel Chessgi (J. G. Good, 2007): the rules engine of
//! `shared/rules/seed-variants.md`, section B.
//!
//! Chessgi is chess in which a captured piece changes sides and goes to the captor's
//! pocket, from which it may be dropped on any empty square instead of a move (pawns
//! even on their first rank, never on their last; a promoted piece stays promoted).
//! On top of that:
//!
//! - **general time travel** ([`ChessgiAction::GeneralTravel`]) takes the player to any
//!   recorded position where they were to move, in any timeline, carrying their pocket;
//!   they then move or drop there, in the same turn;
//! - **special time travel** ([`ChessgiAction::SpecialTravel`]) sends one piece ahead to
//!   a chosen move of its owner, on which it must be placed ([`ChessgiAction::Arrive`])
//!   or is lost; a king goes at most five moves ahead and must come back — if it cannot
//!   land safely its side loses;
//! - no travel while in check, and a cooldown between travels.
//!
//! The state is a tree of [`TimeNode`]s, each a full snapshot (position and both
//! pockets) made by one action; a general travel adds a child to an old node. Nothing
//! is ever re-simulated (B.4). Options ([`ChessgiOptions`]) are fixed at creation.
//! Games are saved as the list of actions (see [`ChessgiRecord`]).
//!
//! ```
//! use chronochess::chess::{Move2d, Square};
//! use chronochess::games::chessgi::{ChessgiAction, ChessgiGame, ChessgiOptions};
//! let mut game = ChessgiGame::new(ChessgiOptions::default());
//! let e4 = game.position().uci_move("e2e4").unwrap();
//! game.play(ChessgiAction::Move(e4)).unwrap();
//! let bishop = ChessgiAction::SpecialTravel { from: Square::parse("f8").unwrap(), due_move: 3 };
//! game.play(bishop).unwrap();
//! assert_eq!(game.pocket(chronochess::chess::Color::Black).transit().len(), 1);
//! ```
//!
//! Departures from the spec's recommendations, each a gap it leaves open:
//! - a king whose return move has come is due before any older overdue entry (B.3 says
//!   "earliest first"; the seed says a king "must return no matter what");
//! - a general travel may not go to a position where the traveller's king was away in
//!   time (the carried pocket does not hold that king, so they would have none);
//! - the capacity only limits special travel; captures may overfill a pocket.

mod action;
mod error;
mod options;
mod pocket;
mod record;
mod travel;

pub use action::{ChessgiAction, NodeId, Outcome, Played};
pub use error::ChessgiError;
pub use options::{ChessgiOptions, PocketCarry, ReturnSchedule};
pub use pocket::{Pocket, Transit, RESERVE_KINDS};
pub use record::{
    ActionRecord, ChessgiRecord, Conclusion, LoadError, StartRecord, RECORD_FORMAT, RECORD_VERSION,
};
pub use travel::ReturnWindow;

use crate::chess::{Color, FenError, Move2d, PieceKind, Position};

/// One recorded position: the state after the action that made it (B.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeNode {
    parent: Option<NodeId>,
    ply: u32,
    played: Option<Played>,
    position: Position,
    pockets: [Pocket; 2],
}

impl TimeNode {
    /// The node this one grew from (for a general travel: the destination).
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Its ply index `t` in its timeline (the root is 0): "past" and "future" compare it.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The action that made it (`None` for the start).
    #[must_use]
    pub fn played(&self) -> Option<&Played> {
        self.played.as_ref()
    }

    /// The board, side to move, castling rights, en passant square and counters.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// A player's pocket as it stood here.
    #[must_use]
    pub fn pocket(&self, color: Color) -> &Pocket {
        &self.pockets[color.index()]
    }

    /// Every piece `color` owns here, sorted: on the board, in the reserve and in
    /// transit. The material books of the tests and of a travel preview.
    #[must_use]
    pub fn holdings(&self, color: Color) -> Vec<PieceKind> {
        let pocket = self.pocket(color);
        let mut all: Vec<PieceKind> = self
            .position
            .pieces()
            .filter(|(_, p)| p.color == color)
            .map(|(_, p)| p.kind)
            .chain(pocket.reserve().iter().copied())
            .chain(pocket.transit().iter().map(|t| t.kind))
            .collect();
        // The shared sort (chess::order), not std's: `flag` reaches this on the games page.
        crate::chess::order::sort_stable_by(&mut all, PieceKind::cmp);
        all
    }
}

/// Why a starting setup was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The FEN cannot be read.
    Fen(FenError),
    /// A reserve letter that names no piece.
    ReserveLetter(char),
    /// A piece that cannot be in a reserve (a king or a fairy piece).
    ReserveKind(PieceKind),
    /// A side without a king on the board.
    MissingKing(Color),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Fen(e) => write!(f, "bad FEN: {e}"),
            SetupError::ReserveLetter(c) => write!(f, "{c:?} names no piece"),
            SetupError::ReserveKind(k) => write!(f, "a reserve cannot hold a {k}"),
            SetupError::MissingKing(c) => write!(f, "{} has no king", c.name()),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game of Time Travel Chessgi: options, the tree of recorded positions, the
/// current node, the cooldown counters and the meta-time log of actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessgiGame {
    options: ChessgiOptions,
    nodes: Vec<TimeNode>,
    current: NodeId,
    /// Own non-travel actions since the last travel by anyone; `None` = no travel yet.
    since_travel: [Option<u32>; 2],
    /// Actions each side has made, in meta-time.
    turns_taken: [u32; 2],
    actions: Vec<ChessgiAction>,
    conclusion: Option<Conclusion>,
    outcome: Option<Outcome>,
}

impl ChessgiGame {
    /// A game from the standard starting position with empty pockets.
    #[must_use]
    pub fn new(options: ChessgiOptions) -> ChessgiGame {
        Self::start(
            options,
            Position::startpos(),
            [Pocket::default(), Pocket::default()],
        )
    }

    /// A game from any position (FEN) and starting reserves (letters such as `"PQ"`).
    ///
    /// # Errors
    /// [`SetupError`] for a bad FEN, a bad reserve letter or kind, or a missing king.
    pub fn from_setup(
        options: ChessgiOptions,
        fen: &str,
        white_reserve: &str,
        black_reserve: &str,
    ) -> Result<ChessgiGame, SetupError> {
        let position = Position::from_fen(fen).map_err(SetupError::Fen)?;
        for color in Color::ALL {
            if position.king_square(color).is_none() {
                return Err(SetupError::MissingKing(color));
            }
        }
        let pocket = |letters: &str| -> Result<Pocket, SetupError> {
            let kinds = letters
                .chars()
                .map(|c| PieceKind::from_letter(c).ok_or(SetupError::ReserveLetter(c)))
                .collect::<Result<Vec<_>, _>>()?;
            Pocket::with_reserve(kinds).map_err(SetupError::ReserveKind)
        };
        let pockets = [pocket(white_reserve)?, pocket(black_reserve)?];
        Ok(Self::start(options, position, pockets))
    }

    fn start(options: ChessgiOptions, position: Position, pockets: [Pocket; 2]) -> ChessgiGame {
        let mut game = ChessgiGame {
            options,
            nodes: vec![TimeNode {
                parent: None,
                ply: 0,
                played: None,
                position,
                pockets,
            }],
            current: NodeId(0),
            since_travel: [None, None],
            turns_taken: [0, 0],
            actions: Vec::new(),
            conclusion: None,
            outcome: None,
        };
        game.outcome = game.evaluate();
        game
    }

    /// The options fixed at creation.
    #[must_use]
    pub fn options(&self) -> &ChessgiOptions {
        &self.options
    }

    /// Every recorded position, in the order they were made (index = [`NodeId`]).
    #[must_use]
    pub fn nodes(&self) -> &[TimeNode] {
        &self.nodes
    }

    /// One recorded position.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Option<&TimeNode> {
        self.nodes.get(id.index())
    }

    /// The nodes grown from `id`, oldest first: its continuations in every timeline.
    #[must_use]
    pub fn children(&self, id: NodeId) -> Vec<NodeId> {
        (0..self.nodes.len() as u32)
            .map(NodeId)
            .filter(|&c| self.nodes[c.index()].parent == Some(id))
            .collect()
    }

    /// The timeline leading to `id`: node ids from the start to `id` (empty for an
    /// unknown id).
    #[must_use]
    pub fn line_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = self.node(id).map(|_| id);
        while let Some(here) = at {
            line.push(here);
            at = self.nodes[here.index()].parent;
        }
        line.reverse();
        line
    }

    /// A short text for the action that made node `id`: SAN for moves and drops
    /// (`exd5`, `Q@d8+`), `B@b5 (arrives)`, `Bf1 to move 8`, `#4: Bc4` for a general
    /// travel to node 4, with `, bishop lost` when a due piece was forfeited.
    /// `None` for the start or an unknown id.
    #[must_use]
    pub fn describe(&self, id: NodeId) -> Option<String> {
        let node = self.node(id)?;
        let played = node.played?;
        let before = &self.node(node.parent?)?.position;
        let san = |mv: Move2d| before.san(mv).unwrap_or_else(|_| mv.to_uci());
        let mut text = match played.action {
            ChessgiAction::Move(mv) => san(mv),
            ChessgiAction::Arrive { to } => {
                let kind = node.position.piece_at(to).map_or('?', |p| p.kind.letter());
                format!("{kind}@{to} (arrives)")
            }
            ChessgiAction::SpecialTravel { from, due_move } => {
                let kind = before.piece_at(from).map_or('?', |p| p.kind.letter());
                format!("{kind}{from} to move {due_move}")
            }
            ChessgiAction::GeneralTravel { node: to, then } => format!("{to}: {}", san(then)),
        };
        if let Some(kind) = played.lost {
            text.push_str(&format!(", {kind} lost"));
        }
        Some(text)
    }

    /// The id of the position the game is in.
    #[must_use]
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The position the game is in.
    #[must_use]
    pub fn current_node(&self) -> &TimeNode {
        &self.nodes[self.current.index()]
    }

    /// The current board.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current_node().position
    }

    /// A player's current pocket.
    #[must_use]
    pub fn pocket(&self, color: Color) -> &Pocket {
        self.current_node().pocket(color)
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.position().turn()
    }

    /// The side to move's move number (the FEN full-move number).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.position().fullmove_number()
    }

    /// What `color`'s transit entries are compared with on its next turn: its move
    /// number by default, its own-turn count under [`ReturnSchedule::OwnTurns`].
    #[must_use]
    pub fn return_clock(&self, color: Color) -> u32 {
        match self.options.schedule {
            ReturnSchedule::MoveNumber => {
                let pos = self.position();
                let n = pos.fullmove_number();
                if color == Color::White && pos.turn() == Color::Black {
                    n.saturating_add(1)
                } else {
                    n
                }
            }
            ReturnSchedule::OwnTurns => self.turns_taken[color.index()].saturating_add(1),
        }
    }

    /// The side to move's transit entry due this turn, if any (B.3).
    #[must_use]
    pub fn due(&self) -> Option<Transit> {
        let us = self.side_to_move();
        self.pocket(us).due(self.return_clock(us))
    }

    /// Every action played, in meta-time order.
    #[must_use]
    pub fn actions(&self) -> &[ChessgiAction] {
        &self.actions
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Resignation or draw agreement, if the game ended so.
    #[must_use]
    pub fn conclusion(&self) -> Option<Conclusion> {
        self.conclusion
    }

    /// `color`'s own non-travel actions since the last travel by either side
    /// (`None` before any travel).
    #[must_use]
    pub fn since_travel(&self, color: Color) -> Option<u32> {
        self.since_travel[color.index()]
    }

    /// How many more of its own actions `color` must make before it may travel
    /// (0: the cooldown allows it now).
    #[must_use]
    pub fn travel_wait(&self, color: Color) -> u32 {
        self.since_travel(color)
            .map_or(0, |made| self.options.cooldown.saturating_sub(made))
    }

    /// Checks an action without playing it.
    ///
    /// # Errors
    /// The [`ChessgiError`] saying why it is refused.
    pub fn check(&self, action: ChessgiAction) -> Result<(), ChessgiError> {
        self.step(action).map(|_| ())
    }

    /// Plays an action: records the new position, makes it current, updates the
    /// cooldown and decides whether the game is over.
    ///
    /// # Errors
    /// The [`ChessgiError`] saying why it is refused (the game is then unchanged).
    pub fn play(&mut self, action: ChessgiAction) -> Result<&Played, ChessgiError> {
        let node = self.step(action)?;
        let us = self.side_to_move();
        self.turns_taken[us.index()] = self.turns_taken[us.index()].saturating_add(1);
        if action.is_travel() {
            self.since_travel = [Some(0), Some(0)];
        } else if let Some(made) = &mut self.since_travel[us.index()] {
            *made = made.saturating_add(1);
        }
        self.current = NodeId(self.nodes.len() as u32);
        self.nodes.push(node);
        self.actions.push(action);
        self.outcome = self.evaluate();
        Ok(self.nodes[self.current.index()]
            .played
            .as_ref()
            .expect("an action's node records it"))
    }

    /// Takes back the resignation or draw agreement if there is one, otherwise the
    /// last action (by replaying the others from the start). False when there is
    /// nothing to take back, and after a flag fall ([`Conclusion::Flagged`]):
    /// the clock that fell cannot run again, so that ending is final.
    pub fn undo(&mut self) -> bool {
        if matches!(self.conclusion, Some(Conclusion::Flagged { .. })) {
            return false;
        }
        if self.conclusion.take().is_some() {
            self.outcome = self.evaluate();
            return true;
        }
        if self.actions.is_empty() {
            return false;
        }
        let mut record = self.to_record();
        record.actions.pop();
        match Self::from_record(&record) {
            Ok(game) => {
                *self = game;
                true
            }
            Err(_) => false,
        }
    }

    /// `loser` resigns.
    ///
    /// # Errors
    /// [`ChessgiError::GameOver`] when the game has already ended.
    pub fn resign(&mut self, loser: Color) -> Result<(), ChessgiError> {
        self.conclude(Conclusion::Resigned { loser })
    }

    /// The players agree a draw.
    ///
    /// # Errors
    /// [`ChessgiError::GameOver`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<(), ChessgiError> {
        self.conclude(Conclusion::DrawAgreed)
    }

    /// `loser`'s clock ran out: the other side wins, or it is a draw when it
    /// could not have mated (`opponent_can_mate` false; see
    /// `play::clock::material`). Kept in the record like a resignation.
    ///
    /// # Errors
    /// [`ChessgiError::GameOver`] when the game has already ended.
    pub fn end_on_time(
        &mut self,
        loser: Color,
        opponent_can_mate: bool,
    ) -> Result<(), ChessgiError> {
        self.conclude(Conclusion::Flagged {
            loser,
            opponent_can_mate,
        })
    }

    fn conclude(&mut self, conclusion: Conclusion) -> Result<(), ChessgiError> {
        if let Some(o) = self.outcome {
            return Err(ChessgiError::GameOver(o));
        }
        self.conclusion = Some(conclusion);
        self.outcome = Some(conclusion.outcome());
        Ok(())
    }

    /// Moves, reserve drops and arrivals legal now (everything but time travel).
    /// When the king is due, only its arrivals.
    #[must_use]
    pub fn board_actions(&self) -> Vec<ChessgiAction> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let pos = self.position();
        let mut out = Vec::new();
        let due = self.due();
        if due.is_none_or(|t| t.kind != PieceKind::King) {
            out.extend(pos.legal_moves().into_iter().map(ChessgiAction::Move));
            let reserve = self.pocket(self.side_to_move()).reserve();
            out.extend(
                pos.legal_drops(reserve)
                    .into_iter()
                    .map(ChessgiAction::Move),
            );
        }
        if let Some(t) = due {
            out.extend(
                pos.legal_drops(&[t.kind])
                    .into_iter()
                    .map(|mv| ChessgiAction::Arrive { to: mv.to() }),
            );
        }
        out
    }

    /// Every legal action now, with special travel listed up to `horizon` turns ahead
    /// (its targets are unbounded by default). Meant for tests and simple players; the
    /// count grows with the tree.
    #[must_use]
    pub fn legal_actions(&self, horizon: u32) -> Vec<ChessgiAction> {
        let mut out = self.board_actions();
        if self.outcome.is_some() {
            return out;
        }
        let last = self
            .return_clock(self.side_to_move())
            .saturating_add(horizon);
        for (from, window) in self.special_travel_pieces() {
            out.extend(
                window
                    .moves_up_to(last)
                    .map(|due_move| ChessgiAction::SpecialTravel { from, due_move }),
            );
        }
        if let Ok(destinations) = self.travel_destinations() {
            for node in destinations {
                if let Ok(moves) = self.moves_after_travel(node) {
                    out.extend(
                        moves
                            .into_iter()
                            .map(|then| ChessgiAction::GeneralTravel { node, then }),
                    );
                }
            }
        }
        out
    }

    fn refuse_if_over(&self) -> Result<(), ChessgiError> {
        match self.outcome {
            Some(o) => Err(ChessgiError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Plays a move or reserve drop on `pos` for its side to move, whose pocket is
    /// `pocket`: the drop leaves the reserve, a captured piece joins it.
    fn play_in(
        pos: &Position,
        pocket: &mut Pocket,
        mv: Move2d,
    ) -> Result<(Position, Option<PieceKind>), ChessgiError> {
        if let Move2d::Drop { kind, .. } = mv {
            if pocket.count(kind) == 0 {
                return Err(ChessgiError::NotInReserve(kind));
            }
        }
        let next = pos.play(mv)?;
        let captured = match mv {
            Move2d::Normal { to, .. } => pos.piece_at(to).map(|p| p.kind),
            Move2d::EnPassant { .. } => Some(PieceKind::Pawn),
            Move2d::Castle { .. } => None,
            Move2d::Drop { kind, .. } => {
                pocket.take_reserve(kind);
                None
            }
        };
        if let Some(kind) = captured {
            pocket.add_reserve(kind);
        }
        Ok((next, captured))
    }

    /// The node an action would make, or why it is refused.
    fn step(&self, action: ChessgiAction) -> Result<TimeNode, ChessgiError> {
        self.refuse_if_over()?;
        let now = self.current_node();
        let pos = now.position;
        let us = pos.turn();
        let ui = us.index();
        let due = self.due();
        let king_due = due.is_some_and(|t| t.kind == PieceKind::King);
        let mut pockets = now.pockets.clone();
        let mut parent = self.current;
        let mut ply = now.ply + 1;
        // The due entry is lost by anything but its arrival (B.6.10).
        let forfeit = |pockets: &mut [Pocket; 2]| {
            due.map(|t| {
                pockets[ui].remove_transit(t);
                t.kind
            })
        };
        let (position, captured, lost) = match action {
            ChessgiAction::Move(mv) => {
                if king_due {
                    return Err(ChessgiError::KingMustReturn);
                }
                let (next, captured) = Self::play_in(&pos, &mut pockets[ui], mv)?;
                (next, captured, forfeit(&mut pockets))
            }
            ChessgiAction::Arrive { to } => {
                let t = due.ok_or(ChessgiError::NothingDue)?;
                let next = pos.play(Move2d::Drop { kind: t.kind, to })?;
                pockets[ui].remove_transit(t);
                (next, None, None)
            }
            ChessgiAction::SpecialTravel { from, due_move } => {
                let window = self.special_travel_window(from)?;
                if due_move < window.earliest {
                    return Err(ChessgiError::ReturnNotInFuture {
                        due_move,
                        now: self.return_clock(us),
                    });
                }
                if let Some(latest) = window.latest.filter(|&l| due_move > l) {
                    return Err(ChessgiError::ReturnTooFar { due_move, latest });
                }
                if window.taken.contains(&due_move) {
                    return Err(ChessgiError::ReturnTaken(due_move));
                }
                let kind = pos
                    .piece_at(from)
                    .ok_or(ChessgiError::NoPieceThere(from))?
                    .kind;
                let next = pos
                    .with_piece(from, None)
                    .map_err(|_| ChessgiError::NoPieceThere(from))?
                    .play_null();
                let lost = forfeit(&mut pockets);
                pockets[ui].add_transit(Transit { due_move, kind });
                (next, None, lost)
            }
            ChessgiAction::GeneralTravel { node, then } => {
                self.general_travel_gate()?;
                let (there, carried) = self.travel_preview(node)?;
                pockets = carried;
                let lost = forfeit(&mut pockets);
                let (next, captured) = Self::play_in(&there, &mut pockets[ui], then)?;
                parent = node;
                ply = self.nodes[node.index()].ply + 1;
                (next, captured, lost)
            }
        };
        Ok(TimeNode {
            parent: Some(parent),
            ply,
            played: Some(Played {
                mover: us,
                action,
                captured,
                lost,
                action_number: self.actions.len() as u32 + 1,
            }),
            position,
            pockets,
        })
    }

    /// Decides the game at the start of the side to move's turn (B.5).
    fn evaluate(&self) -> Option<Outcome> {
        if let Some(c) = self.conclusion {
            return Some(c.outcome());
        }
        let pos = self.position();
        let us = pos.turn();
        let reserve = self.pocket(us).reserve();
        let due = self.due();
        let ended = match due {
            Some(t) if t.kind == PieceKind::King => pos
                .legal_drops(&[PieceKind::King])
                .is_empty()
                .then_some(Outcome::KingLostInTime { winner: !us }),
            _ => {
                let can_act = pos.has_legal_move()
                    || !pos.legal_drops(reserve).is_empty()
                    || due.is_some_and(|t| !pos.legal_drops(&[t.kind]).is_empty());
                if can_act {
                    None
                } else if pos.is_check() {
                    Some(Outcome::Checkmate { winner: !us })
                } else if self.can_travel() {
                    None
                } else {
                    Some(Outcome::Stalemate)
                }
            }
        };
        ended.or_else(|| {
            self.options
                .action_cap
                .filter(|&cap| self.actions.len() >= cap as usize)
                .map(|_| Outcome::ActionCap)
        })
    }
}
