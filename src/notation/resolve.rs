//! From 5dpgn text to engine moves: the start position of a [`GameText`] and
//! each written move matched against the legal moves of the staged state.
//!
//! Tolerances (`shared/rules/5dpgn.md`, section 7): a missing board prefix
//! (any playable board matches), shortened moves, SAN disambiguation, `>` and
//! `>>` decided from the state (the mark is only a hint), `x` ignored,
//! en passant written onto the empty square, `O-O`/`O-O-O` as the king's
//! two-square move towards the h-side / a-side rook, the long same-board form,
//! and the export form without jump marks.

use super::ast::{ActionText, BoardText, CastleText, GameText, JumpText, MoveText, Span};
use super::reader::parse_size;
use crate::chess::{Color, PieceKind, Placement};
use crate::fived::coords::{half_turn, timeline_from_label, timeline_label};
use crate::fived::{boards, Game, InitialBoard, Move, Multiverse};

/// Why the start position of a game could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupFailure {
    /// Where (the board line or tag), if known.
    pub span: Option<Span>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SetupFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.span {
            Some(s) => write!(f, "{s}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SetupFailure {}

/// Why a written move could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolveError {
    /// Where the move is written.
    pub span: Span,
    /// Index of the action (0 = White's first).
    pub action: usize,
    /// The side playing it.
    pub color: Color,
    /// The move as written.
    pub text: String,
    /// Why it fails.
    pub reason: String,
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: action {} ({}), move `{}`: {}",
            self.span,
            self.action + 1,
            self.color,
            self.text,
            self.reason
        )
    }
}

impl std::error::Error for ResolveError {}

fn promotions_from_tag(value: &str) -> Vec<PieceKind> {
    value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|s| {
            let s = s.trim();
            let mut cs = s.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => PieceKind::from_letter(c),
                _ => None,
            }
        })
        .collect()
}

/// The start position a game's tags and 5DFEN lines describe.
///
/// # Errors
/// A [`SetupFailure`] for an unknown board name or inconsistent 5DFEN boards.
pub fn start_position(game: &GameText) -> Result<Multiverse, SetupFailure> {
    let board_name = game
        .tag("Board")
        .or_else(|| game.tag("Variant"))
        .unwrap_or("Standard");
    let variant = boards::find(board_name);
    let promotions = game
        .tag("Promotions")
        .map(promotions_from_tag)
        .filter(|p| !p.is_empty())
        .or_else(|| variant.map(|v| v.promotions.to_vec()))
        .unwrap_or_else(|| vec![PieceKind::Queen]);
    if game.fen_boards.is_empty() {
        let v = boards::lookup(board_name).map_err(|e| SetupFailure {
            span: None,
            message: e.to_string(),
        })?;
        let mut m = Multiverse::from_variant(v).map_err(|e| SetupFailure {
            span: None,
            message: e.to_string(),
        })?;
        if game.tag("Promotions").is_some() {
            m = m.with_promotions(&promotions);
        }
        return Ok(m);
    }
    let (width, height) = match game.tag("Size").and_then(parse_size) {
        Some(s) => s,
        None => match variant {
            Some(v) => (v.width, v.height),
            None => {
                let first = &game.fen_boards[0].pieces;
                let rows: Vec<&str> = first.split('/').collect();
                let width = rows
                    .first()
                    .map(|r| {
                        r.chars()
                            .filter(|c| *c != '*' && *c != '+')
                            .map(|c| c.to_digit(10).unwrap_or(1) as usize)
                            .sum::<usize>()
                    })
                    .unwrap_or(8);
                (
                    u8::try_from(width).unwrap_or(8),
                    u8::try_from(rows.len()).unwrap_or(8),
                )
            }
        },
    };
    let even = game
        .fen_boards
        .iter()
        .any(|b| b.timeline.number == 0 && b.timeline.sign.is_some());
    let mut initial = Vec::new();
    for b in &game.fen_boards {
        let placement =
            Placement::from_fen(&b.pieces, width, height).map_err(|e| SetupFailure {
                span: Some(b.span),
                message: e.to_string(),
            })?;
        initial.push(InitialBoard {
            l: timeline_from_label(b.timeline.sign, b.timeline.number, even),
            turn: i32::try_from(b.turn).unwrap_or(i32::MAX / 4),
            to_move: b.to_move,
            placement,
        });
    }
    let m = Multiverse::from_boards(width, height, even, &promotions, &initial).map_err(|e| {
        SetupFailure {
            span: game.fen_boards.first().map(|b| b.span),
            message: e.to_string(),
        }
    })?;
    // `InitialMultiverses` names the initial timelines (5d-chess.md
    // section 5); without it only timeline 0 (`-0`/`+0`) is initial.
    match game.tag("InitialMultiverses") {
        None => Ok(m),
        Some(value) => {
            let range = initial_range(value, even).ok_or_else(|| SetupFailure {
                span: None,
                message: format!("InitialMultiverses \"{value}\": expected timeline labels"),
            })?;
            Ok(m.with_initial_timelines(range.0, range.1))
        }
    }
}

