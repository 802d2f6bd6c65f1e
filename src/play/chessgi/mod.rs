//! Time Travel Chessgi as a [`GameSession`]: the game, the piece in hand (on
//! the board, in the reserve, or due back from the future), a general travel
//! being played in, and a promotion choice.
//!
//! Every legality question goes to [`crate::games::chessgi`]; this module
//! only remembers the choices and says which actions a press means.

use crate::chess::{Color, Move2d, PieceKind, Position, Square};
use crate::games::chessgi::{ChessgiAction, ChessgiGame, Conclusion, NodeId, Outcome, Pocket};
use crate::storage::GameKind;

use super::{
    json_record_tier, promoting_to, BoardKey, Effect, Ending, GameSession, Input, Mark, Refusal,
    Scene, SceneBoard, Spot, Step,
};

/// The variant line shown in the saved-games list.
pub const VARIANT: &str = "Time Travel Chessgi";

/// How far ahead [`GameSession::legal_actions`] lists special travel: return
/// moves up to ten after the side's return clock, which are the ten the
/// screen offers (the earliest return and the nine after it).
///
/// What it leaves out, and why: the rules set no limit by default (B.3.4
/// with B.6.7, `max_delay` unlimited; Gifford plays with 10), so a complete
/// list would be infinite. A piece sent further away is the same piece in
/// transit until it returns: the evaluation counts it alike, and the
/// computer's deepest look-ahead (four actions, two of its own turns) sees
/// no difference between any two targets past the second. Every other
/// action (moves, drops, arrivals, general travel to every position) is
/// listed in full; a test asks the rules about every candidate to check it.
pub const SPECIAL_TRAVEL_HORIZON: u32 = 10;

/// The return moves per piece the computer weighs for special travel
/// ([`GameSession::search_actions`]): the earliest open one and the next.
/// Its look-ahead (at most four actions, two of its own turns) sees a piece
/// due on its next turn arrive (or be lost), and any later one still in
/// transit at its horizon, whatever the move: one later target stands for
/// all. Where special travel is open it is most of the list (155 of 184
/// actions on a measured playout position, where the Strong level then
/// reached two actions; see the test beside it).
pub const SEARCHED_RETURNS: usize = 2;

/// What the player has in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// A piece on the board.
    Square(Square),
    /// A reserve piece to drop.
    Reserve(PieceKind),
    /// The piece due back from the future.
    Arrival,
}

/// The reason word of an outcome, as the saved-games list shows it.
#[must_use]
pub fn outcome_reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Checkmate { .. } => "checkmate",
        Outcome::KingLostInTime { .. } => "king lost in time",
        Outcome::Stalemate => "stalemate",
        Outcome::ActionCap => "action cap",
        Outcome::Resignation { .. } => "resignation",
        Outcome::DrawAgreed => "agreement",
        Outcome::Time { .. } => "time",
        Outcome::TimeVsInsufficientMaterial { .. } => "time vs insufficient material",
    }
}

/// The target square of an action on the shown board.
#[must_use]
pub fn target_of(action: ChessgiAction) -> Option<Square> {
    match action {
        ChessgiAction::Move(mv) | ChessgiAction::GeneralTravel { then: mv, .. } => Some(mv.to()),
        ChessgiAction::Arrive { to } => Some(to),
        ChessgiAction::SpecialTravel { .. } => None,
    }
}

/// The squares of the last action played, for the "last move" marks.
fn last_squares(game: &ChessgiGame) -> Vec<Square> {
    match game.current_node().played().map(|p| p.action) {
        Some(ChessgiAction::Move(mv) | ChessgiAction::GeneralTravel { then: mv, .. }) => {
            mv.from().into_iter().chain([mv.to()]).collect()
        }
        Some(ChessgiAction::Arrive { to }) => vec![to],
        Some(ChessgiAction::SpecialTravel { from, .. }) => vec![from],
        None => Vec::new(),
    }
}

/// A Chessgi game and the choices in progress on it.
#[derive(Debug, Clone)]
pub struct ChessgiSession {
    game: ChessgiGame,
    pick: Option<Pick>,
    travel: Option<NodeId>,
    choosing_travel: bool,
    promotion: Option<Vec<ChessgiAction>>,
}

