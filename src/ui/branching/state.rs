//! The open Multiverse Time Travel Chess game and what the player has chosen so
//! far on it: the branch being moved on, the selected piece, the staged move,
//! the chosen traveller. Every legality question goes to
//! [`crate::games::branching::Game`]; this module only remembers choices.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::chess::{Color, Move2d, PieceKind, PlacedPiece, Placement, Position, Square};
use crate::games::branching::{BranchId, BranchTurn, BranchingError, Game, Travel, TravelOrder};
use crate::storage::{GameId, GameKind, GameResult, SaveRecord};
use crate::ui::saves::Saves;

/// The variant line shown in the saved-games list.
#[must_use]
pub fn variant_words(game: &Game) -> String {
    format!("branch limit {}", game.config().limit)
}

/// The pieces of a position, for drawing.
#[must_use]
pub fn placement_of(position: &Position) -> Placement {
    let mut p = Placement::empty(8, 8).unwrap_or_else(|| unreachable!("8×8 is a valid size"));
    for y in 0..8 {
        for x in 0..8 {
            let sq = Square { x, y };
            if let Some(piece) = position.piece_at(sq) {
                p.set(
                    sq,
                    Some(PlacedPiece {
                        piece,
                        unmoved: false,
                    }),
                );
            }
        }
    }
    p
}

/// A board of the grid, by the row that draws it and its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The branch whose row draws it (the branch that owns the board).
    pub row: u32,
    /// Its time.
    pub t: u32,
}

/// What a square mark means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The selected piece.
    Selected,
    /// A legal destination of the selected piece.
    Dest,
    /// A legal destination that captures.
    Capture,
    /// A piece that may travel with the staged move.
    Traveller,
    /// A legal landing square for the chosen traveller.
    Landing,
    /// The squares of the last move on a branch.
    Last,
    /// The staged move on the preview board.
    Staged,
    /// The sacrificed queen.
    Queen,
}

impl Mark {
    /// The CSS class of the mark.
    #[must_use]
    pub const fn class(self) -> &'static str {
        match self {
            Mark::Selected => "mark selected",
            Mark::Dest => "mark dest",
            Mark::Capture => "mark dest capture",
            Mark::Traveller => "mark traveller",
            Mark::Landing => "mark landing",
            Mark::Last => "mark last",
            Mark::Staged => "mark staged",
            Mark::Queen => "mark queen",
        }
    }
}

/// The board of the staged move, drawn after the branch's latest board.
pub const PREVIEW: u32 = u32::MAX;

/// One open game and the choices in progress (cheap to copy; provided as context).
#[derive(Debug, Clone, Copy)]
pub struct BranchingPlay {
    /// The storage id.
    pub id: StoredValue<GameId>,
    /// The game's name.
    pub name: RwSignal<String>,
    /// The game.
    pub game: RwSignal<Game, LocalStorage>,
    /// The branch being moved on.
    pub focus: RwSignal<Option<BranchId>>,
    /// The selected piece on the focus branch's latest board (before a move is staged).
    pub selected: RwSignal<Option<Square>>,
    /// The move staged on the focus branch (not yet played).
    pub staged: RwSignal<Option<Move2d>>,
    /// The piece chosen to travel, on the preview board.
    pub traveller: RwSignal<Option<Square>>,
    /// Trans-universe mode: the traveller crosses to another branch for a queen.
    pub trans: RwSignal<bool>,
    /// A message for the player (why something was refused).
    pub notice: RwSignal<Option<String>>,
    /// The side of a square in the grid, pixels.
    pub square: RwSignal<u32>,
    /// Boards drawn from Black's side (h1 top left).
    pub flipped: RwSignal<bool>,
}

