//! The canonical 5dpgn writer: [`GameText`] → text.
//!
//! The writer prints exactly what the syntax tree says, in one fixed layout, so
//! that reading its output gives the same tree back (spans, move texts and the
//! spelling of turn labels aside). The engine's exporter fills every part of
//! every move; the output is then the canonical form:
//!
//! - tags first, one per line, in the tree's order (`[Board "Standard"]`,
//!   `[Mode "5D"]` …), values quoted with `\"` and `\\` escapes, then the
//!   result as a `[Result "1-0"]` tag (PGN's values `1-0`, `0-1`, `1/2-1/2`,
//!   `*`); then the 5DFEN board lines; a blank line; then one line per turn,
//!   `1. … / …`. No result token follows the moves: 5dpgn allows one
//!   (`5dpgn.md` section 3) but the npm package 5d-chess-js reads nothing of
//!   a file that has one (`scripts/interop-5d-chess-js.sh`), and the tag says
//!   the same. When the tree has a `result`, a `Result` entry in its tags is
//!   not written (the reader keeps one there only when its value is not a
//!   result and no token gave one).
//! - every move carries its board prefix `(LTt)` (written as `(0T1)`, the form
//!   of Shad's README that every reader accepts, including 5dchess-notation's
//!   `^\(\s*L?\s*([+-]?\d+)\s*T\s*(\d+)\s*\)`), its piece letter (none for
//!   pawns), its full from square, `x` on captures, and the target square:
//!   `(0T1)Ng1f3`, `(0T1)e2e4`, `(0T3)e4xd5`. A SAN reader that understands
//!   disambiguation reads the full from square as a fully disambiguated move
//!   (SAN allows `Ng1f3`), and ftxi's long form `(0T13)b6b5` is the same shape,
//!   so the text needs no game state to be unambiguous. These are also the
//!   shapes of ftxi's grammar (`ftxi/5dchess_engine` `docs/pgn-bnf.txt`):
//!   `[board][piece][file][rank]['x'] file rank` for physical moves and
//!   `[board][piece][file][rank] (jump ['x'] | [jump] ['x'] board) file rank`
//!   for jumps; that grammar takes one check symbol (`+`, `#` or `*`) per move,
//!   which is what a resolved move carries.
//! - jumps: `(0T2)Nb1>>(0T1)b3`, `(-1T4)Nc3>>x(0T2)c3+~`, `(0T6)d5>(1T6)d5`,
//!   with `(>Ln)` and `(~Tn)` after the move when the tree has them.
//! - castling as `O-O` / `O-O-O` when the tree says castling.
//! - marks in the order `+ * # ~`, then the evaluation (`!`, `?`, `!?` …) found
//!   at the end of the move's original text (see [`super::reader::annotation`]).
//! - turn numbers are recounted from the first action's label (or 1): White's
//!   action opens a line `n.`; Black's follows after ` / `, or opens a line
//!   `nb.` when it does not follow a White action.
//! - comments `{…}` after the moves of their action; braces that would not
//!   match are written as parentheses.
//!
//! One tree has no text of its own: a move with a target board but no source
//! board, piece letter, from square or jump mark (`(0T1)e4` would read back
//! with `(0T1)` as the source). Resolved moves always have a source board.

use super::ast::{
    ActionText, BoardText, CastleText, FenBoardText, GameText, JumpText, Marks, MoveText, Span,
    TimelineText,
};
use super::reader::annotation;
use crate::chess::{Color, PieceKind, Placement, Square};
use std::fmt::Write as _;

/// Writes a whole game in canonical 5dpgn (see the module documentation).
#[must_use]
pub fn write(game: &GameText) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        if game.result.is_some() && name.eq_ignore_ascii_case("Result") {
            continue;
        }
        out.push_str(&write_tag(name, value));
        out.push('\n');
    }
    if let Some(result) = &game.result {
        out.push_str(&write_tag("Result", result));
        out.push('\n');
    }
    for board in &game.fen_boards {
        out.push_str(&write_fen_board_text(board));
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut turn = 1;
    let mut previous: Option<Color> = None;
    for (i, action) in game.actions.iter().enumerate() {
        if i == 0 {
            turn = action.turn_label.unwrap_or(1);
        }
        match (previous, action.color) {
            (Some(Color::White), Color::Black) => out.push_str(" /"),
            (_, color) => {
                if previous.is_some() {
                    turn += 1;
                    out.push('\n');
                }
                let _ = write!(out, "{turn}");
                out.push_str(if color == Color::White { "." } else { "b." });
            }
        }
        write_action_body(&mut out, action);
        previous = Some(action.color);
    }
    if !game.actions.is_empty() {
        out.push('\n');
    }
    out
}

fn write_action_body(out: &mut String, action: &ActionText) {
    for mv in &action.moves {
        out.push(' ');
        out.push_str(&write_move(mv));
    }
    for comment in &action.comments {
        out.push_str(" {");
        out.push_str(&comment_body(comment.trim()));
        out.push('}');
    }
}