/// The smallest and largest internal timeline numbers of the labels in an
/// `InitialMultiverses` value (`"-0 +0"`, `"0"`, `"-1 0 1"`), or `None` if
/// it holds no label or something else.
fn initial_range(value: &str, even: bool) -> Option<(i32, i32)> {
    let mut range: Option<(i32, i32)> = None;
    for word in value
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let (sign, digits) = match word.as_bytes()[0] {
            b'+' => (Some('+'), &word[1..]),
            b'-' => (Some('-'), &word[1..]),
            _ => (None, word),
        };
        let number: u32 = digits.parse().ok()?;
        let l = timeline_from_label(sign, number, even);
        range = Some(range.map_or((l, l), |(lo, hi)| (lo.min(l), hi.max(l))));
    }
    range
}

fn board_matches(game: &Game, text: &BoardText, l: i32, v: i32) -> bool {
    let m = game.multiverse();
    if let Some(t) = text.timeline {
        if timeline_from_label(t.sign, t.number, m.even()) != l {
            return false;
        }
    }
    if let Some(turn) = text.turn {
        let turn = i32::try_from(turn).unwrap_or(-1);
        if half_turn(turn, game.to_move()) != v {
            return false;
        }
    }
    true
}

fn piece_name(color: Color, kind: PieceKind) -> String {
    format!("{} {}", color.name().to_ascii_lowercase(), kind.name())
}

/// The engine move a written move stands for in the current (staged) state.
///
/// # Errors
/// A sentence saying why: no such piece, no legal move matches, or several
/// moves match.
pub fn resolve_move(game: &Game, mt: &MoveText) -> Result<Move, String> {
    let mv = game.multiverse();
    let color = game.to_move();
    let default_promo = mv.promotions()[0];
    let candidates = game.candidate_moves();
    let kind_of = |m: &Move| {
        mv.board(m.from.board.l, m.from.board.v)
            .and_then(|b| b.piece_at(m.from.square))
            .map(|p| p.piece.kind)
    };
    let full_from = mt.from_file.is_some() && mt.from_rank.is_some();
    let matches = |m: &Move, any_piece: bool| -> bool {
        if let Some(src) = &mt.source {
            if !board_matches(game, src, m.from.board.l, m.from.board.v) {
                return false;
            }
        }
        let kind = kind_of(m);
        if let Some(c) = mt.castle {
            let dx = i32::from(m.to.square.x) - i32::from(m.from.square.x);
            let want = if c == CastleText::KingSide { 2 } else { -2 };
            return kind == Some(PieceKind::King) && m.is_physical() && dx == want;
        }
        match mt.piece {
            Some(k) => {
                if kind != Some(k) {
                    return false;
                }
            }
            None => {
                if !any_piece && kind != Some(PieceKind::Pawn) {
                    return false;
                }
            }
        }
        if let Some(f) = mt.from_file {
            if m.from.square.x != f {
                return false;
            }
        }
        if let Some(r) = mt.from_rank {
            if m.from.square.y != r {
                return false;
            }
        }
        if let Some(to) = mt.to {
            if m.to.square != to {
                return false;
            }
        }
        match (&mt.target, mt.jump) {
            (Some(t), _) => {
                if !board_matches(game, t, m.to.board.l, m.to.board.v) {
                    return false;
                }
                // `(0T1)e2(0T1)e3` with no turn/timeline difference is physical.
            }
            (None, JumpText::None) => {
                if !m.is_physical() {
                    return false;
                }
            }
            (None, _) => {
                if m.is_physical() {
                    return false;
                }
            }
        }
        match mt.promotion {
            Some(p) => m.promotion == Some(p),
            None => m.promotion.is_none() || m.promotion == Some(default_promo),
        }
    };
    let mut found: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| matches(m, false))
        .collect();
    if found.is_empty() && mt.piece.is_none() && mt.castle.is_none() {
        // ftxi's long and export forms omit the letter of any piece.
        found = candidates
            .iter()
            .copied()
            .filter(|m| matches(m, true))
            .collect();
        if !full_from && found.len() > 1 {
            found.clear();
        }
    }
    if found.len() > 1 {
        // The jump mark is a hint: prefer the moves it describes.
        let hinted: Vec<Move> = found
            .iter()
            .copied()
            .filter(|m| match mt.jump {
                JumpText::Hop => !game.is_branching(m),
                JumpText::Branch => game.is_branching(m),
                JumpText::None => true,
            })
            .collect();
        if !hinted.is_empty() {
            found = hinted;
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(explain_no_match(game, mt)),
        n => {
            let kind = mt.piece.unwrap_or(PieceKind::Pawn);
            Err(format!(
                "{n} {}s can make this move; add the source square",
                piece_name(color, kind)
            ))
        }
    }
}

