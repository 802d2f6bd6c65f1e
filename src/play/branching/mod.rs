//! Multiverse Time Travel Chess as a [`GameSession`]: the game and what the
//! player has chosen on it so far (the branch being moved on, the selected
//! piece, the staged move, the chosen traveller, trans-universe mode).
//!
//! Boards are named by [`BoardKey`]s: the line is the row (branch) that
//! draws the board, the time its `t`; the staged move's board, drawn after
//! the branch's latest one, has the time [`PREVIEW`]. Every legality
//! question goes to [`crate::games::branching::Game`]; which queen pays for a
//! crossing is [`queen_square`].

pub mod candidates;
mod first;

use std::collections::HashMap;

use crate::chess::{Color, Move2d, PieceKind, Position, Square};
use crate::games::branching::{
    BranchId, BranchTurn, BranchingError, Game, GameEndReason, GameEvent, Travel, TravelOrder,
};
use crate::storage::GameKind;

use super::{
    json_record_tier, BoardKey, Effect, Ending, GameSession, Input, Mark, Refusal, Scene,
    SceneBoard, Spot, Step,
};

/// The time of the staged move's board (drawn after the branch's latest board).
pub const PREVIEW: i32 = i32::MAX;

/// The key of the board at time `t` drawn in `row`.
#[must_use]
pub fn board_key(row: u32, t: u32) -> BoardKey {
    BoardKey::new(
        i32::try_from(row).unwrap_or(i32::MAX),
        i32::try_from(t).unwrap_or(i32::MAX - 1),
    )
}

/// The staged move's board in `row`.
#[must_use]
pub fn preview_key(row: u32) -> BoardKey {
    BoardKey::new(i32::try_from(row).unwrap_or(i32::MAX), PREVIEW)
}

/// The row (branch) of a board key.
fn row_of(key: BoardKey) -> Option<BranchId> {
    u32::try_from(key.line).ok().map(BranchId)
}

/// The time of a board key (`None` for the preview board).
fn t_of(key: BoardKey) -> Option<u32> {
    (key.time != PREVIEW)
        .then(|| u32::try_from(key.time).ok())
        .flatten()
}

/// The variant line shown in the saved-games list.
#[must_use]
pub fn variant_words(game: &Game) -> String {
    format!("branch limit {}", game.config().limit)
}

/// The queen to sacrifice for a crossing from `b` after `mv`: the first own
/// queen found on the board after the move (a1, b1, … h8).
#[must_use]
pub fn queen_square(game: &Game, b: BranchId, mv: Move2d) -> Option<Square> {
    let branch = game.branch(b).ok()?;
    let pos = branch.latest().position();
    let me = pos.turn();
    let after = pos.play(mv).ok()?;
    (0..8)
        .flat_map(|y| (0..8).map(move |x| Square { x, y }))
        .find(|&sq| {
            after
                .piece_at(sq)
                .is_some_and(|p| p.color == me && p.kind == PieceKind::Queen)
        })
}

/// The row that draws the board at time `t` of `b`'s lineage (the engine's
/// [`Game::owner_of`]).
fn owner_row(game: &Game, b: BranchId, t: u32) -> Option<u32> {
    let branch = game.branch(b).ok()?;
    Some(game.owner_of(branch, t).0)
}

/// Every square, a1, b1, … h8.
fn all_squares() -> impl Iterator<Item = Square> {
    (0..8).flat_map(|y| (0..8).map(move |x| Square { x, y }))
}

/// The square marks of each board.
pub type Marks = HashMap<BoardKey, Vec<(Square, Mark)>>;

/// A branching game and the choices in progress on it.
#[derive(Debug, Clone)]
pub struct BranchingSession {
    game: Game,
    focus: Option<BranchId>,
    selected: Option<Square>,
    staged: Option<Move2d>,
    traveller: Option<Square>,
    trans: bool,
    /// The travel-first order: the traveller (on the latest board) and its
    /// journey are chosen before the move ([`first`]).
    first: bool,
    /// The travel-first journey chosen so far (landing included).
    journey: Option<Travel>,
    /// The last branch-turn played here, in words (not saved: announced as it happens).
    said: Option<String>,
}