/// A comment body safe inside `{…}`: unmatched braces become parentheses.
fn comment_body(comment: &str) -> String {
    let mut depth: i64 = 0;
    let mut balanced = true;
    for c in comment.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    balanced = false;
                }
            }
            _ => {}
        }
    }
    if balanced && depth == 0 {
        comment.to_string()
    } else {
        comment.replace('{', "(").replace('}', ")")
    }
}

/// Writes one tag pair `[Name "Value"]`; line breaks in the value become spaces.
#[must_use]
pub fn write_tag(name: &str, value: &str) -> String {
    let mut name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .collect();
    if name.is_empty() {
        name.insert(0, 'X');
    }
    let mut out = format!("[{name} \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]");
    out
}

/// Writes a 5DFEN board line `[pieces:L:T:c]` from a syntax-tree board.
#[must_use]
pub fn write_fen_board_text(board: &FenBoardText) -> String {
    format!(
        "[{}:{}:{}:{}]",
        board.pieces,
        board.timeline,
        board.turn,
        board.to_move.letter()
    )
}

/// Writes a 5DFEN board line `[pieces:L:T:c]` for a board of a custom setup.
#[must_use]
pub fn write_fen_board(
    placement: &Placement,
    timeline: TimelineText,
    turn: u32,
    to_move: Color,
) -> String {
    format!(
        "[{}:{}:{}:{}]",
        placement.to_fen(),
        timeline,
        turn,
        to_move.letter()
    )
}

/// Writes a board reference: `(0T1)`, `(-1T5)`, or the partial `(L-1)` / `(T5)`.
#[must_use]
pub fn write_board(board: &BoardText) -> String {
    match (board.timeline, board.turn) {
        (Some(l), Some(t)) => format!("({l}T{t})"),
        (Some(l), None) => format!("(L{l})"),
        (None, Some(t)) => format!("(T{t})"),
        (None, None) => String::new(),
    }
}

/// A fully specified physical move `(LTt)<piece><from><to>` for the exporter
/// to complete: set `jump` and `target` for a jump, and `capture`,
/// `promotion`, `marks`, `new_timeline`, `present_turn` as the move has them.
/// Pawns get no piece letter (the canonical form); the text is the canonical
/// text of the move as built.
#[must_use]
pub fn physical_move(source: BoardText, piece: PieceKind, from: Square, to: Square) -> MoveText {
    let mut mv = MoveText {
        span: Span::default(),
        text: String::new(),
        source: Some(source),
        piece: (piece != PieceKind::Pawn).then_some(piece),
        from_file: Some(from.x),
        from_rank: Some(from.y),
        jump: JumpText::None,
        capture: false,
        target: None,
        to: Some(to),
        castle: None,
        promotion: None,
        marks: Marks::default(),
        new_timeline: None,
        present_turn: None,
    };
    mv.text = write_move(&mv);
    mv
}

