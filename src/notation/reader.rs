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
//!   `1-0 0-1 1/2-1/2 *`.
//!
//! Work is linear in the input: nesting is counted, never recursed into, and
//! numbers above [`MAX_NUMBER`] are refused as soon as they grow past it.

use super::ast::{
    ActionText, BoardText, CastleText, FenBoardText, GameText, JumpText, Marks, MoveText, Span,
    TimelineText, MAX_NUMBER,
};
use crate::chess::{Color, PieceKind, Placement, Square, MAX_SIDE};

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
    /// The result written after the moves differs from the `[Result]` tag.
    ResultDiffersFromTag,
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
}

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
/// number above [`MAX_NUMBER`], a header after the moves.
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

#[derive(Clone, Copy)]
struct Mark {
    pos: usize,
    line: u32,
    col: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ParenKind {
    Board,
    NewTimeline,
    Present,
    Variation,
}

struct Pending {
    span: Span,
    color: Color,
    label: Option<u32>,
    moves: Vec<MoveText>,
    comments: Vec<String>,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    col: u32,
    game: GameText,
    warnings: Vec<Warning>,
    tag_spans: Vec<Span>,
    pending: Option<Pending>,
    /// The turn of the last finished action, as written or (if unwritten) computed.
    last_turn: Option<(Color, u32)>,
    result_span: Option<Span>,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Tag names: letters, digits, `_`, `-`, `.` (real files write `[5dchess_tools "^0.2.0"]`).
fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

fn is_delimiter(b: Option<u8>) -> bool {
    match b {
        None => true,
        Some(b) => is_blank(b) || matches!(b, b'{' | b'(' | b')' | b'/' | b';'),
    }
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            col: 1,
            game: GameText::default(),
            warnings: Vec::new(),
            tag_spans: Vec::new(),
            pending: None,
            last_turn: None,
            result_span: None,
        }
    }

