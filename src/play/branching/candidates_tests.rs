//! The computer in Multiverse Time Travel Chess: every turn it weighs is
//! legal, it weighs travel of every kind, its score bounds a branch below a
//! branch won, and it travels when only a journey mates or saves material.

use std::collections::HashSet;

use super::candidates::{
    branch_worth, evaluate, search_journeys, search_turns, BRANCH_WIN, JOURNEYS, PAIRED_MOVES,
};
use super::*;
use crate::games::branching::{Config, SplitMix64};
use crate::play::computer::{choose, Level};

/// Positions of seeded random playouts (journeys in about a third of the
/// turns), with the recommended branch limit and with a small one (so the
/// collapse and trans-universe travel come); every third turn kept.
fn playout_positions() -> Vec<Game> {
    let mut out = Vec::new();
    for (i, config) in [Config::new(21, 11), Config::new(5, 12), Config::new(21, 13)]
        .into_iter()
        .enumerate()
    {
        let mut game = Game::new(config).unwrap();
        let mut rng = SplitMix64::new(0xB0_7000 + i as u64);
        for n in 0..30 {
            let Some(turn) = game.random_turn(&mut rng, 35) else {
                break;
            };
            game.play(&turn).unwrap();
            if n % 3 == 2 {
                out.push(game.clone());
            }
        }
    }
    out
}

fn kind(turn: &BranchTurn) -> &'static str {
    match turn.travel {
        None => "plain",
        Some(p) => match (p.order, p.travel) {
            (TravelOrder::MoveFirst, Travel::Time { .. }) => "time, move first",
            (TravelOrder::TravelFirst, Travel::Time { .. }) => "time, travel first",
            (_, Travel::TransUniverse { .. }) => "crossing",
        },
    }
}

#[test]
fn what_the_computer_weighs_is_legal_and_holds_every_plain_move() {
    let mut kinds: HashSet<&str> = HashSet::new();
    for game in playout_positions() {
        let mut weighed = search_turns(&game);
        weighed.extend(search_journeys(&game));
        let distinct: HashSet<BranchTurn> = weighed.iter().copied().collect();
        assert_eq!(distinct.len(), weighed.len(), "a turn weighed twice");
        let legal: HashSet<BranchTurn> = game.legal_turns().into_iter().collect();
        for turn in &weighed {
            assert!(legal.contains(turn), "not legal: {turn:?}");
            kinds.insert(kind(turn));
        }
        let mut plain = 0;
        for &b in &game.phase().pending {
            for turn in game.plain_turns(b) {
                assert!(distinct.contains(&turn), "plain move left out: {turn:?}");
                plain += 1;
            }
        }
        let most = plain + game.phase().pending.len() * JOURNEYS * 2 * PAIRED_MOVES;
        assert!(weighed.len() <= most, "{} > {most}", weighed.len());
    }
    for k in [
        "plain",
        "time, move first",
        "time, travel first",
        "crossing",
    ] {
        assert!(kinds.contains(k), "no {k} turn weighed: {kinds:?}");
    }
}

#[test]
fn the_session_lists_journeys_among_its_legal_actions() {
    let s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    let actions = s.legal_actions();
    assert_eq!(actions.len(), s.game().legal_turns().len());
    assert_eq!(actions.iter().filter(|a| a.travel.is_none()).count(), 20);
    assert!(actions.len() > 500, "{}", actions.len());
    assert_eq!(s.search_actions().len(), 20);
    assert!(!s.search_actions_later().is_empty());
}

#[test]
fn a_branch_won_outweighs_any_lead_and_leads_keep_their_order() {
    assert_eq!(branch_worth(0), 0);
    assert_eq!(branch_worth(300), -branch_worth(-300));
    let leads = [-3900, -900, -100, 0, 100, 300, 900, 3900, 39_000];
    for w in leads.windows(2) {
        assert!(branch_worth(w[0]) < branch_worth(w[1]), "{w:?}");
    }
    assert!(branch_worth(39_000) < BRANCH_WIN);
    let game = Game::new(Config::default()).unwrap();
    assert_eq!(evaluate(&game, Color::White), 0);
}

