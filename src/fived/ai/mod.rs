//! A computer opponent for 5D chess: it picks a whole action for the side to
//! move, within a node limit and a caller's clock.
//!
//! ```
//! use chronochess::fived::ai::{choose_action, Level, Limits};
//! use chronochess::fived::{boards, Multiverse};
//! let start = Multiverse::from_variant(boards::standard()).unwrap();
//! let choice = choose_action(&start, Level::Depth(2), 7, &Limits::nodes(50_000)).unwrap();
//! assert_eq!(choice.moves.len(), 1); // one move on the one board
//! ```
//!
//! # Search
//!
//! Negamax with alpha-beta over whole **actions** (adri326/5dchess-tools
//! searches actions the same way), deepened one action at a time. A node's
//! children are the legal actions of the exact enumeration
//! ([`crate::fived::search::for_each_legal_action`]), so an illegal action is
//! never considered, let alone played. Each child is scored on the spot by
//! the static evaluation of the position the enumeration hands over, and
//! whether it gives check; children are searched best first, and below the
//! root only the best few (a beam, [`Beam`]: 14 two actions from the
//! horizon, 9 at three, 6 deeper; `strongest` 14, 14 and 10;
//! the root searches its best 64 at depth 2 and the best 24 deeper,
//! ordered by the previous iteration). One action from the
//! horizon every child counts (the node's score is its best child's), and
//! every checking child is tested for mate exactly (within a small budget),
//! so a mate one action past the horizon is still seen (a check extension
//! in effect); the listing stops at the first child that reaches beta,
//! which decides the node (a fail-high: the other children cannot change
//! the choice above it). That cut made a full 3- or 4-action search fit in
//! the upper levels' node limits where it did not before. No transposition table:
//! two orders of the same moves are one action already, and transpositions
//! between different actions are rare in the shallow trees 5D allows. A node with no legal action (the enumeration completed) is
//! checkmate if its side is in check, stalemate (0) if not.
//!
//! The action explosion (a position with four timelines can have millions
//! of actions): a node keeps at most 400 actions (2 000 at the root) and its
//! enumeration applies at most 100 000 moves; past that, the enumeration's
//! fixed order would leave out the later boards' alternatives, so the node
//! also gets the actions composed from each board's best moves by a quick
//! guess (captures, promotions, centre): the best move on every board that
//! must move, and each board's 2nd and 3rd with the best elsewhere. Every
//! composed action is checked exactly as a submitted one is (each move is
//! one its piece has when it is played; the present must pass; no royal
//! piece may be capturable), so it is legal too.
//!
//! # The mate-in-one guarantee
//!
//! Before any search, the root's legal actions are enumerated; every action
//! that leaves the opponent in check is tested for mate exactly: first a few
//! composed replies are tried (one that is legal proves there is no mate),
//! then [`crate::fived::search::outcome`] with 2 000 applied moves; the
//! tests that ran out are repeated with 100 000 and then 5 000 000. The first
//! checkmating action found is played at once. The clock may cut this
//! scan only after 2 000 nodes (actions listed and their mate tests) and
//! between the repeated tests (under a clock, none longer than
//! [`Limits::scan`] allows: the 5 000 000-move test is skipped); a node
//! limit stops its listing at a third of the level's limit (a sixth for the
//! actions listed, a sixth for the moves applied, the mate tests counted,
//! see [`Limits::nodes`]; at least 2 000 nodes, unless the caller's limit
//! is below 12 000: then a sixth of it); the enumeration stops at 20
//! million applied moves. When that share stopped the listing, the scan
//! goes on where it stopped with up to 20 000 nodes more, whatever the
//! level: not counted in the level's own limit, but in the caller's, of
//! which it may use a twelfth, and half of what is left after the safety
//! check's reserve (it is skipped when that cannot get it past the actions
//! already listed; `defence.rs`: the enumeration again, each checking action tested for
//! mate, no scoring, the moves applied counted; the clock may cut it), so
//! that, given the room, every level finds the mates of positions with
//! several thousand actions. [`Choice::scan`] says how it ended:
//! [`Scan::Mate`], [`Scan::Complete`] (every action listed and every
//! checking action decided: no mate was missed), or [`Scan::Partial`] (a
//! mate may have been missed: the position had too many actions for the
//! time or the budget). When the scan stopped short, the usual mate
//! (one board's move checks) is still looked for by composing each move of
//! each board with guesses elsewhere (`defence.rs`, a bound of 30 000
//! nodes and what is left of the caller's limit less the reserve, and the
//! clock). So the whole think stays within the caller's node limit (one
//! listing or test may pass it by a little; `tests/host/fived/ai.rs`
//! checks a quarter on 20 timelines) and a clock ends it soon after it
//! runs out (the 2 000 nodes above, and the safety check's 10 000 at
//! most). With a large node limit and no clock (as in the tests)
//! the scan is complete up to those budgets; every corpus position with a
//! mate in one and up to 5 000 actions is answered with a mate by every
//! level, and with up to 200 000 by `strongest` (`tests/host/fived/ai.rs`).
//! The baselines `random` and `ucb` do not scan.
//!
//! A mate against the side to move is seen when depth allows: one action
//! from the horizon every checking reply is tested for mate (with the
//! 2 000-move budget), so from depth 2 on, an action of ours that allows a
//! mate in one (found by that test) scores as a loss.
//!
//! # Never walking into a mate in one (`safety.rs`)
//!
//! The search looks at only some of the opponent's replies (a beam, a
//! capped listing), so before committing, the searching levels (all but
//! the beginner: [`Level::skill`]) check their
//! candidates exactly, best first: the search's choice, then the root's
//! other actions in the search's order. For each, only the opponent's
//! replies that give check can mate; each is tested with the exact
//! `outcome` search. First a cheap stage composes one reply per move of
//! each board the opponent must play (that move, the best guess
//! elsewhere): it finds the usual mate even among millions of replies, but
//! can only prove a mate. Then every legal reply of the exact enumeration
//! is listed, tested for check (no evaluation), and every checking one for
//! mate (inconclusive tests again with 100 000 and 5 000 000 moves): a
//! complete listing proves there is no mate in one. Before both stages, the
//! mating replies found against earlier candidates are replayed (`defence.rs`:
//! the same threat usually mates the next candidate, proven in a few nodes
//! instead of a listing). The first candidate not proven to allow a mate is
//! played, even after a mate the beam search claimed (it saw only some
//! replies); when every kept root action allows a mate, the root's other
//! actions are looked through, in the enumeration's order, for one that does
//! not, within the same budget.
//!
//! Its budget is counted in the level's limit: a third of the node limit is
//! kept for it (under a clock, at most a fifth of [`Limits::scan`]: 10 000
//! nodes; the deepening stops that far from the limit), and it may use
//! whatever the search left, up to three reserves (under a clock, one);
//! it runs after the clock stopped the search and ignores it.
//! **When that budget runs out**, the candidate being
//! checked is played as it is (no mating reply was found for it, but one may
//! exist: in positions with several timelines the listing of every reply
//! often does not finish, and only the composed replies were tried). When
//! every root action was found to allow a mate, the search's choice is
//! played (the game is lost). On the page, "move now" plays the last action
//! the search reported, before the full check ran; so every report of a
//! level that runs the check is checked first with both stages within 2 000
//! nodes of its own (not counted in the limit, so the choice is the same
//! with or without a listener): the first of the best and the next seven
//! actions not proven to allow a mate in one is reported.
//!
//! # Evaluation ([`eval::evaluate`])
//!
//! In centipawns for one side:
//! - material on the end board of every timeline (the boards that can still
//!   move; older boards are history), classical values and values for the 5D
//!   pieces; pieces on an inactive timeline at a quarter (adri326's weight);
//! - pawn progress (per rank, more one step from promotion) and central
//!   minor pieces;
//! - king safety across timelines: the side to move being in check (ftxi's
//!   check over every board it can play) costs it 60; the search adds the
//!   rest (a checking action is tested for mate);
//! - the active-timeline balance: each timeline a side created that is
//!   active is worth 20 (it is a board the opponent must answer in the
//!   present); timelines beyond the active ones are worth nothing;
//! - who owns the present: per active timeline ahead of the present, 8 for
//!   the side that moved there last;
//! - threats of travel are counted by the search rather than statically:
//!   every jump is a legal action the search scores one action deeper;
//! - for `strongest` ([`Skill::threats`]), each action's score
//!   is less the opponent's best single capture on a board it can play
//!   ([`threat::threat`]: the piece taken, less the capturing piece when the
//!   target is defended), a one-capture look past the horizon: a capture the
//!   opponent answers at once no longer counts as won.
//!
//! # Levels
//!
//! `random` (a uniformly random legal action: reservoir sampling over the
//! exact enumeration, uniform over the first 50 000 actions when there are
//! more), `ucb` (flat UCB, [`ucb`]), `1` … `4` and `strongest` (deepening
//! as far as the caller's limit allows: on the page, its clock). Each
//! level adds a skill to the level below, each step measured over 200-game
//! matches (README, "Measured strength"): the safety check, then the best
//! action instead of a seeded one among the near-best, then a third action
//! of depth, then `strongest` (deeper, a wider beam, the opponent's
//! captures counted past the horizon); [`Level::skill`] has the table
//! (a level `5` between `4` and `strongest` was removed: it was no step). Every level is deterministic for a seed
//! when its limit is a node count (a clock makes the depth reached vary).