    // ---- cursor -------------------------------------------------------------

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.bytes.get(self.pos + n).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
            self.col = 1;
        } else if b & 0xC0 != 0x80 {
            self.col += 1;
        }
        Some(b)
    }

    fn mark(&self) -> Mark {
        Mark {
            pos: self.pos,
            line: self.line,
            col: self.col,
        }
    }

    fn reset(&mut self, m: Mark) {
        self.pos = m.pos;
        self.line = m.line;
        self.col = m.col;
    }

    fn span_from(&self, m: Mark) -> Span {
        Span {
            line: m.line,
            column: m.col,
            offset: m.pos,
            len: self.pos - m.pos,
        }
    }

    fn span_here(&self) -> Span {
        self.span_from(self.mark())
    }

    fn error_at(&self, span: Span, message: impl Into<String>) -> ReadError {
        ReadError {
            span,
            message: message.into(),
            near: excerpt(self.text, span.offset),
        }
    }

    fn error_here(&self, message: impl Into<String>) -> ReadError {
        let mut span = self.span_here();
        span.len = self.text[self.pos..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        self.error_at(span, message)
    }

    fn warn(&mut self, span: Span, kind: WarningKind, message: impl Into<String>) {
        self.warnings.push(Warning {
            span,
            kind,
            message: message.into(),
        });
    }

    fn current_char(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn starts_with(&self, s: &str) -> bool {
        self.bytes[self.pos..].starts_with(s.as_bytes())
    }

    /// Skips whitespace (and a byte-order mark).
    fn skip_blank(&mut self) {
        loop {
            match self.peek() {
                Some(b) if is_blank(b) => {
                    self.bump();
                }
                Some(0xEF) if self.starts_with("\u{FEFF}") => {
                    for _ in 0..3 {
                        self.bump();
                    }
                }
                _ => return,
            }
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
    }

    /// Reads a decimal number at the cursor, refusing numbers above [`MAX_NUMBER`].
    fn number(&mut self) -> Result<u32, ReadError> {
        let start = self.mark();
        let mut value: u64 = 0;
        let mut too_large = false;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            self.bump();
            if !too_large {
                value = value * 10 + u64::from(b - b'0');
                too_large = value > u64::from(MAX_NUMBER);
            }
        }
        if self.pos == start.pos {
            return Err(self.error_here("expected a number"));
        }
        if too_large {
            let span = self.span_from(start);
            return Err(self.error_at(
                span,
                format!("number too large (at most {MAX_NUMBER} is accepted)"),
            ));
        }
        Ok(u32::try_from(value).unwrap_or(MAX_NUMBER))
    }

    fn timeline(&mut self) -> Result<TimelineText, ReadError> {
        let sign = match self.peek() {
            Some(b'+') => Some('+'),
            Some(b'-') => Some('-'),
            _ => None,
        };
        if sign.is_some() {
            self.bump();
        }
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.error_here("expected a timeline number"));
        }
        let number = self.number()?;
        Ok(TimelineText { sign, number })
    }

    // ---- comments and variations -------------------------------------------

    /// Reads a `{…}` comment (nested braces allowed when matched), returning its text.
    fn comment(&mut self) -> Result<String, ReadError> {
        let open = self.mark();
        self.bump();
        let body_start = self.pos;
        let mut depth: usize = 1;
        while let Some(b) = self.bump() {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        let body = &self.text[body_start..self.pos - 1];
                        return Ok(body.trim().to_string());
                    }
                }
                _ => {}
            }
        }
        let mut span = self.span_from(open);
        span.len = 1;
        Err(self.error_at(span, "this comment `{` is never closed"))
    }

    /// Skips a parenthesised side variation, comments included.
    fn skip_variation(&mut self) -> Result<(), ReadError> {
        let open = self.mark();
        self.bump();
        let mut depth: usize = 1;
        while let Some(b) = self.peek() {
            match b {
                b'{' => {
                    self.comment()?;
                    continue;
                }
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        let span = self.span_from(open);
                        self.warn(
                            span,
                            WarningKind::VariationSkipped,
                            "side variation skipped: only the main line is read",
                        );
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.bump();
        }
        let mut span = self.span_from(open);
        span.len = 1;
        Err(self.error_at(span, "this parenthesis `(` is never closed"))
    }

    /// Tells what a `(` at the cursor opens (section 6 of the spec).
    fn classify_paren(&self) -> ParenKind {
        let mut i = self.pos + 1;
        let skip = |i: &mut usize| {
            while matches!(self.bytes.get(*i), Some(b' ' | b'\t')) {
                *i += 1;
            }
        };
        skip(&mut i);
        match self.bytes.get(i) {
            Some(b'>') => ParenKind::NewTimeline,
            Some(b'~') => ParenKind::Present,
            Some(b'L' | b'T') => ParenKind::Board,
            Some(b'+' | b'-' | b'0'..=b'9') => {
                if matches!(self.bytes.get(i), Some(b'+' | b'-')) {
                    i += 1;
                }
                while matches!(self.bytes.get(i), Some(b'0'..=b'9')) {
                    i += 1;
                }
                skip(&mut i);
                if self.bytes.get(i) == Some(&b'T') {
                    ParenKind::Board
                } else {
                    ParenKind::Variation
                }
            }
            _ => ParenKind::Variation,
        }
    }

    // ---- headers -----------------------------------------------------------

    fn header(&mut self) -> Result<(), ReadError> {
        let open = self.mark();
        if !self.game.actions.is_empty() || self.pending.is_some() {
            let mut span = self.span_here();
            span.len = 1;
            return Err(self.error_at(
                span,
                "a header or 5DFEN board line after the moves (headers come first)",
            ));
        }
        self.bump();
        self.skip_spaces();
        // A tag is a name followed by whitespace or a quote; anything else is a 5DFEN board.
        let name_start = self.pos;
        while matches!(self.peek(), Some(b) if is_tag_name_byte(b)) {
            self.bump();
        }
        let name_end = self.pos;
        let is_tag = name_end > name_start && matches!(self.peek(), Some(b' ' | b'\t' | b'"'));
        if is_tag {
            let name = self.text[name_start..name_end].to_string();
            self.skip_spaces();
            let value = if self.peek() == Some(b'"') {
                self.tag_value()?
            } else {
                let vstart = self.mark();
                while !matches!(self.peek(), None | Some(b']' | b'\n' | b'\r')) {
                    self.bump();
                }
                let value = self.text[vstart.pos..self.pos].trim_end().to_string();
                let span = self.span_from(vstart);
                self.warn(
                    span,
                    WarningKind::UnquotedTagValue,
                    format!("the value of tag `{name}` is not in quotes"),
                );
                value
            };
            self.skip_spaces();
            if self.peek() != Some(b']') {
                return Err(self.error_here("expected `]` to close the tag"));
            }
            self.bump();
            let span = self.span_from(open);
            if self.game.tag(&name).is_some() {
                self.warn(
                    span,
                    WarningKind::DuplicateTag,
                    format!("tag `{name}` is written twice; the first value is used"),
                );
            }
            self.game.tags.push((name, value));
            self.tag_spans.push(span);
            Ok(())
        } else {
            self.reset(open);
            self.fen_board()
        }
    }

    fn tag_value(&mut self) -> Result<String, ReadError> {
        let open = self.mark();
        self.bump();
        let mut value = String::new();
        let mut run_start = self.pos;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    value.push_str(&self.text[run_start..self.pos]);
                    self.bump();
                    return Ok(value);
                }
                b'\n' | b'\r' => break,
                b'\\' if matches!(self.peek_at(1), Some(b'"' | b'\\')) => {
                    value.push_str(&self.text[run_start..self.pos]);
                    self.bump();
                    run_start = self.pos;
                    self.bump();
                }
                _ => {
                    self.bump();
                }
            }
        }
        let mut span = self.span_from(open);
        span.len = 1;
        Err(self.error_at(
            span,
            "this tag value's quote `\"` is not closed on its line",
        ))
    }

    fn fen_board(&mut self) -> Result<(), ReadError> {
        let open = self.mark();
        self.bump();
        let start = self.pos;
        while !matches!(self.peek(), None | Some(b']' | b'\n' | b'\r')) {
            self.bump();
        }
        if self.peek() != Some(b']') {
            let mut span = self.span_from(open);
            span.len = 1;
            return Err(self.error_at(span, "this `[` is not closed by `]` on its line"));
        }
        let body = &self.text[start..self.pos];
        self.bump();
        let span = self.span_from(open);
        let fields: Vec<&str> = body.split(':').map(str::trim).collect();
        if fields.len() != 4 {
            return Err(self.error_at(
                span,
                format!(
                    "a 5DFEN board line is `[pieces:timeline:turn:colour]` (4 fields), this one has {}",
                    fields.len()
                ),
            ));
        }
        let pieces = fields[0];
        if pieces.is_empty() {
            return Err(self.error_at(span, "the 5DFEN piece field is empty"));
        }
        let mut previous: Option<char> = None;
        for c in pieces.chars() {
            match c {
                '/' | '+' | '0'..='9' => {}
                '*' => match previous.and_then(PieceKind::from_letter) {
                    Some(
                        PieceKind::Pawn | PieceKind::Brawn | PieceKind::King | PieceKind::Rook,
                    ) => {}
                    Some(kind) => self.warn(
                        span,
                        WarningKind::UnmovedMarkIgnored,
                        format!("`*` (unmoved) after a {kind} has no meaning and is ignored"),
                    ),
                    None => return Err(self.error_at(
                        span,
                        "a `*` (unmoved mark) must follow a piece letter in the 5DFEN piece field",
                    )),
                },
                c if PieceKind::from_letter(c).is_some() => {}
                c => {
                    return Err(self.error_at(
                        span,
                        format!("`{c}` is not a piece letter in the 5DFEN piece field"),
                    ))
                }
            }
            previous = Some(c);
        }
        let timeline = parse_timeline_field(fields[1]).ok_or_else(|| {
            self.error_at(
                span,
                format!(
                    "the 5DFEN timeline `{}` is not a number like 0, -1, +1",
                    fields[1]
                ),
            )
        })?;
        let turn = parse_number_field(fields[2]).ok_or_else(|| {
            self.error_at(
                span,
                format!(
                    "the 5DFEN turn `{}` is not a number (at most {MAX_NUMBER})",
                    fields[2]
                ),
            )
        })?;
        let to_move = match fields[3] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => {
                return Err(self.error_at(
                    span,
                    format!("the 5DFEN colour to move `{other}` is not `w` or `b`"),
                ))
            }
        };
        self.game.fen_boards.push(FenBoardText {
            span,
            pieces: pieces.to_string(),
            timeline,
            turn,
            to_move,
        });
        Ok(())
    }

    // ---- moves -------------------------------------------------------------

    fn board(&mut self) -> Result<BoardText, ReadError> {
        let open = self.mark();
        self.bump();
        self.skip_spaces();
        if self.peek() == Some(b'L') {
            self.bump();
            self.skip_spaces();
        }
        let timeline = if matches!(self.peek(), Some(b'+' | b'-' | b'0'..=b'9')) {
            Some(self.timeline()?)
        } else {
            None
        };
        self.skip_spaces();
        let turn = if self.peek() == Some(b'T') {
            self.bump();
            self.skip_spaces();
            if self.peek() == Some(b'-') {
                return Err(self.error_here(
                    "relative boards (a negative turn) are not supported; write the board as (LTt)",
                ));
            }
            Some(self.number()?)
        } else {
            None
        };
        self.skip_spaces();
        if self.peek() != Some(b')') {
            return Err(self.error_here("expected `)` to close the board `(LTt)`"));
        }
        self.bump();
        if timeline.is_none() && turn.is_none() {
            let span = self.span_from(open);
            return Err(self.error_at(span, "a board `(LTt)` needs a timeline or a turn"));
        }
        Ok(BoardText { timeline, turn })
    }

    /// Reads a piece letter (or alias) at the cursor, if there is one.
    fn piece_letter(&mut self) -> Option<PieceKind> {
        let here = self.mark();
        let two = (self.peek(), self.peek_at(1));
        let alias = match two {
            (Some(b'B'), Some(b'R')) => Some((PieceKind::Brawn, "BR", 'W')),
            (Some(b'R'), Some(b'Q')) => Some((PieceKind::RoyalQueen, "RQ", 'Y')),
            (Some(b'P'), Some(b'R')) => Some((PieceKind::Princess, "PR", 'S')),
            (Some(b'C'), Some(b'K')) => Some((PieceKind::CommonKing, "CK", 'C')),
            _ => None,
        };
        if let Some((kind, text, letter)) = alias {
            self.bump();
            self.bump();
            let span = self.span_from(here);
            self.warn(
                span,
                WarningKind::PieceAlias,
                format!("old piece alias `{text}` read as {kind} (`{letter}`)"),
            );
            return Some(kind);
        }
        match self.peek() {
            Some(b) if b.is_ascii_uppercase() => {
                let kind = PieceKind::from_letter(char::from(b))?;
                self.bump();
                Some(kind)
            }
            _ => None,
        }
    }

    /// Reads `[a-h][1-8]` items and `x` marks until something else comes.
    fn coordinates(&mut self, capture: &mut bool) -> Result<Vec<(bool, u8)>, ReadError> {
        let mut items = Vec::new();
        loop {
            match self.peek() {
                Some(b @ b'a'..=b'h') if b - b'a' < MAX_SIDE => {
                    items.push((true, b - b'a'));
                }
                Some(b @ b'1'..=b'8') if b - b'1' < MAX_SIDE => {
                    items.push((false, b - b'1'));
                }
                Some(b'x') if !*capture => *capture = true,
                Some(b'x') => return Err(self.error_here("`x` written twice in one move")),
                Some(b'9') => {
                    return Err(self.error_here("rank 9 does not exist (boards are at most 8x8)"))
                }
                Some(b'i'..=b'w') | Some(b'y'..=b'z') => {
                    return Err(self.error_here("files go from `a` to `h` (boards are at most 8x8)"))
                }
                _ => return Ok(items),
            }
            self.bump();
            if items.len() > 4 {
                return Err(self.error_here("too many squares in one move"));
            }
        }
    }

    fn parse_move(&mut self) -> Result<MoveText, ReadError> {
        let start = self.mark();
        let mut mv = MoveText {
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
        };
        if self.peek() == Some(b'(') {
            if self.classify_paren() != ParenKind::Board {
                return Err(self.error_here("expected a board `(LTt)` or a move"));
            }
            mv.source = Some(self.board()?);
            self.skip_spaces();
        }
        if let Some(castle) = self.castling() {
            mv.castle = Some(castle);
        } else {
            mv.piece = self.piece_letter();
            let mut capture = false;
            let before = self.coordinates(&mut capture)?;
            // Jump mark, target board, then the target square.
            if self.peek() == Some(b'>') {
                self.bump();
                mv.jump = if self.peek() == Some(b'>') {
                    self.bump();
                    JumpText::Branch
                } else {
                    JumpText::Hop
                };
                if self.peek() == Some(b'x') {
                    self.bump();
                    capture = true;
                }
            }
            if self.peek() == Some(b'(') && self.classify_paren() == ParenKind::Board {
                mv.target = Some(self.board()?);
            }
            let split = mv.jump != JumpText::None || mv.target.is_some();
            let (from, to) = if split {
                let after = self.coordinates(&mut capture)?;
                (before, after)
            } else {
                match before.len() {
                    0 | 1 => (before, Vec::new()),
                    n => (before[..n - 2].to_vec(), before[n - 2..].to_vec()),
                }
            };
            mv.capture = capture;
            match to.as_slice() {
                [(true, x), (false, y)] => mv.to = Square::new(*x, *y),
                [] => {
                    return Err(
                        self.error_at(self.span_from(start), "this move has no target square")
                    )
                }
                _ => {
                    return Err(self.error_at(
                        self.span_from(start),
                        "the target square must be a file and a rank, like `e4`",
                    ))
                }
            }
            match from.as_slice() {
                [] => {}
                [(true, x)] => mv.from_file = Some(*x),
                [(false, y)] => mv.from_rank = Some(*y),
                [(true, x), (false, y)] => {
                    mv.from_file = Some(*x);
                    mv.from_rank = Some(*y);
                }
                _ => {
                    return Err(self.error_at(
                        self.span_from(start),
                        "the source square must be a file, a rank, or both, like `g1`",
                    ))
                }
            }
            // Promotion: `=Q` or a bare letter.
            if self.peek() == Some(b'=') {
                self.bump();
                match self.piece_letter() {
                    Some(kind) => mv.promotion = Some(kind),
                    None => return Err(self.error_here("expected a piece letter after `=`")),
                }
            } else if matches!(self.peek(), Some(b) if b.is_ascii_uppercase()) {
                match self.piece_letter() {
                    Some(kind) => mv.promotion = Some(kind),
                    None => return Err(self.error_here("unexpected letter after the move")),
                }
            }
        }
        // Marks and evaluations, in any order.
        loop {
            match self.peek() {
                Some(b'+') => mv.marks.check = true,
                Some(b'*') => mv.marks.softmate = true,
                Some(b'#') => mv.marks.mate = true,
                Some(b'~') => mv.marks.present_moved = true,
                Some(b'!' | b'?') => {}
                _ => break,
            }
            self.bump();
        }
        if !is_delimiter(self.peek()) {
            let what = self.current_char().unwrap_or(' ');
            return Err(self.error_here(format!("unexpected `{what}` in a move")));
        }
        mv.span = self.span_from(start);
        mv.text = self.text[start.pos..self.pos].to_string();
        Ok(mv)
    }

    fn castling(&mut self) -> Option<CastleText> {
        let c = self.peek()?;
        if !matches!(c, b'O' | b'0' | b'o') {
            return None;
        }
        let long = [c, b'-', c, b'-', c];
        let rest = &self.bytes[self.pos..];
        let len = if rest.starts_with(&long) {
            5
        } else if rest.starts_with(&long[..3]) {
            3
        } else {
            return None;
        };
        for _ in 0..len {
            self.bump();
        }
        Some(if len == 5 {
            CastleText::QueenSide
        } else {
            CastleText::KingSide
        })
    }

    /// Reads `(>Ln)` or `(~Tn)` at the cursor.
    fn move_token(&mut self) -> Result<MoveToken, ReadError> {
        let open = self.mark();
        self.bump();
        self.skip_spaces();
        let kind = self.bump();
        let mut token = MoveToken {
            span: Span::default(),
            new_timeline: None,
            present_turn: None,
        };
        if kind == Some(b'>') {
            self.skip_spaces();
            if self.peek() != Some(b'L') {
                return Err(self.error_here("expected `L` in the new-timeline token `(>Ln)`"));
            }
            self.bump();
            self.skip_spaces();
            token.new_timeline = Some(self.timeline()?);
        } else {
            self.skip_spaces();
            if self.peek() != Some(b'T') {
                return Err(self.error_here("expected `T` in the present token `(~Tn)`"));
            }
            self.bump();
            self.skip_spaces();
            token.present_turn = Some(self.number()?);
        }
        self.skip_spaces();
        if self.peek() != Some(b')') {
            return Err(self.error_here("expected `)`"));
        }
        self.bump();
        token.span = self.span_from(open);
        Ok(token)
    }

    // ---- actions -----------------------------------------------------------

    fn finish_action(&mut self) {
        let Some(p) = self.pending.take() else {
            return;
        };
        if p.moves.is_empty() {
            // A bare `1.` or a trailing `/` is not an action; keep its comments.
            if let Some(last) = self.game.actions.last_mut() {
                last.comments.extend(p.comments);
            }
            return;
        }
        let expected = match self.last_turn {
            None => None,
            Some((Color::White, n)) => Some(if p.color == Color::Black { n } else { n + 1 }),
            Some((Color::Black, n)) => Some(n + 1),
        };
        if let Some(last) = self.game.actions.last() {
            if last.color == p.color {
                let side = if p.color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                self.warn(
                    p.span,
                    WarningKind::SameSideTwice,
                    format!("two {side} actions in a row: the other side's action is missing"),
                );
            }
        }
        if let (Some(label), Some(expected)) = (p.label, expected) {
            if label != expected {
                let how = if label + 1 == expected {
                    "repeated"
                } else {
                    "unexpected"
                };
                self.warn(
                    p.span,
                    WarningKind::TurnNumber,
                    format!(
                        "turn number {label} is {how} (expected {expected}); turn numbers are ignored, the sides alternate"
                    ),
                );
            }
        }
        let turn = p.label.or(expected).unwrap_or(1);
        self.last_turn = Some((p.color, turn));
        self.game.actions.push(ActionText {
            span: p.span,
            color: p.color,
            turn_label: p.label,
            moves: p.moves,
            comments: p.comments,
        });
    }

    fn start_action(&mut self, span: Span, color: Color, label: Option<u32>) {
        self.finish_action();
        self.pending = Some(Pending {
            span,
            color,
            label,
            moves: Vec::new(),
            comments: Vec::new(),
        });
    }

    fn add_comment(&mut self, comment: String) {
        match &mut self.pending {
            Some(p) if !p.moves.is_empty() => p.comments.push(comment),
            _ => {
                if let Some(last) = self.game.actions.last_mut() {
                    last.comments.push(comment);
                }
            }
        }
    }

    fn last_move(&mut self) -> Option<&mut MoveText> {
        match &mut self.pending {
            Some(p) if !p.moves.is_empty() => p.moves.last_mut(),
            _ => self
                .game
                .actions
                .last_mut()
                .and_then(|a| a.moves.last_mut()),
        }
    }

    fn result_token(&self) -> Option<&'static str> {
        let rest = &self.text[self.pos..];
        let token = ["1-0", "0-1", "1/2-1/2", "½-½", "*"]
            .into_iter()
            .find(|r| rest.starts_with(r))?;
        if is_delimiter(self.bytes.get(self.pos + token.len()).copied()) {
            Some(if token == "½-½" { "1/2-1/2" } else { token })
        } else {
            None
        }
    }

    /// Reads `N.`, `Nw.`, `Nb.`, `N...` at the cursor.
    fn turn_label(&mut self) -> Result<(), ReadError> {
        let start = self.mark();
        let number = self.number()?;
        self.skip_spaces();
        let color = match self.peek() {
            Some(b'w' | b'W') => {
                self.bump();
                Color::White
            }
            Some(b'b' | b'B') => {
                self.bump();
                Color::Black
            }
            _ => Color::White,
        };
        self.skip_spaces();
        if self.peek() != Some(b'.') {
            return Err(self.error_here("expected `.` after the turn number"));
        }
        let mut dots = 0;
        while self.peek() == Some(b'.') {
            self.bump();
            dots += 1;
        }
        let color = if dots >= 3 { Color::Black } else { color };
        let span = self.span_from(start);
        self.start_action(span, color, Some(number));
        Ok(())
    }

    fn run(&mut self) -> Result<(), ReadError> {
        loop {
            self.skip_blank();
            let Some(b) = self.peek() else {
                return Ok(());
            };
            if self.game.result.is_none() {
                let may_be_result = matches!(b, b'0' | b'1' | b'*' | 0xC2);
                if let Some(result) = may_be_result.then(|| self.result_token()).flatten() {
                    let start = self.mark();
                    for _ in 0..result.len().min(self.text.len() - self.pos) {
                        self.bump();
                    }
                    if result == "1/2-1/2" && self.text[start.pos..].starts_with('½') {
                        // `½-½` is 5 bytes, not 7.
                        self.reset(start);
                        for _ in 0.."½-½".len() {
                            self.bump();
                        }
                    }
                    self.game.result = Some(result.to_string());
                    self.result_span = Some(self.span_from(start));
                    continue;
                }
            } else if b != b'{' && b != b';' {
                let span = self.span_here();
                self.warn(
                    span,
                    WarningKind::TextAfterResult,
                    "text after the result is ignored",
                );
                self.pos = self.bytes.len();
                return Ok(());
            }
            match b {
                b'[' => self.header()?,
                b'{' => {
                    let c = self.comment()?;
                    self.add_comment(c);
                }
                b';' => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                b'(' => match self.classify_paren() {
                    ParenKind::Board => self.move_in_action()?,
                    ParenKind::NewTimeline | ParenKind::Present => {
                        let token = self.move_token()?;
                        let warning = apply_move_token(&token, self.last_move());
                        self.warnings.extend(warning);
                    }
                    ParenKind::Variation => self.skip_variation()?,
                },
                b')' => return Err(self.error_here("this `)` closes nothing")),
                b'/' => {
                    let start = self.mark();
                    self.bump();
                    let span = self.span_from(start);
                    self.start_action(span, Color::Black, None);
                }
                b'0'..=b'9' => {
                    let castling_with_zeros =
                        b == b'0' && self.peek_at(1) == Some(b'-') && self.peek_at(2) == Some(b'0');
                    // A move disambiguated by its rank only: `3e4`, `3xe4`, `3>>(0T1)e4`.
                    let rank_first = (b'1'..=b'8').contains(&b)
                        && match self.peek_at(1) {
                            Some(b'x' | b'>' | b'(') => true,
                            Some(b'a'..=b'h') => matches!(self.peek_at(2), Some(b'1'..=b'8')),
                            _ => false,
                        };
                    if castling_with_zeros || rank_first {
                        self.move_in_action()?;
                    } else {
                        self.turn_label()?;
                    }
                }
                b'w' | b'b' if self.peek_at(1) == Some(b'.') => {
                    let start = self.mark();
                    self.bump();
                    self.bump();
                    let span = self.span_from(start);
                    let color = if b == b'w' {
                        Color::White
                    } else {
                        Color::Black
                    };
                    self.start_action(span, color, None);
                }
                b'a'..=b'h' | b'x' | b'>' | b'A'..=b'Z' => self.move_in_action()?,
                _ => {
                    let what = self.current_char().unwrap_or(' ');
                    return Err(self.error_here(format!("unexpected `{what}`")));
                }
            }
        }
    }

    fn move_in_action(&mut self) -> Result<(), ReadError> {
        let mv = self.parse_move()?;
        if self.pending.is_none() {
            let span = mv.span;
            if self.game.actions.is_empty() {
                self.warn(
                    span,
                    WarningKind::MovesWithoutTurnLabel,
                    "moves before any turn number: read as White's first action",
                );
                self.start_action(span, Color::White, None);
            } else {
                // Unreachable in practice: an action stays open until the next label.
                let color = self
                    .game
                    .actions
                    .last()
                    .map_or(Color::White, |a| a.color.opponent());
                self.start_action(span, color, None);
            }
        }
        if let Some(p) = &mut self.pending {
            p.moves.push(mv);
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Read, ReadError> {
        self.finish_action();
        if self.game.tags.is_empty()
            && self.game.fen_boards.is_empty()
            && self.game.actions.is_empty()
        {
            return Err(ReadError {
                span: Span {
                    line: 1,
                    column: 1,
                    offset: 0,
                    len: 0,
                },
                message: "empty file: no headers or moves".to_string(),
                near: excerpt(self.text, 0),
            });
        }
        if let (Some(result), Some(tag)) = (&self.game.result, self.game.tag("Result")) {
            if tag != "*" && tag != result {
                let span = self.result_span.unwrap_or_default();
                let message =
                    format!("the result `{result}` differs from the [Result \"{tag}\"] tag");
                self.warn(span, WarningKind::ResultDiffersFromTag, message);
            }
        }
        self.check_fen_boards()?;
        Ok(Read {
            game: self.game,
            warnings: self.warnings,
        })
    }

    /// Checks the 5DFEN piece fields against `[Size]` when both are present.
    fn check_fen_boards(&mut self) -> Result<(), ReadError> {
        let Some(first) = self.game.fen_boards.first() else {
            return Ok(());
        };
        let first_span = first.span;
        let size_index = self
            .game
            .tags
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case("Size"));
        let Some(index) = size_index else {
            self.warn(
                first_span,
                WarningKind::MissingSize,
                "5DFEN boards without a [Size \"WxH\"] tag",
            );
            return Ok(());
        };
        let value = self.game.tags[index].1.clone();
        let Some((width, height)) = parse_size(&value) else {
            return Err(self.error_at(
                self.tag_spans[index],
                format!("the [Size] tag `{value}` is not WIDTHxHEIGHT with sides 1 to 8"),
            ));
        };
        for board in &self.game.fen_boards {
            if let Err(e) = Placement::from_fen(&board.pieces, width, height) {
                return Err(self.error_at(
                    board.span,
                    format!("this 5DFEN board does not fit [Size \"{value}\"]: {e}"),
                ));
            }
        }
        Ok(())
    }
}