impl BranchingSession {
    /// A session over `game`, focused on the first branch to play.
    #[must_use]
    pub fn new(game: Game) -> BranchingSession {
        let mut s = BranchingSession {
            game,
            focus: None,
            selected: None,
            staged: None,
            traveller: None,
            trans: false,
            first: false,
            journey: None,
            said: None,
        };
        s.focus_next_pending();
        s
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The branch being moved on.
    #[must_use]
    pub fn focus(&self) -> Option<BranchId> {
        self.focus
    }

    /// The selected piece on the focus branch's latest board.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The move staged on the focus branch.
    #[must_use]
    pub fn staged(&self) -> Option<Move2d> {
        self.staged
    }

    /// The piece chosen to travel, on the preview board.
    #[must_use]
    pub fn traveller(&self) -> Option<Square> {
        self.traveller
    }

    /// Whether the traveller crosses to another branch (for a queen).
    #[must_use]
    pub fn trans(&self) -> bool {
        self.trans
    }

    /// Whether the staged move leaves a queen to pay for a crossing.
    #[must_use]
    pub fn can_cross(&self) -> bool {
        match (self.focus, self.staged) {
            (Some(b), Some(mv)) => queen_square(&self.game, b, mv).is_some(),
            _ => false,
        }
    }

    /// Switches trans-universe mode (the traveller chosen is dropped).
    pub fn set_trans(&mut self, on: bool) {
        self.trans = on;
        self.traveller = None;
        self.journey = None;
    }

    /// The side whose phase it is.
    #[must_use]
    pub fn player(&self) -> Color {
        self.game.phase().player
    }

    /// Forgets the choices on the focus branch (keeps the focus).
    pub fn clear(&mut self) {
        self.selected = None;
        self.staged = None;
        self.traveller = None;
        self.journey = None;
    }

    /// Moves the focus to the first branch still to play this phase (keeps
    /// it if it is still pending).
    pub fn focus_next_pending(&mut self) {
        let pending = &self.game.phase().pending;
        if self.game.result().is_some() {
            self.focus = None;
        } else if !self.focus.is_some_and(|f| pending.contains(&f)) {
            self.focus = pending.first().copied();
        }
    }

    /// Picks the branch to move on.
    pub fn set_focus(&mut self, branch: BranchId) {
        if self.focus != Some(branch) {
            self.clear();
            self.trans = false;
            self.focus = Some(branch);
        }
    }

    fn latest_of(&self, b: BranchId) -> Option<(u32, Position)> {
        self.game
            .branch(b)
            .ok()
            .map(|br| (br.latest().t(), *br.latest().position()))
    }

    fn pending(&self, b: BranchId) -> bool {
        self.game.result().is_none() && self.game.phase().pending.contains(&b)
    }

    /// The legal moves of branch `b` with the same squares as `mv`: the
    /// promotion choices when `mv` promotes (queen first), else just `mv`.
    #[must_use]
    pub fn promotion_choices(&self, b: BranchId, mv: Move2d) -> Vec<Move2d> {
        let (Some(from), Some((_, position))) = (mv.from(), self.latest_of(b)) else {
            return vec![mv];
        };
        let mut moves: Vec<Move2d> = position
            .legal_moves_from(from)
            .into_iter()
            .filter(|m| m.to() == mv.to())
            .collect();
        let rank = |m: &Move2d| {
            [
                PieceKind::Queen,
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::Knight,
            ]
            .iter()
            .position(|k| Some(*k) == m.promotion())
            .unwrap_or(4)
        };
        crate::chess::order::sort_stable_by(&mut moves, |a, b| rank(a).cmp(&rank(b)));
        moves
    }

    /// Swaps the staged move for the same move promoting to another piece
    /// (a travelling piece chosen for the old move is dropped).
    pub fn choose_promotion(&mut self, mv: Move2d) {
        if self.staged != Some(mv) {
            self.staged = Some(mv);
            self.traveller = None;
        }
    }

    /// The squares to mark on each board, from the choices so far.
    #[must_use]
    pub fn marks(&self) -> Marks {
        let mut out: Marks = HashMap::new();
        let game = &self.game;
        let Some(b) = self.focus else { return out };
        let Ok(branch) = game.branch(b) else {
            return out;
        };
        let latest = branch.latest();
        let here = board_key(b.0, latest.t());
        let preview = preview_key(b.0);
        if self.first {
            self.first_marks(&mut out, b, here);
            return out;
        }
        match (self.staged, self.traveller) {
            (None, _) => {
                if let Some(sq) = self.selected {
                    let list = out.entry(here).or_default();
                    list.push((sq, Mark::Selected));
                    for mv in latest.position().legal_moves_from(sq) {
                        let to = mv.to();
                        let mark = if latest.position().piece_at(to).is_some() {
                            Mark::Capture
                        } else {
                            Mark::Dest
                        };
                        list.push((to, mark));
                    }
                }
            }
            (Some(mv), None) => {
                let list = out.entry(preview).or_default();
                if let Some(from) = mv.from() {
                    list.push((from, Mark::Staged));
                }
                list.push((mv.to(), Mark::Staged));
                let queen = self.trans.then(|| queen_square(game, b, mv)).flatten();
                if let Ok(squares) = game.travellers(b, mv, TravelOrder::MoveFirst) {
                    for sq in squares {
                        if Some(sq) != queen {
                            list.push((sq, Mark::Traveller));
                        }
                    }
                }
                if let Some(q) = queen {
                    list.push((q, Mark::Queen));
                }
            }
            (Some(mv), Some(from)) => {
                out.entry(preview).or_default().push((from, Mark::Selected));
                if self.trans {
                    self.mark_crossings(&mut out, b, mv, from);
                } else if let Ok(boards) =
                    game.time_travel_landings(b, mv, TravelOrder::MoveFirst, from)
                {
                    for (t, squares) in boards {
                        let Some(row) = owner_row(game, b, t) else {
                            continue;
                        };
                        let l = out.entry(board_key(row, t)).or_default();
                        l.extend(squares.into_iter().map(|s| (s, Mark::Landing)));
                    }
                }
            }
        }
        out
    }

    /// The queen paid and the landing squares of a crossing of `from`.
    fn mark_crossings(&self, out: &mut Marks, b: BranchId, mv: Move2d, from: Square) {
        let game = &self.game;
        let Some(queen) = queen_square(game, b, mv) else {
            return;
        };
        out.entry(preview_key(b.0))
            .or_default()
            .push((queen, Mark::Queen));
        let Ok(targets) = game.trans_universe_landings(b, mv, TravelOrder::MoveFirst, from, queen)
        else {
            return;
        };
        for (target, squares) in targets {
            let Ok(tb) = game.branch(target) else {
                continue;
            };
            let l = out.entry(board_key(target.0, tb.latest().t())).or_default();
            l.extend(squares.into_iter().map(|s| (s, Mark::Landing)));
        }
    }

    /// A press on a square of a board: plays a journey to a landing square,
    /// chooses the traveller on the preview board, stages a move to a
    /// destination, or selects a piece ([`Effect::Picked`]: a drag may start).
    pub fn press(&mut self, key: BoardKey, sq: Square) -> Effect {
        if self.first {
            return self.press_first(key, sq);
        }
        // A landing square of the chosen traveller plays the turn with the journey.
        if let (Some(b), Some(mv), Some(from)) = (self.focus, self.staged, self.traveller) {
            let is_landing = self
                .marks()
                .get(&key)
                .is_some_and(|l| l.iter().any(|&(s, m)| s == sq && m == Mark::Landing));
            if is_landing {
                let travel = if self.trans {
                    let (Some(queen), Some(to_branch)) =
                        (queen_square(&self.game, b, mv), row_of(key))
                    else {
                        return Effect::Ignored;
                    };
                    Travel::TransUniverse {
                        queen,
                        from,
                        to_branch,
                        landing: sq,
                    }
                } else {
                    let Some(to_t) = t_of(key) else {
                        return Effect::Ignored;
                    };
                    Travel::Time {
                        from,
                        to_t,
                        landing: sq,
                    }
                };
                return self.play_turn(BranchTurn::with_travel(
                    b,
                    mv,
                    TravelOrder::MoveFirst,
                    travel,
                ));
            }
        }
        if key.time == PREVIEW {
            return self.press_preview(sq);
        }
        let (Some(b), Some(t)) = (row_of(key), t_of(key)) else {
            return Effect::Ignored;
        };
        let Some((latest_t, position)) = self.latest_of(b) else {
            return Effect::Ignored;
        };
        if t != latest_t || !self.pending(b) {
            if self.selected.is_some() || self.traveller.is_some() {
                return Effect::Refused(
                    "Not a legal square there: pick a marked one, or press Escape.".into(),
                );
            }
            return Effect::Ignored;
        }
        if self.focus != Some(b) {
            self.set_focus(b);
        }
        if self.staged.is_some() {
            // A new choice on the latest board replaces the staged move.
            self.clear();
        }
        // A destination of the selected piece stages the move (a promotion
        // as a queen: the other pieces are offered beside the preview).
        if let Some(from) = self.selected {
            let moves: Vec<Move2d> = position
                .legal_moves_from(from)
                .into_iter()
                .filter(|m| m.to() == sq)
                .collect();
            if let Some(&mv) = moves
                .iter()
                .find(|m| m.promotion() == Some(PieceKind::Queen))
                .or_else(|| moves.first())
            {
                self.selected = None;
                self.staged = Some(mv);
                return Effect::Staged;
            }
        }
        match position.piece_at(sq) {
            Some(p) if p.color == self.player() => {
                self.selected = Some(sq);
                Effect::Picked
            }
            _ => {
                self.selected = None;
                Effect::Cleared
            }
        }
    }

    /// A press on the preview board: choose (or change) the traveller.
    fn press_preview(&mut self, sq: Square) -> Effect {
        let (Some(b), Some(mv)) = (self.focus, self.staged) else {
            return Effect::Ignored;
        };
        match self.game.travellers(b, mv, TravelOrder::MoveFirst) {
            Ok(list) if list.contains(&sq) => {
                if self.trans && queen_square(&self.game, b, mv) == Some(sq) {
                    return Effect::Refused(
                        "The queen is the price of the crossing: choose another piece to send."
                            .into(),
                    );
                }
                self.traveller = Some(sq);
                Effect::Picked
            }
            Ok(_) => {
                let why = self
                    .game
                    .check_traveller(b, mv, TravelOrder::MoveFirst, sq)
                    .err()
                    .map_or_else(String::new, |e| e.to_string());
                Effect::Refused(format!("That piece cannot travel: {why}."))
            }
            Err(e) => Effect::Refused(e.to_string()),
        }
    }

    /// Plays the staged move without travel.
    pub fn play_staged(&mut self) -> Effect {
        match (self.focus, self.staged) {
            (Some(b), Some(mv)) => self.play_turn(BranchTurn::plain(b, mv)),
            _ => Effect::Ignored,
        }
    }

    /// Plays a branch-turn; on refusal says why and keeps the choices.
    pub fn play_turn(&mut self, turn: BranchTurn) -> Effect {
        let before = self.latest_of(turn.branch).map(|(_, p)| p);
        match self.game.play(&turn) {
            Ok(report) => {
                self.said = before.map(|p| {
                    let created = report.created.map(|b| b.0);
                    format!(
                        "{}.",
                        crate::play::speech::branch_turn_words(&p, &turn, created)
                    )
                });
                self.clear();
                self.trans = false;
                self.first = false;
                self.focus_next_pending();
                Effect::Played
            }
            Err(e) => Effect::Refused(format!("Refused: {e}.")),
        }
    }

    /// Resigns the focus branch for the side to play.
    ///
    /// # Errors
    /// The rules' refusal, worded for the player.
    pub fn resign_branch(&mut self) -> Result<(), Refusal> {
        let Some(b) = self.focus else {
            return Ok(());
        };
        let by = self.player();
        self.game
            .resign_branch(b, by)
            .map_err(|e| Refusal(format!("Refused: {e}.")))?;
        self.clear();
        self.focus_next_pending();
        Ok(())
    }
}

impl BranchingSession {
    /// After a resignation or a flag: the rules' refusal in words, or the
    /// choices dropped (the game is over, no branch has the focus).
    fn game_ended(&mut self, ended: Result<(), BranchingError>) -> Result<(), Refusal> {
        ended.map_err(|e| Refusal(format!("Refused: {e}.")))?;
        self.clear();
        self.focus = None;
        Ok(())
    }

