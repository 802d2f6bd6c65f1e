//! Tag pairs and 5DFEN board lines.

use super::cursor::{is_tag_name_byte, Parser};
use super::{parse_size, ReadError, WarningKind};
use crate::chess::{Color, PieceKind, Placement};
use crate::notation::ast::{FenBoardText, TimelineText, MAX_NUMBER};

impl Parser<'_> {
    // ---- headers -----------------------------------------------------------

    pub(super) fn header(&mut self) -> Result<(), ReadError> {
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

    pub(super) fn tag_value(&mut self) -> Result<String, ReadError> {
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

    pub(super) fn fen_board(&mut self) -> Result<(), ReadError> {
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

    /// Checks the 5DFEN piece fields against `[Size]` when both are present.
    pub(super) fn check_fen_boards(&mut self) -> Result<(), ReadError> {
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
