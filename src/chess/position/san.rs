//! Standard Algebraic Notation for 2D chess: writing (`e4`, `Nbd2`, `exd6`, `O-O`,
//! `e8=Q+`, `Qh4#`, and `N@f3` for drops) and reading, with typed errors.
//!
//! Reading is lenient where common files are: `0-0` for `O-O`, a missing `x`, a
//! promotion without `=` (`e8Q`), trailing `+`, `#`, `!` and `?` marks, and `@e4` for a
//! pawn drop. It is strict where a lenient reader hides a changed game: an `x` on a
//! move that captures nothing is an error (python-chess ignores it; see
//! `shared/rules/seed-variants.md` A.6.4).

use super::movegen::{back_rank, CastleSide, Move2d};
use super::{IllegalMove, Position};
use crate::chess::{PieceKind, Square};

/// Why a SAN string could not be read as a move of this position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN.
    Syntax(String),
    /// No legal move fits the text.
    NoSuchMove(String),
    /// Several legal moves fit: the text needs a file or rank to tell them apart.
    Ambiguous {
        /// The text.
        san: String,
        /// How many moves fit.
        candidates: usize,
    },
    /// The text says `x` but the move captures nothing.
    NotACapture(String),
    /// The move named is illegal here, for this reason.
    Illegal(IllegalMove),
}

impl std::fmt::Display for SanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SanError::Syntax(s) => write!(f, "{s:?} is not SAN"),
            SanError::NoSuchMove(s) => write!(f, "no legal move matches {s:?}"),
            SanError::Ambiguous { san, candidates } => {
                write!(f, "{san:?} fits {candidates} legal moves")
            }
            SanError::NotACapture(s) => write!(f, "{s:?} is marked as a capture but takes nothing"),
            SanError::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

impl std::error::Error for SanError {}

impl From<IllegalMove> for SanError {
    fn from(e: IllegalMove) -> Self {
        SanError::Illegal(e)
    }
}

impl Position {
    /// The kind of piece a move moves (the king for castling, the dropped kind for a drop).
    #[must_use]
    pub fn moving_kind(&self, mv: Move2d) -> Option<PieceKind> {
        match mv {
            Move2d::Normal { from, .. } | Move2d::EnPassant { from, .. } => {
                self.piece_at(from).map(|p| p.kind)
            }
            Move2d::Castle { .. } => Some(PieceKind::King),
            Move2d::Drop { kind, .. } => Some(kind),
        }
    }

    /// True when the move takes a piece (en passant included).
    #[must_use]
    pub fn is_capture(&self, mv: Move2d) -> bool {
        match mv {
            Move2d::Normal { to, .. } => self.piece_at(to).is_some(),
            Move2d::EnPassant { .. } => true,
            Move2d::Castle { .. } | Move2d::Drop { .. } => false,
        }
    }

    /// Writes a legal move in SAN, with `+` or `#` (mate counted on board moves only).
    ///
    /// # Errors
    /// The [`IllegalMove`] reason when `mv` is not legal here.
    pub fn san(&self, mv: Move2d) -> Result<String, IllegalMove> {
        let after = self.play(mv)?;
        let mut s = match mv {
            Move2d::Castle { .. } => match mv.castle_side() {
                Some(CastleSide::QueenSide) => "O-O-O".to_string(),
                _ => "O-O".to_string(),
            },
            Move2d::Drop { kind, to } => format!("{}@{to}", kind.letter()),
            Move2d::Normal { from, to, .. } | Move2d::EnPassant { from, to } => {
                let kind = self.moving_kind(mv).unwrap_or(PieceKind::Pawn);
                let capture = self.is_capture(mv);
                let mut s = String::new();
                if kind == PieceKind::Pawn {
                    if capture {
                        s.push(from.file_char());
                        s.push('x');
                    }
                } else {
                    s.push(kind.letter());
                    s.push_str(&self.disambiguation(kind, from, to));
                    if capture {
                        s.push('x');
                    }
                }
                s.push_str(&to.to_string());
                if let Some(p) = mv.promotion() {
                    s.push('=');
                    s.push(p.letter());
                }
                s
            }
        };
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        Ok(s)
    }

