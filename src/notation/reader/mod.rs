//! The 5dpgn reader: text → [`GameText`] (syntax only; no rule is checked).
//!
//! Reference: `shared/rules/5dpgn.md`. The reader accepts the tolerances real
//! files need (section 7) and reports the oddities it can see as [`Warning`]s;
//! whatever it cannot read is a [`ReadError`] with a line and a column.
//!
//! What it reads:
//! - tag pairs `[Name "Value"]` (any name; `\"` and `\\` escapes; an unquoted
//!   value is accepted with a warning) and 5DFEN board lines
//!   `[pieces:L:T:c]` (checked against `[Size]` when that tag is present);
//! - turn labels `1.`, `1w.`, `1b.`, `1...`, `w.`, `b.` and the Black separator
//!   `/`; the side of each action comes from this structure, turn numbers are
//!   labels only (a wrong number is a warning, never an error);
//! - moves: an optional board prefix (`(0T1)`, `(L1T5)`, `(L-1 T5)`, `(L-1)`,
//!   `(T5)`), SAN with disambiguation, piece letters `P N B R Q K S U D W C Y`
//!   and the old aliases `BR RQ PR CK`, castling `O-O`/`O-O-O` (or with
//!   zeros), jumps `>`/`>>` with an optional `x`, the long forms `(0T1)e2e4` and
//!   `(0T1)Pe2(0T1)e3`, the export form `(-1T19)e8(0T18)f8`, promotions `=Q`
//!   or `Q`, marks `+ * # ~`, evaluations `! ? !! ?? !? ?!`, and the tokens
//!   `(>Ln)` and `(~Tn)` after a move;
//! - comments `{…}` (nested if matched) and `;` to the end of the line, side
//!   variations in parentheses (skipped with a warning), results
//!   `1-0 0-1 1/2-1/2 ½-½ *` after the moves; also `e2-e4` dashes and an
//!   `e.p.` suffix;
//! - the result from the `[Result]` tag or the token after the moves (the tag
//!   wins when they disagree, with a warning); `[Result]` tags are moved out of
//!   [`GameText::tags`](super::ast::GameText::tags) into
//!   [`GameText::result`](super::ast::GameText::result);
//! - CRLF line ends, tabs, a byte-order mark, several moves or turns per line,
//!   headers with no moves. An empty file is an error.
//!
//! Moves are kept as written: whether `x` captures, `>>` branches, `+` checks
//! or an equal source and target board make a physical move is for the
//! resolver to decide against the game state (`5dpgn.md` section 7).
//!
//! Work is linear in the input and bounded: at most [`MAX_INPUT_BYTES`] are
//! read, nesting is counted (never recursed into), numbers above
//! [`MAX_NUMBER`](crate::notation::ast::MAX_NUMBER) are refused as soon as they grow past it, and at most
//! [`MAX_WARNINGS`] warnings are kept.

use super::ast::{FenBoardText, GameText, MoveText, Span};
use crate::chess::MAX_SIDE;

/// A successful read: the syntax tree and the oddities met on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    /// What the file says.
    pub game: GameText,
    /// Tolerated oddities, in file order.
    pub warnings: Vec<Warning>,
}

/// What kind of oddity a [`Warning`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// A turn number that is not the one expected (repeated, skipped); numbers are ignored.
    TurnNumber,
    /// Two actions of the same side in a row.
    SameSideTwice,
    /// Moves before any turn label: read as White's first action.
    MovesWithoutTurnLabel,
    /// A side variation in parentheses, skipped (only the main line is read).
    VariationSkipped,
    /// Text after the result, ignored.
    TextAfterResult,
    /// The result written after the moves differs from the `[Result]` tag
    /// (the tag's result is used).
    ResultDiffersFromTag,
    /// A `[Result]` tag whose value is not `1-0`, `0-1`, `1/2-1/2` or `*` (ignored).
    ResultTagNotRecognised,
    /// An old piece alias (`BR`, `RQ`, `PR`, `CK`).
    PieceAlias,
    /// A 5DFEN `*` unmoved mark on a piece that never uses it (ignored).
    UnmovedMarkIgnored,
    /// 5DFEN boards without a `[Size]` tag.
    MissingSize,
    /// A tag name written twice.
    DuplicateTag,
    /// A tag value without quotes.
    UnquotedTagValue,
    /// A `(>Ln)` or `(~Tn)` token with no move before it (ignored).
    StrayMoveToken,
    /// A `(>Ln)` or `(~Tn)` token written twice for one move (the last one is kept).
    RepeatedMoveToken,
    /// The last warning when more than [`MAX_WARNINGS`] were met: how many were not kept.
    MoreWarnings,
}