mod beam;
mod compose;
mod defence;
pub mod eval;
mod safety;
mod search;
pub use beam::Beam;
pub mod selfplay;
pub mod threat;
mod ucb;

use crate::fived::{Move, Multiverse};

/// How hard the computer tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal action: the baseline.
    Random,
    /// Flat UCB with random playouts (ftxi's `flat-uct` idea): a baseline.
    Ucb,
    /// Alpha-beta to a fixed depth: `1` (beginner) to [`Level::MAX_DEPTH_LEVEL`].
    Depth(u8),
    /// Iterative deepening until the limit (the clock) stops it.
    Strongest,
}

impl Level {
    /// The highest numbered level. There were five until 2026-11-27: the
    /// former level 5 (Expert: depth 4, 40 000 nodes, the wider beam and the
    /// opponent's captures) was less than +100 below `strongest` at 100 000 nodes
    /// on Small - Open, so it was no step of its own; a saved game or a link
    /// that names it gets `strongest` ([`Level::from_str`](std::str::FromStr)).
    pub const MAX_DEPTH_LEVEL: u8 = 4;

    /// The numbered level that was removed, read as `strongest`.
    pub const REMOVED_EXPERT: u8 = 5;

    /// Every level from the weakest to the strongest.
    #[must_use]
    pub fn all() -> Vec<Level> {
        let mut v = vec![Level::Random, Level::Ucb];
        v.extend((1..=Self::MAX_DEPTH_LEVEL).map(Level::Depth));
        v.push(Level::Strongest);
        v
    }