impl BranchingPlay {
    /// Wraps a game.
    #[must_use]
    pub fn new(id: GameId, name: String, game: Game) -> BranchingPlay {
        let play = BranchingPlay {
            id: StoredValue::new(id),
            name: RwSignal::new(name),
            game: RwSignal::new_local(game),
            focus: RwSignal::new(None),
            selected: RwSignal::new(None),
            staged: RwSignal::new(None),
            traveller: RwSignal::new(None),
            trans: RwSignal::new(false),
            notice: RwSignal::new(None),
            square: RwSignal::new(22),
            flipped: RwSignal::new(false),
        };
        play.focus_next_pending();
        play
    }

    /// The side whose phase it is.
    #[must_use]
    pub fn player(&self) -> Color {
        self.game.with(|g| g.phase().player)
    }

    /// Forgets the choices on the focus branch (keeps the focus).
    pub fn clear(&self) {
        self.selected.set(None);
        self.staged.set(None);
        self.traveller.set(None);
    }

    /// Moves the focus to the first branch still to play this phase (keeps it if
    /// it is still pending).
    pub fn focus_next_pending(&self) {
        let (pending, over) = self
            .game
            .with_untracked(|g| (g.phase().pending.clone(), g.result().is_some()));
        let keep = self
            .focus
            .get_untracked()
            .is_some_and(|f| pending.contains(&f));
        if over {
            self.focus.set(None);
        } else if !keep {
            self.focus.set(pending.first().copied());
        }
    }

    /// Picks the branch to move on.
    pub fn set_focus(&self, branch: BranchId) {
        if self.focus.get_untracked() != Some(branch) {
            self.clear();
            self.trans.set(false);
            self.focus.set(Some(branch));
        }
    }

    fn latest_of(&self, b: BranchId) -> Option<(u32, Position)> {
        self.game.with_untracked(|g| {
            g.branch(b)
                .ok()
                .map(|br| (br.latest().t(), *br.latest().position()))
        })
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
        moves.sort_by_key(rank);
        moves
    }

    /// Swaps the staged move for the same move promoting to another piece
    /// (a travelling piece chosen for the old move is dropped).
    pub fn choose_promotion(&self, mv: Move2d) {
        if self.staged.get_untracked() != Some(mv) {
            self.staged.set(Some(mv));
            self.traveller.set(None);
        }
    }

    fn pending(&self, b: BranchId) -> bool {
        self.game
            .with_untracked(|g| g.result().is_none() && g.phase().pending.contains(&b))
    }

