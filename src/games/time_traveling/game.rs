//! The game: history slots, actions, turn bookkeeping and the end of game.

use super::error::{ActionError, MoveRefusal};
use super::moves::{check_upgrade, MoveRequest, NbOrder, RecordedMove};
use super::position::{captures_king, playable_moves, ChessPosition};
use super::replay::{fnv1a, replay, replay_after_change, Replay, Terminus, TerminusKind};
use super::slot::Slot;
use super::{Action, ActionOutcome, EndBlocker, EndReason, GameResult};
use crate::chess::{Color, PieceKind};
use std::collections::BTreeMap;

/// A hard cap on turn actions (A.5 \[rec\]): the game is drawn after this many.
pub const MAX_TURN_ACTIONS: u32 = 1000;

/// How often the same whole game state (slots, orders, player to act) may
/// occur before the game is drawn (A.5 \[rec\]).
pub const GAME_STATE_REPETITIONS: u32 = 3;

/// A game of Time Traveling Chess over a chess position type `P`.
///
/// Ply `i` (1-based) belongs to the side to move in the start position when
/// `i` is odd (White in a standard start), to the other side when even.
#[derive(Debug, Clone)]
pub struct TimeTravelingGame<P: ChessPosition> {
    pub(crate) start_fen: String,
    pub(crate) start: P,
    pub(crate) slots: Vec<Slot>,
    pub(crate) nb_order: [NbOrder; 2],
    pub(crate) accepted: [Option<u64>; 2],
    pub(crate) to_act: Color,
    pub(crate) draw_offer: Option<Color>,
    pub(crate) action_count: u32,
    pub(crate) result: Option<GameResult>,
    /// How often each whole game state occurred (key: [`Self::state_key`]).
    pub(crate) state_counts: BTreeMap<u64, u32>,
    pub(crate) replay: Replay<P>,
}

/// The four actions that take a player's turn (A.3.1–4).
enum TurnAction {
    Append(MoveRequest),
    Replace(usize, MoveRequest),
    Fill(usize, MoveRequest),
    Accept,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// The FEN given.
    pub fen: String,
    /// Why it is not playable.
    pub why: String,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start from FEN {:?}: {}", self.fen, self.why)
    }
}

impl std::error::Error for SetupError {}

impl<P: ChessPosition> TimeTravelingGame<P> {
    /// A new game from a FEN (tests may use any position).
    ///
    /// # Errors
    /// A [`SetupError`] if the FEN cannot be read.
    pub fn from_fen(fen: &str) -> Result<Self, SetupError> {
        let start = P::from_fen(fen).map_err(|why| SetupError {
            fen: fen.to_owned(),
            why,
        })?;
        Ok(Self::from_start(start, fen.to_owned()))
    }

    /// A new game from a start position.
    #[must_use]
    pub fn from_position(start: P) -> Self {
        let fen = start.to_fen();
        Self::from_start(start, fen)
    }

    fn from_start(start: P, start_fen: String) -> Self {
        let mut slots = Vec::new();
        let replay = replay(&start, &mut slots);
        let to_act = start.side_to_move();
        let mut game = TimeTravelingGame {
            start_fen,
            start,
            slots,
            nb_order: [NbOrder::Unset; 2],
            accepted: [None; 2],
            to_act,
            draw_offer: None,
            action_count: 0,
            result: None,
            state_counts: BTreeMap::new(),
            replay,
        };
        game.state_counts.insert(game.state_key(), 1);
        // A start position that is already over (a dead or mated position) ends
        // the game at once: nobody has a move to change.
        game.result = game.evaluate_end();
        game
    }

    // ----- reading the state -------------------------------------------------

    /// The FEN the game started from.
    #[must_use]
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The history, ply 1 first.
    #[must_use]
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The slot of ply `ply` (1-based).
    #[must_use]
    pub fn slot(&self, ply: usize) -> Option<Slot> {
        ply.checked_sub(1).and_then(|i| self.slots.get(i)).copied()
    }

    /// Who owns ply `ply` (1-based): the first mover on odd plies.
    #[must_use]
    pub fn owner(&self, ply: usize) -> Color {
        let first = self.start.side_to_move();
        if ply % 2 == 1 {
            first
        } else {
            first.opponent()
        }
    }

    /// Whose action it is.
    #[must_use]
    pub fn to_act(&self) -> Color {
        self.to_act
    }

