//! Structure-aware: a syntax tree built from the fuzzer's bytes, written, must
//! read back as the same tree (spans, texts, comments, turn labels aside).
#![no_main]

use chronochess::chess::{Color, PieceKind, Square};
use chronochess::notation::ast::{
    ActionText, BoardText, CastleText, FenBoardText, GameText, JumpText, Marks, MoveText, Span,
    TimelineText, MAX_NUMBER,
};
use chronochess::notation::{read, write};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

fn number(u: &mut Unstructured) -> Result<u32> {
    Ok(if u.arbitrary::<bool>()? {
        u.int_in_range(0..=MAX_NUMBER)?
    } else {
        u.int_in_range(0..=12)?
    })
}

fn timeline(u: &mut Unstructured) -> Result<TimelineText> {
    let sign = *u.choose(&[None, Some('+'), Some('-')])?;
    Ok(TimelineText {
        sign,
        number: number(u)?,
    })
}

fn board(u: &mut Unstructured) -> Result<BoardText> {
    let timeline = if u.arbitrary()? {
        Some(timeline(u)?)
    } else {
        None
    };
    let turn = if timeline.is_none() || u.arbitrary()? {
        Some(number(u)?)
    } else {
        None
    };
    Ok(BoardText { timeline, turn })
}

fn option<T>(
    u: &mut Unstructured,
    f: impl FnOnce(&mut Unstructured) -> Result<T>,
) -> Result<Option<T>> {
    Ok(if u.arbitrary()? { Some(f(u)?) } else { None })
}

fn piece(u: &mut Unstructured) -> Result<PieceKind> {
    Ok(*u.choose(&PieceKind::ALL)?)
}

fn a_move(u: &mut Unstructured) -> Result<MoveText> {
    let marks = Marks {
        check: u.arbitrary()?,
        softmate: u.arbitrary()?,
        mate: u.arbitrary()?,
        present_moved: u.arbitrary()?,
    };
    let mut m = MoveText {
        span: Span::default(),
        text: String::new(),
        source: option(u, board)?,
        piece: None,
        from_file: None,
        from_rank: None,
        jump: JumpText::None,
        capture: false,
        target: None,
        to: None,
        castle: None,
        promotion: None,
        marks,
        new_timeline: None,
        present_turn: None,
    };
    if u.ratio(1, 6)? {
        m.castle = Some(*u.choose(&[CastleText::KingSide, CastleText::QueenSide])?);
        return Ok(m);
    }
    m.piece = option(u, piece)?;
    m.from_file = option(u, |u| u.int_in_range(0..=7))?;
    m.from_rank = option(u, |u| u.int_in_range(0..=7))?;
    m.jump = *u.choose(&[JumpText::None, JumpText::Hop, JumpText::Branch])?;
    m.capture = u.arbitrary()?;
    m.target = option(u, board)?;
    m.to = Square::new(u.int_in_range(0..=7)?, u.int_in_range(0..=7)?);
    m.promotion = option(u, piece)?;
    m.new_timeline = option(u, timeline)?;
    m.present_turn = option(u, number)?;
    // A target board written first reads as a source board: no text for that tree.
    if m.target.is_some()
        && m.source.is_none()
        && m.piece.is_none()
        && m.from_file.is_none()
        && m.from_rank.is_none()
        && m.jump == JumpText::None
    {
        m.source = m.target.take();
    }
    Ok(m)
}

fn printable(u: &mut Unstructured, max: usize) -> Result<String> {
    let len = u.int_in_range(0..=max)?;
    (0..len)
        .map(|_| Ok(char::from(u.int_in_range(b' '..=b'~')?)))
        .collect()
}

fn game(u: &mut Unstructured) -> Result<GameText> {
    let mut g = GameText::default();
    for _ in 0..u.int_in_range(1..=3)? {
        let mut name =
            String::from(*u.choose(&["Board", "Mode", "White", "Black", "Event", "x1"])?);
        name.push_str(&printable(u, 3)?.replace(|c: char| !c.is_ascii_alphanumeric(), ""));
        g.tags.push((name, printable(u, 16)?));
    }
    for _ in 0..u.int_in_range(0..=2)? {
        let pieces: String = (0..u.int_in_range(1..=12)?)
            .map(|_| Ok(char::from(*u.choose(b"PNBRQKSUDWCYpnbrqksudwcy12345678/")?)))
            .collect::<Result<_>>()?;
        g.fen_boards.push(FenBoardText {
            span: Span::default(),
            pieces,
            timeline: timeline(u)?,
            turn: number(u)?,
            to_move: *u.choose(&[Color::White, Color::Black])?,
        });
    }
    for _ in 0..u.int_in_range(0..=6)? {
        let moves = (0..u.int_in_range(1..=3)?)
            .map(|_| a_move(u))
            .collect::<Result<_>>()?;
        g.actions.push(ActionText {
            span: Span::default(),
            color: *u.choose(&[Color::White, Color::Black])?,
            turn_label: None,
            moves,
            comments: Vec::new(),
        });
    }
    g.result = option(u, |u| {
        Ok(u.choose(&["1-0", "0-1", "1/2-1/2", "*"])?.to_string())
    })?;
    Ok(g)
}

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

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(g) = game(&mut u) else {
        return;
    };
    // `[Size]` would check the boards against it; these tags never spell it.
    let text = write(&g);
    let back = match read(&text) {
        Ok(r) => r.game,
        Err(e) => panic!("written text does not read: {e}\n{text}"),
    };
    assert_eq!(normalized(back), g, "round trip changed the tree:\n{text}");
});