/// White, after 1.Kg1 Kg8 from the FEN below: its a4 knight blocks the
/// rook's way to a8. No plain move mates, and no move followed by a
/// journey; the knight travelling first (back to board 0) and then 1…Ra8
/// does: the only mating turns are journeys that go before the move.
#[test]
fn the_strong_computer_mates_by_sending_a_piece_back_first() {
    let start = Position::from_fen("7k/5ppp/8/8/N7/8/5PPP/R6K w - - 0 1").unwrap();
    let mut game = Game::from_position(start, Config::new(21, 1)).unwrap();
    for uci in ["h1g1", "h8g8"] {
        let pos = *game.branch(BranchId(0)).unwrap().latest().position();
        let mv = pos.uci_move(uci).unwrap();
        game.play(&BranchTurn::plain(BranchId(0), mv)).unwrap();
    }
    let session = BranchingSession::new(game);
    let mates: Vec<BranchTurn> = session
        .legal_actions()
        .into_iter()
        .filter(|t| {
            let mut g = session.game().clone();
            g.play(t).is_ok() && g.branch(BranchId(0)).unwrap().result().is_some()
        })
        .collect();
    assert!(!mates.is_empty());
    assert!(
        mates.iter().all(|t| kind(t) == "time, travel first"),
        "{mates:?}"
    );
    let choice = choose(&session, Level::Strong, 3).unwrap();
    assert!(mates.contains(&choice.action), "{choice:?}");
}

/// After 1.h3 Rd1 from the FEN below, White's a1 knight is attacked by the
/// rook; its squares b3 and c2 are the a4 bishop's, and nothing can cover
/// it: every plain move loses it (the material is level before). Sent back
/// to board 0, where the rook was not yet on the first rank, it is lost to
/// this branch but founds a new one a knight up: the computer sends it
/// there.
#[test]
fn the_strong_computer_sends_a_lost_piece_back_in_time() {
    let start = Position::from_fen("3r2k1/8/8/8/b7/4P1P1/4PPKP/N7 w - - 0 1").unwrap();
    let mut game = Game::from_position(start, Config::new(21, 1)).unwrap();
    for uci in ["h2h3", "d8d1"] {
        let pos = *game.branch(BranchId(0)).unwrap().latest().position();
        let mv = pos.uci_move(uci).unwrap();
        game.play(&BranchTurn::plain(BranchId(0), mv)).unwrap();
    }
    let session = BranchingSession::new(game);
    let choice = choose(&session, Level::Strong, 5).unwrap();
    let travel = choice.action.travel.map(|p| p.travel);
    let a1 = Square::parse("a1").unwrap();
    assert!(
        matches!(travel, Some(Travel::Time { from, to_t: 0, .. }) if from == a1),
        "{choice:?}"
    );
    // Better than the knight lost outright.
    assert!(choice.score > branch_worth(-300), "{choice:?}");
}

/// The cost the search pays, measured on the playout positions (host, test
/// profile; printed with `--nocapture`): listing every turn, listing what
/// the computer weighs, and a Strong search.
#[test]
fn what_the_computer_weighs_stays_searchable() {
    use std::time::Instant;
    for (i, game) in playout_positions().into_iter().enumerate().step_by(4) {
        let t = Instant::now();
        let legal = game.legal_turns().len();
        let listing = t.elapsed();
        let t = Instant::now();
        let weighed = search_turns(&game).len() + search_journeys(&game).len();
        let weighing = t.elapsed();
        let session = BranchingSession::new(game);
        let t = Instant::now();
        let c = choose(&session, Level::Strong, 1).unwrap();
        eprintln!(
            "position {i}: {legal} legal turns in {listing:?}; {weighed} weighed in {weighing:?}; \
             strong: depth {} in {} nodes, {:?}",
            c.depth,
            c.nodes,
            t.elapsed()
        );
        assert!(weighed < 40 * session.game().phase().pending.len() + 100);
        assert!(c.depth >= 1);
    }
}
/// The first move of a game, White's: the Casual and Strong levels (no
/// noise) open with a plain move, seed or not (a journey on move 1 founds a
/// branch a piece up and leaves one a piece down, and their answer shows
/// it); the Beginner's noise sends a piece back now and then.
#[test]
fn the_first_move_is_plain_above_the_beginner() {
    let s = BranchingSession::new(Game::new(Config::new(21, 7)).unwrap());
    for level in [Level::Casual, Level::Strong] {
        for seed in 0..2 {
            let c = choose(&s, level, seed).unwrap();
            assert_eq!(c.action.travel, None, "{level:?} {c:?}");
        }
    }
    let travels = (0..40u64)
        .filter(|&seed| {
            choose(&s, Level::Beginner, seed.wrapping_mul(0x9E37_79B9))
                .unwrap()
                .action
                .travel
                .is_some()
        })
        .count();
    assert!((1..20).contains(&travels), "{travels} of 40");
}