    /// The level's own node limit ([`Limits::nodes`]); the caller's limit
    /// (a node count, the page's clock) applies too, whichever comes first.
    /// `strongest` and the baselines have none: the caller's limit alone
    /// bounds them. See [`Level::skill`] for what each level does with it.
    #[must_use]
    pub fn node_budget(self) -> u64 {
        self.skill().nodes
    }

    /// How the level plays: the Stockfish "skill level" idea (lichess'
    /// levels 1–8 are built on it), a weakness that shrinks as the level
    /// grows, together with a deeper search and a larger node limit. Each
    /// level adds one skill to the level below, the one that was measured
    /// to matter (a larger node limit at the same depth did not: 160 000
    /// nodes against 40 000 at depth 4 or more scored even):
    ///
    /// | level | deepest iteration | node limit | margin | safety check | adds |
    /// |---|---|---|---|---|---|
    /// | `1` Beginner | 1 action | 1 000 | 500 cp | never | |
    /// | `2` Casual | 1 action | 3 000 | 500 cp | always | the safety check |
    /// | `3` Intermediate | 2 actions | 10 000 | 0 | always | the best action, the reply |
    /// | `4` Advanced | 3 actions | 20 000 | 0 | always | a third action |
    /// | `strongest` | 64 actions, even only past 4 | the caller's only | 0 | always | as deep as the limit allows, the wider beam, the opponent's captures, no branching when ahead |
    ///
    /// A level `5` (Expert: 4 actions, 40 000 nodes, the wider beam and the
    /// opponent's captures) sat between `4` and `strongest` until
    /// 2026-11-27; on Small - Open it was less than +100 below `strongest` at
    /// 100 000 nodes, so it was removed and `"5"` now reads as `strongest`
    /// (README, "Measured strength", fourteenth session).
    ///
    /// - *deepest iteration*: iterative deepening stops there, or sooner
    ///   when the node limit runs out (with three or more timelines even the
    ///   upper levels reach 2–3 actions only);
    /// - *even only past 4*: `strongest` deepens 2, 3, 4, 6, 8, …
    ///   ([`Skill::even_depths`]): at an odd depth its own side has the last
    ///   action before the static evaluation and its captures count with no
    ///   reply; searching odd depths past four made it lose to level 5 (−49
    ///   Elo over 200 games on Very Small at 100 000 nodes; even only: +35,
    ///   −12…+83). Depth 3 stays: without it a limit that cannot finish
    ///   depth 4 (30 000 nodes on the Standard opening) left strongest at
    ///   depth 2 where it could finish 3;
    /// - *margin*: among the root actions whose exact score is within the
    ///   margin of the best one's, the level plays the one whose score plus
    ///   a seeded random bonus of 0 to the margin is highest (a beginner
    ///   gives away a pawn or a piece now and then). Below depth 1 every
    ///   root action is then searched with a full window, so its score is
    ///   exact, not a bound. A mate seen for either side is never traded
    ///   for the margin;
    /// - *the opponent's captures* ([`Skill::threats`]): every action is
    ///   scored less the best capture it leaves the opponent
    ///   ([`threat::threat`]), so the last action before the horizon does
    ///   not count a piece the reply takes back (level 5 over level 4 on Very
    ///   Small, 200 games: +125 Elo with it, +85 without; given to level 4
    ///   too, +42 over 100: see the README's "Measured strength");
    /// - *no branching when ahead* ([`Skill::simplify`], `strongest` only):
    ///   when the last iteration's best root score is at least 150 cp (and
    ///   not a mate), each root action that makes a new timeline is scored
    ///   300 cp lower. On Very Small the side ahead on one timeline often
    ///   lost after branching (its king jumping back included): the
    ///   multiverse that follows is where the search sees least. Against
    ///   level 5 over the README's reference games on Very Small: +85 Elo
    ///   with it, +63 without (two openings won instead of lost, none
    ///   worse; still short of +100), and even over 60 games of other
    ///   openings (see the README's "Measured strength"). From four
    ///   timelines on, each new timeline costs 300 cp and the penalty also
    ///   takes off what the new timelines hold for its side (a jump back
    ///   copies the lead of the board it lands on, which the summed
    ///   evaluation would count twice); the root's actions are then ordered
    ///   (and at depth 1 scored) with the penalty taken off, and a listing
    ///   cut short at the root also gets the greedy actions composed from
    ///   moves that do not branch. On Standard against random a winning
    ///   `strongest` otherwise made a timeline or more almost every action,
    ///   each with a king of its own to defend, until a random reply found
    ///   a mate in two beyond its 2-action search (README, "Measured
    ///   strength", session 32);
    /// - *beam*: how many children an inner node searches, by how far it
    ///   is from the horizon ([`Beam::NARROW`] for levels 1–4,
    ///   [`Beam::WIDER`] above: it took level 5 from +49 to +85 over level
    ///   4 on Very Small);
    /// - *safety check* (`safety.rs`, see the module documentation): before
    ///   it commits, the level proves its choice leaves the opponent no mate
    ///   in one (or plays another candidate). The beginner never runs it:
    ///   it overlooks a mate in one as players of its strength do. It is
    ///   the largest single difference between levels on a small board,
    ///   where games are decided by mates. (`safety` is a share in percent,
    ///   a seeded draw per action: every level now runs it always or never.)
    ///
    /// Every level plays a mate in one it has (the root's mate scan comes
    /// first, is never subject to the margin and is not bounded by the
    /// level's own limit, only by the caller's: see "The mate-in-one
    /// guarantee" above), never plays an illegal action, and is deterministic for a
    /// seed under a node limit.
    #[must_use]
    pub fn skill(self) -> Skill {
        let (depth, nodes, margin, safety, upper) = match self {
            Level::Depth(0 | 1) => (1, 1_000, 500, 0, false),
            Level::Depth(2) => (1, 3_000, 500, 100, false),
            Level::Depth(3) => (2, 10_000, 0, 100, false),
            Level::Depth(4) => (3, 20_000, 0, 100, false),
            // Past the highest numbered level (the removed level 5): strongest.
            Level::Depth(_) | Level::Random | Level::Ucb | Level::Strongest => {
                (64, u64::MAX, 0, 100, true)
            }
        };
        let top = matches!(self, Level::Strongest)
            || matches!(self, Level::Depth(n) if n > Self::MAX_DEPTH_LEVEL);
        Skill {
            depth,
            nodes,
            margin,
            safety,
            beam: if upper { Beam::WIDER } else { Beam::NARROW },
            even_depths: top,
            threats: upper,
            simplify: top,
        }
    }
}