    /// The next empty ply, `len + 1`. Its owner is always [`Self::to_act`].
    #[must_use]
    pub fn next_ply(&self) -> usize {
        self.slots.len() + 1
    }

    /// A player's knight/bishop order.
    #[must_use]
    pub fn nb_order(&self, player: Color) -> NbOrder {
        self.nb_order[player.index()]
    }

    /// The terminus of the current history, if any.
    #[must_use]
    pub fn terminus(&self) -> Option<Terminus> {
        self.replay.terminus
    }

    /// Plies below this number are live (played); the rest are dormant.
    #[must_use]
    pub fn live_limit(&self) -> usize {
        self.replay.terminus.map_or(self.slots.len() + 1, |t| t.ply)
    }

    /// The position before ply `ply` (1-based), for live plies and the
    /// terminus / next ply.
    #[must_use]
    pub fn position_before(&self, ply: usize) -> Option<&P> {
        ply.checked_sub(1)
            .and_then(|i| self.replay.positions.get(i))
    }

    /// The end of the replayed history: the position at the terminus, or
    /// after the last ply.
    #[must_use]
    pub fn end_position(&self) -> &P {
        self.replay.positions.last().unwrap_or(&self.start)
    }

    /// The legal moves before ply `ply` (king captures excluded): for a live
    /// ply, the moves that could replace or fill it; for the next empty ply
    /// (when there is no terminus), the moves that could be appended; nothing
    /// otherwise.
    #[must_use]
    pub fn legal_moves_at(&self, ply: usize) -> Vec<RecordedMove> {
        let playable = match self.replay.terminus {
            Some(t) => ply < t.ply,
            None => ply <= self.next_ply(),
        };
        if !playable {
            return Vec::new();
        }
        self.position_before(ply)
            .map(playable_moves)
            .unwrap_or_default()
    }

    /// The plies the last action's replay turned into blanks.
    #[must_use]
    pub fn last_blanked(&self) -> &[usize] {
        &self.replay.blanked
    }

    /// `signature(T)`: a hash of the effective plies before the terminus.
    #[must_use]
    pub fn terminus_signature(&self) -> Option<u64> {
        self.replay.terminus.map(|_| self.replay.signature)
    }

    /// True if `player` has accepted the current terminus (an acceptance lapses
    /// when any ply before it changes, A.6.8).
    #[must_use]
    pub fn has_accepted(&self, player: Color) -> bool {
        self.terminus_signature().is_some()
            && self.accepted[player.index()] == self.terminus_signature()
    }

    /// The standing draw offer, by whom.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Turn actions taken so far (APPEND, REPLACE, FILL, ACCEPT).
    #[must_use]
    pub fn action_count(&self) -> u32 {
        self.action_count
    }

    /// The result, once the game has ended.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// `blanks(X)`: the player's live blank plies.
    #[must_use]
    pub fn blanks(&self, player: Color) -> Vec<usize> {
        (1..self.live_limit())
            .filter(|&ply| self.owner(ply) == player && self.slot(ply) == Some(Slot::Blank))
            .collect()
    }

    /// `upg(X)`: the player's live moves for which some legal upgrade exists
    /// at that ply under the player's knight/bishop order (A.6.10).
    #[must_use]
    pub fn upgradable(&self, player: Color) -> Vec<usize> {
        (1..self.live_limit())
            .filter(|&ply| self.owner(ply) == player && !self.upgrades_at(ply).is_empty())
            .collect()
    }

    /// The legal replacements of the move at `ply` (empty if it is not a live move).
    #[must_use]
    pub fn upgrades_at(&self, ply: usize) -> Vec<RecordedMove> {
        let Some(Slot::Move(old)) = self.slot(ply) else {
            return Vec::new();
        };
        let order = self.nb_order(self.owner(ply));
        let mut moves = self.legal_moves_at(ply);
        moves.retain(|m| check_upgrade(old.piece, m.piece, order).is_ok());
        moves
    }