impl ChessgiSession {
    /// A session over `game`, nothing in hand.
    #[must_use]
    pub fn new(game: ChessgiGame) -> ChessgiSession {
        ChessgiSession {
            game,
            pick: None,
            travel: None,
            choosing_travel: false,
            promotion: None,
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &ChessgiGame {
        &self.game
    }

    /// The piece in hand.
    #[must_use]
    pub fn pick(&self) -> Option<Pick> {
        self.pick
    }

    /// The general-travel destination being played in.
    #[must_use]
    pub fn travel(&self) -> Option<NodeId> {
        self.travel
    }

    /// Whether the time tree is offering travel destinations.
    #[must_use]
    pub fn choosing_travel(&self) -> bool {
        self.choosing_travel
    }

    /// The promoting actions waiting for a choice.
    #[must_use]
    pub fn promotion(&self) -> Option<&[ChessgiAction]> {
        self.promotion.as_deref()
    }

    /// The position and pockets on screen: the current ones, or the travel preview.
    #[must_use]
    pub fn shown(&self) -> (Position, [Pocket; 2]) {
        self.travel
            .and_then(|n| self.game.travel_preview(n).ok())
            .unwrap_or_else(|| {
                let node = self.game.current_node();
                (
                    *node.position(),
                    [
                        node.pocket(Color::White).clone(),
                        node.pocket(Color::Black).clone(),
                    ],
                )
            })
    }

    /// The actions the piece in hand may make (none without one).
    #[must_use]
    pub fn candidates(&self) -> Vec<ChessgiAction> {
        let Some(pick) = self.pick else {
            return Vec::new();
        };
        match self.travel {
            Some(node) => self
                .game
                .moves_after_travel(node)
                .unwrap_or_default()
                .into_iter()
                .filter(|mv| match (pick, *mv) {
                    (Pick::Square(sq), mv) => mv.from() == Some(sq),
                    (Pick::Reserve(k), Move2d::Drop { kind, .. }) => kind == k,
                    _ => false,
                })
                .map(|then| ChessgiAction::GeneralTravel { node, then })
                .collect(),
            None => self
                .game
                .board_actions()
                .into_iter()
                .filter(|a| match (pick, *a) {
                    (Pick::Square(sq), ChessgiAction::Move(mv)) => mv.from() == Some(sq),
                    (Pick::Reserve(k), ChessgiAction::Move(Move2d::Drop { kind, .. })) => kind == k,
                    (Pick::Arrival, ChessgiAction::Arrive { .. }) => true,
                    _ => false,
                })
                .collect(),
        }
    }

    /// Plays an action through the rules: [`Effect::Played`], or the refusal.
    pub fn play_action(&mut self, action: ChessgiAction) -> Effect {
        let result = self.game.play(action).map(|_| ());
        self.pick = None;
        self.promotion = None;
        match result {
            Ok(()) => {
                self.travel = None;
                self.choosing_travel = false;
                Effect::Played
            }
            Err(e) => Effect::Refused(e.to_string()),
        }
    }

    /// Plays the single action to `sq` of the piece in hand, or asks for the
    /// promotion piece; `None` when `sq` is not one of its targets.
    fn play_to(&mut self, sq: Square) -> Option<Effect> {
        let here: Vec<ChessgiAction> = self
            .candidates()
            .into_iter()
            .filter(|a| target_of(*a) == Some(sq))
            .collect();
        match here.len() {
            0 => None,
            1 => Some(self.play_action(here[0])),
            _ => {
                let kinds = here.iter().filter_map(|&a| promotion_of(a)).collect();
                self.promotion = Some(here);
                Some(Effect::ChoosePromotion(kinds))
            }
        }
    }

    /// A press on square `sq`: play there, pick a piece up, or let go.
    pub fn press(&mut self, sq: Square) -> Effect {
        if let Some(effect) = self.play_to(sq) {
            return effect;
        }
        let (position, _) = self.shown();
        let own = position
            .piece_at(sq)
            .is_some_and(|p| p.color == position.turn());
        if own && self.game.outcome().is_none() && self.pick != Some(Pick::Square(sq)) {
            self.pick = Some(Pick::Square(sq));
            Effect::Picked
        } else {
            self.pick = None;
            Effect::Cleared
        }
    }

    /// A dragged piece let go over `sq`: plays there when it is a target.
    pub fn drop_on(&mut self, sq: Square) -> Effect {
        self.play_to(sq).unwrap_or(Effect::Ignored)
    }

    /// Takes a reserve piece in hand (again: lets it go).
    pub fn pick_reserve(&mut self, kind: PieceKind) -> Effect {
        if self.pick == Some(Pick::Reserve(kind)) {
            self.pick = None;
            Effect::Cleared
        } else {
            self.pick = Some(Pick::Reserve(kind));
            Effect::Picked
        }
    }

    /// Takes the piece due back from the future in hand.
    pub fn pick_arrival(&mut self) -> Effect {
        if self.game.due().is_none() {
            return Effect::Ignored;
        }
        self.pick = Some(Pick::Arrival);
        Effect::Picked
    }

    /// Opens or closes the choice of a travel destination in the time tree.
    pub fn toggle_travel_choice(&mut self) {
        self.choosing_travel = !self.choosing_travel;
        self.pick = None;
    }

    /// Travels (in preview) to `node`: the next move is played there.
    pub fn travel_to(&mut self, node: NodeId) {
        self.travel = Some(node);
        self.choosing_travel = false;
        self.pick = None;
    }

    /// Back to the present from a travel preview.
    pub fn stay(&mut self) {
        self.travel = None;
        self.pick = None;
    }

    /// Drops the piece in hand, the travel choice and the promotion choice.
    pub fn cancel(&mut self) -> Effect {
        self.pick = None;
        self.choosing_travel = false;
        self.promotion = None;
        Effect::Cleared
    }

    /// Whether there is something to take back.
    #[must_use]
    pub fn can_take_back(&self) -> bool {
        match self.game.conclusion() {
            Some(Conclusion::Flagged { .. }) => false,
            Some(_) => true,
            None => !self.game.actions().is_empty(),
        }
    }

    /// Both players agree a draw.
    ///
    /// # Errors
    /// The rules' refusal (the game is over).
    pub fn agree_draw(&mut self) -> Result<(), Refusal> {
        self.game.agree_draw().map_err(Refusal::of)
    }
}

/// The promotion piece of a move or travel-then-move.
fn promotion_of(action: ChessgiAction) -> Option<PieceKind> {
    match action {
        ChessgiAction::Move(mv) | ChessgiAction::GeneralTravel { then: mv, .. } => mv.promotion(),
        _ => None,
    }
}

impl GameSession for ChessgiSession {
    type Action = ChessgiAction;
    const KIND: GameKind = GameKind::Chessgi;

    fn variant(&self) -> String {
        VARIANT.to_string()
    }

    json_record_tier!(ChessgiGame);

    fn to_move(&self) -> Color {
        self.game.side_to_move()
    }

    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|o| Ending {
            winner: o.winner(),
            reason: outcome_reason(o).to_string(),
        })
    }