/// The most warnings one read keeps; the rest are counted in a last
/// [`WarningKind::MoreWarnings`] warning.
pub const MAX_WARNINGS: usize = 1000;

/// A tolerated oddity: where it is and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Where.
    pub span: Span,
    /// What kind.
    pub kind: WarningKind,
    /// A sentence for the player.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.span, self.message)
    }
}

/// Why a text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// A short excerpt of the text at `span` (empty at the end of the file).
    pub near: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.near.is_empty() {
            write!(f, "{}: {}, at the end of the file", self.span, self.message)
        } else {
            write!(f, "{}: {}, near `{}`", self.span, self.message, self.near)
        }
    }
}

impl std::error::Error for ReadError {}

/// The longest excerpt quoted by an error, in characters.
const NEAR_CHARS: usize = 24;

fn excerpt(text: &str, offset: usize) -> String {
    let rest = text.get(offset..).unwrap_or("");
    let mut out = String::new();
    for (n, c) in rest.chars().enumerate() {
        if c == '\n' || c == '\r' {
            break;
        }
        if n == NEAR_CHARS {
            out.push('…');
            break;
        }
        out.push(c);
    }
    out
}

/// The largest input the reader accepts, in bytes (2 MiB). Real games are a
/// few kilobytes (the longest corpus game is 3 KB); the limit keeps the work of
/// one read bounded (about 0.2 s for 2 MiB of dense moves on a slow machine).
pub const MAX_INPUT_BYTES: usize = 2 * 1024 * 1024;

fn too_large(len: usize) -> ReadError {
    ReadError {
        span: Span {
            line: 1,
            column: 1,
            offset: 0,
            len: 0,
        },
        message: format!(
            "file too large: {len} bytes (a 5dpgn game is at most {MAX_INPUT_BYTES} bytes)"
        ),
        near: String::new(),
    }
}

/// Reads raw bytes: like [`read`], after checking they are UTF-8.
///
/// # Errors
/// A [`ReadError`] for an input above [`MAX_INPUT_BYTES`], at the first byte
/// that is not UTF-8 (with its offset), or any error of [`read`].
pub fn read_bytes(bytes: &[u8]) -> Result<Read, ReadError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(too_large(bytes.len()));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(e) => {
            let good = e.valid_up_to();
            // The prefix is valid UTF-8 by construction.
            let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or("");
            let line = prefix.bytes().filter(|&b| b == b'\n').count() + 1;
            let line_start = prefix.rfind('\n').map_or(0, |i| i + 1);
            let column = prefix[line_start..].chars().count() + 1;
            Err(ReadError {
                span: Span {
                    line: u32::try_from(line).unwrap_or(u32::MAX),
                    column: u32::try_from(column).unwrap_or(u32::MAX),
                    offset: good,
                    len: e.error_len().unwrap_or(bytes.len() - good),
                },
                message: format!(
                    "the file is not valid UTF-8 text (byte 0x{:02X} at offset {good})",
                    bytes[good]
                ),
                near: String::new(),
            })
        }
    }
}

/// Reads a 5dpgn text.
///
/// # Errors
/// A [`ReadError`] saying where the text stops making sense: a text above
/// [`MAX_INPUT_BYTES`], an empty file,
/// an unclosed comment or variation, a malformed tag, 5DFEN line or move, a
/// number above [`MAX_NUMBER`](crate::notation::ast::MAX_NUMBER), a header after the moves.
pub fn read(text: &str) -> Result<Read, ReadError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_large(text.len()));
    }
    let mut parser = Parser::new(text);
    parser.run()?;
    parser.finish()
}