    /// Every turn action `to_act` may take now: appends, replacements, fills
    /// and ACCEPT (not resigning or draw offers). Empty once the game is over.
    #[must_use]
    pub fn legal_turn_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        if self.result.is_some() {
            return actions;
        }
        let player = self.to_act;
        if self.replay.terminus.is_none() {
            for m in playable_moves(self.end_position()) {
                actions.push(Action::Append(m.request()));
            }
        }
        for ply in 1..self.live_limit() {
            if self.owner(ply) != player {
                continue;
            }
            match self.slot(ply) {
                Some(Slot::Move(_)) => {
                    for m in self.upgrades_at(ply) {
                        actions.push(Action::Replace {
                            ply,
                            mv: m.request(),
                        });
                    }
                }
                Some(Slot::Blank) => {
                    for m in self.legal_moves_at(ply) {
                        actions.push(Action::Fill {
                            ply,
                            mv: m.request(),
                        });
                    }
                }
                _ => {}
            }
        }
        if self.replay.terminus.is_some() && self.blanks(player).is_empty() {
            actions.push(Action::Accept);
        }
        actions
    }

    // ----- acting ------------------------------------------------------------

    /// `player` takes `action`.
    ///
    /// # Errors
    /// An [`ActionError`] saying why the action is refused; the game is then
    /// unchanged.
    pub fn act(&mut self, player: Color, action: Action) -> Result<ActionOutcome, ActionError> {
        if let Some(result) = self.result {
            return Err(ActionError::GameOver(result));
        }
        let turn = match action {
            Action::Resign => {
                return Ok(self.finish(GameResult::win(player.opponent(), EndReason::Resignation)))
            }
            Action::OfferDraw => {
                if self.draw_offer == Some(player.opponent()) {
                    return Ok(self.finish(GameResult::draw(EndReason::AgreedDraw)));
                }
                self.draw_offer = Some(player);
                return Ok(ActionOutcome::default());
            }
            Action::AcceptDraw => {
                if self.draw_offer != Some(player.opponent()) {
                    return Err(ActionError::NoDrawOffer);
                }
                return Ok(self.finish(GameResult::draw(EndReason::AgreedDraw)));
            }
            Action::Append(request) => TurnAction::Append(request),
            Action::Replace { ply, mv } => TurnAction::Replace(ply, mv),
            Action::Fill { ply, mv } => TurnAction::Fill(ply, mv),
            Action::Accept => TurnAction::Accept,
        };
        if player != self.to_act {
            return Err(ActionError::NotYourTurn { player });
        }
        let old_slots = self.slots.clone();
        match turn {
            TurnAction::Append(request) => {
                if let Some(t) = self.replay.terminus {
                    return Err(ActionError::AppendAfterTerminus(t));
                }
                let ply = self.next_ply();
                let mv = resolve(self.end_position(), ply, request)?;
                self.settle_turn(player, Some(mv));
            }
            TurnAction::Replace(ply, request) => {
                let old = match self.live_slot_of(player, ply)? {
                    Slot::Move(old) => old,
                    other => {
                        return Err(ActionError::NothingToReplace {
                            ply,
                            found: other.kind(),
                        })
                    }
                };
                let mv = resolve(&self.replay.positions[ply - 1], ply, request)?;
                let order =
                    check_upgrade(old.piece, mv.piece, self.nb_order(player)).map_err(|why| {
                        ActionError::NotAnUpgrade {
                            ply,
                            old: old.piece,
                            new: mv.piece,
                            why,
                            player,
                        }
                    })?;
                self.nb_order[player.index()] = order;
                self.slots[ply - 1] = Slot::Move(mv);
                self.settle_turn(player, None);
            }
            TurnAction::Fill(ply, request) => {
                let slot = self.live_slot_of(player, ply)?;
                if slot != Slot::Blank {
                    return Err(ActionError::NothingToFill {
                        ply,
                        found: slot.kind(),
                    });
                }
                let mv = resolve(&self.replay.positions[ply - 1], ply, request)?;
                self.slots[ply - 1] = Slot::Move(mv);
                self.settle_turn(player, None);
            }
            TurnAction::Accept => {
                let Some(signature) = self.terminus_signature() else {
                    return Err(ActionError::NothingToAccept);
                };
                let plies = self.blanks(player);
                if !plies.is_empty() {
                    return Err(ActionError::BlanksToFill { plies });
                }
                self.accepted[player.index()] = Some(signature);
                self.settle_turn(player, None);
            }
        }
        self.replay = replay_after_change(&self.replay, &old_slots, &mut self.slots);
        self.to_act = player.opponent();
        self.action_count += 1;
        if self.draw_offer == Some(player.opponent()) {
            // Acting instead of accepting declines the opponent's offer.
            self.draw_offer = None;
        }
        let count = {
            let entry = self.state_counts.entry(self.state_key()).or_insert(0);
            *entry += 1;
            *entry
        };
        debug_assert_eq!(self.owner(self.next_ply()), self.to_act);
        let result = self.evaluate_end().or_else(|| {
            if count >= GAME_STATE_REPETITIONS {
                Some(GameResult::draw(EndReason::GameStateRepetition))
            } else if self.action_count >= MAX_TURN_ACTIONS {
                Some(GameResult::draw(EndReason::ActionLimit))
            } else {
                None
            }
        });
        self.result = result;
        if result.is_some() {
            self.draw_offer = None;
        }
        Ok(ActionOutcome {
            blanked: self.replay.blanked.clone(),
            result,
        })
    }

    /// The slot of a live ply owned by `player`.
    fn live_slot_of(&self, player: Color, ply: usize) -> Result<Slot, ActionError> {
        let Some(slot) = self.slot(ply) else {
            return Err(ActionError::NoSuchPly {
                ply,
                len: self.slots.len(),
            });
        };
        let owner = self.owner(ply);
        if owner != player {
            return Err(ActionError::NotYourPly { ply, owner });
        }
        if let Some(terminus) = self.replay.terminus {
            if ply >= terminus.ply {
                return Err(ActionError::DormantPly { ply, terminus });
            }
        }
        Ok(slot)
    }

    /// The Pending/Pass bookkeeping of A.3, after the slot change itself.
    fn settle_turn(&mut self, player: Color, appended: Option<RecordedMove>) {
        let len = self.slots.len();
        let opponent_pending =
            len > 0 && self.slots[len - 1] == Slot::Pending && self.owner(len) != player;
        match appended {
            Some(mv) => {
                if opponent_pending {
                    self.slots[len - 1] = Slot::Pass;
                }
                self.slots.push(Slot::Move(mv));
            }
            None => {
                if opponent_pending {
                    self.slots.pop();
                } else {
                    self.slots.push(Slot::Pending);
                }
            }
        }
    }

    /// `loser`'s clock ran out: the other side wins, or it is a draw when it
    /// could not have mated (`opponent_can_mate` false; in this game the
    /// start position's material can always come back, see
    /// `play::clock::material`). The clock is not part of the game's record,
    /// so a saved game ends again when its saved clock says who flagged.
    ///
    /// # Errors
    /// [`ActionError::GameOver`] when the game has already ended.
    pub fn end_on_time(
        &mut self,
        loser: Color,
        opponent_can_mate: bool,
    ) -> Result<GameResult, ActionError> {
        if let Some(result) = self.result {
            return Err(ActionError::GameOver(result));
        }
        let result = if opponent_can_mate {
            GameResult::win(loser.opponent(), EndReason::Time)
        } else {
            GameResult::draw(EndReason::TimeVsInsufficientMaterial)
        };
        self.finish(result);
        Ok(result)
    }

    fn finish(&mut self, result: GameResult) -> ActionOutcome {
        self.result = Some(result);
        self.draw_offer = None;
        ActionOutcome {
            blanked: Vec::new(),
            result: Some(result),
        }
    }

    /// A.5: does the terminus end the game now? (See [`Self::end_blockers`].)
    pub(crate) fn evaluate_end(&self) -> Option<GameResult> {
        let terminus = self.replay.terminus?;
        if !self.end_blockers().is_empty() {
            return None;
        }
        Some(if terminus.kind == TerminusKind::Checkmate {
            GameResult::win(self.owner(terminus.ply).opponent(), EndReason::Checkmate)
        } else {
            GameResult::draw(EndReason::from_terminus(terminus.kind))
        })
    }

    /// What still keeps the terminus from ending the game (A.5), for the
    /// end panel: every player's live blanks, and every player who can still
    /// upgrade a move and has not accepted. Empty when there is no terminus
    /// (nothing to end) or when the game ends there.
    ///
    /// The game ends at the terminus when every player has no blanks before it
    /// and either has no upgradable move or has accepted this terminus. At a
    /// stalemate or automatic draw this is A.5 as written. At a checkmate it
    /// departs from A.5/A.6.9, which lets only the winner accept: here the
    /// loser's ACCEPT concedes too. As written, a mated player who still has an
    /// upgradable move (nearly always: some earlier ply allows a king move)
    /// could pass with ACCEPT forever, and the winner could never win; the game
    /// would end only by repetition or the action cap, as a draw.
    #[must_use]
    pub fn end_blockers(&self) -> Vec<EndBlocker> {
        let mut blockers = Vec::new();
        if self.replay.terminus.is_none() {
            return blockers;
        }
        for player in Color::ALL {
            let plies = self.blanks(player);
            if !plies.is_empty() {
                blockers.push(EndBlocker::Blanks { player, plies });
            }
        }
        for player in Color::ALL {
            if self.has_accepted(player) {
                continue;
            }
            let plies = self.upgradable(player);
            if !plies.is_empty() {
                blockers.push(EndBlocker::NotAccepted { player, plies });
            }
        }
        blockers
    }

    /// A hash of the whole game state for the repetition rule: slots, orders,
    /// player to act (A.5).
    pub(crate) fn state_key(&self) -> u64 {
        let mut text = String::new();
        for slot in &self.slots {
            text.push_str(&slot.to_string());
            text.push(' ');
        }
        for order in self.nb_order {
            text.push_str(order.describe());
            text.push(';');
        }
        text.push(self.to_act.letter());
        fnv1a(text.as_bytes())
    }
}