/// What a searching level may do ([`Level::skill`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skill {
    /// The deepest iteration, in actions.
    pub depth: u32,
    /// The level's own node limit.
    pub nodes: u64,
    /// Root actions scored within this many centipawns of the best may be
    /// played (a seeded choice); 0 plays the best.
    pub margin: i32,
    /// The share of its actions (in percent, a seeded draw per action)
    /// whose choice the level checks for a mate in one of the opponent.
    pub safety: u32,
    /// How many children a node searches, by depth.
    pub beam: Beam,
    /// Whether iterative deepening skips the odd depths past 4 (2, 3, 4, 6,
    /// 8, …): an odd depth gives the side to move the last action before the
    /// static evaluation, which misjudges its captures; depth 3 is kept as
    /// the step for a limit that cannot finish depth 4.
    pub even_depths: bool,
    /// Whether each action is scored less the opponent's best single
    /// capture after it ([`threat::threat`]): a one-capture look past the
    /// horizon (`strongest`; it doubles the time per node).
    pub threats: bool,
    /// Whether the root, when the search finds its side ahead, scores each
    /// action that branches (makes a new timeline) 300 cp lower, from four
    /// timelines on 300 cp per new timeline and what they hold for its
    /// side, and looks at greedy actions that do not branch (`strongest`
    /// only): see [`Level::skill`].
    pub simplify: bool,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Level::Random => write!(f, "random"),
            Level::Ucb => write!(f, "ucb"),
            Level::Depth(n) => write!(f, "{n}"),
            Level::Strongest => write!(f, "strongest"),
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Level::Random),
            "ucb" => Ok(Level::Ucb),
            "strongest" => Ok(Level::Strongest),
            n => match n.parse::<u8>() {
                Ok(k) if (1..=Level::MAX_DEPTH_LEVEL).contains(&k) => Ok(Level::Depth(k)),
                // Saved games and links from before the ladder was re-spaced.
                Ok(Level::REMOVED_EXPERT) => Ok(Level::Strongest),
                _ => Err(format!(
                    "unknown level {s:?}: random, ucb, 1 to {}, or strongest",
                    Level::MAX_DEPTH_LEVEL
                )),
            },
        }
    }
}

