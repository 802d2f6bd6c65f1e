//! Alpha-beta (negamax) over whole actions with iterative deepening; the
//! children of a node come from the exact enumeration
//! ([`crate::fived::search::for_each_legal_action`]), each scored by the
//! static evaluation of the position after it, and searched best first.

use std::ops::ControlFlow;

use super::compose::greedy_actions;
pub(crate) use super::compose::{compose, compose_after, move_guess};
use super::eval::{evaluate, new_timelines_lead, MATE, MATE_BOUND};
use super::threat::ThreatMemo;
use super::{Limits, Rng};
use crate::fived::multiverse::Undo;
use crate::fived::search::{for_each_legal_action_counted, outcome, outcome_traced};
use crate::fived::{Answer, Budget, Move, Multiverse, Outcome};

/// Applied moves an enumeration at the root may use (the mate scan covers
/// every action the enumeration reaches within it).
pub(crate) const ROOT_ENUMERATION: u64 = 20_000_000;
/// Applied moves an enumeration at an inner node may use.
pub(crate) const INNER_ENUMERATION: u64 = 100_000;
/// Applied moves of the exact `outcome` search that first tests whether a
/// checking action mates (at the root, inconclusive tests are repeated with
/// the budgets of [`ROOT_PROBES`]).
pub(crate) const MATE_PROBE: u64 = 2_000;
/// The root's repeated mate tests of the checking actions whose first test
/// was inconclusive, while the clock allows.
pub(crate) const ROOT_PROBES: [u64; 2] = [100_000, 5_000_000];
/// Actions of an inner node kept for ordering (the enumeration stops there).
const INNER_CAP: usize = 400;
/// Actions of the root kept for the search (the mate scan goes on past it).
const ROOT_CAP: usize = 2_000;
/// Nodes (actions visited and their mate tests) the root's mate scan counts
/// before the clock may cut it.
pub(crate) const ROOT_MIN_SCAN: u64 = 2_000;
/// Under a node limit, the root's listing (the mate scan) stops at this
/// share of the limit (at least [`ROOT_MIN_SCAN`] nodes), so that
/// a position with millions of actions leaves the deeper search its part.
const ROOT_SCAN_SHARE: u64 = 3;
/// Applied moves an exact search may use per action of the node limit: the
/// root enumeration's budget is at most this many per node of the limit, and
/// a repeated mate test of `b` applied moves counts `b / APPLIED_PER_NODE`
/// nodes (it is skipped when the limit has no room for it), so that a node
/// limit bounds the time spent whatever the position.
pub(crate) const APPLIED_PER_NODE: u64 = 10;

/// `strongest` is ahead when the best root action of its last iteration
/// scored at least this much (its penalty, below, not counted), and not a
/// mate ([`super::Skill::simplify`]).
pub(crate) const SIMPLIFY_AHEAD: i32 = 150;
/// What a root action that makes a new timeline costs `strongest` when it
/// is ahead, in centipawns. On Very Small the side ahead on one timeline
/// often lost a won game after it branched, its own king jumping back
/// included: the multiverse that follows is where the search sees least.
pub(crate) const BRANCH_PENALTY: i32 = 300;

/// From this many timelines on, `strongest`'s branching penalty counts each
/// new timeline and what the new timelines hold ([`branch_penalty`]).
pub(crate) const MANY_TIMELINES: i32 = 4;

/// What a root action that makes `made` new timelines holding `copied`
/// for its side ([`super::eval::new_timelines_lead`]) costs `strongest`
/// when it is ahead, in a multiverse of `timelines` (the root's range):
/// below [`MANY_TIMELINES`] a flat [`BRANCH_PENALTY`] (as measured on Very
/// Small), from there on [`BRANCH_PENALTY`] for each new timeline and what
/// the new timelines hold. The evaluation sums the end boards, so a jump
/// back counts the lead of the board it lands on a second time, gained
/// without taking anything. Without this term a winning `strongest` on
/// Standard made a timeline or more nearly every action (seed 14 game 1:
/// 16 timelines and +12 896 at action 23, where it made three more), each
/// with a king of its own to defend, until a random reply found a mate in
/// two that the 2-action search could not see.
pub(crate) fn branch_penalty(timelines: (i32, i32), made: i32, copied: i32) -> i32 {
    let count = timelines.1 - timelines.0 + 1;
    if made <= 0 {
        0
    } else if count >= MANY_TIMELINES {
        BRANCH_PENALTY
            .saturating_mul(made)
            .saturating_add(copied.max(0))
    } else {
        BRANCH_PENALTY
    }
}