    /// The squares (from, to) of the last move played on each branch, read
    /// from the game's events: marked on the branch's latest board.
    #[must_use]
    pub fn last_moves(&self) -> HashMap<BranchId, [Square; 2]> {
        let mut out = HashMap::new();
        for event in self.game.events() {
            if let GameEvent::Turn { branch, uci, .. } = event {
                let from = uci.get(0..2).and_then(Square::parse);
                let to = uci.get(2..4).and_then(Square::parse);
                if let (Some(from), Some(to)) = (from, to) {
                    out.insert(*branch, [from, to]);
                }
            }
        }
        out
    }
}

impl GameSession for BranchingSession {
    type Action = BranchTurn;
    const KIND: GameKind = GameKind::Branching;

    fn variant(&self) -> String {
        variant_words(&self.game)
    }

    json_record_tier!(Game);

    fn to_move(&self) -> Color {
        self.game.phase().player
    }

    fn ending(&self) -> Option<Ending> {
        self.game.result().map(|res| Ending {
            winner: res.winner,
            reason: match res.reason {
                GameEndReason::Time => "time".to_string(),
                GameEndReason::TimeVsInsufficientMaterial => {
                    "time vs insufficient material".to_string()
                }
                _ => format!(
                    "{}–{} in branches, {} drawn",
                    res.score.white, res.score.black, res.score.draws
                ),
            },
        })
    }