    fn turns_played(&self) -> usize {
        self.game.actions().len()
    }

    fn legal_actions(&self) -> Vec<ChessgiAction> {
        self.game.legal_actions(SPECIAL_TRAVEL_HORIZON)
    }

    /// Every legal action, but special travel only to each piece's
    /// [`SEARCHED_RETURNS`] earliest open return moves.
    fn search_actions(&self) -> Vec<ChessgiAction> {
        let mut sent: Vec<Square> = Vec::new();
        self.legal_actions()
            .into_iter()
            .filter(|a| match *a {
                // Listed earliest first, piece by piece.
                ChessgiAction::SpecialTravel { from, .. } => {
                    sent.push(from);
                    sent.iter().filter(|&&f| f == from).count() <= SEARCHED_RETURNS
                }
                _ => true,
            })
            .collect()
    }

    /// The material of the current position and of both pockets (reserve
    /// and pieces in transit) for the side to move.
    fn evaluation(&self) -> i32 {
        let side = self.game.side_to_move();
        let node = self.game.current_node();
        let mut score = super::computer::position_material(node.position(), side);
        for owner in Color::ALL {
            let pocket = node.pocket(owner);
            let held = pocket
                .reserve()
                .iter()
                .copied()
                .chain(pocket.transit().iter().map(|t| t.kind));
            score += super::computer::held_material(held, owner, side);
        }
        score
    }