/// How many timelines the range `after` has beyond `before`.
fn new_timelines(before: (i32, i32), after: (i32, i32)) -> i32 {
    (after.1 - after.0 - (before.1 - before.0)).max(0)
}

/// One action of a node: its moves, the static score of the position after
/// it for the side that plays it, and whether it gives check or mate.
#[derive(Debug, Clone)]
pub(crate) struct Child {
    pub(crate) moves: Vec<Move>,
    pub(crate) score: i32,
    pub(crate) mate: bool,
    /// It gives check and the mate test was inconclusive.
    pub(crate) unresolved: bool,
    /// Nodes its exact mate test counts ([`APPLIED_PER_NODE`]).
    pub(crate) cost: u64,
    /// How many new timelines it makes.
    pub(crate) made: i32,
    /// What its new timelines hold for its side
    /// ([`super::eval::new_timelines_lead`]).
    pub(crate) copied: i32,
}

/// Plays a whole action on `pos` and hands the turn over; `None` (with
/// nothing changed) if a move cannot be applied.
pub(crate) fn play(pos: &mut Multiverse, moves: &[Move]) -> Option<Vec<Undo>> {
    let mut undos = Vec::with_capacity(moves.len());
    for m in moves {
        match pos.apply(m) {
            Some(u) => undos.push(u),
            None => {
                for u in undos.into_iter().rev() {
                    pos.undo(u);
                }
                return None;
            }
        }
    }
    pos.to_move = !pos.to_move;
    Some(undos)
}

/// Takes back what [`play`] did.
pub(crate) fn unplay(pos: &mut Multiverse, undos: Vec<Undo>) {
    pos.to_move = !pos.to_move;
    for u in undos.into_iter().rev() {
        pos.undo(u);
    }
}

/// ftxi's "in check" for the side to move (as [`Multiverse::in_check`]),
/// without cloning the multiverse: the side to move passes on every board
/// it can play, the opponent looks for a royal capture, the passes are
/// taken back.
pub(crate) fn in_check(pos: &mut Multiverse) -> bool {
    let side = pos.to_move;
    let boards = pos.playable_boards(side);
    for b in &boards {
        if let Some(board) = pos.board(b.l, b.v).cloned() {
            let k = (b.l - pos.lmin) as usize;
            pos.timelines[k].boards.push(board);
        }
    }
    let found = pos.any_royal_capture(!side);
    for b in &boards {
        let k = (b.l - pos.lmin) as usize;
        if pos.timelines[k].boards.len() > 1 {
            pos.timelines[k].boards.pop();
        }
    }
    found
}

/// The memo [`score_action`] subtracts the opponent's best capture with,
/// when the searcher counts it.
fn memo(threats: bool, memo: &mut ThreatMemo) -> Option<&mut ThreatMemo> {
    threats.then_some(memo)
}

/// Scores one legal action of the side to move of `work` (left unchanged):
/// the static evaluation after it for the side that plays it, and, with
/// `mate_test`, whether it mates (exactly, for a checking action); with
/// `threats`, less the opponent's best capture ([`super::threat::threat`],
/// through the searcher's memo of each board's).
fn score_action(
    work: &mut Multiverse,
    moves: &[Move],
    mate_test: bool,
    threats: Option<&mut ThreatMemo>,
    ply: i32,
) -> Option<Child> {
    let mover = work.to_move;
    let before = work.timeline_range();
    let undos = play(work, moves)?;
    let made = new_timelines(before, work.timeline_range());
    let copied = if made > 0 {
        new_timelines_lead(work, mover, before)
    } else {
        0
    };
    let check = in_check(work);
    let (test, applied) = if check && mate_test {
        mate_test_of(work, MATE_PROBE)
    } else {
        (Answer::Unknown, 0)
    };
    let mate = test == Answer::Known(Outcome::Checkmate);
    let unresolved = check && mate_test && test == Answer::Unknown;
    let score = if mate {
        MATE - (ply + 1)
    } else {
        evaluate(work, mover, !mover, check) - threats.map_or(0, |memo| memo.threat(work))
    };
    unplay(work, undos);
    Some(Child {
        moves: moves.to_vec(),
        score,
        mate,
        unresolved,
        cost: applied / APPLIED_PER_NODE,
        made,
        copied,
    })
}

