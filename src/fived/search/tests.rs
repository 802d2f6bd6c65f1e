//! Tests of the pruned search: it agrees with brute force, and the corpus
//! positions that once took seconds are decided within a small budget.

use std::ops::ControlFlow;

use super::{
    count_legal_actions, fast_legal_actions, for_each_legal_action, naive_legal_actions, outcome,
    Answer, Budget, Outcome, Search,
};
use crate::fived::{boards, Game, Move, Multiverse};

/// The outcome by the plain definition, from a full enumeration: in check
/// and every action pulls the present back is softmate. `None` if the
/// enumeration did not finish within `budget`.
fn outcome_by_enumeration(m: &Multiverse, budget: u64) -> Option<Outcome> {
    let in_check = m.in_check();
    let present = m.present();
    let mut any = false;
    let mut normal = false;
    let r = for_each_legal_action(m, Budget::nodes(budget), |_, after| {
        any = true;
        if after.present() > present {
            normal = true;
        }
        ControlFlow::Continue(())
    });
    r.known()?;
    Some(match (any, in_check) {
        (false, true) => Outcome::Checkmate,
        (false, false) => Outcome::Stalemate,
        (true, _) => Outcome::Ongoing {
            in_check,
            softmate: in_check && !normal,
        },
    })
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What [`play_and_compare`] checked along one game.
struct Played {
    /// Positions whose enumeration was compared with brute force.
    compared: usize,
    /// Positions whose outcome was compared with the full enumeration.
    enumerated: usize,
    /// Branching actions played.
    branched: usize,
}

/// Plays one of `actions` on `game` and submits it: a branching action
/// whenever one exists and `prefer_branching` draws so (so that timelines
/// multiply), else any. True when the action played branches.
fn play_random_action(
    game: &mut Game,
    actions: &[Vec<Move>],
    rng: &mut Rng,
    prefer_branching: fn(&mut Rng) -> bool,
) -> bool {
    let branching: Vec<&Vec<Move>> = actions
        .iter()
        .filter(|a| a.iter().any(|m| !m.is_physical()))
        .collect();
    let pick = if !branching.is_empty() && prefer_branching(rng) {
        branching[rng.below(branching.len())].clone()
    } else {
        actions[rng.below(actions.len())].clone()
    };
    let branched = pick.iter().any(|m| !m.is_physical());
    for m in pick {
        game.play(m).expect("enumerated move plays");
    }
    game.submit().expect("enumerated action submits");
    branched
}

/// Three times in four.
fn mostly(rng: &mut Rng) -> bool {
    rng.below(4) != 0
}

/// Plays up to `plies` random actions of `game`. At every position the fast
/// enumeration must equal brute force where that is cheap (at most
/// `small.0` playable boards and fewer than `small.1` actions), and
/// `outcome` must equal the outcome read off the full enumeration. A
/// branching action is picked whenever one exists and `prefer_branching`
/// draws so, so that timelines multiply.
fn play_and_compare(
    game: &mut Game,
    label: &str,
    plies: usize,
    small: (usize, usize),
    rng: &mut Rng,
    prefer_branching: fn(&mut Rng) -> bool,
) -> Played {
    let mut played = Played {
        compared: 0,
        enumerated: 0,
        branched: 0,
    };
    for _ply in 0..plies {
        let pos = game.committed();
        let mut actions: Vec<Vec<Move>> = Vec::new();
        let _ = for_each_legal_action(&pos, Budget::nodes(400_000), |a, _| {
            actions.push(a.to_vec());
            if actions.len() >= 3000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if pos.playable_boards(pos.to_move()).len() <= small.0 && actions.len() < small.1 {
            assert_eq!(
                naive_legal_actions(&pos),
                fast_legal_actions(&pos),
                "{label}: enumeration differs from brute force"
            );
            played.compared += 1;
        }
        if let Some(expected) = outcome_by_enumeration(&pos, 50_000) {
            played.enumerated += 1;
            assert_eq!(
                outcome(&pos, Budget::UNLIMITED).known(),
                Some(expected),
                "{label}: outcome differs from the enumeration"
            );
        }
        if actions.is_empty() {
            break;
        }
        if play_random_action(game, &actions, rng, prefer_branching) {
            played.branched += 1;
        }
    }
    played
}

/// Random games on small boards: at every position the pruned search
/// enumerates exactly what brute force finds (when brute force is cheap),
/// and `outcome` equals the outcome read off the full enumeration.
#[test]
fn pruned_search_agrees_with_brute_force_on_random_small_games() {
    let variants = [
        "Very Small",
        "Very Small - Open",
        "Small - Open",
        "Focused - Just Rooks",
        "Focused - Just Knights",
        "Small",
    ];
    // A test build is many times slower: play less there.
    let (games, plies) = if cfg!(debug_assertions) {
        (1, 8)
    } else {
        (4, 12)
    };
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut compared = 0;
    let mut branched = 0;
    let mut enumerated = 0;
    for name in variants {
        let variant = boards::find(name).expect("catalogue board");
        for _game in 0..games {
            let mut game = Game::new(Multiverse::from_variant(variant).expect("setup"));
            let played = play_and_compare(&mut game, name, plies, (2, 400), &mut rng, |r| {
                r.below(2) == 0
            });
            compared += played.compared;
            enumerated += played.enumerated;
            branched += played.branched;
        }
    }
    println!(
        "{compared} compared with brute force, {enumerated} outcomes, {branched} branching actions"
    );
    assert!(compared > 10 * games, "only {compared} positions compared");
    assert!(
        branched > 5 * games,
        "only {branched} branching actions played"
    );
}

/// The positions of a corpus game (0 = start), or `None` if the corpus is
/// absent.
fn corpus_positions(file: &str) -> Option<Vec<Multiverse>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/games")
        .join(file);
    let text = std::fs::read_to_string(path).ok()?;
    let read = crate::notation::read(&text).expect("corpus file reads");
    let mut positions = Vec::new();
    let _ = crate::notation::resolve::replay(&read.game, |_, g| positions.push(g.committed()));
    Some(positions)
}

/// The positions that took seconds before the pruning (a reactivated old
/// timeline that must be played; softmate proofs; a mate whose jumps fail
/// only with some board moves) are decided, with the labelled status, within
/// a budget far below what enumerating them needs.
#[test]
fn once_slow_corpus_positions_are_decided_within_a_small_budget() {
    let cases = [
        (
            "tools__dead-timeline-2.5dpgn",
            64,
            Outcome::Ongoing {
                in_check: true,
                softmate: false,
            },
        ),
        (
            "notation__aivsai.fixed.5dpgn",
            52,
            Outcome::Ongoing {
                in_check: true,
                softmate: true,
            },
        ),
        (
            "notation__aivsai.fixed.5dpgn",
            48,
            Outcome::Ongoing {
                in_check: true,
                softmate: true,
            },
        ),
        (
            "tools__standard-checkmate-2.conv.5dpgn",
            11,
            Outcome::Checkmate,
        ),
        ("tools__dead-timeline.5dpgn", 25, Outcome::Checkmate),
        (
            "notation__game-2.5dpgn",
            41,
            Outcome::Ongoing {
                in_check: true,
                softmate: true,
            },
        ),
    ];
    for (file, pos, expected) in cases {
        let Some(positions) = corpus_positions(file) else {
            println!("skipped: corpus absent");
            return;
        };
        let m = &positions[pos];
        assert_eq!(
            outcome(m, Budget::nodes(20_000)),
            Answer::Known(expected),
            "{file}#{pos}"
        );
    }
    // Counting still visits every action: the first 1000 of the position
    // whose phase 3 used to try half a million combinations in vain.
    let positions = corpus_positions("tools__dead-timeline-2.5dpgn").expect("read above");
    assert_eq!(
        count_legal_actions(&positions[64], Some(1000), Budget::nodes(200_000)),
        Answer::Known(1000)
    );
}

/// A budget too small for the work gives `Unknown`, never a guess.
#[test]
fn exhausted_budget_is_unknown() {
    let Some(positions) = corpus_positions("tools__standard-checkmate-2.conv.5dpgn") else {
        return;
    };
    assert_eq!(outcome(&positions[11], Budget::nodes(50)), Answer::Unknown);
    assert_eq!(
        count_legal_actions(&positions[11], None, Budget::nodes(50)),
        Answer::Unknown
    );
}

/// `l,v,x,y>l,v,x,y`: one move of `game`'s staged action, found among the
/// legal destinations of its source.
fn staged_move(game: &Game, text: &str) -> Move {
    let n: Vec<i32> = text
        .split([',', '>'])
        .map(|x| x.parse().expect("number"))
        .collect();
    let square = |x: i32, y: i32| {
        crate::chess::Square::new(u8::try_from(x).unwrap(), u8::try_from(y).unwrap()).unwrap()
    };
    let from = crate::fived::Coord::new(n[0], n[1], square(n[2], n[3]));
    let to = crate::fived::Coord::new(n[4], n[5], square(n[6], n[7]));
    game.legal_destinations(from)
        .expect("a movable piece")
        .into_iter()
        .find(|m| m.to == to)
        .unwrap_or_else(|| panic!("{text} is not a legal move"))
}

/// A random Timeline Tactitian game (found by comparing this search with the
/// one before the pruning work on 1 433 random positions): at its sixth
/// position the old search enumerated 619 actions and missed legal ones —
/// actions its own `play`/`can_submit` accepted with no check. The search
/// now finds them; the count pins today's enumeration (1 046 sequences,
/// 864 distinct move sets, a strict superset of the old list).
#[test]
fn actions_the_search_once_missed_are_enumerated() {
    let variant = boards::find("Misc - Timeline Tactitian").expect("catalogue board");
    let mut game = Game::new(Multiverse::from_variant(variant).expect("setup"));
    let played = [
        "0,2,0,1>-1,2,0,1",
        "-1,3,0,3>0,3,1,3",
        "0,4,2,1>-1,4,2,1",
        "0,5,1,3>0,3,2,3 -1,5,2,3>0,5,2,1",
        "-2,4,1,0>-2,4,0,1 -1,6,2,1>-1,6,3,2 0,6,1,0>-1,4,1,0",
    ];
    for action in played {
        for text in action.split(' ') {
            let m = staged_move(&game, text);
            game.play(m).expect("plays");
        }
        game.submit().expect("submits");
    }
    let position = game.committed();
    let mut count = 0;
    let mut sets = std::collections::BTreeSet::new();
    let r = for_each_legal_action(&position, Budget::UNLIMITED, |a, _| {
        count += 1;
        let mut set = a.to_vec();
        set.sort();
        sets.insert(set);
        ControlFlow::Continue(())
    });
    assert_eq!(r, Answer::Known(true));
    assert_eq!((count, sets.len()), (1046, 864));
    for missed in [
        "-1,7,0,2>0,7,0,2 -2,5,2,3>-1,7,3,2 1,5,1,3>-1,5,1,1",
        "-1,7,0,2>0,7,0,2 -2,5,2,3>-1,7,3,2 1,5,1,3>0,3,1,3",
        "-1,7,0,2>0,7,0,2 -2,5,2,3>-1,7,3,2 1,5,1,3>0,5,0,3",
    ] {
        let mut trial = game.clone();
        let mut set = Vec::new();
        for text in missed.split(' ') {
            let m = staged_move(&trial, text);
            trial.play(m).expect("plays");
            set.push(m);
        }
        assert_eq!(trial.can_submit(), Ok(()), "{missed}");
        assert!(trial.checks().is_empty(), "{missed}");
        set.sort();
        assert!(sets.contains(&set), "{missed} is legal but not enumerated");
    }
}

/// A custom start made of a catalogue board copied onto the timelines
/// `lmin..=lmax` (odd numbering), all at its first turn, with no
/// `InitialMultiverses` header: only timeline 0 is initial (section 5), so
/// the start is asymmetric whenever `lmax != -lmin`.
fn custom_start(name: &str, lmin: i32, lmax: i32) -> Multiverse {
    let variant = boards::find(name).expect("catalogue board");
    let (first, placement) = variant.placements().remove(0);
    let boards: Vec<crate::fived::InitialBoard> = (lmin..=lmax)
        .map(|l| crate::fived::InitialBoard {
            l,
            turn: i32::try_from(first.turn).expect("small turn"),
            to_move: first.to_move,
            placement: placement.clone(),
        })
        .collect();
    Multiverse::from_boards(variant.width, variant.height, false, &[], &boards)
        .expect("custom start builds")
}

/// [`play_and_compare`] over `games` games of `plies` plies from each custom
/// start (board name, lowest and highest timeline), the counts summed.
fn play_custom_starts(
    starts: &[(&str, i32, i32)],
    (games, plies): (usize, usize),
    small: (usize, usize),
    mut rng: Rng,
    prefer_branching: fn(&mut Rng) -> bool,
) -> Played {
    let mut sum = Played {
        compared: 0,
        enumerated: 0,
        branched: 0,
    };
    for &(name, lmin, lmax) in starts {
        for _game in 0..games {
            let mut game = Game::new(custom_start(name, lmin, lmax));
            let played = play_and_compare(
                &mut game,
                &format!("{name} {lmin}..{lmax}"),
                plies,
                small,
                &mut rng,
                prefer_branching,
            );
            sum.compared += played.compared;
            sum.enumerated += played.enumerated;
            sum.branched += played.branched;
        }
    }
    sum
}

/// Random games from asymmetric custom starts (where the first timelines
/// a side makes may be inactive and jumps may not pull the present back,
/// and where a jump's timeline number depends on the jumps before it): the
/// fast enumeration equals brute force wherever brute force is cheap, and
/// `outcome` equals the outcome read off the full enumeration.
#[test]
fn pruned_search_agrees_with_brute_force_on_asymmetric_custom_starts() {
    let starts = [
        ("Very Small - Open", 0, 1),
        ("Very Small - Open", 0, 2),
        ("Very Small - Open", -1, 2),
        ("Focused - Just Rooks", 0, 1),
        ("Focused - Just Knights", -1, 1),
        ("Very Small", -2, 1),
    ];
    let (games, plies) = if cfg!(debug_assertions) {
        (1, 6)
    } else {
        (4, 10)
    };
    let Played {
        compared,
        enumerated,
        ..
    } = play_custom_starts(
        &starts,
        (games, plies),
        (3, 2000),
        Rng(0x5eed_4321_dcba_0002),
        |r| r.below(3) != 0,
    );
    println!("{compared} compared with brute force, {enumerated} outcomes");
    assert!(compared >= 3 * games, "only {compared} positions compared");
    assert!(enumerated > 10 * games, "only {enumerated} outcomes");
}

/// Section 5: a side's own timelines keep their activity during its action
/// (it depends on the opponent's count alone), so only an inactive timeline
/// the opponent made can be reactivated. `stuck` relies on it: before, any
/// inactive timeline ending before the present counted as a possible
/// pull-back, so once a jump had made one of the mover's own (inactive)
/// timelines, a waiting board was never found stuck.
#[test]
fn only_the_opponents_inactive_timelines_are_reactivable() {
    use crate::chess::Color;
    // Timelines -1..=3 and no header: White made +1, +2, +3 and Black -1,
    // so +3 is inactive (3 > min(3, 1) + 1).
    let m = custom_start("Very Small - Open", -1, 3);
    assert!(!m.is_active(3) && m.is_active(2) && m.is_active(-1));
    assert!(m.reactivable_by(3, Color::Black));
    assert!(!m.reactivable_by(3, Color::White));
    for l in -1..=2 {
        assert!(!m.reactivable_by(l, Color::White) && !m.reactivable_by(l, Color::Black));
    }
    // Every legal action of random games from such starts: a timeline
    // inactive before it and not reactivable by the mover is still
    // inactive after it.
    let mut rng = Rng(0x5eed_0014_0000_0001);
    let mut seen = 0;
    for (lmin, lmax) in [(-1, 3), (-3, 1), (0, 3)] {
        let mut game = Game::new(custom_start("Very Small - Open", lmin, lmax));
        for _ply in 0..6 {
            let pos = game.committed();
            let mover = pos.to_move;
            let (lo, hi) = pos.timeline_range();
            let mut actions = Vec::new();
            let r = for_each_legal_action(&pos, Budget::nodes(200_000), |a, after| {
                for l in lo..=hi {
                    if !pos.is_active(l) && !pos.reactivable_by(l, mover) {
                        seen += 1;
                        assert!(
                            !after.is_active(l),
                            "{lmin}..{lmax}: {l} reactivated by {a:?}"
                        );
                    }
                }
                actions.push(a.to_vec());
                ControlFlow::Continue(())
            });
            if r != Answer::Known(true) || actions.is_empty() {
                break;
            }
            play_random_action(&mut game, &actions, &mut rng, mostly);
        }
    }
    assert!(seen > 0, "no inactive timeline was met");
}

/// Random games from starts where one side has no active timeline left to
/// make (its jumps create inactive timelines and cannot pull the present
/// back): the cases the phase-2 changes of issue 14 are about (`stuck`
/// without the mover's own inactive timelines, and checks learnt through
/// timelines an earlier jump created). The fast enumeration equals
/// brute force wherever that is cheap, and `outcome` equals the outcome
/// read off the full enumeration.
#[test]
fn phase_two_cuts_agree_with_brute_force_when_no_timeline_can_be_active() {
    // Timelines 0..=2 with no header: White made +1 and +2, Black none, so
    // White's timelines from +2 on are inactive (and mirrored for Black).
    let starts = [
        ("Very Small - Open", 0, 2),
        ("Very Small - Open", -2, 0),
        ("Focused - Just Rooks", 0, 2),
        ("Focused - Just Knights", -2, 0),
    ];
    let (games, plies) = if cfg!(debug_assertions) {
        (1, 6)
    } else {
        (3, 9)
    };
    let Played {
        compared,
        enumerated,
        branched,
    } = play_custom_starts(
        &starts,
        (games, plies),
        (3, 2500),
        Rng(0x5eed_0014_0000_0002),
        mostly,
    );
    println!("{compared} compared with brute force, {enumerated} outcomes, {branched} branching");
    assert!(
        compared + enumerated >= 6 * games,
        "only {compared} enumerations and {enumerated} outcomes compared"
    );
    assert!(branched > 0, "no branching action was played");
}

/// The legal actions by the pruned search (at most 3 000, within 400 000
/// nodes), and how often the phase-3 order and the reservation cuts of
/// issue 14 changed its walk (`phases.rs`, `stuck.rs`).
fn actions_and_phase3_cuts(pos: &Multiverse) -> (Vec<Vec<Move>>, u64) {
    let mut actions = Vec::new();
    let mut visit = |a: &[Move], _: &Multiverse| {
        actions.push(a.to_vec());
        if actions.len() >= 3000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let mut s = Search::new(pos, Budget::nodes(400_000), false, &mut visit);
    let _ = s.run();
    let cuts = s.p3_cuts;
    (actions, cuts)
}

/// Phase-3 order and reservations (issue 14): random branching games on
/// small boards. Wherever brute force is cheap, the pruned enumeration
/// equals it, and the new order or cuts changed the walk on some of those
/// positions (so they are tested, not bypassed).
#[test]
fn phase_three_order_and_reservation_cuts_agree_with_brute_force() {
    let starts = [
        ("Very Small - Open", 0, 0),
        ("Very Small - Open", 0, 2),
        ("Focused - Just Rooks", 0, 0),
        ("Focused - Just Knights", -2, 0),
        ("Small - Open", 0, 0),
    ];
    let (games, plies) = if cfg!(debug_assertions) {
        (2, 10)
    } else {
        (4, 10)
    };
    let mut rng = Rng(0x5eed_0014_0000_0004);
    let mut compared = 0;
    let mut cuts_where_compared = 0;
    for (name, lmin, lmax) in starts {
        for _game in 0..games {
            let mut game = Game::new(custom_start(name, lmin, lmax));
            for _ply in 0..plies {
                let pos = game.committed();
                let (actions, cuts) = actions_and_phase3_cuts(&pos);
                if pos.playable_boards(pos.to_move()).len() <= 3 && actions.len() < 2500 {
                    assert_eq!(
                        naive_legal_actions(&pos),
                        fast_legal_actions(&pos),
                        "{name} {lmin}..{lmax}: enumeration differs from brute force"
                    );
                    compared += 1;
                    cuts_where_compared += cuts;
                }
                if actions.is_empty() {
                    break;
                }
                play_random_action(&mut game, &actions, &mut rng, mostly);
            }
        }
    }
    println!("{compared} compared with brute force, {cuts_where_compared} phase-3 cuts there");
    assert!(compared >= 5 * games, "only {compared} positions compared");
    assert!(
        cuts_where_compared > 0,
        "the phase-3 order and reservation cuts never fired where compared"
    );
}

#[test]
fn board_slots_find_exactly_the_searched_boards() {
    use super::BoardSlots;
    use crate::fived::coords::BoardId;
    let id = |l, v| BoardId { l, v };
    let boards = [id(2, 7), id(-3, 9), id(0, 7), id(5, 11)];
    let slots = BoardSlots::new(&boards);
    for (i, &b) in boards.iter().enumerate() {
        assert_eq!(slots.index(&boards, b), Some(i));
    }
    // Other half-turns of the same timelines, timelines between them with
    // no board, and timelines outside the range on both sides.
    for b in [
        id(2, 9),
        id(0, 5),
        id(-1, 7),
        id(1, 7),
        id(-4, 9),
        id(6, 11),
        id(i32::MIN, 0),
        id(i32::MAX, 0),
    ] {
        assert_eq!(slots.index(&boards, b), None, "{b:?}");
    }
    assert_eq!(BoardSlots::new(&[]).index(&[], id(0, 0)), None);
}