    /// The phases completed: one side's turn is all its branch-turns.
    fn turns_played(&self) -> usize {
        let players: Vec<Color> = self
            .game
            .events()
            .iter()
            .filter_map(|e| match e {
                GameEvent::Turn { player, .. } => Some(*player),
                _ => None,
            })
            .collect();
        let changes = players.windows(2).filter(|w| w[0] != w[1]).count();
        let last_done = players.last().is_some_and(|&p| p != self.player());
        changes + usize::from(last_done)
    }

    /// Every legal branch-turn of every branch still to play, journeys
    /// included ([`Game::legal_turns`]): tens of thousands once the
    /// multiverse has grown.
    fn legal_actions(&self) -> Vec<BranchTurn> {
        self.game.legal_turns()
    }

    /// Every plain move, captures first ([`candidates::search_turns`]).
    fn search_actions(&self) -> Vec<BranchTurn> {
        candidates::search_turns(&self.game)
    }

    /// The most promising journeys ([`candidates::search_journeys`]).
    fn search_actions_later(&self) -> Vec<BranchTurn> {
        candidates::search_journeys(&self.game)
    }

    /// For the side to move: each branch still played worth its material
    /// lead, bounded below a branch won; each branch finished worth a win
    /// to its winner ([`candidates::evaluate`]).
    fn evaluation(&self) -> i32 {
        candidates::evaluate(&self.game, self.player())
    }

