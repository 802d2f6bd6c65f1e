//! A game as the UI drives it: stage moves one by one, undo them, ask whether
//! the action can be submitted (and why not), submit.

use super::check::Check;
use super::coords::{color_of, BoardId, Coord, Move};
use super::multiverse::{Multiverse, Undo};
use super::search::{self, Answer, Budget, Outcome};
use crate::chess::Color;

/// Why a move cannot be staged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The source board does not exist.
    NoSuchBoard(BoardId),
    /// The source board exists but the side to move cannot move from it now
    /// (not its timeline's end, the other colour's board, or already played).
    NotPlayable(BoardId),
    /// No piece on the source square.
    EmptySquare(Coord),
    /// The piece on the source square belongs to the other side.
    NotYourPiece(Coord),
    /// The piece cannot reach the target (or the promotion is not allowed).
    Unreachable(Move),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let b = |b: &BoardId| format!("timeline {} turn {} ({})", b.l, b.turn(), b.color());
        match self {
            MoveError::NoSuchBoard(id) => write!(f, "there is no board at {}", b(id)),
            MoveError::NotPlayable(id) => write!(f, "the board at {} cannot be played now", b(id)),
            MoveError::EmptySquare(c) => write!(f, "no piece on {} of {}", c.square, b(&c.board)),
            MoveError::NotYourPiece(c) => {
                write!(
                    f,
                    "the piece on {} of {} is not yours",
                    c.square,
                    b(&c.board)
                )
            }
            MoveError::Unreachable(m) => write!(
                f,
                "the piece on {} of {} cannot go to {} of {}",
                m.from.square,
                b(&m.from.board),
                m.to.square,
                b(&m.to.board)
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why the staged action cannot be submitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubmitError {
    /// No move has been staged.
    NothingPlayed,
    /// The present still has the mover's colour: these boards must be played
    /// (or the present moved back).
    PresentNotPassed {
        /// The boards at the present still to play.
        boards: Vec<BoardId>,
    },
    /// The opponent could capture a royal piece.
    RoyalCapturable(Vec<Check>),
}

impl std::fmt::Display for SubmitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SubmitError::NothingPlayed => write!(f, "no move has been played"),
            SubmitError::PresentNotPassed { boards } => {
                write!(
                    f,
                    "the present has not passed: {} board(s) at the present must still be played",
                    boards.len()
                )
            }
            SubmitError::RoyalCapturable(c) => {
                write!(
                    f,
                    "the opponent could capture a royal piece ({} way(s))",
                    c.len()
                )
            }
        }
    }
}

impl std::error::Error for SubmitError {}

/// A 5D game: the multiverse with the moves staged so far this action.
#[derive(Debug, Clone)]
pub struct Game {
    state: Multiverse,
    staged: Vec<(Move, Undo)>,
    actions: Vec<Vec<(Move, Undo)>>,
}

impl Game {
    /// A game from a start position.
    #[must_use]
    pub fn new(start: Multiverse) -> Game {
        Game {
            state: start,
            staged: Vec::new(),
            actions: Vec::new(),
        }
    }

    /// The multiverse with the staged moves applied.
    #[must_use]
    pub fn multiverse(&self) -> &Multiverse {
        &self.state
    }