/// Writes one move in the canonical form (see the module documentation).
#[must_use]
pub fn write_move(mv: &MoveText) -> String {
    let mut out = String::new();
    if let Some(source) = &mv.source {
        out.push_str(&write_board(source));
    }
    if let Some(castle) = mv.castle {
        out.push_str(match castle {
            CastleText::KingSide => "O-O",
            CastleText::QueenSide => "O-O-O",
        });
    } else {
        if let Some(piece) = mv.piece {
            out.push(piece.letter());
        }
        if let Some(x) = mv.from_file {
            out.push(char::from(b'a' + x));
        }
        if let Some(y) = mv.from_rank {
            out.push(char::from(b'1' + y));
        }
        match mv.jump {
            JumpText::None => {}
            JumpText::Hop => out.push('>'),
            JumpText::Branch => out.push_str(">>"),
        }
        let capture_before_board = mv.capture && (mv.jump != JumpText::None || mv.target.is_some());
        if capture_before_board {
            out.push('x');
        }
        if let Some(target) = &mv.target {
            out.push_str(&write_board(target));
        }
        if mv.capture && !capture_before_board {
            out.push('x');
        }
        if let Some(to) = mv.to {
            let _ = write!(out, "{to}");
        }
        if let Some(promotion) = mv.promotion {
            out.push('=');
            out.push(promotion.letter());
        }
    }
    let marks = mv.marks;
    for (on, c) in [
        (marks.check, '+'),
        (marks.softmate, '*'),
        (marks.mate, '#'),
        (marks.present_moved, '~'),
    ] {
        if on {
            out.push(c);
        }
    }
    if let Some(ann) = annotation(&mv.text) {
        out.push_str(ann);
    }
    if let Some(l) = mv.new_timeline {
        let _ = write!(out, " (>L{l})");
    }
    if let Some(t) = mv.present_turn {
        let _ = write!(out, " (~T{t})");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::reader::{read, read_move};

    #[test]
    fn canonical_moves() {
        for text in [
            "(0T1)Ng1f3",
            "(0T1)e2e4",
            "(0T3)e4xd5",
            "(0T2)Nb1>>(0T1)b3~ (>L1)",
            "(-1T4)Nc3>>x(0T2)c3+~ (>L2) (~T1)",
            "(+0T2)d7d8=Q",
            "(0T5)O-O",
            "(-1T19)e8(0T18)f8",
            "(0T1)e2e4?",
        ] {
            assert_eq!(write_move(&read_move(text).unwrap()), text);
        }
    }

    #[test]
    fn built_moves() {
        let board = |l: u32, t: u32| BoardText {
            timeline: Some(TimelineText {
                sign: None,
                number: l,
            }),
            turn: Some(t),
        };
        let sq = |s: &str| Square::parse(s).unwrap();
        let mv = physical_move(board(0, 1), PieceKind::Knight, sq("g1"), sq("f3"));
        assert_eq!(mv.text, "(0T1)Ng1f3");
        let mut jump = physical_move(board(0, 2), PieceKind::Pawn, sq("b2"), sq("b3"));
        jump.jump = JumpText::Branch;
        jump.target = Some(board(0, 1));
        jump.capture = true;
        jump.marks.present_moved = true;
        assert_eq!(write_move(&jump), "(0T2)b2>>x(0T1)b3~");
        assert_eq!(read_move(&write_move(&jump)).unwrap().target, jump.target);
    }

    #[test]
    fn game_layout() {
        let text = "[Mode \"5D\"]\n[Board \"Standard\"]\n[Result \"0-1\"]\n\n1. (0T1)e2e3 / (0T1)e7e6\n2. (0T2)Nb1>>(0T1)b3~ (>L1) / (1T1)e7e6\n";
        let game = read(text).unwrap().game;
        assert_eq!(game.result.as_deref(), Some("0-1"));
        assert_eq!(write(&game), text);
        // An old file with the result after the moves is written with the tag.
        let old = "[Mode \"5D\"]\n[Board \"Standard\"]\n\n1. (0T1)e2e3 / (0T1)e7e6\n2. (0T2)Nb1>>(0T1)b3~ (>L1) / (1T1)e7e6 0-1\n";
        assert_eq!(write(&read(old).unwrap().game), text);
        let puzzle = "1b. (0T1)e7e6\n2b. (0T2)e6e5 {two in a row}\n";
        let game = read(puzzle).unwrap().game;
        assert_eq!(write(&game), puzzle);
    }

    #[test]
    fn the_result_is_one_tag_after_the_others() {
        let mut game = read("[Result \"1-0\"]\n[Board \"Standard\"]\n\n1. (0T1)e2e4\n")
            .unwrap()
            .game;
        assert_eq!(game.tags.len(), 1);
        assert_eq!(
            write(&game),
            "[Board \"Standard\"]\n[Result \"1-0\"]\n\n1. (0T1)e2e4\n"
        );
        // A `Result` entry in the tags gives way to the tree's result.
        game.tags.push(("result".to_string(), "0-1".to_string()));
        game.result = Some("1/2-1/2".to_string());
        let text = write(&game);
        assert_eq!(text.matches("Result").count(), 1, "{text}");
        assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
        // Without a result, such an entry is plain metadata, written as it is.
        game.result = None;
        assert!(write(&game).contains("[result \"0-1\"]"));
        let only = GameText {
            result: Some("*".to_string()),
            ..GameText::default()
        };
        assert_eq!(write(&only), "[Result \"*\"]\n\n");
        assert_eq!(read(&write(&only)).unwrap().game, only);
    }

    #[test]
    fn fen_boards_of_custom_setups() {
        let field = "r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";
        let placement = Placement::from_fen(field, 8, 8).unwrap();
        let minus_one = TimelineText {
            sign: Some('-'),
            number: 1,
        };
        let line = write_fen_board(&placement, minus_one, 0, Color::Black);
        assert_eq!(line, format!("[{field}:-1:0:b]"));
        let back = crate::notation::reader::read_fen_board(&line).unwrap();
        assert_eq!(write_fen_board_text(&back), line);
        assert_eq!(Placement::from_fen(&back.pieces, 8, 8).unwrap(), placement);
        let small = Placement::from_fen("k4/5/5/5/4K", 5, 5).unwrap();
        let zero = TimelineText {
            sign: None,
            number: 0,
        };
        assert_eq!(
            write_fen_board(&small, zero, 1, Color::White),
            "[k4/5/5/5/4K:0:1:w]"
        );
    }

    #[test]
    fn tags_are_escaped() {
        assert_eq!(
            write_tag("White", "a \"b\" \\c"),
            "[White \"a \\\"b\\\" \\\\c\"]"
        );
        let game = read(&format!("{}\n", write_tag("White", "a \"b\" \\c")))
            .unwrap()
            .game;
        assert_eq!(game.tag("white"), Some("a \"b\" \\c"));
    }
}