    /// The file, rank or square a non-pawn move needs to be told apart from others.
    fn disambiguation(&self, kind: PieceKind, from: Square, to: Square) -> String {
        let rivals: Vec<Square> = self
            .legal_moves()
            .into_iter()
            .filter_map(|m| match m {
                Move2d::Normal { from: f, to: t, .. }
                    if t == to && f != from && self.moving_kind(m) == Some(kind) =>
                {
                    Some(f)
                }
                _ => None,
            })
            .collect();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|r| r.x != from.x) {
            from.file_char().to_string()
        } else if rivals.iter().all(|r| r.y != from.y) {
            (from.y + 1).to_string()
        } else {
            from.to_string()
        }
    }

    /// Reads a SAN move of this position.
    ///
    /// # Errors
    /// A [`SanError`]: not SAN, no matching legal move, ambiguous, a false `x`, or
    /// the reason a castling or drop is illegal.
    pub fn parse_san(&self, text: &str) -> Result<Move2d, SanError> {
        let syntax = || SanError::Syntax(text.to_string());
        let san = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if san.is_empty() || !san.is_ascii() {
            return Err(syntax());
        }
        let castle = match san {
            "O-O" | "0-0" => Some(CastleSide::KingSide),
            "O-O-O" | "0-0-0" => Some(CastleSide::QueenSide),
            _ => None,
        };
        if let Some(side) = castle {
            let rank = back_rank(self.turn());
            let mv = Move2d::Castle {
                king: Square { x: 4, y: rank },
                rook: Square {
                    x: side.rook_from_file(),
                    y: rank,
                },
            };
            self.play(mv)?;
            return Ok(mv);
        }
        if let Some((piece, square)) = san.split_once('@') {
            let kind = match piece {
                "" => PieceKind::Pawn,
                p if p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()) => {
                    PieceKind::from_letter(p.chars().next().unwrap_or('?')).ok_or_else(syntax)?
                }
                _ => return Err(syntax()),
            };
            let mv = Move2d::Drop {
                kind,
                to: Square::parse(square).ok_or_else(syntax)?,
            };
            self.play(mv)?;
            return Ok(mv);
        }
        let first = san.chars().next().unwrap_or(' ');
        let (kind, rest) = if first.is_ascii_uppercase() {
            let kind = PieceKind::from_letter(first)
                .filter(|k| *k != PieceKind::Pawn)
                .ok_or_else(syntax)?;
            (kind, &san[1..])
        } else {
            (PieceKind::Pawn, san)
        };
        let (body, promotion) = split_promotion(rest, kind).ok_or_else(syntax)?;
        if body.len() < 2 {
            return Err(syntax());
        }
        let to = Square::parse(&body[body.len() - 2..]).ok_or_else(syntax)?;
        let mut hint = &body[..body.len() - 2];
        let marked_capture = hint.ends_with('x');
        if marked_capture {
            hint = &hint[..hint.len() - 1];
        }
        let (file, rank) = read_hint(hint).ok_or_else(syntax)?;
        if kind == PieceKind::Pawn && hint.len() > 1 {
            return Err(syntax());
        }
        let candidates: Vec<Move2d> = self
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                !matches!(m, Move2d::Castle { .. })
                    && m.to() == to
                    && m.promotion() == promotion
                    && self.moving_kind(m) == Some(kind)
                    && m.from().is_some_and(|f| {
                        file.is_none_or(|x| f.x == x) && rank.is_none_or(|y| f.y == y)
                    })
            })
            .collect();
        match candidates.as_slice() {
            [] => {
                if kind == PieceKind::Pawn
                    && promotion.is_none()
                    && (to.y == 0 || to.y == 7)
                    && self
                        .legal_moves()
                        .iter()
                        .any(|m| m.to() == to && m.promotion().is_some())
                {
                    Err(SanError::Illegal(IllegalMove::MissingPromotion))
                } else {
                    Err(SanError::NoSuchMove(text.to_string()))
                }
            }
            [mv] => {
                if marked_capture && !self.is_capture(*mv) {
                    Err(SanError::NotACapture(text.to_string()))
                } else {
                    Ok(*mv)
                }
            }
            many => Err(SanError::Ambiguous {
                san: text.to_string(),
                candidates: many.len(),
            }),
        }
    }

    /// Reads and plays a SAN move.
    ///
    /// # Errors
    /// As [`Position::parse_san`].
    pub fn play_san(&self, text: &str) -> Result<(Move2d, Position), SanError> {
        let mv = self.parse_san(text)?;
        Ok((mv, self.play_unchecked(mv)))
    }
}

