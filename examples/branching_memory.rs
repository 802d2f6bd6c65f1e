//! Memory of the multiverse Time Travel Chess engine: plays random games until the
//! branch limit (21 and 101) is reached, then counts bytes two ways: structurally
//! (distinct shared board nodes × their size, see `Game::memory_footprint`) and with
//! a counting global allocator (live heap bytes held by the game).
//!
//! Run with `cargo run --example branching_memory`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use chronochess::games::branching::{Config, Game, SplitMix64};

/// Counts live heap bytes.
struct CountingAllocator;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        LIVE.fetch_add(new_size, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Plays random turns (about `travel_percent` % with a journey) until `limit`
/// branches exist, or to the end of the game when `to_end`; returns the game and the
/// number of branch-turns played.
fn grow(limit: u32, seed: u64, travel_percent: u32, to_end: bool) -> (Game, usize) {
    let mut game = Game::new(Config::new(limit, seed)).expect("odd limit");
    let mut rng = SplitMix64::new(seed.wrapping_mul(31));
    let mut turns = 0;
    while to_end || !game.is_collapsing() {
        let Some(turn) = game.random_turn(&mut rng, travel_percent) else {
            break;
        };
        game.play(&turn).expect("random turns are legal");
        turns += 1;
    }
    (game, turns)
}

fn main() {
    println!(
        "{:>5} {:>7} {:>4} {:>5} {:>6} {:>8} {:>7} {:>8} {:>9} {:>9} {:>11} {:>10} {:>10} {:>6}",
        "limit",
        "travel%",
        "end",
        "seed",
        "turns",
        "branches",
        "boards",
        "copied",
        "B/board",
        "B/branch",
        "structural",
        "heap",
        "heap/brn",
        "ms"
    );
    for (limit, travel, to_end) in [
        (21u32, 50u32, false),
        (21, 50, true),
        (21, 5, false),
        (21, 5, true),
        (101, 50, false),
        (101, 50, true),
        (101, 5, false),
        (101, 5, true),
    ] {
        for seed in 1..=3u64 {
            let before = LIVE.load(Ordering::Relaxed);
            let clock = std::time::Instant::now();
            let (game, turns) = grow(limit, seed, travel, to_end);
            let ms = clock.elapsed().as_millis();
            let heap = LIVE.load(Ordering::Relaxed).saturating_sub(before);
            let m = game.memory_footprint();
            println!(
                "{:>5} {:>7} {:>4} {:>5} {:>6} {:>8} {:>7} {:>8} {:>9} {:>9} {:>11} {:>10} {:>10} {:>6}",
                limit,
                travel,
                if to_end { "yes" } else { "no" },
                seed,
                turns,
                m.branches,
                m.boards,
                m.boards_if_copied,
                m.bytes_per_board,
                m.bytes_per_branch(),
                m.total_bytes(),
                heap,
                heap / m.branches.max(1),
                ms
            );
        }
    }
    println!(
        "end = no: stopped when the limit is reached; yes: played on through the collapse \
         to the end of the game.\n\
         boards: distinct shared nodes; copied: boards if each branch copied its lineage; \
         structural = boards × B/board + branch table + event log; heap = live bytes \
         measured by the counting allocator (includes Vec slack); ms: time to play the game (random turns included)"
    );
}