    /// The squares to mark on each board, from the choices so far.
    #[must_use]
    pub fn marks(&self) -> HashMap<Cell, Vec<(Square, Mark)>> {
        let mut out: HashMap<Cell, Vec<(Square, Mark)>> = HashMap::new();
        let game = self.game.get();
        let focus = self.focus.get();
        let selected = self.selected.get();
        let staged = self.staged.get();
        let traveller = self.traveller.get();
        let trans = self.trans.get();
        let Some(b) = focus else { return out };
        let Ok(branch) = game.branch(b) else {
            return out;
        };
        let latest = branch.latest();
        let here = Cell {
            row: b.0,
            t: latest.t(),
        };
        let preview = Cell {
            row: b.0,
            t: PREVIEW,
        };
        match (staged, traveller) {
            (None, _) => {
                if let Some(sq) = selected {
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
                let queen = trans.then(|| queen_square(&game, b, mv)).flatten();
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
                let list = out.entry(preview).or_default();
                list.push((from, Mark::Selected));
                if trans {
                    if let Some(queen) = queen_square(&game, b, mv) {
                        list.push((queen, Mark::Queen));
                        if let Ok(targets) =
                            game.trans_universe_landings(b, mv, TravelOrder::MoveFirst, from, queen)
                        {
                            for (target, squares) in targets {
                                let Ok(tb) = game.branch(target) else {
                                    continue;
                                };
                                let cell = Cell {
                                    row: target.0,
                                    t: tb.latest().t(),
                                };
                                let l = out.entry(cell).or_default();
                                l.extend(squares.into_iter().map(|s| (s, Mark::Landing)));
                            }
                        }
                    }
                } else if let Ok(boards) =
                    game.time_travel_landings(b, mv, TravelOrder::MoveFirst, from)
                {
                    for (t, squares) in boards {
                        let Some(row) = owner_row(&game, b, t) else {
                            continue;
                        };
                        let l = out.entry(Cell { row, t }).or_default();
                        l.extend(squares.into_iter().map(|s| (s, Mark::Landing)));
                    }
                }
            }
        }
        out
    }

    /// A press on a square of a board (`t == PREVIEW` for the staged move's board).
    /// Returns true when the press was used (a drag may start from it).
    pub fn press(&self, cell: Cell, sq: Square) -> bool {
        let focus = self.focus.get_untracked();
        let player = self.player();
        // A landing square of the chosen traveller plays the turn with the journey.
        if let (Some(b), Some(mv), Some(from)) = (
            focus,
            self.staged.get_untracked(),
            self.traveller.get_untracked(),
        ) {
            let is_landing = self
                .marks_untracked()
                .get(&cell)
                .is_some_and(|l| l.iter().any(|&(s, m)| s == sq && m == Mark::Landing));
            if is_landing {
                let travel = if self.trans.get_untracked() {
                    let Some(queen) = self.game.with_untracked(|g| queen_square(g, b, mv)) else {
                        return false;
                    };
                    Travel::TransUniverse {
                        queen,
                        from,
                        to_branch: BranchId(cell.row),
                        landing: sq,
                    }
                } else {
                    Travel::Time {
                        from,
                        to_t: cell.t,
                        landing: sq,
                    }
                };
                self.play(BranchTurn::with_travel(
                    b,
                    mv,
                    TravelOrder::MoveFirst,
                    travel,
                ));
                return true;
            }
        }
        // On the preview board: choose (or change) the traveller.
        if cell.t == PREVIEW {
            if let (Some(b), Some(mv)) = (focus, self.staged.get_untracked()) {
                let travellers = self
                    .game
                    .with_untracked(|g| g.travellers(b, mv, TravelOrder::MoveFirst));
                match travellers {
                    Ok(list) if list.contains(&sq) => {
                        if self.trans.get_untracked()
                            && self.game.with_untracked(|g| queen_square(g, b, mv)) == Some(sq)
                        {
                            self.notice
                                .set(Some("The queen is the price of the crossing: choose another piece to send.".into()));
                            return false;
                        }
                        self.traveller.set(Some(sq));
                        self.notice.set(None);
                        return true;
                    }
                    Ok(_) => {
                        // The rules say why; the screen only words it.
                        let why = self.game.with_untracked(|g| {
                            g.check_traveller(b, mv, TravelOrder::MoveFirst, sq)
                                .err()
                                .map_or_else(String::new, |e| e.to_string())
                        });
                        self.notice
                            .set(Some(format!("That piece cannot travel: {why}.")));
                    }
                    Err(e) => self.notice.set(Some(e.to_string())),
                }
            }
            return false;
        }
        let Some((latest_t, position)) = self.latest_of(BranchId(cell.row)) else {
            return false;
        };
        let on_latest = cell.t == latest_t && self.pending(BranchId(cell.row));
        if !on_latest {
            if self.selected.get_untracked().is_some() || self.traveller.get_untracked().is_some() {
                self.notice.set(Some(
                    "Not a legal square there: pick a marked one, or press Escape.".into(),
                ));
            }
            return false;
        }
        let b = BranchId(cell.row);
        if focus != Some(b) {
            self.set_focus(b);
        }
        if self.staged.get_untracked().is_some() {
            // A new choice on the latest board replaces the staged move.
            self.clear();
        }
        // A destination of the selected piece stages the move.
        if let Some(from) = self.selected.get_untracked() {
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
                self.selected.set(None);
                self.staged.set(Some(mv));
                self.notice.set(None);
                return false;
            }
        }
        match position.piece_at(sq) {
            Some(p) if p.color == player => {
                self.selected.set(Some(sq));
                self.notice.set(None);
                true
            }
            _ => {
                self.selected.set(None);
                false
            }
        }
    }

