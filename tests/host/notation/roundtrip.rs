//! `read(write(g)) == g` for generated syntax trees (spans, move texts,
//! comments and turn labels aside: the writer recounts turn numbers).

use chronochess::chess::{Color, PieceKind, Square};
use chronochess::notation::ast::{
    ActionText, BoardText, CastleText, FenBoardText, GameText, JumpText, Marks, MoveText, Span,
    TimelineText, MAX_NUMBER,
};
use chronochess::notation::{read, write};
use proptest::prelude::*;

fn timeline() -> impl Strategy<Value = TimelineText> {
    (
        prop_oneof![Just(None), Just(Some('+')), Just(Some('-'))],
        prop_oneof![0..12u32, 0..=MAX_NUMBER],
    )
        .prop_map(|(sign, number)| TimelineText { sign, number })
}

fn turn() -> impl Strategy<Value = u32> {
    prop_oneof![0..40u32, 0..=MAX_NUMBER]
}

fn board() -> impl Strategy<Value = BoardText> {
    (
        proptest::option::of(timeline()),
        proptest::option::of(turn()),
    )
        .prop_filter("a board names a timeline or a turn", |(l, t)| {
            l.is_some() || t.is_some()
        })
        .prop_map(|(timeline, turn)| BoardText { timeline, turn })
}

fn piece() -> impl Strategy<Value = PieceKind> {
    proptest::sample::select(PieceKind::ALL.to_vec())
}

fn marks() -> impl Strategy<Value = Marks> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(check, softmate, mate, present_moved)| Marks {
            check,
            softmate,
            mate,
            present_moved,
        },
    )
}

fn empty_move() -> MoveText {
    MoveText {
        span: Span::default(),
        text: String::new(),
        source: None,
        piece: None,
        from_file: None,
        from_rank: None,
        jump: JumpText::None,
        capture: false,
        target: None,
        to: None,
        castle: None,
        promotion: None,
        marks: Marks::default(),
        new_timeline: None,
        present_turn: None,
    }
}

fn physical_or_jump() -> impl Strategy<Value = MoveText> {
    (
        (
            proptest::option::of(board()),
            proptest::option::of(piece()),
            proptest::option::of(0..8u8),
            proptest::option::of(0..8u8),
            prop_oneof![
                Just(JumpText::None),
                Just(JumpText::Hop),
                Just(JumpText::Branch)
            ],
            any::<bool>(),
        ),
        (
            proptest::option::of(board()),
            (0..8u8, 0..8u8),
            proptest::option::of(piece()),
            marks(),
            proptest::option::of(timeline()),
            proptest::option::of(turn()),
        ),
    )
        .prop_map(
            |(
                (source, piece, from_file, from_rank, jump, capture),
                (target, (x, y), promotion, marks, new_timeline, present_turn),
            )| MoveText {
                source,
                piece,
                from_file,
                from_rank,
                jump,
                capture,
                target,
                to: Square::new(x, y),
                promotion,
                marks,
                new_timeline,
                present_turn,
                ..empty_move()
            },
        )
}

fn castling() -> impl Strategy<Value = MoveText> {
    (
        proptest::option::of(board()),
        prop_oneof![Just(CastleText::KingSide), Just(CastleText::QueenSide)],
        marks(),
    )
        .prop_map(|(source, castle, marks)| MoveText {
            source,
            castle: Some(castle),
            marks,
            ..empty_move()
        })
}

/// A target board written first (no source, piece, from square or jump mark)
/// reads as a source board: such a move has no text of its own.
fn is_writable(m: &MoveText) -> bool {
    !(m.target.is_some()
        && m.source.is_none()
        && m.piece.is_none()
        && m.from_file.is_none()
        && m.from_rank.is_none()
        && m.jump == JumpText::None)
}

fn a_move() -> impl Strategy<Value = MoveText> {
    prop_oneof![4 => physical_or_jump(), 1 => castling()].prop_filter("writable", is_writable)
}

fn action() -> impl Strategy<Value = ActionText> {
    (
        prop_oneof![Just(Color::White), Just(Color::Black)],
        proptest::collection::vec(a_move(), 1..4),
        proptest::collection::vec("[ -~]{0,12}", 0..2),
    )
        .prop_map(|(color, moves, comments)| ActionText {
            span: Span::default(),
            color,
            turn_label: None,
            moves,
            comments,
        })
}

fn fen_board() -> impl Strategy<Value = FenBoardText> {
    (
        "[PNBRQKSUDWCYpnbrqksudwcy1-8/]{1,20}",
        timeline(),
        turn(),
        prop_oneof![Just(Color::White), Just(Color::Black)],
    )
        .prop_map(|(pieces, timeline, turn, to_move)| FenBoardText {
            span: Span::default(),
            pieces,
            timeline,
            turn,
            to_move,
        })
}

fn tag() -> impl Strategy<Value = (String, String)> {
    ("[A-Za-z][A-Za-z0-9_]{0,8}", "[ -~]{0,16}").prop_filter(
        "no [Size] (it would check the boards), no [Result] (the tree's result is written)",
        |(name, _)| !name.eq_ignore_ascii_case("size") && !name.eq_ignore_ascii_case("result"),
    )
}

fn game() -> impl Strategy<Value = GameText> {
    (
        proptest::collection::vec(tag(), 1..4),
        proptest::collection::vec(fen_board(), 0..3),
        proptest::collection::vec(action(), 0..6),
        proptest::option::of(proptest::sample::select(vec!["1-0", "0-1", "1/2-1/2", "*"])),
    )
        .prop_map(|(tags, fen_boards, actions, result)| GameText {
            tags,
            fen_boards,
            actions,
            result: result.map(str::to_string),
        })
}

/// Clears what the round trip does not keep: spans, texts, comments, turn labels.
fn normalized(mut g: GameText) -> GameText {
    for b in &mut g.fen_boards {
        b.span = Span::default();
    }
    for a in &mut g.actions {
        a.span = Span::default();
        a.turn_label = None;
        a.comments.clear();
        for m in &mut a.moves {
            m.span = Span::default();
            m.text.clear();
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn read_write_read_gives_the_tree_back(g in game()) {
        let text = write(&g);
        let back = read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(normalized(back.game.clone()), normalized(g), "{}", text);
        // Writing again gives the same text: the canonical form is a fixed point.
        prop_assert_eq!(write(&back.game), text);
    }
}