    fn play(&mut self, action: ChessgiAction) -> Result<Step, Refusal> {
        self.play_action(action).accepted()?;
        Ok(Step::TurnEnded)
    }

    fn take_back(&mut self) -> bool {
        let done = self.game.undo();
        self.pick = None;
        self.travel = None;
        self.promotion = None;
        done
    }

    fn resign(&mut self, loser: Color) -> Result<(), Refusal> {
        self.game.resign(loser).map_err(Refusal::of)
    }

    /// From the game's current node: a move or drop, an arrival, a piece
    /// sent to the future, or a travel back and the move made there.
    fn last_turn_words(&self) -> Option<String> {
        let node = self.game.current_node();
        let played = node.played()?;
        let before = self.game.node(node.parent()?)?.position();
        let side = played.mover.name();
        let mut s = match played.action {
            ChessgiAction::Move(mv) => crate::play::speech::move_words(before, mv),
            ChessgiAction::Arrive { to } => {
                let kind = node
                    .position()
                    .piece_at(to)
                    .map_or("piece", |p| p.kind.name());
                format!("{side} {kind} arrives from the past on {to}")
            }
            ChessgiAction::SpecialTravel { from, due_move } => {
                let kind = before.piece_at(from).map_or("piece", |p| p.kind.name());
                format!("{side} sends the {kind} on {from} forward to move {due_move}")
            }
            ChessgiAction::GeneralTravel { node: to, then } => format!(
                "{side} travels back to position {to}: {}",
                crate::play::speech::move_words(before, then)
            ),
        };
        if let Some(kind) = played.lost {
            s += &format!(", {} lost", kind.name());
        }
        Some(s + ".")
    }

    fn can_mate(&self, side: Color) -> bool {
        crate::play::clock::material::chessgi_can_mate(&self.game, side)
    }

    fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> Result<(), Refusal> {
        self.game
            .end_on_time(flagged, opponent_can_mate)
            .map_err(Refusal::of)?;
        self.cancel();
        self.travel = None;
        Ok(())
    }

    fn scene(&self) -> Scene {
        let (position, _) = self.shown();
        let mut board = SceneBoard::new(BoardKey::MAIN, super::placement_of(&position));
        board.active = self.game.outcome().is_none();
        if self.travel.is_none() {
            for sq in last_squares(&self.game) {
                board.mark(sq, Mark::Last);
            }
        }
        if let Some(k) = position
            .is_check()
            .then(|| position.king_square(position.turn()))
            .flatten()
        {
            board.mark(k, Mark::Check);
        }
        if let Some(Pick::Square(sq)) = self.pick {
            board.mark(sq, Mark::Selected);
        }
        for sq in self.candidates().into_iter().filter_map(target_of) {
            let mark = if position.piece_at(sq).is_some() {
                Mark::Capture
            } else {
                Mark::Dest
            };
            if !board.has(sq, mark) {
                board.mark(sq, mark);
            }
        }
        Scene::single(board)
    }

    fn input(&mut self, input: Input) -> Effect {
        match input {
            Input::Press(Spot { square, .. }) => self.press(square),
            Input::Drop(Spot { square, .. }) => self.drop_on(square),
            Input::Hand(kind) => self.pick_reserve(kind),
            Input::Promote(kind) => {
                match promoting_to(self.promotion.as_deref(), kind, |&a| promotion_of(a)) {
                    Some(a) => self.play_action(a),
                    None => Effect::Ignored,
                }
            }
            Input::Confirm => Effect::Ignored,
            Input::Cancel => self.cancel(),
        }
    }
}

#[cfg(test)]
mod tests;
