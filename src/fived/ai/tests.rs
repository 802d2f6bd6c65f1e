use super::search;
use super::selfplay::{play_checked, play_game, GameEnd};
use super::*;
use crate::chess::Color;
use crate::fived::search::outcome;
use crate::fived::{boards, Answer, Budget, Game, Outcome};

fn standard() -> Multiverse {
    Multiverse::from_variant(boards::standard()).unwrap()
}

/// The position after the given actions (each a list of long moves read by
/// the notation layer).
fn after(text: &str) -> Game {
    let read = crate::notation::read(text).unwrap();
    let r = crate::notation::resolve::replay(&read.game, |_, _| {}).unwrap();
    assert!(r.error.is_none(), "{:?}", r.error);
    r.game
}

fn mates(game: &Game, moves: &[Move]) -> bool {
    let mut g = game.clone();
    play_checked(&mut g, moves).unwrap();
    outcome(g.multiverse(), Budget::UNLIMITED) == Answer::Known(Outcome::Checkmate)
}

#[test]
fn levels_read_back_from_their_names() {
    for level in Level::all() {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert!("0".parse::<Level>().is_err());
    assert!("6".parse::<Level>().is_err());
}

/// The ladder was re-spaced on 2026-11-27: level 5 (Expert) was removed.
/// A saved game or a link that names it still loads, as `strongest` (the
/// level closest to it); no level offered is called 5 any more.
#[test]
fn the_removed_level_five_reads_as_strongest() {
    assert_eq!("5".parse::<Level>(), Ok(Level::Strongest));
    assert_eq!(Level::REMOVED_EXPERT, Level::MAX_DEPTH_LEVEL + 1);
    assert!(!Level::all().contains(&Level::Depth(5)));
    assert_eq!(Level::all().len(), 7, "random, ucb, 1 to 4, strongest");
    // A `Depth` past the ladder (built in code, not parsed) plays as strongest.
    assert_eq!(Level::Depth(5).skill(), Level::Strongest.skill());
    assert_eq!(Level::Depth(5).node_budget(), u64::MAX);
}

/// adri326/5dchess-tools `tests/games/standard-checkmate.json` (MIT), as
/// converted in the shared corpus: Black mates with its 10th action.
const STANDARD_CHECKMATE: &str = "[Board \"Standard\"]
[Mode \"5D\"]
1. (0T1)e2e4 / (0T1)c7c6
2. (0T2)f2f4 / (0T2)g7g6
3. (0T3)a2a4 / (0T3)a7a5
4. (0T4)d1(0T2)f3 / (1T2)f7f6
5. (1T3)c2c3 / (1T3)e8f7
6. (1T4)f3(0T3)e2 / (1T4)f7(0T4)f6
7. (1T5)f1d3 (0T5)e1f2 / (0T5)d8(0T3)b6 (2T3)a7a5
8. (2T4)e2(0T6)g4 (-1T4)g1h3 / (2T4)d7d5 (-1T4)g8h6
9. (-1T5)h1g1 (2T5)e1(1T4)e2 / (-1T5)d8(0T5)c7 (3T4)d8(2T3)c7
10. (-3T4)g1(-1T5)g1";

#[test]
fn every_searching_level_plays_a_mate_in_one() {
    let game = after(STANDARD_CHECKMATE);
    assert_eq!(game.to_move(), Color::Black);
    let levels = (1..=Level::MAX_DEPTH_LEVEL).map(Level::Depth);
    for level in levels.chain([Level::Strongest]) {
        for seed in 0..3 {
            let c = choose_action(game.multiverse(), level, seed, &Limits::nodes(20_000)).unwrap();
            assert!(mates(&game, &c.moves), "{level} seed {seed}: {:?}", c.moves);
            assert_eq!(c.scan, Scan::Mate);
            assert!(c.score.unwrap() >= eval::MATE_BOUND);
        }
    }
}

#[test]
fn a_checkmated_side_has_no_choice() {
    let mut game = after(STANDARD_CHECKMATE);
    let c = choose_action(
        game.multiverse(),
        Level::Depth(2),
        0,
        &Limits::nodes(20_000),
    )
    .unwrap();
    play_checked(&mut game, &c.moves).unwrap();
    for level in Level::all() {
        assert_eq!(
            choose_action(game.multiverse(), level, 1, &Limits::nodes(10_000)),
            None
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let think = |level: Level| {
        move |pos: &Multiverse, _: Color, i: usize| {
            choose_action(pos, level, 99 + i as u64, &Limits::nodes(4_000))
        }
    };
    for (w, b) in [
        (Level::Ucb, Level::Depth(1)),
        (Level::Depth(3), Level::Random),
    ] {
        let play = || {
            play_game(standard(), 16, |p, s, i| {
                if s == Color::White {
                    think(w)(p, s, i)
                } else {
                    think(b)(p, s, i)
                }
            })
            .unwrap()
        };
        let (a, b) = (play(), play());
        let moves = |g: &super::selfplay::PlayedGame| g.game.actions().collect::<Vec<_>>();
        assert_eq!(moves(&a), moves(&b));
        assert_eq!(a.end, b.end);
    }
}

#[test]
fn the_action_cap_ends_a_game_as_a_draw() {
    let g = play_game(standard(), 4, |p, _, i| {
        choose_action(p, Level::Random, i as u64, &Limits::nodes(1))
    })
    .unwrap();
    assert_eq!(g.end, GameEnd::ActionCap);
    assert_eq!(g.game.actions().count(), 4);
    assert_eq!(g.end.result(), "1/2-1/2");
}

#[test]
fn the_clock_stops_the_search() {
    // A clock that is already out: the search still answers (depth 1, the
    // root listing), legally.
    let start = standard();
    let c = choose_action(
        &start,
        Level::Strongest,
        3,
        &Limits {
            nodes: u64::MAX,
            stop: &|| true,
            scan: u64::MAX,
        },
    )
    .unwrap();
    assert_eq!(c.depth, 1);
    let mut g = Game::new(start);
    play_checked(&mut g, &c.moves).unwrap();
}

#[test]
fn progress_reports_legal_best_actions_ending_with_the_choice() {
    // The page plays the last reported action when the player says "move
    // now": every report must be legal, deepen, and the last be the answer.
    let start = standard();
    let mut reports: Vec<Choice> = Vec::new();
    let c = choose_action_reporting(
        &start,
        Level::Depth(4),
        5,
        &Limits::nodes(200_000),
        &mut |r| reports.push(r.clone()),
    )
    .unwrap();
    assert!(
        reports.len() >= 2,
        "depth 1 and at least one deeper: {reports:?}"
    );
    assert_eq!(reports[0].depth, 1);
    assert!(reports
        .windows(2)
        .all(|w| w[0].depth <= w[1].depth && w[0].nodes <= w[1].nodes));
    for r in &reports {
        let mut g = Game::new(start.clone());
        play_checked(&mut g, &r.moves).unwrap();
    }
    let last = reports.last().unwrap();
    assert_eq!((&last.moves, last.depth), (&c.moves, c.depth));
    // The same answer as without a listener.
    let plain = choose_action(&start, Level::Depth(4), 5, &Limits::nodes(200_000)).unwrap();
    assert_eq!(plain.moves, c.moves);
}

/// A Standard middlegame with six timelines, White to move (from a self-play
/// game of level 3 against itself; `bench/ai/six-timelines.5dpgn`).
const SIX_TIMELINES: &str = include_str!("../../../bench/ai/six-timelines.5dpgn");

#[test]
fn a_node_limit_bounds_the_work_and_leaves_room_to_look_deeper() {
    // Six timelines: millions of actions. The root's mate scan stops at a
    // third of the limit and the exact searches count, so the search stays
    // near its limit and still answers the opponent's replies (depth 2).
    let game = after(SIX_TIMELINES);
    let (lmin, lmax) = game.multiverse().timeline_range();
    assert_eq!(lmax - lmin + 1, 6);
    let limit = 60_000;
    let c = choose_action(
        game.multiverse(),
        Level::Strongest,
        1,
        &Limits::nodes(limit),
    )
    .unwrap();
    assert!(c.nodes <= limit + 20_000, "{} nodes", c.nodes);
    assert!(c.depth >= 2, "depth {}", c.depth);
    let mut g = game.clone();
    play_checked(&mut g, &c.moves).unwrap();
}

/// Whether the opponent has a mate in one after our `moves` from `pos`:
/// exact, every reply listed without a budget.
fn allows_mate(pos: &Multiverse, moves: &[Move]) -> bool {
    let mut after = pos.clone();
    search::play(&mut after, moves).expect("a legal action");
    let mut work = after.clone();
    let mut mate = false;
    let r = crate::fived::search::for_each_legal_action(&after, Budget::UNLIMITED, |reply, _| {
        let undos = search::play(&mut work, reply).expect("a legal reply");
        if search::in_check(&mut work)
            && outcome(&work, Budget::UNLIMITED) == Answer::Known(Outcome::Checkmate)
        {
            mate = true;
        }
        search::unplay(&mut work, undos);
        if mate {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    assert!(r != Answer::Unknown);
    mate
}

/// Whether some legal action of the side to move of `pos` leaves the
/// opponent no mate in one.
fn some_action_avoids_mate(pos: &Multiverse) -> bool {
    let mut all = Vec::new();
    let r = crate::fived::search::for_each_legal_action(pos, Budget::UNLIMITED, |m, _| {
        all.push(m.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    assert!(r != Answer::Unknown);
    all.iter().any(|m| !allows_mate(pos, m))
}

#[test]
fn the_safety_check_avoids_the_mate_in_one_the_naive_choice_allows() {
    // Positions from random games on Very Small - Open (one timeline)
    // where the action a one-action search picks without the safety check
    // lets the opponent mate at once, and another action does not; with
    // the check, each level plays one that does not.
    let start = Multiverse::from_variant(boards::lookup("Very Small - Open").unwrap()).unwrap();
    let mut found = 0;
    // The beginner runs no safety check: it walks into some of them.
    let mut beginner_blunders = 0;
    'games: for game_seed in 0..60u64 {
        let mut game = Game::new(start.clone());
        for i in 0..8u64 {
            let pos = game.multiverse().clone();
            let (lmin, lmax) = pos.timeline_range();
            if lmax > lmin {
                continue 'games;
            }
            let mut naive = search::Searcher::new(&pos, Limits::nodes(20_000), 0, 0);
            naive.without_safety();
            let Some((moves, _, _)) = naive.think(1, &mut |_, _, _, _| {}) else {
                continue 'games;
            };
            if allows_mate(&pos, &moves) && some_action_avoids_mate(&pos) {
                found += 1;
                for seed in 0..4 {
                    let c = choose_action(&pos, Level::Depth(1), seed, &Limits::nodes(20_000));
                    beginner_blunders += usize::from(allows_mate(&pos, &c.unwrap().moves));
                }
                // "Move now" plays the last report: none walks into the mate.
                let mut reports = Vec::new();
                let _ = choose_action_reporting(
                    &pos,
                    Level::Strongest,
                    game_seed,
                    &Limits::nodes(20_000),
                    &mut |r| reports.push(r.moves.clone()),
                );
                for r in &reports {
                    assert!(!allows_mate(&pos, r), "game {game_seed}: report {r:?}");
                }
                for level in [Level::Depth(3), Level::Depth(4), Level::Strongest] {
                    let c = choose_action(&pos, level, game_seed, &Limits::nodes(20_000)).unwrap();
                    assert!(
                        !allows_mate(&pos, &c.moves),
                        "{level}, game {game_seed}, action {i}: {:?} allows a mate",
                        c.moves
                    );
                }
            }
            let r = choose_action(&pos, Level::Random, game_seed * 100 + i, &Limits::nodes(1));
            let Some(r) = r else { continue 'games };
            play_checked(&mut game, &r.moves).unwrap();
        }
    }
    assert!(
        found >= 3,
        "only {found} positions where the naive choice allows a mate"
    );
    assert!(
        beginner_blunders > 0,
        "the beginner never walked into a mate"
    );
}

#[test]
fn each_level_has_its_own_node_limit_growing_with_it() {
    let budgets: Vec<u64> = (1..=Level::MAX_DEPTH_LEVEL)
        .map(|n| Level::Depth(n).node_budget())
        .collect();
    assert!(budgets.windows(2).all(|w| w[1] >= 2 * w[0]), "{budgets:?}");
    assert_eq!(Level::Strongest.node_budget(), u64::MAX);
    // Without a limit of the caller's, the level's own bounds the work
    // (a little over it at most: a node's listing finishes its step).
    let start = standard();
    for n in 1..=Level::MAX_DEPTH_LEVEL {
        let level = Level::Depth(n);
        let c = choose_action(&start, level, 1, &Limits::nodes(u64::MAX)).unwrap();
        assert!(
            c.nodes <= level.node_budget() + level.node_budget() / 2,
            "{level}: {} nodes",
            c.nodes
        );
    }
}

#[test]
fn the_levels_weaknesses_shrink_as_they_grow() {
    let skills: Vec<Skill> = (1..=Level::MAX_DEPTH_LEVEL)
        .map(|n| Level::Depth(n).skill())
        .chain([Level::Strongest.skill()])
        .collect();
    for w in skills.windows(2) {
        assert!(w[0].depth <= w[1].depth, "{skills:?}");
        assert!(w[0].margin >= w[1].margin, "{skills:?}");
        assert!(w[0].safety <= w[1].safety, "{skills:?}");
    }
    // Each level adds one skill to the one below (the table of
    // `Level::skill`, measured +100 Elo or more a step): level 2 the safety
    // check, level 3 the best action (no margin) and a second action of
    // depth, level 4 a third action with twice the node limit (level 5,
    // a fourth action at 40 000 nodes, was removed: it was no step below
    // strongest).
    let table: Vec<(u32, u64, i32, u32)> = skills[..4]
        .iter()
        .map(|s| (s.depth, s.nodes, s.margin, s.safety))
        .collect();
    assert_eq!(
        table,
        [
            (1, 1_000, 500, 0),
            (1, 3_000, 500, 100),
            (2, 10_000, 0, 100),
            (3, 20_000, 0, 100),
        ]
    );
    for w in skills[..4].windows(2) {
        let added = u32::from(w[1].safety > w[0].safety)
            + u32::from(w[1].margin < w[0].margin)
            + (w[1].depth - w[0].depth);
        assert!(added >= 1, "no skill added: {skills:?}");
    }
    assert!(skills[2..].iter().all(|s| s.safety == 100 && s.margin == 0));
}

/// The static score, for the side that plays it, of every legal action of
/// the side to move of `pos`.
fn static_scores(pos: &Multiverse) -> Vec<(Vec<Move>, i32)> {
    scores_seeing_threats(pos, false)
}

/// [`static_scores`], less the opponent's best capture with `threats`.
fn scores_seeing_threats(pos: &Multiverse, threats: bool) -> Vec<(Vec<Move>, i32)> {
    let mut s = search::Searcher::new(pos, Limits::nodes(u64::MAX), 0, 0);
    s.threats = threats;
    let (kids, _) = s.children(usize::MAX, u64::MAX, false, false, 0, 1);
    kids.into_iter().map(|k| (k.moves, k.score)).collect()
}

#[test]
fn seeing_threats_a_queen_no_longer_takes_a_defended_pawn() {
    // 1. e4 e5 2. Qh5 Nc6: Qxe5 wins a pawn for a static evaluation, and
    // loses the queen to Nxe5; with the skill of level 5 and strongest the
    // reply's capture is counted and Qxe5 scores below a quiet a3.
    let game = after(
        "[Board \"Standard\"]\n[Mode \"5D\"]\n\
         1. (0T1)e2e4 / (0T1)e7e5\n2. (0T2)Qd1h5 / (0T2)Nb8c6",
    );
    let score = |threats: bool, from: (u8, u8), to: (u8, u8)| {
        scores_seeing_threats(game.multiverse(), threats)
            .into_iter()
            .find(|(m, _)| {
                (m[0].from.square.x, m[0].from.square.y) == from
                    && (m[0].to.square.x, m[0].to.square.y) == to
            })
            .map(|(_, s)| s)
            .unwrap()
    };
    let (h5, e5, a2, a3) = ((7, 4), (4, 4), (0, 1), (0, 2));
    assert!(score(false, h5, e5) > score(false, a2, a3));
    assert!(
        score(true, h5, e5) <= score(false, h5, e5) - 900,
        "Nxe5 counted"
    );
    assert!(score(true, h5, e5) < score(true, a2, a3));
    assert_eq!(score(true, a2, a3), score(false, a2, a3), "nothing hangs");
    for n in 1..=Level::MAX_DEPTH_LEVEL {
        assert!(!Level::Depth(n).skill().threats, "level {n}");
    }
    assert!(Level::Strongest.skill().threats);
}

#[test]
fn the_beginners_margin_is_seeded_and_stays_near_the_best() {
    // Level 1 plays a depth-1 action within 500 cp of the best one, chosen
    // by the seed: the same seed, the same action; other seeds, others.
    let game = after("[Board \"Standard\"]\n[Mode \"5D\"]\n1. (0T1)e2e4 / (0T1)d7d5");
    let pos = game.multiverse();
    let scores = static_scores(pos);
    let top = scores.iter().map(|s| s.1).max().unwrap();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let c = choose_action(pos, Level::Depth(1), seed, &Limits::nodes(u64::MAX)).unwrap();
        let again = choose_action(pos, Level::Depth(1), seed, &Limits::nodes(u64::MAX)).unwrap();
        assert_eq!(c.moves, again.moves);
        let score = scores.iter().find(|s| s.0 == c.moves).unwrap().1;
        assert!(
            score >= top - Level::Depth(1).skill().margin,
            "seed {seed}: {score} vs {top}"
        );
        seen.insert(c.moves);
    }
    assert!(seen.len() >= 3, "{} different actions", seen.len());
    // Without a margin the seed does not matter.
    let l3: Vec<_> = (0..3)
        .map(|seed| choose_action(pos, Level::Depth(3), seed, &Limits::nodes(u64::MAX)).unwrap())
        .collect();
    assert!(l3.windows(2).all(|w| w[0].moves == w[1].moves));
}

#[test]
fn the_horizon_cut_keeps_the_score_and_saves_nodes() {
    // A horizon node stops listing at the first child that reaches beta:
    // a fail-high bound where the full listing gave the exact best child.
    // Alpha-beta's root score cannot change; the work shrinks.
    let positions = [
        after("[Board \"Standard\"]\n[Mode \"5D\"]\n1. (0T1)e2e4 / (0T1)d7d5"),
        // Two timelines, White to move.
        after(
            &STANDARD_CHECKMATE
                .lines()
                .take(6)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
    ];
    let mut saved = 0;
    for game in &positions {
        let pos = game.multiverse();
        let search = |cut: bool| {
            let mut s = search::Searcher::new(pos, Limits::nodes(u64::MAX), 0, 0);
            s.without_safety();
            s.horizon_cut = cut;
            let (_, score, depth) = s.think(3, &mut |_, _, _, _| {}).unwrap();
            (score, depth, s.nodes)
        };
        let (full, cut) = (search(false), search(true));
        assert_eq!((cut.0, cut.1), (full.0, full.1), "score and depth");
        assert!(
            cut.2 <= full.2,
            "{} nodes with the cut, {} without",
            cut.2,
            full.2
        );
        saved += usize::from(cut.2 < full.2);
    }
    assert_eq!(saved, positions.len(), "the cut saved nothing somewhere");
}

#[test]
fn the_first_of_equal_root_scores_is_chosen() {
    // The second action reached 40 exactly; the third, searched with alpha
    // 40, failed low and returned that bound: it must not replace the second.
    assert_eq!(
        super::first_best(&[(0, 10), (1, 40), (2, 40), (3, -5)]),
        Some((1, 40))
    );
    assert_eq!(super::first_best(&[(4, 7)]), Some((4, 7)));
    assert_eq!(super::first_best(&[(0, -3), (1, 2)]), Some((1, 2)));
    assert_eq!(super::first_best(&[]), None);
}

#[test]
fn strongest_deepens_by_even_depths_only_past_four() {
    // An odd depth gives the side to move the last action before the static
    // evaluation; strongest skips them past 4, so the depth it reports (the
    // last completed iteration) is 1 to 4 or even, however far the limit
    // lets it go.
    for n in 1..=Level::MAX_DEPTH_LEVEL {
        assert!(!Level::Depth(n).skill().even_depths, "level {n}");
    }
    assert!(Level::Strongest.skill().even_depths);
    let pos = standard();
    let mut depths = Vec::new();
    for limit in [3_000, 20_000, 60_000, 150_000, 400_000] {
        let c = choose_action(&pos, Level::Strongest, 1, &Limits::nodes(limit)).unwrap();
        assert!(
            c.depth <= 4 || c.depth.is_multiple_of(2),
            "{limit} nodes: depth {}",
            c.depth
        );
        depths.push(c.depth);
    }
    assert!(depths.iter().any(|&d| d >= 4), "depths {depths:?}");
    // 30 000 nodes on the opening: even depths only stopped at depth 2, the
    // rest of the search spent on a depth 4 it could not finish; depth 3
    // is finished, and with its order depth 4 too.
    let c = choose_action(&pos, Level::Strongest, 1, &Limits::nodes(30_000)).unwrap();
    assert!(c.depth >= 3, "depth {}", c.depth);
}

/// Very Small, game 21 of the reference match (`selfplay --white strongest
/// --black 5 --nodes 100000 --swap --opening 2 --board "Very Small" --seed
/// 1`), White (strongest) to play its 7th action a rook up on one timeline.
/// Without the skill it jumped its king back a turn, `(0T7)Ka1>>(0T6)b1`
/// (a new timeline), and lost the game in the multiverse that followed.
const AHEAD_ON_VERY_SMALL: &str = "[Board \"Very Small\"]\n[Mode \"5D\"]\n\
    1. (0T1)c2xb3 / (0T1)Na4xb2\n2. (0T2)b3xc4=Q / (0T2)Kd4xc4\n\
    3. (0T3)Nd1xb2 / (0T3)a3xb2\n4. (0T4)Bc1xb2 / (0T4)c3xb2\n\
    5. (0T5)Rb1xb2 / (0T5)Bb4a3\n6. (0T6)Rb2b1 / (0T6)Kc4d4\n";

#[test]
fn strongest_ahead_keeps_to_its_timelines() {
    for n in 1..=Level::MAX_DEPTH_LEVEL {
        assert!(!Level::Depth(n).skill().simplify, "level {n}");
    }
    assert!(Level::Strongest.skill().simplify);
    let game = after(AHEAD_ON_VERY_SMALL);
    let pos = game.multiverse();
    let branches = |moves: &[Move]| {
        let mut p = pos.clone();
        search::play(&mut p, moves).unwrap();
        p.timeline_range() != pos.timeline_range()
    };
    let limit = 20_000;
    // Strongest's search without the skill: the king's jump, ahead.
    let mut s = search::Searcher::new(pos, Limits::nodes(limit), 1, 0);
    s.beam = Beam::WIDER;
    s.even_depths = true;
    s.threats = true;
    s.check_reports = false;
    let (plain, score, _) = s.think(64, &mut |_, _, _, _| {}).unwrap();
    assert!(branches(&plain), "{plain:?}");
    assert!(
        (search::SIMPLIFY_AHEAD..eval::MATE_BOUND).contains(&score),
        "{score}"
    );
    // With it: an action on its one board.
    let c = choose_action(pos, Level::Strongest, 1, &Limits::nodes(limit)).unwrap();
    assert!(!branches(&c.moves), "{:?}", c.moves);
    assert!(c.score.unwrap() >= search::SIMPLIFY_AHEAD);
}

#[test]
fn the_branching_penalty_counts_the_copied_lead_only_in_a_large_multiverse() {
    use search::{branch_penalty, BRANCH_PENALTY, MANY_TIMELINES};
    let few = (0, MANY_TIMELINES - 2);
    let many = (-1, MANY_TIMELINES - 2);
    // No new timeline: nothing.
    assert_eq!(branch_penalty(many, 0, 5_000), 0);
    // Below MANY_TIMELINES: the flat penalty measured on Very Small.
    assert_eq!(branch_penalty(few, 1, 0), BRANCH_PENALTY);
    assert_eq!(branch_penalty(few, 3, 2_000), BRANCH_PENALTY);
    // From there on: per new timeline, and what they hold for the side.
    assert_eq!(branch_penalty(many, 1, 0), BRANCH_PENALTY);
    assert_eq!(branch_penalty(many, 3, 2_000), 3 * BRANCH_PENALTY + 2_000);
}

#[test]
fn a_jump_back_copies_the_lead_of_the_board_it_lands_on() {
    // White took a pawn at once (2. exd5); at T4 its b1 knight jumps back
    // to the T3 board, where White is already a pawn up: the new timeline
    // holds that lead and the knight.
    let game = after(
        "[Board \"Standard\"]\n[Mode \"5D\"]\n\
         1. (0T1)e2e4 / (0T1)d7d5\n2. (0T2)e4xd5 / (0T2)a7a6\n\
         3. (0T3)d2d3 / (0T3)a6a5\n",
    );
    let pos = game.multiverse();
    let before = pos.timeline_range();
    assert_eq!(eval::new_timelines_lead(pos, Color::White, before), 0);
    let mut p = pos.clone();
    // White's board at T3 is the 6th half-turn.
    let jump = p
        .board_moves(p.mandatory_boards()[0])
        .into_iter()
        .find(|m| p.is_branching(m) && m.from.square.x == 1 && m.to.board.v == 6)
        .expect("the b1 knight can jump back to T3");
    search::play(&mut p, &[jump]).unwrap();
    assert_ne!(p.timeline_range(), before);
    let lead = eval::new_timelines_lead(&p, Color::White, before);
    let knight = eval::piece_value(crate::chess::PieceKind::Knight);
    let pawn = eval::piece_value(crate::chess::PieceKind::Pawn);
    assert!(lead >= knight + pawn, "{lead}");
    assert_eq!(eval::new_timelines_lead(&p, Color::Black, before), 0);
}