    fn marks_untracked(&self) -> HashMap<Cell, Vec<(Square, Mark)>> {
        untrack(|| self.marks())
    }

    /// Plays the staged move without travel.
    pub fn play_staged(&self) {
        if let (Some(b), Some(mv)) = (self.focus.get_untracked(), self.staged.get_untracked()) {
            self.play(BranchTurn::plain(b, mv));
        }
    }

    /// Plays a branch-turn; on refusal says why and keeps the choices.
    pub fn play(&self, turn: BranchTurn) {
        let mut result: Result<(), BranchingError> = Ok(());
        self.game.update(|g| {
            result = g.play(&turn).map(|_| ());
        });
        match result {
            Ok(()) => {
                self.clear();
                self.trans.set(false);
                self.notice.set(None);
                self.focus_next_pending();
                self.autosave();
            }
            Err(e) => self.notice.set(Some(format!("Refused: {e}."))),
        }
    }

    /// Resigns the focus branch for the side to play.
    pub fn resign_branch(&self) {
        let Some(b) = self.focus.get_untracked() else {
            return;
        };
        let by = self.player();
        let mut result = Ok(());
        self.game.update(|g| result = g.resign_branch(b, by));
        match result {
            Ok(()) => {
                self.clear();
                self.focus_next_pending();
                self.autosave();
            }
            Err(e) => self.notice.set(Some(format!("Refused: {e}."))),
        }
    }

    /// Resigns the whole game for the side to play.
    pub fn resign(&self) {
        let by = self.player();
        let mut result = Ok(());
        self.game.update(|g| result = g.resign(by));
        match result {
            Ok(()) => {
                self.clear();
                self.focus.set(None);
                self.autosave();
            }
            Err(e) => self.notice.set(Some(format!("Refused: {e}."))),
        }
    }

    /// The storage record of the game as it stands.
    #[must_use]
    pub fn record(&self) -> SaveRecord {
        let id = self.id.get_value();
        let name = self.name.get_untracked();
        self.game.with_untracked(|g| record_of(id, &name, g))
    }

    /// Saves the game now (the storage message says when it fails).
    pub fn autosave(&self) {
        if let Some(saves) = use_context::<Saves>() {
            let _ = saves.save_other(self.record());
        }
    }
}

/// The storage record of a game: kind Branching, payload the rules module's record.
#[must_use]
pub fn record_of(id: GameId, name: &str, game: &Game) -> SaveRecord {
    let payload = serde_json::to_value(game.to_record()).unwrap_or_default();
    let mut r = SaveRecord::new(
        id,
        GameKind::Branching,
        name,
        variant_words(game),
        0,
        payload,
    );
    r.to_move = game.phase().player;
    r.result = match game.result() {
        None => GameResult::Ongoing,
        Some(res) => {
            let reason = format!(
                "{}–{} in branches, {} drawn",
                res.score.white, res.score.black, res.score.draws
            );
            match res.winner {
                Some(Color::White) => GameResult::WhiteWins { reason },
                Some(Color::Black) => GameResult::BlackWins { reason },
                None => GameResult::Draw { reason },
            }
        }
    };
    r
}

/// The queen to sacrifice for a crossing from `b` after `mv`: an own queen on the
/// board after the move (the first found).
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

/// The row (branch) that draws the board at time `t` of `b`'s lineage.
#[must_use]
pub fn owner_row(game: &Game, b: BranchId, t: u32) -> Option<u32> {
    let mut cur = game.branch(b).ok()?;
    loop {
        if t >= cur.first_t() {
            return Some(cur.id().0);
        }
        cur = game.branch(cur.parent()?).ok()?;
    }
}
