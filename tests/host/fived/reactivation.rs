//! A board at the present left unplayed because the present is pulled back
//! by *reactivating* an old timeline whose end has the mover's colour
//! (`shared/rules/5d-chess.md` sections 5 and 6): the mover plays that board
//! with a branching jump, the new timeline reactivates the old one, and the
//! present comes back to the old timeline's new end (the opponent's colour).
//!
//! The fast search used to count only old ends of the opponent's colour as
//! a way to pull the present back (`stuck` and `can_pull_present`), so it
//! missed every such action: the stress suite's crosscheck found 44 missing
//! on `checkmatepracticebishop-3-kings` 5 (2 234 found, 2 278 legal) and 232
//! and 188 on two `checkmatepracticepawns-3-kings` positions. Each is
//! pinned here and checked against brute force.

use std::collections::BTreeSet;

use chronochess::fived::search::{
    count_legal_actions, fast_legal_actions, for_each_legal_action, naive_legal_actions, outcome,
};
use chronochess::fived::{Answer, BoardId, Budget, Game, Move, Multiverse, Outcome};
use chronochess::notation::{self, resolve};

/// The position at the end of a 5dpgn text's main line.
fn position(text: &str) -> Multiverse {
    let read = notation::read(text).expect("test game reads");
    let replay = resolve::replay(&read.game, |_, _| {}).expect("test game replays");
    assert!(replay.error.is_none(), "{:?}", replay.error);
    replay.game.multiverse().clone()
}