fn explain_no_match(game: &Game, mt: &MoveText) -> String {
    let mv = game.multiverse();
    let color = game.to_move();
    let kind = if mt.castle.is_some() {
        PieceKind::King
    } else {
        mt.piece.unwrap_or(PieceKind::Pawn)
    };
    let where_ = match &mt.source {
        Some(BoardText {
            timeline: Some(t),
            turn: Some(turn),
        }) => {
            let l = timeline_from_label(t.sign, t.number, mv.even());
            let turn_i = i32::try_from(*turn).unwrap_or(-1);
            let v = half_turn(turn_i, color);
            if mv.board(l, v).is_none() {
                return format!(
                    "there is no board on timeline {}, turn {turn} with {} to move",
                    timeline_label(l, mv.even()),
                    color.name()
                );
            }
            if !mv.is_playable(crate::fived::BoardId { l, v }, color) {
                return format!(
                    "the board on timeline {}, turn {turn} cannot be played by {} now",
                    timeline_label(l, mv.even()),
                    color.name()
                );
            }
            if let (Some(f), Some(r)) = (mt.from_file, mt.from_rank) {
                let sq = crate::chess::Square { x: f, y: r };
                let has = mv
                    .board(l, v)
                    .and_then(|b| b.piece_at(sq))
                    .is_some_and(|p| p.piece.color == color && p.piece.kind == kind);
                if !has && mt.piece.is_some() {
                    return format!(
                        "no {} on {sq} of timeline {}, turn {turn}",
                        piece_name(color, kind),
                        timeline_label(l, mv.even())
                    );
                }
            }
            format!(
                " from timeline {}, turn {turn}",
                timeline_label(l, mv.even())
            )
        }
        _ => String::new(),
    };
    let to = mt.to.map(|s| format!(" to {s}")).unwrap_or_default();
    format!(
        "no legal move of a {}{where_}{to} matches",
        piece_name(color, kind)
    )
}

/// A game replayed from its text: the start position and the game after
/// every action that could be played.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game after the last playable action (staged moves empty).
    pub game: Game,
    /// How many actions were played.
    pub played: usize,
    /// The first action that could not be played, and why.
    pub error: Option<ResolveError>,
}