/// A `(>Ln)` or `(~Tn)` token.
struct MoveToken {
    span: Span,
    new_timeline: Option<TimelineText>,
    present_turn: Option<u32>,
}

/// Puts a `(>Ln)` / `(~Tn)` token on the move it follows; the warning to give, if any.
fn apply_move_token(token: &MoveToken, mv: Option<&mut MoveText>) -> Option<Warning> {
    let Some(mv) = mv else {
        return Some(Warning {
            span: token.span,
            kind: WarningKind::StrayMoveToken,
            message: "this token follows no move and is ignored".to_string(),
        });
    };
    let repeated = (token.new_timeline.is_some() && mv.new_timeline.is_some())
        || (token.present_turn.is_some() && mv.present_turn.is_some());
    if token.new_timeline.is_some() {
        mv.new_timeline = token.new_timeline;
    }
    if token.present_turn.is_some() {
        mv.present_turn = token.present_turn;
    }
    repeated.then(|| Warning {
        span: token.span,
        kind: WarningKind::RepeatedMoveToken,
        message: "this token is written twice for one move; the last one is kept".to_string(),
    })
}

fn parse_number_field(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 7 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u32>().ok().filter(|&n| n <= MAX_NUMBER)
}

fn parse_timeline_field(s: &str) -> Option<TimelineText> {
    let (sign, digits) = match s.as_bytes().first() {
        Some(b'+') => (Some('+'), &s[1..]),
        Some(b'-') => (Some('-'), &s[1..]),
        _ => (None, s),
    };
    Some(TimelineText {
        sign,
        number: parse_number_field(digits)?,
    })
}

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
