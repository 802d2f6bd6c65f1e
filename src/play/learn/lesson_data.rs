//! The lessons' steps as data: positions in 5dpgn (custom 5×5 boards, small
//! enough that every destination is visible), the words, and the goal. The
//! host tests of [`super::lessons`] play every target and every sample.

use super::lessons::{Goal, Lesson, Step};

/// A 5×5 custom game: the start tags, then `$rest` (boards and actions).
macro_rules! game {
    ($rest:literal) => {
        concat!(
            "[Board \"custom\"]\n[Mode \"5D\"]\n[Size \"5x5\"]\n[Promotions \"Q\"]\n",
            $rest
        )
    };
}

/// A rook that moved to c3 on turn 2: c3 is empty on the boards before.
const ROOK: &str =
    game!("[4k/5/5/5/K1R2:0:1:w]\n\n1. (0T1)Ka1b1 / (0T1)Ke5d5\n2. (0T2)Rc1c3 / (0T2)Kd5e5\n");

/// Every lesson, in the order the screen lists them.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "pieces",
        title: "Pieces through time",
        steps: &[
            Step {
                title: "The rook travels in time",
                text: "Each board is one turn of the game; the boards to its left are the same \
                       timeline's past. A rook moves any distance along one direction, and time \
                       is one more direction: it can slide back to an earlier board on the same \
                       square, one board per turn. Move the rook to each highlighted square: one \
                       on its own board, two in the past.",
                position: ROOK,
                goal: Goal::Reach(&[
                    "(0T3)Rc3c5",
                    "(0T3)Rc3>>(0T2)c3",
                    "(0T3)Rc3>>(0T1)c3",
                ]),
                sample: &[],
            },
            Step {
                title: "The bishop: two directions at once",
                text: "A bishop moves the same number of steps in exactly two directions. On one \
                       board that is a diagonal; with time it can also go one turn back and one \
                       file (or one rank) across. Reach the three highlighted squares.",
                position: game!(
                    "[4k/5/5/1B3/K4:0:1:w]\n\n1. (0T1)Ka1b1 / (0T1)Ke5d5\n2. (0T2)Bb2c3 / (0T2)Kd5e4\n"
                ),
                goal: Goal::Reach(&[
                    "(0T3)Bc3b4",
                    "(0T3)Bc3>>(0T2)d3",
                    "(0T3)Bc3>>(0T2)c4",
                ]),
                sample: &[],
            },
            Step {
                title: "The knight jumps through time",
                text: "A knight moves two steps in one direction and one in another, and any two \
                       directions will do: two turns back and one file, or one turn back and two \
                       ranks. It jumps, so nothing in between stops it. Reach the highlighted \
                       squares.",
                position: game!(
                    "[4k/5/5/5/K1N2:0:1:w]\n\n1. (0T1)Ka1b1 / (0T1)Ke5d5\n2. (0T2)Nc1b3 / (0T2)Kd5e5\n"
                ),
                goal: Goal::Reach(&[
                    "(0T3)Nb3d4",
                    "(0T3)Nb3>>(0T2)b5",
                    "(0T3)Nb3>>(0T1)c3",
                ]),
                sample: &[],
            },
        ],
    },
    Lesson {
        id: "timelines",
        title: "Timelines and the present",
        steps: &[
            Step {
                title: "A new timeline",
                text: "The past cannot be changed: a piece that travels back starts a new \
                       timeline, a copy of that board with the piece arrived, drawn on a new \
                       row. Send the rook back to turn 1 and submit.",
                position: ROOK,
                goal: Goal::Branch,
                sample: &["(0T3)Rc3>>(0T1)c3"],
            },
            Step {
                title: "Play on every board of the present",
                text: "The present is the earliest turn at the end of the timelines (the line \
                       across the boards). Every board at the present waiting for your move must \
                       get one before you can submit. Two timelines here: move on both, then \
                       submit.",
                position: game!("[4k/5/5/5/K1R2:0:1:w]\n[4k/5/5/5/K1R2:1:1:w]\n"),
                goal: Goal::Submit,
                sample: &["(0T1)Rc1c2", "(1T1)Rc1c2"],
            },
            Step {
                title: "Active timelines",
                text: "A side may make only one timeline more than the other. Here White has \
                       made two and Black none, so the last one is inactive (dimmed): it does \
                       not hold the present back and need not be played. Move on the two \
                       active boards and submit.",
                position: game!(
                    "[4k/5/5/5/K1R2:0:1:w]\n[4k/5/5/5/K1R2:1:1:w]\n[4k/5/5/5/K1R2:2:1:w]\n"
                ),
                goal: Goal::Submit,
                sample: &["(0T1)Ka1b1", "(1T1)Ka1b1"],
            },
        ],
    },
    Lesson {
        id: "mate",
        title: "Check and mate",
        steps: &[
            Step {
                title: "Check across time",
                text: "A king can be captured on an earlier board too: that is check as well, \
                       and it must be answered. The black king stood on e5 on turn 1. Move the \
                       queen so that it attacks that king through time (one direction more \
                       than a bishop: time, file and rank together), then submit.",
                position: game!("[4k/5/5/5/K1Q2:0:1:w]\n\n1. (0T1)Ka1b1 / (0T1)Ke5d5\n"),
                goal: Goal::CheckAcross,
                sample: &["(0T2)Qc1c3"],
            },
            Step {
                title: "A first checkmate",
                text: "Checkmate: the king is attacked and no action saves it, on any board. The \
                       black king stood on e5 on turn 1 and on e4 on turn 2. Find the rook move \
                       that captures it in the past whatever Black does, and submit.",
                position: include_str!("../../../puzzles/m1-068.5dpgn"),
                goal: Goal::Checkmate,
                sample: &["(0T3)Re1e5"],
            },
        ],
    },
];