fn play_action(game: &mut Game, index: usize, action: &ActionText) -> Result<(), ResolveError> {
    let fail = |mt: &MoveText, reason: String| ResolveError {
        span: mt.span,
        action: index,
        color: action.color,
        text: mt.text.clone(),
        reason,
    };
    if action.color != game.to_move() {
        return Err(ResolveError {
            span: action.span,
            action: index,
            color: action.color,
            text: String::new(),
            reason: format!("it is {}'s turn, not {}'s", game.to_move(), action.color),
        });
    }
    for mt in &action.moves {
        let m = resolve_move(game, mt).map_err(|r| fail(mt, r))?;
        game.play(m).map_err(|e| fail(mt, e.to_string()))?;
    }
    game.submit().map_err(|e| {
        while game.undo().is_some() {}
        ResolveError {
            span: action.span,
            action: index,
            color: action.color,
            text: action
                .moves
                .iter()
                .map(|m| m.text.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            reason: format!("the action cannot be submitted: {e}"),
        }
    })
}

/// Replays a game, calling `each(pos, game)` on every position (0 = start,
/// k = after k actions). Stops at the first action that cannot be played.
///
/// # Errors
/// A [`SetupFailure`] if the start position cannot be built.
pub fn replay<F: FnMut(usize, &Game)>(
    text: &GameText,
    mut each: F,
) -> Result<Replay, SetupFailure> {
    let start = start_position(text)?;
    let mut game = Game::new(start);
    each(0, &game);
    let mut played = 0;
    for (i, action) in text.actions.iter().enumerate() {
        if action.moves.is_empty() {
            continue;
        }
        if let Err(e) = play_action(&mut game, i, action) {
            return Ok(Replay {
                game,
                played,
                error: Some(e),
            });
        }
        played += 1;
        each(played, &game);
    }
    Ok(Replay {
        game,
        played,
        error: None,
    })
}

/// The label of one position, as in `shared/corpus/expected.tsv`.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionLabel {
    /// 0 = start, k = after k actions.
    pub pos: usize,
    /// The side to move.
    pub side: Color,
    /// min(legal actions, cap), or `None` if the search budget ran out.
    pub count: Option<u64>,
    /// `checkmate` / `stalemate` when the count is 0, otherwise `none`
    /// (`unknown` when the count is unknown).
    pub status: &'static str,
    /// Milliseconds spent deciding this position.
    pub millis: f64,
}

/// The labels of every position of a game, and the error that stopped the
/// replay, if any.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// One label per position reached.
    pub labels: Vec<PositionLabel>,
    /// Why the replay stopped early (unreadable text, bad setup, or an
    /// action that cannot be played).
    pub error: Option<String>,
}

/// Reads a 5dpgn text, replays it, and labels every position (or only the
/// last one with `last_only`): the number of legal actions capped at `cap`
/// (`None`: uncapped) and the status.
#[must_use]
pub fn analyze_text(
    text: &str,
    cap: Option<u64>,
    budget: crate::fived::Budget,
    last_only: bool,
) -> Analysis {
    analyze_text_with(text, cap, budget, last_only, true)
}

/// As [`analyze_text`], choosing whether Black pawns may double-step across
/// two timelines (`false` reproduces ftxi's known defect, for comparisons).
#[must_use]
pub fn analyze_text_with(
    text: &str,
    cap: Option<u64>,
    budget: crate::fived::Budget,
    last_only: bool,
    black_timeline_double_step: bool,
) -> Analysis {
    let read = match super::reader::read(text) {
        Ok(r) => r,
        Err(e) => {
            return Analysis {
                labels: Vec::new(),
                error: Some(e.to_string()),
            }
        }
    };
    let mut positions: Vec<(usize, Multiverse)> = Vec::new();
    let replayed = replay(&read.game, |pos, g| {
        if !last_only {
            positions.push((pos, g.committed()));
        } else {
            positions.clear();
            positions.push((pos, g.committed()));
        }
    });
    let error = match &replayed {
        Err(e) => Some(e.to_string()),
        Ok(r) => r.error.as_ref().map(ToString::to_string),
    };
    let labels = positions
        .iter()
        .map(|(pos, m)| {
            let m = m
                .clone()
                .with_black_timeline_double_step(black_timeline_double_step);
            label_position(*pos, &m, cap, budget)
        })
        .collect();
    Analysis { labels, error }
}

/// Counts and classifies one position.
#[must_use]
pub fn label_position(
    pos: usize,
    m: &Multiverse,
    cap: Option<u64>,
    budget: crate::fived::Budget,
) -> PositionLabel {
    let t = std::time::Instant::now();
    let count = crate::fived::search::count_legal_actions(m, cap, budget).known();
    let status = match count {
        None => "unknown",
        Some(0) if m.in_check() => "checkmate",
        Some(0) => "stalemate",
        Some(_) => "none",
    };
    PositionLabel {
        pos,
        side: m.to_move(),
        count,
        status,
        millis: t.elapsed().as_secs_f64() * 1000.0,
    }
}
