//! The catalogue's data: one entry per built-in board, in the desktop game's menu
//! order (`shared/rules/boards.md`, sections 2–7). An entry reads
//! `name, group, files, ranks, confidence, initial boards`, then its aliases and
//! note when it has them; every board promotes to a queen only.

use super::Confidence::{Confirmed, Doubtful, SingleSource};
use super::Group::{CheckmatePractice, Focused, Misc, Simple, Small, Standard, VerySmall};
use super::{StartBoard, Variant};
use crate::chess::Color;

const STANDARD_FEN: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

/// A board of timeline `timeline` at `turn` with White to move.
const fn white(timeline: &'static str, turn: u32, fen: &'static str) -> StartBoard {
    StartBoard {
        timeline,
        turn,
        to_move: Color::White,
        fen,
    }
}

/// A board of timeline `timeline` at `turn` with Black to move.
const fn black(timeline: &'static str, turn: u32, fen: &'static str) -> StartBoard {
    StartBoard {
        timeline,
        turn,
        to_move: Color::Black,
        fen,
    }
}

/// Every built-in board, grouped as the desktop game groups them (Standard first).
pub static CATALOGUE: &[Variant] = &[
    Variant::new("Standard", Standard, 8, 8, Confirmed, &[white("0", 1, STANDARD_FEN)]),
    Variant::new("Standard - Turn Zero", Standard, 8, 8, Confirmed, &[black("0", 0, STANDARD_FEN), white("0", 1, STANDARD_FEN)])
        .note("Black moves first on an untouched T0 board and White on T1 of the same timeline; `BOARDS` writes `A|A` with index `0:-1`, 5DFEN `[...:0:0:b]` `[...:0:1:w]` (boards.md section 2)."),
    Variant::new("Standard - Two Timelines", Standard, 8, 8, Confirmed, &[white("-0", 1, STANDARD_FEN), white("+0", 1, STANDARD_FEN)]),
    Variant::new("Standard - Defended Pawn", Standard, 8, 8, Confirmed, &[white("0", 1, "r*qbnk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*QBNK*BNR*")]),
    Variant::new("Standard - Princess", Standard, 8, 8, Confirmed, &[white("0", 1, "r*nbsk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBSK*BNR*")])
        .note("Promotes to a queen as ftxi, cwmtt and tools do; the variants repository lists `S,N,R,B` and the in-game piece is not established (5d-chess.md section 9)."),
    Variant::new("Standard - Reversed Royalty", Standard, 8, 8, Confirmed, &[white("0", 1, "r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*")])
        .note("The royal queen and common king never castle, so this board has no castling (5d-chess.md section 9)."),
    Variant::new("Standard - Half Reflected", Standard, 8, 8, Doubtful, &[white("0", 1, "r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*")])
        .note("Uncertain (boards.md 8.1): Black's king and queen are swapped (king d8, queen e8), the majority reading; the variants repository's 5DFEN swaps White's instead, but recorded games move White's queen from d1."),
    Variant::new("Simple - No Queens", Simple, 7, 7, SingleSource, &[white("0", 1, "r*nbk*nbr*/p*p*p*p*p*p*p*/7/7/7/P*P*P*P*P*P*P*/R*NBK*NBR*")])
        .aliases(&["Simple - No Queen"])
        .note("Called `Simple - No Queen` before 2020-08-24. Kings start on the d-file; the 5DPGN README game castles both ways on it."),
    Variant::new("Simple - Knights vs. Bishops", Simple, 6, 6, SingleSource, &[white("0", 1, "r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*")])
        .aliases(&["Simple - Knights vs. Bishop"])
        .note("`BOARDS` spells the key `Knights vs. Bishop` (singular); both spellings are accepted."),
    Variant::new("Simple - No Bishops", Simple, 6, 6, SingleSource, &[white("0", 1, "r*nqk*nr*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*")]),
    Variant::new("Simple - No Knights", Simple, 6, 6, SingleSource, &[white("0", 1, "r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*BQK*BR*")]),
    Variant::new("Simple - No Rooks", Simple, 6, 6, SingleSource, &[white("0", 1, "nbqk*bn/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/NBQK*BN")]),
    Variant::new("Simple - Simple Set", Simple, 6, 6, SingleSource, &[white("0", 1, "r*nbqk*r*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*K*QBNR*")]),
    Variant::new("Small", Small, 5, 5, Confirmed, &[white("0", 1, "k*qbnr*/p*p*p*p*p*/5/P*P*P*P*P*/K*QBNR*")])
        .aliases(&["Misc - Small"])
        .note("Named `Misc - Small` before 5dchess-notation v1.3.0; a recorded game replays on it to its checkmate."),
    Variant::new("Small - Flipped", Small, 5, 5, SingleSource, &[white("0", 1, "nbr*qk*/p*p*p*p*p*/5/P*P*P*P*P*/K*QR*BN")])
        .aliases(&["Misc - Small Flipped"]),
    Variant::new("Small - Centered", Small, 5, 5, SingleSource, &[white("0", 1, "r*nk*qr*/p*p*p*p*p*/5/P*P*P*P*P*/R*QK*NR*")])
        .aliases(&["Misc - Small Centered"]),
    Variant::new("Small - Open", Small, 5, 5, SingleSource, &[white("0", 1, "p*r*nbk*/3p*p*/5/P*P*3/K*BNR*P*")])
        .aliases(&["Misc - Small Open"]),
    Variant::new("Very Small", VerySmall, 4, 4, SingleSource, &[white("0", 1, "nbr*k*/p*p*p*p*/P*P*P*P*/K*R*BN")])
        .aliases(&["Misc - Very Small"])
        .note("Uncertain (boards.md 8.4): before v1.3.0 Black's row read `krbn`; the current `nbrk` matches Very Small - Open, no second source."),
    Variant::new("Very Small - Open", VerySmall, 4, 4, Confirmed, &[white("0", 1, "nbr*k*/3p*/P*3/K*R*BN")])
        .aliases(&["Misc - Very Small Open"]),
    Variant::new("Misc - Timeline Invasion", Misc, 5, 5, Confirmed, &[white("-0", 1, "nbk*r*b/p*p*p*p*p*/5/5/P*P*P*P*P*"), white("+0", 1, "p*p*p*p*p*/5/5/P*P*P*P*P*/NBK*R*B")])
        .aliases(&["Misc - Timeline Invasions"])
        .note("White's pawns on rank 1 of -0 may double-step and be taken en passant (boards.md 8.2); one recorded game only."),
    Variant::new("Misc - Timeline Formations", Misc, 5, 5, SingleSource, &[white("-0", 1, "p*p*p*p*p*/5/5/5/2K*2"), white("+0", 1, "2k*2/5/5/5/P*P*P*P*P*")]),
    Variant::new("Misc - Timeline Tactitian", Misc, 4, 4, SingleSource, &[white("-0", 1, "k*bnr*/p*p*p*p*/4/4"), white("+0", 1, "4/4/P*P*P*P*/K*BNR*")])
        .aliases(&["Misc - Timeline Tactician"])
        .note("Spelled `Tactitian` as in `BOARDS`; `Tactician` is accepted. One two-turn record only (boards.md 8.3)."),
    Variant::new("Misc - Timeline Strategos", Misc, 5, 5, SingleSource, &[white("-0", 1, "nbk*ur*/p*p*p*p*p*/5/5/5"), white("+0", 1, "5/5/5/P*P*P*P*P*/R*UK*BN")])
        .note("Black's king restored on 2020-09-06 (`nbrur` had none)."),
    Variant::new("Misc - Timeline Battlegrounds", Misc, 5, 5, Confirmed, &[white("-1", 1, "r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*"), white("0", 1, "nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN"), white("+1", 1, "p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*")])
        .aliases(&["Misc - Timeline Battleground"])
        .note("cwmtt writes the singular `Battleground`; accepted as an alias."),
    Variant::new("Misc - Timeline Skirmish", Misc, 5, 5, SingleSource, &[white("-0", 1, "3r*k*/3p*p*/5/BB3/NN3"), white("+0", 1, "3nn/3bb/5/P*P*3/K*R*3")]),
    Variant::new("Misc - Timeline Fragments", Misc, 4, 4, SingleSource, &[black("-0", 1, "k*p*p*p*/4/4/NBR*U"), white("+0", 1, "nbr*u/4/4/K*P*P*P*")])
        .note("Timeline -0 starts at T1 with Black to move (`BOARDS` index `-0:1`); White moves first on +0, after which both timelines are at T1b."),
    Variant::new("Misc - Timeline Marauders", Misc, 5, 5, SingleSource, &[white("-1", 1, "w*r*k*r*w*/1w*w*w*1/5/5/5"), white("0", 1, "w*1w*1w*/5/5/5/W*1W*1W*"), white("+1", 1, "5/5/5/1W*W*W*1/W*R*K*R*W*")])
        .note("Uncertain (boards.md 8.5): the only file is a one-turn notation test whose moves pass over occupied squares, so it neither confirms nor refutes this setup."),
    Variant::new("Misc - King of Kings", Misc, 5, 5, SingleSource, &[white("0", 1, "cck*cc/5/5/5/CCK*CC")]),
    Variant::new("Misc - Royal Queen Showdown", Misc, 6, 6, SingleSource, &[white("0", 1, "4y1/6/6/6/6/1Y4")]),
    Variant::new("Misc - Excessive", Misc, 7, 7, SingleSource, &[white("0", 1, "k*r*uqdr*k*/r*nbk*nbr*/p*p*p*p*p*p*p*/7/P*P*P*P*P*P*P*/R*NBK*NBR*/K*R*UQDR*K*")]),
    Variant::new("Focused - Just Knights", Focused, 5, 5, SingleSource, &[white("0", 1, "n1k*n1/5/5/5/1NK*1N")]),
    Variant::new("Focused - Just Bishops", Focused, 5, 5, SingleSource, &[white("0", 1, "1bbk*1/5/5/5/1K*BB1")]),
    Variant::new("Focused - Just Rooks", Focused, 5, 5, SingleSource, &[white("0", 1, "1r*k*1r*/5/5/5/R*1K*R*1")]),
    Variant::new("Focused - Just Queens", Focused, 6, 6, SingleSource, &[white("0", 1, "1q1k*2/6/6/6/6/2K*1Q1")]),
    Variant::new("Focused - Just Pawns", Focused, 5, 5, Confirmed, &[white("0", 1, "p*p*p*p*k*/5/5/5/K*P*P*P*P*")]),
    Variant::new("Focused - Just Kings", Focused, 3, 3, Confirmed, &[white("0", 1, "2k*/3/K*2")])
        .note("Read `2k/3/k2` (two black kings) until 2021-03-24; the corner king is White's."),
    Variant::new("Focused - Just Unicorns", Focused, 5, 5, SingleSource, &[white("0", 1, "1u1uk*/5/5/5/K*U1U1")]),
    Variant::new("Focused - Just Dragons", Focused, 5, 5, SingleSource, &[white("0", 1, "2ddk*/5/5/5/K*DD2")]),
    Variant::new("Focused - Just Brawns", Focused, 5, 5, Confirmed, &[white("0", 1, "w*w*w*w*k*/5/5/5/K*W*W*W*W*")])
        .aliases(&["Brawns - Small"])
        .note("The variants repository calls it `Brawns - Small`; accepted as an alias."),
    Variant::new("Checkmate Practice - Knight", CheckmatePractice, 6, 6, Doubtful, &[white("0", 1, "5n/6/6/6/6/K*5")])
        .note("Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position."),
    Variant::new("Checkmate Practice - Bishop", CheckmatePractice, 6, 6, Doubtful, &[white("0", 1, "4b1/6/6/6/6/K*5")])
        .note("Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position."),
    Variant::new("Checkmate Practice - Rook", CheckmatePractice, 6, 6, Doubtful, &[white("0", 1, "5r*/6/6/6/6/K*5")])
        .note("Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position."),
    Variant::new("Checkmate Practice - Queen", CheckmatePractice, 6, 6, Doubtful, &[white("0", 1, "4q1/6/6/6/6/K*5")])
        .note("Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position."),
    Variant::new("Checkmate Practice - Pawns", CheckmatePractice, 6, 6, Doubtful, &[white("0", 1, "2p*p*p*1/6/6/6/6/3K*2")])
        .note("Uncertain (boards.md section 7): Black has no royal piece, so Black is never in check; what ends the game when Black has no legal action is not established. Unverified practice position."),
];