/// The exact outcome for the side to move of `pos` (in check), within
/// `budget` applied moves; first a few composed actions are tried: one that
/// is legal proves there is no mate without the search's set-up cost. With
/// the applied moves the exact search used (0 when a composed action decided).
pub(crate) fn mate_test_of(pos: &mut Multiverse, budget: u64) -> (Answer<Outcome>, u64) {
    for salt in 0..3u64 {
        let escape = compose(pos, |p, i, options| {
            if options.is_empty() {
                None
            } else if salt == 0 {
                options
                    .iter()
                    .enumerate()
                    .max_by_key(|(k, m)| (move_guess(p, m), std::cmp::Reverse(*k)))
                    .map(|(k, _)| k)
            } else {
                Some(((salt * 7_919 + i as u64 * 104_729) % options.len() as u64) as usize)
            }
        });
        if escape.is_some() {
            return (
                Answer::Known(Outcome::Ongoing {
                    in_check: true,
                    softmate: false,
                }),
                0,
            );
        }
    }
    // Charged what it used (a mate is often refuted in a few moves).
    let (answer, used) = outcome_traced(pos, Budget::nodes(budget));
    (answer, used[0] + used[1])
}

/// Hears the best action so far: its moves, score, depth and the actions
/// visited ([`Searcher::think`]).
pub(crate) type Report<'r> = dyn FnMut(&[Move], i32, u32, u64) + 'r;

/// How [`Searcher::children`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Listing {
    /// Every legal action was visited.
    Complete,
    /// The kept list is full, or the enumeration budget ran out.
    Partial,
    /// The clock or the node limit stopped it.
    Stopped,
    /// A mating action was found (it is in the list; the rest may not be).
    Mate,
    /// An action reached the score the caller asked to stop at (it is the
    /// list's last; the rest were not listed).
    Cutoff,
}