/// When to stop thinking: a number of actions visited, and a caller's
/// clock (`stop` returns true once time is up; it is asked every 128
/// actions, so the same code runs where `std::time::Instant` does not).
pub struct Limits<'a> {
    /// Actions visited at most (listed at a node, or played in a playout).
    /// The exact searches count too, ten applied moves as one node (the
    /// moves a mate test or an enumeration applied), the root's listing
    /// (the mate scan) stops at a third of the limit and a third is kept
    /// for the safety check, so that the limit bounds the time in any
    /// position and leaves the deeper search its part. A level's own
    /// limit ([`Level::node_budget`]) applies too, to all but the mate
    /// scan past the level's share (which this limit bounds: the whole
    /// think stays within it, up to the last listing or test).
    pub nodes: u64,
    /// True once the caller wants an answer now.
    pub stop: &'a dyn Fn() -> bool,
    /// Nodes the root's mate scan may use before the search looks deeper
    /// (besides its third of `nodes`). A clock cannot say what share of the
    /// time has gone, so a clock-limited search bounds its scan this way
    /// ([`Limits::clock`]): else a position with millions of actions spends
    /// the whole time listing the root. A fifth of it bounds the safety
    /// check (which runs after the clock has stopped the search).
    pub scan: u64,
}

/// The root scan's nodes under a clock ([`Limits::clock`]): a tenth to a
/// third of a second natively (with six timelines the strongest level then
/// reaches depth 3 in a second instead of 1).
pub const CLOCK_SCAN: u64 = 50_000;

