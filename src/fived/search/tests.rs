//! Tests of the pruned search: it agrees with brute force, and the corpus
//! positions that once took seconds are decided within a small budget.

use std::ops::ControlFlow;

use super::{
    count_legal_actions, fast_legal_actions, for_each_legal_action, naive_legal_actions, outcome,
    Answer, Budget, Outcome,
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
                if pos.playable_boards(pos.to_move()).len() <= 2 && actions.len() < 400 {
                    assert_eq!(
                        naive_legal_actions(&pos),
                        fast_legal_actions(&pos),
                        "{name}: enumeration differs from brute force"
                    );
                    compared += 1;
                }
                if let Some(expected) = outcome_by_enumeration(&pos, 50_000) {
                    enumerated += 1;
                    assert_eq!(
                        outcome(&pos, Budget::UNLIMITED).known(),
                        Some(expected),
                        "{name}: outcome differs from the enumeration"
                    );
                }
                if actions.is_empty() {
                    break;
                }
                // Prefer actions that branch, so timelines multiply.
                let branching: Vec<&Vec<Move>> = actions
                    .iter()
                    .filter(|a| a.iter().any(|m| !m.is_physical()))
                    .collect();
                let pick = if !branching.is_empty() && rng.below(2) == 0 {
                    branching[rng.below(branching.len())].clone()
                } else {
                    actions[rng.below(actions.len())].clone()
                };
                if pick.iter().any(|m| !m.is_physical()) {
                    branched += 1;
                }
                for m in pick {
                    game.play(m).expect("enumerated move plays");
                }
                game.submit().expect("enumerated action submits");
            }
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
