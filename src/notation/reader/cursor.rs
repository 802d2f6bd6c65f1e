//! The cursor over the text: positions, spans, errors, warnings, blanks,
//! numbers, comments and skipped variations.

use super::{excerpt, ReadError, Warning, WarningKind, MAX_WARNINGS};
use crate::chess::Color;
use crate::notation::ast::{GameText, MoveText, Span, TimelineText, MAX_NUMBER};

/// A remembered cursor position (to make spans and to back up).
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub(super) pos: usize,
    pub(super) line: u32,
    pub(super) col: u32,
}

/// What a `(` opens (`5dpgn.md` section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ParenKind {
    Board,
    NewTimeline,
    Present,
    Variation,
}

/// The action being read: it becomes an [`crate::notation::ast::ActionText`]
/// when the next turn label, `/` or the end comes, unless it has no move.
pub(super) struct Pending {
    pub(super) span: Span,
    pub(super) color: Color,
    pub(super) label: Option<u32>,
    pub(super) moves: Vec<MoveText>,
    pub(super) comments: Vec<String>,
}

/// The reader's state: the cursor, the tree built so far, the warnings.
pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
    pub(super) line: u32,
    pub(super) col: u32,
    pub(super) game: GameText,
    pub(super) warnings: Vec<Warning>,
    pub(super) tag_spans: Vec<Span>,
    pub(super) pending: Option<Pending>,
    /// The turn of the last finished action, as written or (if unwritten) computed.
    pub(super) last_turn: Option<(Color, u32)>,
    pub(super) result_span: Option<Span>,
    /// Warnings beyond [`MAX_WARNINGS`], counted only.
    pub(super) warnings_not_kept: usize,
}

/// ASCII whitespace, CR and LF included.
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Tag names: letters, digits, `_`, `-`, `.` (real files write `[5dchess_tools "^0.2.0"]`).
pub(super) fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// True where a move ends: blank, a comment, a parenthesis, `/`, `;`, the end.
pub(super) fn is_delimiter(b: Option<u8>) -> bool {
    match b {
        None => true,
        Some(b) => is_blank(b) || matches!(b, b'{' | b'(' | b')' | b'/' | b';'),
    }
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
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
            warnings_not_kept: 0,
        }
    }

    // ---- cursor -------------------------------------------------------------

    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, n: usize) -> Option<u8> {
        self.bytes.get(self.pos + n).copied()
    }

    pub(super) fn bump(&mut self) -> Option<u8> {
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

    pub(super) fn mark(&self) -> Place {
        Place {
            pos: self.pos,
            line: self.line,
            col: self.col,
        }
    }

    pub(super) fn reset(&mut self, m: Place) {
        self.pos = m.pos;
        self.line = m.line;
        self.col = m.col;
    }

    pub(super) fn span_from(&self, m: Place) -> Span {
        Span {
            line: m.line,
            column: m.col,
            offset: m.pos,
            len: self.pos - m.pos,
        }
    }

    pub(super) fn span_here(&self) -> Span {
        self.span_from(self.mark())
    }

    pub(super) fn error_at(&self, span: Span, message: impl Into<String>) -> ReadError {
        ReadError {
            span,
            message: message.into(),
            near: excerpt(self.text, span.offset),
        }
    }

    pub(super) fn error_here(&self, message: impl Into<String>) -> ReadError {
        let mut span = self.span_here();
        span.len = self.text[self.pos..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        self.error_at(span, message)
    }

    pub(super) fn warn(&mut self, span: Span, kind: WarningKind, message: impl Into<String>) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning {
                span,
                kind,
                message: message.into(),
            });
        } else {
            self.warnings_not_kept += 1;
        }
    }

    pub(super) fn current_char(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    pub(super) fn starts_with(&self, s: &str) -> bool {
        self.bytes[self.pos..].starts_with(s.as_bytes())
    }

    /// Skips whitespace (and a byte-order mark).
    pub(super) fn skip_blank(&mut self) {
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

    pub(super) fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
    }

    /// Reads a decimal number at the cursor, refusing numbers above [`MAX_NUMBER`].
    pub(super) fn number(&mut self) -> Result<u32, ReadError> {
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

    pub(super) fn timeline(&mut self) -> Result<TimelineText, ReadError> {
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
    pub(super) fn comment(&mut self) -> Result<String, ReadError> {
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
    pub(super) fn skip_variation(&mut self) -> Result<(), ReadError> {
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
    pub(super) fn classify_paren(&self) -> ParenKind {
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
}
