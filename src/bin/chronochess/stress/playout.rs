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
use chronochess::fived::search::{any_legal_action, count_legal_actions_traced, outcome_traced};
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
    /// How many of the first actions were given (a game continued from a
    /// known position, [`play_from`]); 0 for a game played from its start.
    pub prefix: usize,
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
    /// Candidate actions staged per action when steering (see
    /// [`steered_action`]); 0 or 1: no steering, the first staged action is
    /// played.
    pub steer: usize,
    /// Node budget of each of the two searches that measure a candidate's
    /// cost when steering.
    pub steer_nodes: u64,
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

/// What the exact search spends on a position, within `nodes` per search:
/// ten times `outcome`'s nodes (both of its searches) plus the nodes of the
/// legal action count capped at [`super::data::CAP`] (the two things `stress
/// check` measures). The weight puts the two on one scale: a count visits at
/// least one node per action (up to the cap), and the suites call a row slow
/// at about 5 000 outcome nodes but 50 000 count nodes. A search that runs
/// out counts its whole budget.
pub fn search_cost(m: &Multiverse, nodes: u64) -> u64 {
    let (_, used) = outcome_traced(m, Budget::nodes(nodes));
    let (_, counted) = count_legal_actions_traced(m, Some(super::data::CAP), Budget::nodes(nodes));
    10 * (used[0] + used[1]) + counted
}

/// The adversarial driver: stages up to `k` candidate actions from
/// `committed` (each as the style stages one, on a copy of the position),
/// submits each, and keeps the one after which the opponent's position costs
/// the exact search most ([`search_cost`] within `nodes` per search): a
/// hill-climb on the search's effort, so both sides steer the game toward
/// positions the search finds hard. Returns the chosen action and every
/// staged candidate's cost in staging order (the first of equal costs is
/// chosen), or `None` if no candidate could be staged.
pub fn steered_action(
    committed: &Multiverse,
    style: Style,
    target: usize,
    k: usize,
    nodes: u64,
    rng: &mut Rng,
) -> Option<(Vec<Move>, Vec<u64>)> {
    let mut best: Option<(u64, Vec<Move>)> = None;
    let mut costs = Vec::new();
    for _ in 0..k.max(1) {
        let mut trial = Game::new(committed.clone());
        if !stage_action(&mut trial, style, target, rng) {
            continue;
        }
        let moves: Vec<Move> = trial.staged().copied().collect();
        if trial.submit().is_err() {
            continue;
        }
        let cost = search_cost(&trial.committed(), nodes);
        costs.push(cost);
        if best.as_ref().is_none_or(|(b, _)| cost > *b) {
            best = Some((cost, moves));
        }
    }
    best.map(|(_, moves)| (moves, costs))
}

/// Plays one game from `variant`.
pub fn play(variant: &Variant, style: Style, limits: Limits, rng: &mut Rng) -> Option<Playout> {
    play_from(variant, &[], style, limits, rng)
}