    fn play(&mut self, action: BranchTurn) -> Result<Step, Refusal> {
        let before = self.player();
        self.play_turn(action).accepted()?;
        if self.game.result().is_some() || self.player() != before {
            Ok(Step::TurnEnded)
        } else {
            Ok(Step::Staged)
        }
    }

    fn resign(&mut self, loser: Color) -> Result<(), Refusal> {
        let ended = self.game.resign(loser);
        self.game_ended(ended)
    }

    fn board_name(&self, key: BoardKey) -> String {
        format!("branch {}, time {}", key.line, key.time)
    }

    fn last_turn_words(&self) -> Option<String> {
        self.said.clone()
    }

    fn end_on_time(&mut self, flagged: Color, opponent_can_mate: bool) -> Result<(), Refusal> {
        let ended = self.game.end_on_time(flagged, opponent_can_mate);
        self.game_ended(ended)
    }

    /// Every branch's boards (the latest one active while it waits for a
    /// move) with the player's marks, pieces that arrived through time, and
    /// each branch's last move on its latest board; the staged move's board
    /// after the branch it is played on.
    fn scene(&self) -> Scene {
        let mut marks = self.marks();
        let last = self.last_moves();
        let mut boards = Vec::new();
        for br in self.game.branches() {
            let row = br.id().0;
            let latest_t = br.latest().t();
            for node in br.own_boards() {
                let key = board_key(row, node.t());
                let mut board = SceneBoard::new(key, super::placement_of(node.position()));
                board.active = node.t() == latest_t && self.pending(br.id());
                board.marks = marks.remove(&key).unwrap_or_default();
                if node.t() == latest_t {
                    for &sq in last.get(&br.id()).into_iter().flatten() {
                        board.mark(sq, Mark::Last);
                    }
                }
                let arrived = node.arrived_mask();
                for i in (0..64u8).filter(|i| arrived & (1u64 << i) != 0) {
                    board.mark(Square { x: i % 8, y: i / 8 }, Mark::Arrived);
                }
                boards.push(board);
            }
            if self.focus == Some(br.id()) {
                if let Some(after) = self.preview_position() {
                    let key = preview_key(row);
                    let mut board = SceneBoard::new(key, super::placement_of(&after));
                    board.marks = marks.remove(&key).unwrap_or_default();
                    boards.push(board);
                }
            }
        }
        Scene {
            boards,
            arrows: Vec::new(),
            orientation: Color::White,
        }
    }

    fn input(&mut self, input: Input) -> Effect {
        match input {
            Input::Press(Spot { board, square }) | Input::Drop(Spot { board, square }) => {
                self.press(board, square)
            }
            Input::Promote(kind) => {
                let (Some(b), Some(mv)) = (self.focus, self.staged) else {
                    return Effect::Ignored;
                };
                match self
                    .promotion_choices(b, mv)
                    .into_iter()
                    .find(|m| m.promotion() == Some(kind))
                {
                    Some(m) => {
                        self.choose_promotion(m);
                        Effect::Staged
                    }
                    None => Effect::Ignored,
                }
            }
            Input::Confirm => self.play_staged(),
            Input::Cancel => {
                self.clear();
                Effect::Cleared
            }
            Input::Hand(_) => Effect::Ignored,
        }
    }
}

#[cfg(test)]
mod candidates_tests;
#[cfg(test)]
mod first_tests;
#[cfg(test)]
mod tests;