/// Splits `e8=Q` / `e8Q` into the move body and the promotion kind.
fn split_promotion(rest: &str, kind: PieceKind) -> Option<(&str, Option<PieceKind>)> {
    let promo = |c: &str| {
        let mut chars = c.chars();
        match (chars.next(), chars.next()) {
            (Some(l), None) if l.is_ascii_uppercase() => PieceKind::from_letter(l),
            _ => None,
        }
    };
    if let Some((body, p)) = rest.split_once('=') {
        return Some((body, Some(promo(p)?)));
    }
    let last = rest.chars().last()?;
    if kind == PieceKind::Pawn && last.is_ascii_uppercase() {
        let (body, p) = rest.split_at(rest.len() - 1);
        return Some((body, Some(promo(p)?)));
    }
    Some((rest, None))
}

/// Reads a disambiguation hint: nothing, a file, a rank, or a square.
fn read_hint(hint: &str) -> Option<(Option<u8>, Option<u8>)> {
    let b = hint.as_bytes();
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| c - b'a');
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| c - b'1');
    match b {
        [] => Some((None, None)),
        [c] => file(*c)
            .map(|f| (Some(f), None))
            .or_else(|| rank(*c).map(|r| (None, Some(r)))),
        [f, r] => Some((Some(file(*f)?), Some(rank(*r)?))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_the_usual_shapes() {
        let p = Position::startpos();
        let e4 = p.parse_san("e4").unwrap();
        assert_eq!(p.san(e4).unwrap(), "e4");
        let nf3 = p.parse_san("Nf3").unwrap();
        assert_eq!(nf3.to_uci(), "g1f3");
        assert_eq!(
            p.parse_san("0-0"),
            Err(SanError::Illegal(IllegalMove::CastlingBlocked))
        );
        assert!(matches!(p.parse_san("e5"), Err(SanError::NoSuchMove(_))));
        assert!(matches!(p.parse_san("Zf3"), Err(SanError::Syntax(_))));
        assert!(matches!(p.parse_san(""), Err(SanError::Syntax(_))));
        assert!(matches!(p.parse_san("Nxf3"), Err(SanError::NotACapture(_))));
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_square() {
        let p = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
        let mv = p.parse_san("Nbd2").unwrap();
        assert_eq!(p.san(mv).unwrap(), "Nbd2");
        assert!(matches!(
            p.parse_san("Nd2"),
            Err(SanError::Ambiguous { candidates: 2, .. })
        ));
        let rooks = Position::from_fen("R7/8/8/7k/8/8/8/R3K3 w - - 0 1").unwrap();
        let mv = rooks.parse_san("R1a4").unwrap();
        assert_eq!(rooks.san(mv).unwrap(), "R1a4");
        let queens = Position::from_fen("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1").unwrap();
        let mv = queens.parse_san("Qa4b3").unwrap();
        assert_eq!(queens.san(mv).unwrap(), "Qa4b3");
    }

    #[test]
    fn pawn_captures_promotions_and_checks() {
        let p = Position::from_fen("r3k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let ep = p.parse_san("exd6").unwrap();
        assert!(matches!(ep, Move2d::EnPassant { .. }));
        assert_eq!(p.san(ep).unwrap(), "exd6");
        let promo = p.parse_san("bxa8=Q+").unwrap();
        assert_eq!(p.san(promo).unwrap(), "bxa8=Q+");
        assert_eq!(p.parse_san("bxa8Q"), Ok(promo));
        assert_eq!(
            p.parse_san("b8=N").map(|m| m.promotion()),
            Ok(Some(PieceKind::Knight))
        );
        assert_eq!(
            p.parse_san("b8"),
            Err(SanError::Illegal(IllegalMove::MissingPromotion))
        );
        assert_eq!(p.san(p.parse_san("b8=Q").unwrap()).unwrap(), "b8=Q+");
    }

    #[test]
    fn drops() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mv = p.parse_san("N@f3").unwrap();
        assert_eq!(p.san(mv).unwrap(), "N@f3");
        assert_eq!(
            p.parse_san("@a1"),
            Ok(Move2d::Drop {
                kind: PieceKind::Pawn,
                to: Square::parse("a1").unwrap()
            })
        );
        assert_eq!(
            p.parse_san("P@a8"),
            Err(SanError::Illegal(IllegalMove::PawnDropOnLastRank))
        );
    }
}