/// Reads one move on its own (e.g. `(0T2)Nb1>>(0T1)b3~`), with the `(>Ln)` and
/// `(~Tn)` tokens that may follow it.
///
/// # Errors
/// A [`ReadError`] if the text is not exactly one move.
pub fn read_move(text: &str) -> Result<MoveText, ReadError> {
    let mut parser = Parser::new(text);
    parser.skip_blank();
    let mut mv = parser.parse_move()?;
    loop {
        parser.skip_blank();
        if parser.peek().is_none() {
            return Ok(mv);
        }
        if parser.peek() == Some(b'(') {
            if let ParenKind::NewTimeline | ParenKind::Present = parser.classify_paren() {
                let token = parser.move_token()?;
                let _ = apply_move_token(&token, Some(&mut mv));
                continue;
            }
        }
        return Err(parser.error_here("expected one move and nothing else"));
    }
}

/// Reads one 5DFEN board line, `[pieces:L:T:c]` (the brackets may be left out).
/// The piece field's shape is checked by [`crate::chess::Placement::from_fen`] once the
/// board size is known.
///
/// # Errors
/// A [`ReadError`] if the text is not exactly one 5DFEN board line.
pub fn read_fen_board(text: &str) -> Result<FenBoardText, ReadError> {
    let trimmed = text.trim();
    let bare = !trimmed.starts_with('[');
    let wrapped;
    let line = if bare {
        wrapped = format!("[{trimmed}]");
        wrapped.as_str()
    } else {
        trimmed
    };
    let mut parser = Parser::new(line);
    let result = parser.fen_board().and_then(|()| {
        parser.skip_blank();
        match parser.peek() {
            None => Ok(()),
            Some(_) => Err(parser.error_here("expected one 5DFEN board line and nothing else")),
        }
    });
    match result {
        Ok(()) => parser
            .game
            .fen_boards
            .pop()
            .ok_or_else(|| parser.error_here("expected a 5DFEN board line")),
        Err(mut e) if bare => {
            // Point into the text as given, not the bracketed copy.
            e.span.column = e.span.column.saturating_sub(1).max(1);
            e.span.offset = e.span.offset.saturating_sub(1);
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// The evaluation written at the end of a move's text (`!`, `?`, `!?` …), if any.
#[must_use]
pub fn annotation(move_text: &str) -> Option<&str> {
    let trimmed = move_text.trim_end();
    let body = trimmed.trim_end_matches(['!', '?', '+', '*', '#', '~']);
    let tail = &trimmed[body.len()..];
    let start = tail.find(['!', '?'])?;
    let ann = &tail[start..];
    let end = ann.rfind(['!', '?']).map_or(0, |i| i + 1);
    let ann = &ann[..end];
    if ann.chars().all(|c| c == '!' || c == '?') {
        Some(ann)
    } else {
        None
    }
}

mod actions;
mod cursor;
mod headers;
mod moves;

use cursor::{ParenKind, Parser};
use moves::apply_move_token;

/// Reads a `[Size]` value such as `8x8` or `5 x 5`; `None` unless both sides are 1 to 8.
#[must_use]
pub fn parse_size(value: &str) -> Option<(u8, u8)> {
    let (w, h) = value.split_once(['x', 'X', '×'])?;
    let w: u8 = w.trim().parse().ok()?;
    let h: u8 = h.trim().parse().ok()?;
    ((1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h)).then_some((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, PieceKind, Square};
    use crate::notation::ast::{CastleText, JumpText, TimelineText};

    fn one(text: &str) -> MoveText {
        read_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn board_prefix_forms() {
        for (text, l, t) in [
            ("(0T1)e4", Some((None, 0)), Some(1)),
            ("(L1T5)e4", Some((None, 1)), Some(5)),
            ("(L-1 T5)e4", Some((Some('-'), 1)), Some(5)),
            ("(L-1)e4", Some((Some('-'), 1)), None),
            ("(T5)e4", None, Some(5)),
            ("(+0T2)e4", Some((Some('+'), 0)), Some(2)),
            ("(-0T2)e4", Some((Some('-'), 0)), Some(2)),
        ] {
            let m = one(text);
            let b = m.source.unwrap();
            assert_eq!(b.timeline.map(|t| (t.sign, t.number)), l, "{text}");
            assert_eq!(b.turn, t, "{text}");
        }
    }

    #[test]
    fn san_shapes() {
        let m = one("Nbd7");
        assert_eq!(
            (m.piece, m.from_file, m.from_rank),
            (Some(PieceKind::Knight), Some(1), None)
        );
        assert_eq!(m.to, Square::parse("d7"));
        let m = one("exd5");
        assert_eq!((m.piece, m.from_file, m.capture), (None, Some(4), true));
        let m = one("(0T13)b6b5");
        assert_eq!((m.from_file, m.from_rank), (Some(1), Some(5)));
        assert_eq!(m.to, Square::parse("b5"));
        let m = one("R1a3");
        assert_eq!((m.from_file, m.from_rank), (None, Some(0)));
        let m = one("e8=Q+");
        assert_eq!(m.promotion, Some(PieceKind::Queen));
        assert!(m.marks.check);
        let m = one("a1Q");
        assert_eq!(m.promotion, Some(PieceKind::Queen));
    }

    #[test]
    fn jumps() {
        let m = one("(-1T4)Nc3>>x(0T2)c3+~");
        assert_eq!(m.jump, JumpText::Branch);
        assert!(m.capture && m.marks.check && m.marks.present_moved);
        assert_eq!(m.from_file, Some(2));
        assert_eq!(m.target.unwrap().turn, Some(2));
        let m = one("(0T6)Pd5>(1T6)d5");
        assert_eq!((m.jump, m.piece), (JumpText::Hop, Some(PieceKind::Pawn)));
        let m = one("(-1T19)e8(0T18)f8");
        assert_eq!(m.jump, JumpText::None);
        assert_eq!((m.from_file, m.from_rank), (Some(4), Some(7)));
        assert_eq!(m.to, Square::parse("f8"));
        let m = one("(0T1)Pe2(0T1)e3");
        assert_eq!(m.target, m.source);
        let m = one("Q>>xf2+");
        assert_eq!(
            (m.jump, m.target, m.capture),
            (JumpText::Branch, None, true)
        );
        let m = one("(L-1)f>>f6");
        assert_eq!((m.from_file, m.from_rank), (Some(5), None));
        let m = one("(-1T4)Nc3>>x(0T2)c3+ (>L2) (~T1)");
        assert_eq!(
            m.new_timeline,
            Some(TimelineText {
                sign: None,
                number: 2
            })
        );
        assert_eq!(m.present_turn, Some(1));
    }

    #[test]
    fn castling_and_aliases() {
        assert_eq!(one("O-O").castle, Some(CastleText::KingSide));
        assert_eq!(one("0-0-0").castle, Some(CastleText::QueenSide));
        assert_eq!(one("(0T5)O-O").castle, Some(CastleText::KingSide));
        assert_eq!(one("(1T1)BRa1>(-1T1)a1").piece, Some(PieceKind::Brawn));
        assert_eq!(one("RQd1").piece, Some(PieceKind::RoyalQueen));
        assert_eq!(one("PRd1").piece, Some(PieceKind::Princess));
        assert_eq!(one("CKd1").piece, Some(PieceKind::CommonKing));
    }

    #[test]
    fn single_fen_boards() {
        let b = read_fen_board("[r*nbqk*bnr*/8/8/8/8/8/8/R*NBQK*BNR*:-1:3:b]").unwrap();
        assert_eq!(
            (b.timeline.sign, b.timeline.number, b.turn),
            (Some('-'), 1, 3)
        );
        assert_eq!(b.to_move, Color::Black);
        let b = read_fen_board(" k/4/4/K:+0:1:w ").unwrap();
        assert_eq!(b.pieces, "k/4/4/K");
        assert!(read_fen_board("k/4/4/K:0:1").is_err());
        assert!(read_fen_board("[k/4:0:1:w] x").is_err());
        let e = read_fen_board("k/4/4/K:0:1:q").unwrap_err();
        assert_eq!(e.span.column, 1);
    }

    #[test]
    fn annotations_are_found_in_texts() {
        assert_eq!(annotation("(0T1)e4?"), Some("?"));
        assert_eq!(annotation("(2T22)Kd1>>(1T21)e2~?"), Some("?"));
        assert_eq!(annotation("e4!?+"), Some("!?"));
        assert_eq!(annotation("e4+"), None);
    }

    #[test]
    fn bad_moves_are_errors() {
        for text in ["(0T1)", "Nz4", "e9", "(0T1)e4e5e6", "e", "(0T1)N>>"] {
            assert!(read_move(text).is_err(), "{text}");
        }
    }
}