    /// The side whose action it is.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.state.to_move
    }

    /// The moves staged so far in this action, in order.
    pub fn staged(&self) -> impl Iterator<Item = &Move> {
        self.staged.iter().map(|(m, _)| m)
    }

    /// The submitted actions so far, oldest first.
    pub fn actions(&self) -> impl Iterator<Item = Vec<Move>> + '_ {
        self.actions
            .iter()
            .map(|a| a.iter().map(|(m, _)| *m).collect())
    }

    /// The position at the start of the current action (staged moves undone).
    #[must_use]
    pub fn committed(&self) -> Multiverse {
        let mut m = self.state.clone();
        for (_, u) in self.staged.iter().rev() {
            m.undo(*u);
        }
        m
    }

    fn check_source(&self, from: Coord) -> Result<(), MoveError> {
        let b = from.board;
        if self.state.board(b.l, b.v).is_none() {
            return Err(MoveError::NoSuchBoard(b));
        }
        if !self.state.is_playable(b, self.state.to_move) {
            return Err(MoveError::NotPlayable(b));
        }
        let piece = self
            .state
            .board(b.l, b.v)
            .and_then(|bd| bd.piece_at(from.square))
            .ok_or(MoveError::EmptySquare(from))?;
        if piece.piece.color != self.state.to_move {
            return Err(MoveError::NotYourPiece(from));
        }
        Ok(())
    }

    /// Every move the piece on `from` can make now (targets on any board).
    ///
    /// # Errors
    /// A [`MoveError`] if there is no piece of the side to move on a playable
    /// board there.
    pub fn legal_destinations(&self, from: Coord) -> Result<Vec<Move>, MoveError> {
        self.check_source(from)?;
        Ok(self.state.piece_moves(from))
    }

    /// Every move that can be staged now, from every playable board.
    #[must_use]
    pub fn candidate_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for b in self.state.playable_boards(self.state.to_move) {
            self.state.push_board_moves(b, &mut out);
        }
        out
    }

    /// Stages a move. A `None` promotion means the variant's first choice.
    /// Staging may leave a royal piece capturable: [`Game::can_submit`] says so.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the move cannot be made.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        self.check_source(m.from)?;
        let default = self.state.promotions[0];
        let found = self
            .state
            .piece_moves(m.from)
            .into_iter()
            .find(|c| {
                c.to == m.to
                    && (c.promotion == m.promotion
                        || (m.promotion.is_none() && c.promotion == Some(default)))
            })
            .ok_or(MoveError::Unreachable(m))?;
        let u = self.state.apply(&found).ok_or(MoveError::Unreachable(m))?;
        self.staged.push((found, u));
        Ok(())
    }

    /// Would this move create a new timeline if played now?
    #[must_use]
    pub fn is_branching(&self, m: &Move) -> bool {
        self.state.is_branching(m)
    }

    /// Takes back the last staged move; `None` if there is none.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, u) = self.staged.pop()?;
        self.state.undo(u);
        Some(m)
    }

    /// Every royal capture the opponent would have after the staged moves.
    #[must_use]
    pub fn checks(&self) -> Vec<Check> {
        self.state.royal_captures(!self.state.to_move)
    }

    /// Whether the staged action may be submitted.
    ///
    /// # Errors
    /// A [`SubmitError`] with the reason when it may not.
    pub fn can_submit(&self) -> Result<(), SubmitError> {
        if self.staged.is_empty() {
            return Err(SubmitError::NothingPlayed);
        }
        let p = self.state.present();
        if color_of(p) == self.state.to_move {
            let boards = self
                .state
                .playable_boards(self.state.to_move)
                .into_iter()
                .filter(|b| b.v == p && self.state.is_active(b.l))
                .collect();
            return Err(SubmitError::PresentNotPassed { boards });
        }
        let checks = self.checks();
        if !checks.is_empty() {
            return Err(SubmitError::RoyalCapturable(checks));
        }
        Ok(())
    }

    /// Submits the staged action: the other side is then to move.
    ///
    /// # Errors
    /// A [`SubmitError`] (nothing changes then).
    pub fn submit(&mut self) -> Result<(), SubmitError> {
        self.can_submit()?;
        self.state.to_move = !self.state.to_move;
        self.actions.push(std::mem::take(&mut self.staged));
        Ok(())
    }

    /// Takes back the last submitted action (with any staged moves);
    /// `false` if there is none.
    pub fn take_back_action(&mut self) -> bool {
        while self.undo().is_some() {}
        let Some(last) = self.actions.pop() else {
            return false;
        };
        self.state.to_move = !self.state.to_move;
        for (_, u) in last.iter().rev() {
            self.state.undo(*u);
        }
        true
    }

    /// Some legal action from the start of the current action, if any.
    #[must_use]
    pub fn any_legal_action(&self, budget: Budget) -> Answer<Option<Vec<Move>>> {
        search::any_legal_action(&self.committed(), budget)
    }

    /// The number of legal actions from the start of the current action.
    #[must_use]
    pub fn count_legal_actions(&self, cap: Option<u64>, budget: Budget) -> Answer<u64> {
        search::count_legal_actions(&self.committed(), cap, budget)
    }

    /// Checkmate, stalemate or ongoing, for the side to move.
    #[must_use]
    pub fn outcome(&self, budget: Budget) -> Answer<Outcome> {
        search::outcome(&self.committed(), budget)
    }
}
