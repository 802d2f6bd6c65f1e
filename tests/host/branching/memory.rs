//! Boards are shared between branches, not copied: a fork adds one board. The
//! `#[ignore]`d test prints the memory figures (`cargo test --test host
//! branching::memory -- --ignored --nocapture`); `examples/branching_memory.rs` also measures the heap.

use chronochess::games::branching::{Config, Game, SplitMix64};

fn grow(limit: u32, seed: u64, travel_percent: u32) -> Game {
    let mut game = Game::new(Config::new(limit, seed)).unwrap();
    let mut rng = SplitMix64::new(seed.wrapping_add(99));
    while !game.is_collapsing() {
        let Some(turn) = game.random_turn(&mut rng, travel_percent) else {
            break;
        };
        game.play(&turn).unwrap();
    }
    game
}

#[test]
fn forks_share_their_past() {
    let game = grow(21, 5, 50);
    let m = game.memory_footprint();
    assert_eq!(m.branches, 21);
    // Each branch owns only the boards after its fork: the distinct boards are the
    // original's plus one per ply played in a fork, far fewer than full copies.
    let own: usize = game.branches().iter().map(|b| b.own_boards().len()).sum();
    assert_eq!(m.boards, own);
    assert!(m.boards < m.boards_if_copied);
    assert_eq!(m.board_bytes, m.boards * m.bytes_per_board);
}

#[test]
#[ignore = "prints memory figures"]
fn print_memory_figures() {
    println!("limit seed travel% branches boards copied B/board B/branch total");
    for limit in [21, 101] {
        for seed in 1..=3 {
            for travel in [50, 5] {
                let m = grow(limit, seed, travel).memory_footprint();
                println!(
                    "{limit} {seed} {travel} {} {} {} {} {} {}",
                    m.branches,
                    m.boards,
                    m.boards_if_copied,
                    m.bytes_per_board,
                    m.bytes_per_branch(),
                    m.total_bytes()
                );
            }
        }
    }
}