/// Plays one game from `variant` that begins with the actions `prefix`
/// (a known position, say one the search found hard, continued with other
/// actions: a local search around it), then up to `limits.plies` more
/// actions as [`play`] does. `None` if the variant does not build or the
/// prefix does not replay.
pub fn play_from(
    variant: &Variant,
    prefix: &[Vec<Move>],
    style: Style,
    limits: Limits,
    rng: &mut Rng,
) -> Option<Playout> {
    let start = Multiverse::from_variant(variant).ok()?;
    let mut game = Game::new(start.clone());
    let mut out = Playout {
        start,
        actions: Vec::new(),
        king_travel: Vec::new(),
        from_search: Vec::new(),
        end: End::Limit,
        prefix: prefix.len(),
    };
    for action in prefix {
        let mut king = false;
        for m in action {
            king |= is_king_travel(game.multiverse(), m);
            game.play(*m).ok()?;
        }
        game.submit().ok()?;
        out.actions.push(action.clone());
        out.king_travel.push(king);
        out.from_search.push(false);
    }
    while out.actions.len() < out.prefix + limits.plies {
        let tl = timeline_count(game.multiverse());
        if tl >= limits.timelines + 2 {
            break;
        }
        let steered = if limits.steer > 1 {
            let k = limits.steer;
            steered_action(
                &game.committed(),
                style,
                limits.timelines,
                k,
                limits.steer_nodes,
                rng,
            )
        } else {
            None
        };
        let (staged, searched) = if let Some((moves, _)) = steered {
            for m in &moves {
                if game.play(*m).is_err() {
                    return None;
                }
            }
            (moves, false)
        } else if limits.steer <= 1 && stage_action(&mut game, style, limits.timelines, rng) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use chronochess::fived::boards;

    fn standard() -> &'static Variant {
        boards::CATALOGUE
            .iter()
            .find(|v| v.is_called("Standard"))
            .expect("Standard is in the catalogue")
    }

    /// Unsteered playouts of twelve actions up to 30 timelines.
    fn twelve_plies() -> Limits {
        Limits {
            plies: 12,
            timelines: 30,
            search_budget: 300_000,
            steer: 0,
            steer_nodes: 0,
        }
    }

    /// A swarm game of Standard, a dozen actions in: several timelines, so
    /// candidate actions differ in what they cost the search.
    fn midgame() -> Multiverse {
        let limits = twelve_plies();
        let p = play(standard(), Style::Swarm, limits, &mut Rng(11)).expect("a playout");
        let mut game = Game::new(p.start.clone());
        for action in &p.actions {
            for m in action {
                game.play(*m).expect("replays");
            }
            game.submit().expect("submits");
        }
        game.committed()
    }

    #[test]
    fn steering_keeps_the_costliest_candidate() {
        let m = midgame();
        let (moves, costs) =
            steered_action(&m, Style::Checks, 30, 6, 20_000, &mut Rng(5)).expect("candidates");
        assert!(costs.len() > 1, "{costs:?}");
        let max = *costs.iter().max().expect("costs");
        assert!(
            costs.iter().any(|&c| c < max),
            "all candidates cost the same: {costs:?}"
        );
        let mut game = Game::new(m);
        for mv in &moves {
            game.play(*mv).expect("the chosen action replays");
        }
        game.submit().expect("the chosen action submits");
        assert_eq!(search_cost(&game.committed(), 20_000), max);
    }

    #[test]
    fn a_playout_from_a_prefix_keeps_it_and_plays_on() {
        let limits = twelve_plies();
        let base = play(standard(), Style::Swarm, limits, &mut Rng(11)).expect("a playout");
        assert!(base.actions.len() >= 6);
        let prefix = &base.actions[..6];
        let more = Limits {
            plies: 4,
            steer: 3,
            steer_nodes: 5_000,
            ..limits
        };
        let p = play_from(standard(), prefix, Style::Checks, more, &mut Rng(4)).expect("a playout");
        assert_eq!(p.prefix, 6);
        assert_eq!(&p.actions[..6], prefix);
        assert!(
            p.actions.len() > 6 && p.actions.len() <= 10,
            "{}",
            p.actions.len()
        );
        assert_eq!(p.king_travel.len(), p.actions.len());
        let mut game = Game::new(p.start.clone());
        for action in &p.actions {
            for m in action {
                game.play(*m).expect("replays");
            }
            game.submit().expect("submits");
        }
        // Black's first action cannot open the game: the prefix is refused.
        let wrong = vec![base.actions[1].clone()];
        assert!(play_from(standard(), &wrong, Style::Checks, more, &mut Rng(4)).is_none());
    }

    #[test]
    fn a_steered_playout_is_legal_and_repeatable() {
        let limits = Limits {
            plies: 10,
            timelines: 20,
            search_budget: 300_000,
            steer: 3,
            steer_nodes: 5_000,
        };
        let a = play(standard(), Style::Checks, limits, &mut Rng(3)).expect("a playout");
        let b = play(standard(), Style::Checks, limits, &mut Rng(3)).expect("a playout");
        assert_eq!(a.actions, b.actions);
        assert!(!a.actions.is_empty());
        let mut game = Game::new(a.start.clone());
        for action in &a.actions {
            for m in action {
                game.play(*m).expect("replays");
            }
            game.submit().expect("submits");
        }
    }
}
