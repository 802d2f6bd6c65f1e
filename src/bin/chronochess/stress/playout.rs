//! Random and adversarial playouts: games played by staging moves one at a
//! time through [`Game`], with a bias chosen per game.
//!
//! An action is built by sampling candidate moves of the staged position,
//! scoring a few of them (each is played, looked at and taken back) and
//! playing one, until the action may be submitted; a move that adds a way for
//! the opponent to take a royal piece is not played. If a few attempts fail
//! (in check on several boards, say), the engine's own search supplies an
//! action within a node budget; if it proves there is none the game is over,
//! and if it runs out the game stops there (that position is kept: the search
//! found it hard).
//!
//! The biases ([`Style`]): uniform; giving checks (many at once); branching
//! (jumps into the past, so timelines multiply); moving kings to other
//! timelines (which leaves timelines without a royal piece); and `swarm`, all
//! of the last three at once with actions over more boards (many checks
//! spread over many timelines, the shape of the real games that blew the
//! search up in issue 14). Everything is driven by a seeded generator, so a
//! seed gives the same games.

use chronochess::chess::PieceKind;
use chronochess::fived::search::any_legal_action;
use chronochess::fived::{boards::Variant, Answer, Budget, Game, Move, Multiverse};
use chronochess::notation;

/// A small seeded generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Uniform among the moves that add no check against the mover.
    Random,
    /// Prefers moves that give checks, many at once.
    Checks,
    /// Prefers branching jumps.
    Branching,
    /// Prefers kings changing timeline, then checks and branching.
    Kings,
    /// Checks, branching and kings changing timeline all strongly preferred,
    /// and actions that go on to more boards: many checks over many
    /// timelines. Not in [`Style::ALL`] (that would change the games of
    /// every seed); chosen with `stress generate --styles`.
    Swarm,
}

impl Style {
    /// Every style, in the order games cycle through them.
    pub const ALL: [Style; 4] = [Style::Random, Style::Checks, Style::Branching, Style::Kings];

    /// Its name in the data file.
    pub fn name(self) -> &'static str {
        match self {
            Style::Random => "random",
            Style::Checks => "checks",
            Style::Branching => "branching",
            Style::Kings => "kings",
            Style::Swarm => "swarm",
        }
    }

    /// The style with that name.
    pub fn parse(name: &str) -> Option<Style> {
        [
            Style::Random,
            Style::Checks,
            Style::Branching,
            Style::Kings,
            Style::Swarm,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// The chance of submitting as soon as the staged action may be
    /// submitted (else another board is played first).
    fn submit_chance(self) -> f64 {
        if self == Style::Swarm {
            0.25
        } else {
            0.6
        }
    }
}

/// How one playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The side to move has no legal action.
    NoAction,
    /// The search could not find an action within its budget.
    SearchGaveUp,
    /// The ply or timeline limit was reached.
    Limit,
}

/// One played game.
#[derive(Debug, Clone)]
pub struct Playout {
    /// Its start.
    pub start: Multiverse,
    /// The actions played.
    pub actions: Vec<Vec<Move>>,
    /// Per action: did a king change timeline in it?
    pub king_travel: Vec<bool>,
    /// Per action: was it the search's (the staging attempts failed)?
    pub from_search: Vec<bool>,
    /// How it ended.
    pub end: End,
}

/// Limits of one playout.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Actions at most.
    pub plies: usize,
    /// Stop once this many timelines exist; branching is no longer favoured
    /// past it.
    pub timelines: usize,
    /// Node budget of the fallback search.
    pub search_budget: u64,
}

fn is_king_travel(m: &Multiverse, mv: &Move) -> bool {
    mv.from.board.l != mv.to.board.l
        && m.board(mv.from.board.l, mv.from.board.v)
            .and_then(|b| b.piece_at(mv.from.square))
            .is_some_and(|p| p.piece.kind.is_royal())
}

fn timeline_count(m: &Multiverse) -> usize {
    super::data::timelines(m)
}

/// Scores a move (played, looked at, taken back); `None` if it adds a check
/// against the mover.
fn score(
    game: &mut Game,
    mv: Move,
    style: Style,
    want_branches: bool,
    rng: &mut Rng,
) -> Option<i64> {
    let mover = game.to_move();
    let before = game.checks().len();
    let branch = game.is_branching(&mv);
    let king = is_king_travel(game.multiverse(), &mv);
    let capture = game
        .multiverse()
        .board(mv.to.board.l, mv.to.board.v)
        .and_then(|b| b.piece_at(mv.to.square))
        .is_some();
    let pawn = game
        .multiverse()
        .board(mv.from.board.l, mv.from.board.v)
        .and_then(|b| b.piece_at(mv.from.square))
        .is_some_and(|p| p.piece.kind == PieceKind::Pawn);
    game.play(mv).ok()?;
    let after = game.checks().len();
    let gives = game.multiverse().royal_captures(mover).len() as i64;
    game.undo();
    if after > before || (branch && !want_branches) {
        return None;
    }
    let noise = (rng.next_u64() % 8) as i64;
    let fixes = (before - after) as i64;
    let branch = i64::from(branch && want_branches);
    let (king, capture, pawn) = (i64::from(king), i64::from(capture), i64::from(pawn));
    Some(match style {
        Style::Random => noise,
        Style::Checks => 20 * gives + 6 * branch + 10 * fixes + 4 * capture + noise,
        Style::Branching => 25 * branch + 6 * gives + 10 * fixes + 2 * capture + noise,
        Style::Kings => 40 * king + 8 * gives + 8 * branch + 10 * fixes - 2 * pawn + noise,
        Style::Swarm => 25 * gives + 15 * branch + 20 * king + 10 * fixes + 2 * capture + noise,
    })
}