impl Limits<'static> {
    /// A limit of `nodes` actions and no clock.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits<'static> {
        Limits {
            nodes,
            stop: &|| false,
            scan: u64::MAX,
        }
    }
}

impl<'a> Limits<'a> {
    /// No node limit, the clock `stop`, and a root scan of at most
    /// [`CLOCK_SCAN`] nodes.
    #[must_use]
    pub fn clock(stop: &'a dyn Fn() -> bool) -> Limits<'a> {
        Limits {
            nodes: u64::MAX,
            stop,
            scan: CLOCK_SCAN,
        }
    }
}

/// How far the mate-in-one scan at the root got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scan {
    /// Every legal action was tested: no mating action was missed.
    Complete,
    /// The enumeration's budget ran out: a mating action may have been missed.
    Partial,
    /// A mating action was found (and chosen).
    Mate,
    /// The level does not scan (`random`, `ucb`).
    None,
}

/// The computer's choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The action's moves, in play order.
    pub moves: Vec<Move>,
    /// Its score for the side to move in centipawns (mates near
    /// ±[`eval::MATE`]); `None` for the baselines.
    pub score: Option<i32>,
    /// The depth (in actions) of the last completed iteration.
    pub depth: u32,
    /// Actions visited (listed or played), plus the work of the exact
    /// searches counted as nodes (see [`Limits::nodes`]).
    pub nodes: u64,
    /// How far the mate-in-one scan got.
    pub scan: Scan,
}

/// A small seeded random source (SplitMix64, Steele, Lea & Flood 2014).
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5D5D_C4E5_5D5D_C4E5)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The first of the best-scored root actions. Only the first action to reach
/// a score has it exactly: a later one searched with that score as alpha
/// returns it as an upper bound when it fails low, so taking the last of
/// equal scores (as `Iterator::max_by_key` does) could pick an action that
/// is only "no better" over the one proven best.
pub(crate) fn first_best(scored: &[(usize, i32)]) -> Option<(usize, i32)> {
    scored
        .iter()
        .copied()
        .fold(None, |best: Option<(usize, i32)>, (i, s)| match best {
            Some((_, b)) if b >= s => best,
            _ => Some((i, s)),
        })
}

/// Applied moves of the last resort: when a level found no action (a
/// position whose legal actions are rare among its move combinations, such
/// as many checks over many timelines), the exact search for any legal
/// action gets this budget before the computer gives up.
const LAST_RESORT: u64 = 300_000_000;