/// Finds the legal move `request` names in `pos`, or says why there is none.
fn resolve<P: ChessPosition>(
    pos: &P,
    ply: usize,
    request: MoveRequest,
) -> Result<RecordedMove, ActionError> {
    let refuse = |why| ActionError::IllegalMove { ply, request, why };
    match pos.piece_at(request.from) {
        None => return Err(refuse(MoveRefusal::EmptySquare(request.from))),
        Some(p) if p.color != pos.side_to_move() => {
            return Err(refuse(MoveRefusal::OpponentPiece(request.from)))
        }
        Some(_) => {}
    }
    let legal = pos.legal_moves();
    if let Some(mv) = legal.iter().find(|m| m.request() == request) {
        if captures_king(pos, mv) {
            return Err(refuse(MoveRefusal::KingCapture));
        }
        return Ok(*mv);
    }
    let king_there = pos
        .piece_at(request.to)
        .is_some_and(|p| p.kind == PieceKind::King && p.color != pos.side_to_move());
    if king_there {
        return Err(refuse(MoveRefusal::KingCapture));
    }
    if request.promotion.is_none()
        && legal
            .iter()
            .any(|m| m.from == request.from && m.to == request.to && m.promotion.is_some())
    {
        return Err(refuse(MoveRefusal::PromotionNeeded));
    }
    Err(refuse(MoveRefusal::NotLegal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;

    fn act(game: &mut TimeTravelingGame<Position>, text: &str) -> ActionOutcome {
        let player = game.to_act();
        game.act(player, text.parse().unwrap()).unwrap()
    }

    #[test]
    fn the_third_occurrence_of_a_game_state_is_a_draw() {
        let mut game = TimeTravelingGame::<Position>::from_fen(crate::chess::STARTING_FEN).unwrap();
        act(&mut game, "append e2e4");
        // Pretend the state after 1...e5 has been seen twice already.
        let mut ahead = game.clone();
        act(&mut ahead, "append e7e5");
        game.state_counts.insert(ahead.state_key(), 2);
        let outcome = act(&mut game, "append e7e5");
        assert_eq!(
            outcome.result,
            Some(GameResult::draw(EndReason::GameStateRepetition))
        );
    }

    #[test]
    fn the_action_cap_draws() {
        let mut game = TimeTravelingGame::<Position>::from_fen(crate::chess::STARTING_FEN).unwrap();
        game.action_count = MAX_TURN_ACTIONS - 1;
        let outcome = act(&mut game, "append e2e4");
        assert_eq!(
            outcome.result,
            Some(GameResult::draw(EndReason::ActionLimit))
        );
    }

    #[test]
    fn state_key_depends_on_slots_orders_and_turn() {
        let mut game = TimeTravelingGame::<Position>::from_fen(crate::chess::STARTING_FEN).unwrap();
        let empty = game.state_key();
        game.nb_order[0] = NbOrder::KnightBelowBishop;
        assert_ne!(game.state_key(), empty);
        game.nb_order[0] = NbOrder::Unset;
        game.to_act = Color::Black;
        assert_ne!(game.state_key(), empty);
    }
}