/// The actions the fast search misses and those it invents, against brute
/// force, in long notation (empty when they agree).
fn disagreement(m: &Multiverse) -> (Vec<String>, Vec<String>) {
    let naive = naive_legal_actions(m);
    let fast = fast_legal_actions(m);
    let text = |set: BTreeSet<&(Vec<Move>, Vec<Move>)>| -> Vec<String> {
        set.into_iter()
            .map(|(nb, br)| {
                let w = |v: &Vec<Move>| {
                    v.iter()
                        .map(|x| x.long_text(m.even()))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                format!("{{{}}} then [{}]", w(nb), w(br))
            })
            .collect()
    };
    (
        text(naive.difference(&fast).collect()),
        text(fast.difference(&naive).collect()),
    )
}

/// Timelines -2, -1 and 0, White to move at T2, 4×4 boards, no White
/// royal piece (so no check anywhere: only the present decides). Without an
/// `InitialMultiverses` header, -1 and -2 count as Black's: -2 is inactive
/// (2 > min(0, 2) + 1) and ends at T1 with White to move, before the
/// present. White's next timeline +1 is active and reactivates -2
/// (2 ≤ min(1, 2) + 1).
///
/// Timeline -1 is mandatory but cannot be played: no White piece stands on
/// it, and nothing can arrive (the pawn of timeline 0 is blocked across
/// timelines by a Black pawn, and the knight cannot reach it). The knight of
/// `(-2T1)a1` can jump to `(0T2)a1` (two timelines, one turn): alone, a hop
/// onto the end board of timeline 0, which leaves -1 waiting. Once the pawn
/// of timeline 0 has moved, the same jump branches: timeline +1 starts at
/// T2 (Black to move) and reactivates -2, whose end is now T1 with Black to
/// move. The present falls back there, and -1 may stay unplayed. That is
/// the only legal action; the search used to find none and call the
/// position stalemate.
const REACTIVATE: &str = "[Size \"4x4\"]
[Board \"custom\"]
[3k/4/4/N3:-2:1:w]
[3k/4/2p1/4:-1:2:w]
[3k/4/2P1/4:0:2:w]
";

#[test]
fn a_jump_that_reactivates_its_own_old_timeline_may_leave_a_present_board_unplayed() {
    let read = notation::read(REACTIVATE).expect("test game reads");
    let m = resolve::start_position(&read.game).expect("test start builds");
    assert!(!m.is_active(-2));
    assert!(m.is_active(-1) && m.is_active(0));
    assert!(m.next_timeline_active(m.to_move()));
    let present = m.present();
    let old_end = m.end(-2).expect("timeline -2 exists");
    assert!(old_end < present);
    assert_eq!(m.mandatory_boards().len(), 2);
    assert!(m.board_moves(BoardId { l: -1, v: present }).is_empty());

    // The witness: the pawn moves, then the knight jumps onto the board the
    // pawn left, and timeline -1 is not played.
    let pawn_move = m
        .board_moves(BoardId { l: 0, v: present })
        .into_iter()
        .find(Move::is_physical)
        .expect("the pawn has a move");
    let mut game = Game::new(m.clone());
    game.play(pawn_move).expect("the pawn moves");
    let knight_jump = game
        .multiverse()
        .board_moves(BoardId { l: -2, v: old_end })
        .into_iter()
        .find(|x| x.to.board == BoardId { l: 0, v: present })
        .expect("the knight can jump to (0T2)");
    assert!(game.is_branching(&knight_jump));
    game.play(knight_jump).expect("the knight jumps");
    let after = game.multiverse();
    assert!(after.is_active(-2), "the new timeline reactivates -2");
    assert_eq!(after.present(), old_end + 1, "the present is pulled back");
    assert!(game.can_submit().is_ok(), "timeline -1 may stay unplayed");

    let mut found = Vec::new();
    let r = for_each_legal_action(&m, Budget::UNLIMITED, |moves, _| {
        found.push(moves.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(r, Answer::Known(true));
    assert_eq!(found, vec![vec![pawn_move, knight_jump]]);
    assert_eq!(
        outcome(&m, Budget::UNLIMITED),
        Answer::Known(Outcome::Ongoing {
            in_check: false,
            softmate: false
        })
    );
    assert_eq!(disagreement(&m), (Vec::new(), Vec::new()));
}

/// `checkmatepracticebishop-3-kings` 5 of `stress/positions.tsv`: Black to
/// move; timeline +3 (White's, inactive) ends at T1 with Black to move. Its
/// bishop's jump `(3T1)e6>>(2T2)e6` after a hop onto `(2T2)` reactivates +3
/// and leaves the mandatory board of timeline +1 unplayed. 2 278 legal
/// actions by the stress oracle and by brute force here; the search found
/// 2 234.
const BISHOP_3_KINGS_5: &str = "[Board \"Checkmate Practice - Bishop\"]
[Mode \"5D\"]

1. (0T1)Ka1b1 / (0T1)Be6a2
2. (0T2)Kb1>>(0T1)c1 / (1T1)Be6>>(0T1)e5
3. (-1T2)Kb1>>x(0T2)a2 (1T2)Ka1>>(0T1)b2
";

#[test]
fn bishop_practice_position_counts_every_action_that_reactivates_a_timeline() {
    let m = position(BISHOP_3_KINGS_5);
    assert_eq!(
        count_legal_actions(&m, None, Budget::UNLIMITED),
        Answer::Known(2278)
    );
    let (missed, invented) = disagreement(&m);
    assert!(
        missed.is_empty() && invented.is_empty(),
        "missed {}: {:?}\ninvented {}: {:?}",
        missed.len(),
        missed.iter().take(5).collect::<Vec<_>>(),
        invented.len(),
        invented.iter().take(5).collect::<Vec<_>>()
    );
}

/// Variations of [`REACTIVATE`]: other White pieces on the old inactive
/// board, on other squares, and other pieces on timeline 0 (some can hop
/// onto timeline -1, some cannot). Brute force and the search must agree
/// on each, whatever the count.
#[test]
fn variations_of_the_reactivation_start_agree_with_brute_force() {
    let mut differ = Vec::new();
    let mut nonzero = 0;
    for old in ["N", "B", "R", "Q", "K"] {
        for (rank, file) in [(1, 0), (1, 2), (2, 1), (3, 3)] {
            for zero in ["3k/4/2P1/4", "3k/4/2R1/4", "3k/4/4/1N2"] {
                let row = |r: usize| {
                    if r != rank {
                        return if r == 4 {
                            "3k".to_string()
                        } else {
                            "4".to_string()
                        };
                    }
                    let mut s = String::new();
                    if file > 0 {
                        s.push_str(&file.to_string());
                    }
                    s.push_str(old);
                    if file < 3 {
                        s.push_str(&(3 - file).to_string());
                    }
                    s
                };
                let board = format!("{}/{}/{}/{}", row(4), row(3), row(2), row(1));
                let text = format!(
                    "[Size \"4x4\"]\n[Board \"custom\"]\n[{board}:-2:1:w]\n[3k/4/2p1/4:-1:2:w]\n[{zero}:0:2:w]\n"
                );
                let read = notation::read(&text).expect("test game reads");
                let m = resolve::start_position(&read.game).expect("test start builds");
                let (missed, invented) = disagreement(&m);
                if !missed.is_empty() || !invented.is_empty() {
                    differ.push(format!(
                        "{board} / {zero}: missed {missed:?}, invented {invented:?}"
                    ));
                }
                nonzero += usize::from(!naive_legal_actions(&m).is_empty());
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(nonzero >= 10, "{nonzero} positions with legal actions");
}