/// The action the computer plays at `level` for the side to move of
/// `position`; `None` if that side has no legal action (checkmate or
/// stalemate) or none was found even by the last resort (an exact search
/// for any legal action with 300 million applied moves).
#[must_use]
pub fn choose_action(
    position: &Multiverse,
    level: Level,
    seed: u64,
    limits: &Limits<'_>,
) -> Option<Choice> {
    choose(position, level, seed, limits, None)
}

/// [`choose_action`], telling `report` the best action found so far each
/// time the search knows a better-founded one: after the root's listing
/// (depth 1) and after every deeper iteration (a partly searched one
/// included, when it counts). What `report` is given is always a legal
/// action, so a caller that must answer early (a player who says "move
/// now") may play the last one reported. The baselines `random` and `ucb`
/// report nothing before they return.
#[must_use]
pub fn choose_action_reporting(
    position: &Multiverse,
    level: Level,
    seed: u64,
    limits: &Limits<'_>,
    report: &mut dyn FnMut(&Choice),
) -> Option<Choice> {
    choose(position, level, seed, limits, Some(report))
}

/// [`choose_action_reporting`]; without a listener the reports are not
/// checked for a mate in one (nobody can play them early), which saves
/// time and changes no choice.
fn choose(
    position: &Multiverse,
    level: Level,
    seed: u64,
    limits: &Limits<'_>,
    report: Option<&mut dyn FnMut(&Choice)>,
) -> Option<Choice> {
    let listening = report.is_some();
    let mut silent = |_: &Choice| {};
    let report = report.unwrap_or(&mut silent);
    choose_by_level(position, level, seed, limits, listening, report).or_else(|| {
        let found = crate::fived::search::any_legal_action(
            position,
            crate::fived::Budget::nodes(LAST_RESORT),
        );
        found.known().flatten().map(|moves| Choice {
            moves,
            score: None,
            depth: 0,
            nodes: 1,
            scan: Scan::Partial,
        })
    })
}

fn choose_by_level(
    position: &Multiverse,
    level: Level,
    seed: u64,
    limits: &Limits<'_>,
    listening: bool,
    report: &mut dyn FnMut(&Choice),
) -> Option<Choice> {
    let mut rng = Rng::new(seed);
    match level {
        Level::Random => {
            let (moves, nodes) = ucb::random_action(position, &mut rng, ucb::RANDOM_ENUMERATION);
            moves.map(|moves| Choice {
                moves,
                score: None,
                depth: 0,
                nodes,
                scan: Scan::None,
            })
        }
        Level::Ucb => {
            let (moves, nodes) = ucb::flat_ucb(position, limits, &mut rng);
            moves.map(|moves| Choice {
                moves,
                score: None,
                depth: 0,
                nodes,
                scan: Scan::None,
            })
        }
        Level::Depth(_) | Level::Strongest => {
            let skill = level.skill();
            let mut s = search::Searcher::new(
                position,
                Limits {
                    nodes: limits.nodes.min(skill.nodes),
                    stop: limits.stop,
                    scan: limits.scan,
                },
                rng.next_u64(),
                skill.margin,
            );
            // The level's own limit bounds its search; the caller's bounds
            // the whole think, the mate scan past the level's share included.
            s.total = limits.nodes;
            s.beam = skill.beam;
            s.even_depths = skill.even_depths;
            s.threats = skill.threats;
            s.simplify = skill.simplify;
            if rng.below(100) >= u64::from(skill.safety) {
                s.without_safety();
            }
            s.check_reports = listening;
            let found = s.think(skill.depth, &mut |moves, score, depth, nodes| {
                report(&Choice {
                    moves: moves.to_vec(),
                    score: Some(score),
                    depth,
                    nodes,
                    scan: Scan::Partial,
                });
            });
            let scan = match s.root_listing {
                Some(search::Listing::Mate) => Scan::Mate,
                Some(search::Listing::Complete) => Scan::Complete,
                _ => Scan::Partial,
            };
            let nodes = s.spent();
            found.map(|(moves, score, depth)| Choice {
                moves,
                score: Some(score),
                depth,
                nodes,
                scan,
            })
        }
    }
}

#[cfg(test)]
mod tests;