/// Tries to build an action by staging sampled moves; `true` with the
/// action staged, `false` with nothing staged.
fn stage_action(game: &mut Game, style: Style, target: usize, rng: &mut Rng) -> bool {
    let boards = game
        .multiverse()
        .playable_boards(game.to_move())
        .len()
        .max(1);
    for _attempt in 0..4 {
        for _step in 0..(3 * boards + 4) {
            if game.can_submit().is_ok() && rng.chance(style.submit_chance()) {
                return true;
            }
            let want_branches = timeline_count(game.multiverse()) < target;
            let cands = game.candidate_moves();
            if cands.is_empty() {
                break;
            }
            // Each sampled move costs two scans of the whole multiverse for
            // checks: sample fewer on big positions.
            let sample = if boards > 8 { 6 } else { 16 }.min(cands.len());
            let mut best: Option<(i64, Move)> = None;
            for _ in 0..sample {
                let mv = cands[rng.below(cands.len())];
                if let Some(s) = score(game, mv, style, want_branches, rng) {
                    if best.is_none_or(|(b, _)| s > b) {
                        best = Some((s, mv));
                    }
                }
            }
            let Some((_, mv)) = best else { break };
            if game.play(mv).is_err() {
                break;
            }
        }
        if game.can_submit().is_ok() {
            return true;
        }
        while game.undo().is_some() {}
    }
    false
}

/// Plays one game from `variant`.
pub fn play(variant: &Variant, style: Style, limits: Limits, rng: &mut Rng) -> Option<Playout> {
    let start = Multiverse::from_variant(variant).ok()?;
    let mut game = Game::new(start.clone());
    let mut out = Playout {
        start,
        actions: Vec::new(),
        king_travel: Vec::new(),
        from_search: Vec::new(),
        end: End::Limit,
    };
    while out.actions.len() < limits.plies {
        let tl = timeline_count(game.multiverse());
        if tl >= limits.timelines + 2 {
            break;
        }
        let (staged, searched) = if stage_action(&mut game, style, limits.timelines, rng) {
            (game.staged().copied().collect::<Vec<Move>>(), false)
        } else {
            match any_legal_action(&game.committed(), Budget::nodes(limits.search_budget)) {
                Answer::Known(Some(a)) => {
                    for m in &a {
                        if game.play(*m).is_err() {
                            return None;
                        }
                    }
                    (a, true)
                }
                Answer::Known(None) => {
                    out.end = End::NoAction;
                    break;
                }
                Answer::Unknown => {
                    out.end = End::SearchGaveUp;
                    break;
                }
            }
        };
        // Kings changing timeline, read off the staged position move by move.
        let mut probe = Game::new(game.committed());
        let mut king = false;
        for m in &staged {
            king |= is_king_travel(probe.multiverse(), m);
            if probe.play(*m).is_err() {
                return None;
            }
        }
        if game.submit().is_err() {
            return None;
        }
        out.actions.push(staged);
        out.king_travel.push(king);
        out.from_search.push(searched);
    }
    Some(out)
}

/// The 5dpgn text of a playout (tags, then the canonical moves).
pub fn pgn(variant: &Variant, p: &Playout, upto: usize) -> Result<String, String> {
    use notation::ast::{ActionText, GameText, Span};
    let mut game = Game::new(p.start.clone());
    let mut actions = Vec::new();
    for (i, action) in p.actions.iter().take(upto).enumerate() {
        let color = game.to_move();
        let mut moves = Vec::new();
        for mv in action {
            moves.push(notation::export::move_text(game.multiverse(), mv)?);
            game.play(*mv).map_err(|e| e.to_string())?;
        }
        game.submit().map_err(|e| e.to_string())?;
        let turn = chronochess::fived::coords::turn_of(p.start.present());
        actions.push(ActionText {
            span: Span::default(),
            color,
            turn_label: (i == 0).then(|| u32::try_from(turn).unwrap_or(1)),
            moves,
            comments: Vec::new(),
        });
    }
    let text = GameText {
        tags: vec![
            ("Board".to_string(), variant.name.to_string()),
            ("Mode".to_string(), "5D".to_string()),
        ],
        fen_boards: Vec::new(),
        actions,
        result: None,
    };
    Ok(notation::write(&text))
}
