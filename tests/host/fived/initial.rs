//! The legal-action count on custom starts and its corner cases
//! (`shared/rules/5d-chess.md` sections 5, 6 and 10; issue 14 item 3). Each
//! case is a small 5DFEN start whose rule is spelled out, and every count is
//! checked against the brute-force enumerator (`naive_legal_actions`).

use std::ops::ControlFlow;

use chronochess::fived::search::{
    count_legal_actions, for_each_legal_action, naive_legal_actions, outcome,
};
use chronochess::fived::{Answer, BoardId, Budget, Multiverse, Outcome};
use chronochess::notation::{self, resolve};

/// The start position of a 5dpgn text.
fn start(text: &str) -> Multiverse {
    let read = notation::read(text).expect("test game reads");
    resolve::start_position(&read.game).expect("test start builds")
}

/// The fast count, which must equal the brute force's.
fn checked_count(m: &Multiverse) -> u64 {
    let naive = naive_legal_actions(m).len() as u64;
    let fast = count_legal_actions(m, None, Budget::UNLIMITED);
    assert_eq!(
        fast,
        Answer::Known(naive),
        "fast count differs from brute force"
    );
    naive
}

/// The present after each legal action (from the fast enumeration).
fn presents_after(m: &Multiverse) -> Vec<i32> {
    let mut out = Vec::new();
    let r = for_each_legal_action(m, Budget::UNLIMITED, |_, after| {
        out.push(after.present());
        ControlFlow::Continue(())
    });
    assert_eq!(r, Answer::Known(true));
    out
}

/// Four timelines at T2 (White to move), 4×4 boards. Timeline 0 has a past:
/// its rook went a1→b1 on T1, so at T2 it can jump back to `(0T1)b1`, a
/// branching jump. Timeline 2 has no White piece: it can be played only by
/// an arrival (the rook or the king of timeline 1 hopping onto it).
const FOUR_TIMELINES: &str = "[Size \"4x4\"]
[Board \"custom\"]
HEADER
[k3/4/4/R2K:0:1:w]
[k3/4/4/1R1K:0:1:b]
[k3/4/4/1R1K:0:2:w]
[k3/4/4/3K:-1:2:w]
[k3/4/4/3K:1:2:w]
[k3/4/4/4:2:2:w]
";

fn four_timelines(header: &str) -> Multiverse {
    start(&FOUR_TIMELINES.replace("HEADER", header))
}

/// No `InitialMultiverses` header: only timeline 0 is initial. Timelines +1
/// and +2 count as White's, -1 as Black's, so White has made 2 and Black 1:
/// all four are active (|L| ≤ min(2, 1) + 1), and White's next timeline +3
/// is not (3 > 2). The jump back to `(0T1)` therefore cannot pull the present
/// back: every legal action plays all four boards, timeline 2 by an arrival.
#[test]
fn without_a_header_only_timeline_zero_is_initial() {
    let m = four_timelines("");
    assert_eq!(m.initial_timelines(), (0, 0));
    for l in -1..=2 {
        assert!(m.is_active(l), "timeline {l} is active");
    }
    assert!(!m.next_timeline_active(m.to_move()));
    assert_eq!(m.mandatory_boards().len(), 4);
    let present = m.present();
    let n = checked_count(&m);
    assert!(n > 0);
    assert!(presents_after(&m).iter().all(|&p| p > present));
    // Every action plays timeline 2, which has no piece of its own: by an
    // arrival onto it.
    let target = BoardId { l: 2, v: present };
    let _ = for_each_legal_action(&m, Budget::UNLIMITED, |moves, _| {
        assert!(moves.iter().any(|mv| mv.to.board == target));
        ControlFlow::Continue(())
    });
}

/// The same boards with every timeline named initial: nobody has made a
/// timeline, so White's next one is active, and the jump back to `(0T1)`
/// creates an active timeline at T1 (Black to move) that pulls the present
/// back; the three other boards may then stay unplayed. The header changes
/// the count.
#[test]
fn the_initial_multiverses_header_names_the_initial_timelines() {
    let all = four_timelines("[InitialMultiverses \"-1 0 1 2\"]");
    assert_eq!(all.initial_timelines(), (-1, 2));
    assert!(all.next_timeline_active(all.to_move()));
    let present = all.present();
    assert!(presents_after(&all).iter().any(|&p| p < present));
    let none = four_timelines("");
    assert_ne!(checked_count(&all), checked_count(&none));
    // Naming only timeline 0 is the default.
    let zero = four_timelines("[InitialMultiverses \"0\"]");
    assert_eq!(zero, none);
}

/// Even starts: `-0` and `+0` are both initial by default (ftxi's range
/// (-1, 0)); a third timeline `+1` counts as White's.
#[test]
fn even_starts_have_minus_zero_and_plus_zero_initial() {
    let m = start(
        "[Size \"4x4\"]
[Board \"custom\"]
[k3/4/4/3K:-0:1:w]
[k3/4/4/3K:+0:1:w]
[k3/4/4/3K:+1:1:w]
",
    );
    assert!(m.even());
    assert_eq!(m.initial_timelines(), (-1, 0));
    assert!(m.is_active(1));
    assert!(!m.next_timeline_active(m.to_move()));
    checked_count(&m);
}

/// A board without a royal piece of the mover (its king travelled away, or
/// the start has none there): nothing can be captured on it, so any move
/// there is legal as long as the other boards are safe. Here the White king
/// of timeline 1 stands next to the Black king: every action must move it
/// away (or capture), while timeline 0, with only a rook and no White royal
/// piece, may do anything.
#[test]
fn a_board_without_a_royal_piece_cannot_be_in_check() {
    let m = start(
        "[Size \"4x4\"]
[Board \"custom\"]
[InitialMultiverses \"0 1\"]
[k3/4/4/R3:0:1:w]
[4/4/1k2/K3:1:1:w]
",
    );
    let n = checked_count(&m);
    assert!(n > 0);
    assert_eq!(
        outcome(&m, Budget::UNLIMITED),
        Answer::Known(Outcome::Ongoing {
            in_check: true,
            softmate: false
        })
    );
}

/// A king that has travelled to another timeline: its old timeline's end has
/// no White royal piece, the new one has two kings. Both are checked
/// against brute force, and a king left attacked on either board is
/// never part of a legal action.
#[test]
fn a_king_that_travelled_away_is_checked_where_it_stands() {
    let m = start(
        "[Size \"4x4\"]
[Board \"custom\"]
[InitialMultiverses \"0 1\"]
[2k1/4/4/R3:0:1:w]
[k3/4/4/KK2:1:1:w]
",
    );
    checked_count(&m);
    let _ = for_each_legal_action(&m, Budget::UNLIMITED, |_, after| {
        assert!(!after.any_royal_capture(!m.to_move()));
        ControlFlow::Continue(())
    });
}