/// The search state: a working position played forward and back.
pub(crate) struct Searcher<'a> {
    pub(crate) pos: Multiverse,
    pub(crate) limits: Limits<'a>,
    /// Nodes counted against the level's limit (`limits.nodes`): the
    /// search's, the root listing's, the safety check's.
    pub(crate) nodes: u64,
    /// The caller's node limit, which bounds the whole think: the level's
    /// own limit ([`super::Level::node_budget`]) may be lower, and the mate
    /// scan past the level's share ([`Searcher::scan_extra`]) counts only
    /// here. [`Searcher::new`] makes it the limit it is given.
    pub(crate) total: u64,
    /// Nodes of the root's mate scan past the level's share
    /// (`defence.rs`'s rest of the scan), counted against
    /// [`Searcher::total`] only: the level's search keeps its own part.
    pub(crate) scan_extra: u64,
    /// Nodes of the limit kept for the safety check
    /// ([`Searcher::safest`]): the deepening stops this far from the limit.
    pub(crate) reserve: u64,
    /// Whether [`Searcher::think`] runs the safety check (the tests turn it
    /// off to see the action it would play without it).
    pub(crate) safety: bool,
    /// Whether each report is checked for a mate in one first
    /// ([`Searcher::quick_safe`]): only when someone listens.
    pub(crate) check_reports: bool,
    /// Whether a horizon node's listing stops at the first child reaching
    /// beta (always, but in the test that compares with the full listing).
    pub(crate) horizon_cut: bool,
    /// The node count at which [`Searcher::out_of_time`] next asks the clock.
    next_clock: u64,
    pub(crate) aborted: bool,
    rng: Rng,
    /// Root actions within this many centipawns of the best may be played
    /// ([`super::Skill::margin`]).
    margin: i32,
    /// How the root listing (the mate scan) ended.
    pub(crate) root_listing: Option<Listing>,
    /// Root actions beyond the kept ones that give check and whose mate
    /// test was inconclusive.
    pub(crate) unresolved: Vec<Vec<Move>>,
    /// When the root's listing stopped short: how many actions of the
    /// enumeration it tested (`defence.rs` goes on from there).
    pub(crate) root_tested: Option<u64>,
    /// How many children a node searches, by its depth.
    pub(crate) beam: super::beam::Beam,
    /// Whether the deepening skips the odd depths past 4
    /// ([`super::Skill::even_depths`]).
    pub(crate) even_depths: bool,
    /// Whether each score is less the opponent's best capture ([`super::Skill::threats`]).
    pub(crate) threats: bool,
    /// Whether the root avoids branching when ahead
    /// ([`super::Skill::simplify`], [`SIMPLIFY_AHEAD`], [`branch_penalty`]),
    /// and a root listing cut short gets the greedy actions that do not
    /// branch too ([`greedy_actions`]).
    pub(crate) simplify: bool,
    /// Each board's best capture, as `threats` looks it up.
    threat_memo: ThreatMemo,
    /// Mating replies the safety check found, most recent first
    /// (`defence.rs`).
    pub(crate) killers: Vec<Vec<Move>>,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        pos: &Multiverse,
        limits: Limits<'a>,
        seed: u64,
        margin: i32,
    ) -> Searcher<'a> {
        Searcher {
            pos: pos.clone(),
            reserve: (limits.nodes / super::safety::SAFETY_SHARE)
                .min(limits.scan / super::safety::SCAN_PER_SAFETY),
            safety: true,
            check_reports: true,
            horizon_cut: true,
            next_clock: 0,
            total: limits.nodes,
            limits,
            nodes: 0,
            scan_extra: 0,
            aborted: false,
            rng: Rng::new(seed),
            margin,
            root_listing: None,
            unresolved: Vec::new(),
            root_tested: None,
            beam: super::beam::Beam::NARROW,
            even_depths: false,
            threats: false,
            simplify: false,
            threat_memo: ThreatMemo::default(),
            killers: Vec::new(),
        }
    }

    /// No safety check: [`Searcher::think`] plays the search's choice, and
    /// no share of the limit is kept for the check.
    pub(crate) fn without_safety(&mut self) {
        self.safety = false;
        self.reserve = 0;
    }

    /// Every node counted so far, the level's and the mate scan's past its
    /// share: what the caller's limit ([`Searcher::total`]) bounds.
    pub(crate) fn spent(&self) -> u64 {
        self.nodes.saturating_add(self.scan_extra)
    }

    /// Nodes the root's mate-scan stages may still use: the caller's limit
    /// less what was spent and the safety check's reserve.
    pub(crate) fn scan_room(&self) -> u64 {
        self.total
            .saturating_sub(self.spent().saturating_add(self.reserve))
    }

    /// The largest count of [`Searcher::nodes`] the search may reach before
    /// the safety check: the level's limit and the caller's, each less the
    /// reserve.
    fn search_cap(&self) -> u64 {
        self.limits
            .nodes
            .saturating_sub(self.reserve)
            .min(self.scan_room().saturating_add(self.nodes))
    }

    /// Whether the node limit or the clock stops the search. The clock is
    /// asked each time the count has passed another 128 nodes since it was
    /// last asked (the count moves in steps: a listing adds all it visited,
    /// and a node cut short at the horizon adds few, so a test of
    /// "a multiple of 128" could miss the clock for a whole iteration).
    fn out_of_time(&mut self) -> bool {
        let ask = self.nodes >= self.next_clock;
        if ask {
            self.next_clock = self.nodes + 128;
        }
        if self.nodes >= self.search_cap() || (ask && (self.limits.stop)()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// The legal actions of the side to move, scored; at most `keep` kept.
    /// With `mate_test`, every checking action is tested for mate (exactly,
    /// with [`MATE_PROBE`] applied moves) and the listing stops at the first
    /// mate; with `scan_all` too, the enumeration goes on after `keep`
    /// actions (only to look for a mate). The clock may cut it once it
    /// counted `clock_after` nodes (the actions visited and their mate
    /// tests; at least 128); the node limit (at the root, its
    /// share [`ROOT_SCAN_SHARE`]) at any time. When the listing is not complete,
    /// the actions composed from each board's best moves ([`greedy_actions`])
    /// are added: the enumeration's fixed order leaves them out otherwise.
    pub(crate) fn children(
        &mut self,
        keep: usize,
        budget: u64,
        mate_test: bool,
        scan_all: bool,
        clock_after: u64,
        ply: i32,
    ) -> (Vec<Child>, Listing) {
        self.children_until(
            keep,
            budget,
            mate_test,
            scan_all,
            clock_after,
            ply,
            i32::MAX,
        )
    }

    /// [`Searcher::children`], stopping at the first action whose static
    /// score reaches `cut` ([`Listing::Cutoff`]): at the horizon, where a
    /// node's score is its best child's, one child at or above beta
    /// decides the node (a fail-high), and the rest need not be listed.
    #[allow(clippy::too_many_arguments)]
    fn children_until(
        &mut self,
        keep: usize,
        budget: u64,
        mate_test: bool,
        scan_all: bool,
        clock_after: u64,
        ply: i32,
        cut: i32,
    ) -> (Vec<Child>, Listing) {
        let mut work = self.pos.clone();
        let mut kids: Vec<Child> = Vec::new();
        let mut listing = Listing::Complete;
        let mut visited = 0u64;
        // The root's listing stops at its share of a node limit.
        let cap = if ply == 0 {
            // Half for the actions visited, half for the moves applied;
            // at least ROOT_MIN_SCAN, unless the caller's limit is small.
            (self.limits.nodes / (2 * ROOT_SCAN_SHARE))
                .min(self.limits.scan / 2)
                .max(ROOT_MIN_SCAN.min(self.total / (2 * ROOT_SCAN_SHARE)))
        } else {
            self.search_cap()
        };
        // The moves an inner enumeration applies count too (after it): at
        // most as many nodes as the cap leaves, so that one listing cannot
        // overrun the limit by more than that room again (the root's
        // budget is its share already, [`Searcher::think`]).
        let budget = if ply == 0 {
            budget
        } else {
            budget.min(
                cap.saturating_sub(self.nodes)
                    .max(1)
                    .saturating_mul(APPLIED_PER_NODE),
            )
        };
        // Nodes the mate tests count.
        let mut extra = 0u64;
        // The clock is asked once the listing counted `clock_after` nodes
        // (the actions and their mate tests: with many checks the tests
        // cost most; an inner node's 128, [`Searcher::out_of_time`] asked
        // it just before), then every 128 nodes.
        let mut ask = self.nodes + clock_after.max(128);
        let (r, applied) =
            for_each_legal_action_counted(&self.pos, Budget::nodes(budget), |moves, _| {
                visited += 1;
                let count = self.nodes + visited + extra;
                let asking = count >= ask;
                if asking {
                    ask = count + 128;
                }
                if count >= cap || (asking && (self.limits.stop)()) {
                    listing = Listing::Stopped;
                    return ControlFlow::Break(());
                }
                if kids.len() >= keep && !scan_all {
                    listing = Listing::Partial;
                    return ControlFlow::Break(());
                }
                let Some(kid) = score_action(
                    &mut work,
                    moves,
                    mate_test,
                    memo(self.threats, &mut self.threat_memo),
                    ply,
                ) else {
                    return ControlFlow::Continue(());
                };
                extra += kid.cost;
                let mate = kid.mate;
                let high = kid.score >= cut;
                if mate || kids.len() < keep {
                    kids.push(kid);
                } else if kid.unresolved && scan_all {
                    self.unresolved.push(kid.moves);
                }
                if mate {
                    listing = Listing::Mate;
                    return ControlFlow::Break(());
                }
                if high {
                    listing = Listing::Cutoff;
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        // The moves the enumeration applied count too (a position with
        // many checks applies many for each legal action it finds).
        self.nodes += visited + extra + applied / APPLIED_PER_NODE;
        if r == Answer::Unknown && listing == Listing::Complete {
            listing = Listing::Partial;
        }
        if kids.len() >= keep && listing == Listing::Complete && visited > keep as u64 {
            listing = Listing::Partial;
        }
        if ply == 0 {
            // The action that met the cap was not tested.
            self.root_tested = match (listing, r) {
                (Listing::Stopped, _) => Some(visited.saturating_sub(1)),
                (_, Answer::Unknown) => Some(visited),
                _ => None,
            };
        }
        if listing == Listing::Stopped && clock_after == 0 {
            self.aborted = true;
        }
        if matches!(listing, Listing::Partial | Listing::Stopped) && !self.aborted {
            for moves in greedy_actions(&mut work, self.simplify && ply == 0) {
                // The root's candidates come whatever its share (the
                // caller's limit bounds them); an inner node's within its cap.
                if self.nodes >= if ply == 0 { self.search_cap() } else { cap } {
                    break;
                }
                self.nodes += 1;
                if kids.iter().any(|k| k.moves == moves) {
                    continue;
                }
                if let Some(kid) = score_action(
                    &mut work,
                    &moves,
                    mate_test,
                    memo(self.threats, &mut self.threat_memo),
                    ply,
                ) {
                    self.nodes += kid.cost;
                    let mate = kid.mate;
                    kids.push(kid);
                    if mate {
                        listing = Listing::Mate;
                        break;
                    }
                }
            }
        }
        (kids, listing)
    }

    /// The score of the side to move at a node with no legal action.
    fn terminal(&mut self, ply: i32) -> i32 {
        if in_check(&mut self.pos) {
            -(MATE - ply)
        } else {
            0
        }
    }

    fn static_score(&mut self) -> i32 {
        let side = self.pos.to_move;
        let check = in_check(&mut self.pos);
        evaluate(&self.pos, side, side, check)
    }

    /// How many children a node searches `depth` plies deep, best first.
    fn width(&self, depth: u32) -> usize {
        match depth {
            0 | 1 => usize::MAX,
            2 => self.beam.two,
            3 => self.beam.three,
            _ => self.beam.deeper,
        }
    }

    /// Negamax with alpha-beta: the score of the side to move, `depth`
    /// actions deep, `ply` actions below the root.
    fn negamax(&mut self, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        // At the horizon the node's score is its best child's: the listing
        // stops at the first child reaching beta.
        let cut = if depth == 1 && self.horizon_cut {
            beta
        } else {
            i32::MAX
        };
        let (mut kids, listing) =
            self.children_until(INNER_CAP, INNER_ENUMERATION, depth == 1, false, 0, ply, cut);
        if self.aborted {
            return 0;
        }
        if kids.is_empty() {
            return if listing == Listing::Complete {
                self.terminal(ply)
            } else {
                self.static_score()
            };
        }
        if let Some(m) = kids.iter().find(|k| k.mate) {
            return m.score;
        }
        if depth <= 1 {
            return kids.iter().map(|k| k.score).max().unwrap_or(0);
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.score));
        let mut best = -MATE - 1;
        let width = self.width(depth);
        for kid in kids.iter().take(width) {
            let Some(undos) = play(&mut self.pos, &kid.moves) else {
                continue;
            };
            let s = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
            unplay(&mut self.pos, undos);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Iterative deepening at the root, up to `max_depth` actions; the best
    /// action found, its score, the deepest completed depth. `None` if the
    /// side to move has no legal action (or none was found in the budget).
    ///
    /// `report` hears the best action so far, its score, the depth it was
    /// found at and the actions visited: after the root's listing and after
    /// every iteration that changed or confirmed the best.
    pub(crate) fn think(
        &mut self,
        max_depth: u32,
        report: &mut Report<'_>,
    ) -> Option<(Vec<Move>, i32, u32)> {
        // The root listing asks the clock only after ROOT_MIN_SCAN nodes:
        // it is the mate scan.
        // Its share of the level's limit in applied moves, at least
        // INNER_ENUMERATION unless the caller's limit is smaller.
        let share = |nodes: u64| {
            nodes
                .saturating_mul(APPLIED_PER_NODE)
                .checked_div(2 * ROOT_SCAN_SHARE)
                .unwrap_or(u64::MAX)
        };
        let enumeration = ROOT_ENUMERATION.min(
            share(
                self.limits
                    .nodes
                    .min(self.limits.scan.saturating_mul(ROOT_SCAN_SHARE)),
            )
            .max(INNER_ENUMERATION.min(share(self.total))),
        );
        let (mut kids, listing) =
            self.children(ROOT_CAP, enumeration, true, true, ROOT_MIN_SCAN, 0);
        self.root_listing = Some(listing);
        if let Some(m) = kids.iter().find(|k| k.mate) {
            return Some((m.moves.clone(), m.score, 1));
        }
        // The level's share stopped the listing: the mate scan goes on
        // with a budget of its own (`defence.rs`).
        if let Some(tested) = self.root_tested {
            if let Some(moves) = self.rest_of_mate_scan(tested) {
                self.root_listing = Some(Listing::Mate);
                return Some((moves, MATE - 1, 1));
            }
        }
        // Inconclusive mate tests again, with more budget, while time allows.
        let mut open: Vec<Vec<Move>> = kids
            .iter()
            .filter(|k| k.unresolved)
            .map(|k| k.moves.clone())
            .chain(std::mem::take(&mut self.unresolved))
            .collect();
        for budget in ROOT_PROBES {
            let mut still = Vec::new();
            let cost = budget / APPLIED_PER_NODE;
            for moves in open {
                // Within both limits; under a clock, no test longer than
                // the scan's bound (it cannot be cut once started).
                if self.nodes.saturating_add(cost).saturating_add(self.reserve) >= self.limits.nodes
                    || cost >= self.scan_room()
                    || cost > self.limits.scan
                    || (self.limits.stop)()
                {
                    self.root_listing = Some(Listing::Stopped);
                    still.clear();
                    break;
                }
                let Some(undos) = play(&mut self.pos, &moves) else {
                    continue;
                };
                let test = outcome(&self.pos, Budget::nodes(budget));
                self.nodes += cost.max(1);
                unplay(&mut self.pos, undos);
                match test {
                    Answer::Known(Outcome::Checkmate) => {
                        self.root_listing = Some(Listing::Mate);
                        return Some((moves, MATE - 1, 1));
                    }
                    Answer::Unknown => still.push(moves),
                    Answer::Known(_) => {}
                }
            }
            open = still;
        }
        if !open.is_empty() && self.root_listing == Some(Listing::Complete) {
            self.root_listing = Some(Listing::Partial);
        }
        // A listing cut short may have missed a mate: the usual one (one
        // board's move checks) is found by composing, whatever the limit.
        if self.root_listing != Some(Listing::Complete) {
            if let Some(moves) = self.composed_mate() {
                self.root_listing = Some(Listing::Mate);
                return Some((moves, MATE - 1, 1));
            }
        }
        if kids.is_empty() {
            return None;
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.score));
        // The best action's score without its branching penalty.
        let mut best_raw = kids[0].score;
        // Ahead in a large multiverse, `strongest` orders (and at depth 1
        // scores) its root actions with the branching penalty taken off:
        // else the actions that branch, whose static scores copy a lead,
        // fill the root's beam and the ones that do not are never searched.
        let timelines = self.pos.timeline_range();
        let many = timelines.1 - timelines.0 + 1 >= MANY_TIMELINES;
        let mut first = kids[0].score;
        if self.simplify && many && (SIMPLIFY_AHEAD..MATE_BOUND).contains(&best_raw) {
            let net = |k: &Child| k.score - branch_penalty(timelines, k.made, k.copied);
            kids.sort_by_key(|k| std::cmp::Reverse(net(k)));
            first = net(&kids[0]);
        }
        let mut best = (kids[0].moves.clone(), first, 1);
        // What is reported may be played at once ("move now"): the best
        // action, or the first of the others that the cheap stage of the
        // safety check finds no mate against. The last report is the choice.
        let mut last: Option<Vec<Move>> = None;
        let mut tell = |moves: &[Move], score: i32, depth: u32, nodes: u64| {
            last = Some(moves.to_vec());
            report(moves, score, depth, nodes);
        };
        let (m, s) = self.quick_safe(&kids, (best.0.clone(), best.1));
        tell(&m, s, best.2, self.spent());
        // The exact scores of the latest iteration that counted (for the
        // margin's choice): the static scores at depth 1.
        let mut exact: Vec<(Vec<Move>, i32)> =
            kids.iter().map(|k| (k.moves.clone(), k.score)).collect();
        let mut completed = 1;
        for depth in 2..=max_depth {
            if self.even_depths && depth > 4 && !depth.is_multiple_of(2) {
                continue;
            }
            if self.out_of_time() {
                break;
            }
            let width = if depth <= 2 {
                self.beam.root_shallow
            } else {
                self.beam.root_deep
            };
            let mut alpha = -MATE - 1;
            let mut scored: Vec<(usize, i32)> = Vec::new();
            // Ahead (by the last iteration), `strongest` scores each root
            // action that branches lower ([`branch_penalty`]); each is
            // searched with the window moved by as much, so that a score
            // that fails low still fails low once the penalty is taken off.
            let ahead = self.simplify && (SIMPLIFY_AHEAD..MATE_BOUND).contains(&best_raw);
            let mut penalty_of = vec![0; kids.len()];
            for (i, kid) in kids.iter().enumerate().take(width) {
                let Some(undos) = play(&mut self.pos, &kid.moves) else {
                    continue;
                };
                // No penalty once a mate is in hand: a mate's bound would
                // not fail low with the moved window.
                let penalty = if ahead {
                    branch_penalty(timelines, kid.made, kid.copied)
                } else {
                    0
                };
                let penalty = if alpha < MATE_BOUND - penalty {
                    penalty
                } else {
                    0
                };
                // With a margin every root action gets its exact score.
                let bound = if self.margin > 0 {
                    -MATE - 1
                } else {
                    alpha + penalty
                };
                let raw = -self.negamax(depth - 1, -MATE - 1, -bound, 1);
                unplay(&mut self.pos, undos);
                if self.aborted {
                    break;
                }
                // A mate is a mate: no penalty.
                let penalty = if raw.abs() < MATE_BOUND { penalty } else { 0 };
                penalty_of[i] = penalty;
                let s = raw - penalty;
                scored.push((i, s));
                if s > alpha {
                    alpha = s;
                }
            }
            // A partly searched iteration still counts if the previous best
            // (searched first) was finished: every later child was compared
            // with it exactly.
            if let Some((i, s)) = super::first_best(&scored) {
                if !scored.is_empty() && (!self.aborted || scored[0].0 == 0) {
                    best = (
                        kids[i].moves.clone(),
                        s,
                        if self.aborted { completed } else { depth },
                    );
                    best_raw = s + penalty_of[i];
                    let (m, s) = self.quick_safe(&kids, (best.0.clone(), best.1));
                    tell(&m, s, best.2, self.spent());
                    exact = scored
                        .iter()
                        .map(|&(i, s)| (kids[i].moves.clone(), s))
                        .collect();
                }
            }
            if self.aborted {
                break;
            }
            completed = depth;
            // Next iteration: best first (children not beaten by alpha
            // carry only a bound; they keep their relative order).
            let mut order: Vec<usize> = (0..kids.len()).collect();
            let mut key = vec![i32::MIN; kids.len()];
            for &(i, s) in &scored {
                key[i] = s;
            }
            order.sort_by(|&a, &b| key[b].cmp(&key[a]));
            kids = order.into_iter().map(|i| kids[i].clone()).collect();
            if best.1.abs() >= MATE_BOUND {
                break;
            }
        }
        if self.margin > 0 {
            if let Some(pick) = self.within_margin(&exact) {
                best = (pick.0, pick.1, best.2);
            }
        }
        // Even after a mate the beam search found (it saw only some
        // replies): the check is exact where the beam is not.
        if self.safety {
            best = self.safest(&kids, best, &mut tell);
        }
        if last.as_ref() != Some(&best.0) {
            report(&best.0, best.1, best.2, self.spent());
        }
        Some(best)
    }

    /// The margin's choice among root actions with exact scores: the best
    /// score plus a seeded bonus of 0 to the margin, among those within the
    /// margin of the best. `None` when a mate is seen (for or against: the
    /// best is played) or there is nothing to choose from.
    fn within_margin(&mut self, exact: &[(Vec<Move>, i32)]) -> Option<(Vec<Move>, i32)> {
        let top = exact.iter().map(|e| e.1).max()?;
        if top.abs() >= MATE_BOUND {
            return None;
        }
        let mut pick: Option<(i32, usize)> = None;
        for (i, (_, s)) in exact.iter().enumerate() {
            if *s < top - self.margin {
                continue;
            }
            let key = s + self.rng.below(self.margin as u64 + 1) as i32;
            if pick.is_none_or(|(k, _)| key > k) {
                pick = Some((key, i));
            }
        }
        pick.map(|(_, i)| exact[i].clone())
    }
}
