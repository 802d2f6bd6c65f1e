//! The 5dpgn resolver: written moves to engine moves, with errors that say
//! where and why.

use chronochess::fived::Budget;
use chronochess::notation::reader::read;
use chronochess::notation::resolve::{analyze_text, replay};

#[test]
fn tutorial_game_replays_with_counts() {
    let text = "[Board \"Standard\"]\n\n1. (0T1)e3 / (0T1)e6\n2. (0T2)Nb1>>(0T1)b3~ (>L1) / (1T1)e6\n3. (1T2)e3 / (1T2)a6 (0T2)a6\n4. (1T3)Nb3>(0T3)b5\n";
    let a = analyze_text(text, None, Budget::UNLIMITED, false);
    assert_eq!(a.error, None);
    let counts: Vec<u64> = a.labels.iter().map(|l| l.count.unwrap()).collect();
    assert_eq!(counts, vec![20, 20, 32, 796, 28, 1296, 1631, 1655]);
}

#[test]
fn shortened_and_tolerated_forms_resolve() {
    // No prefixes on one timeline, `x` ignored, castling, `>>` written for a hop.
    let text = "1. e4 / e5\n2. Nf3 / Nc6\n3. Bc4 / Bc5\n4. O-O / Nf6\n";
    let a = analyze_text(text, Some(1000), Budget::UNLIMITED, true);
    assert_eq!(a.error, None, "{:?}", a.error);
    assert_eq!(a.labels.last().map(|l| l.pos), Some(8));
}

#[test]
fn errors_name_the_move_and_the_reason() {
    let text = "1. e4 / e5\n2. Nf6 / Nc6\n";
    let game = read(text).unwrap().game;
    let r = replay(&game, |_, _| {}).unwrap();
    let e = r.error.expect("Nf6 is not a white move here");
    assert_eq!(r.played, 2);
    let msg = e.to_string();
    assert!(msg.contains("line 2"), "{msg}");
    assert!(msg.contains("Nf6"), "{msg}");
    assert!(msg.contains("white knight"), "{msg}");

    let text = "1. (0T1)Ng1f3 / (0T1)Nf6\n2. (0T2)Nb1c3 / (0T2)Ng8h6\n";
    let r = replay(&read(text).unwrap().game, |_, _| {}).unwrap();
    let msg = r.error.expect("no knight on g8 any more").to_string();
    assert!(
        msg.contains("no black knight on g8 of timeline 0, turn 2"),
        "{msg}"
    );
}

#[test]
fn ambiguous_moves_are_refused() {
    // At move 4 both knights (c3 and d4) can reach b5.
    let text = "1. Nc3 / a6\n2. Nf3 / a5\n3. Nd4 / h6\n4. Nb5 / h5\n";
    let r = replay(&read(text).unwrap().game, |_, _| {}).unwrap();
    assert_eq!(r.played, 6);
    let msg = r.error.expect("two knights can reach b5").to_string();
    assert!(msg.contains("2 white knights"), "{msg}");
}
