//! The stress suite's line format: games once, positions by reference.
//!
//! A data file is UTF-8 text, one record per line, fields separated by tabs;
//! lines starting with `#` are comments (the header says where the games come
//! from and how they were made):
//!
//! - `G <game> <5dpgn>`: a game, its whole 5dpgn text on one line (`\` is
//!   written `\\` and a line break `\n`). Generated games carry `[Board]` and
//!   `[Mode "5D"]` tags; imported ones keep their own tags and 5DFEN boards.
//! - `P <game> <pos> <side> <timelines> <count> <status> <by> <flags> <note>`:
//!   the position after `pos` actions of game `game` (0 = start), with its
//!   label: `count` = min(legal actions, 1000) or `unknown`; `status` =
//!   `checkmate`, `stalemate`, `none` (legal actions exist) or `unknown`;
//!   `by` = `oracle` (the brute-force enumerator finished), `search` (only the
//!   fast search finished: a weaker label) or `none`; `flags` a comma list
//!   (`-` when empty) of what the position shows (see [`flags`]), `multistart`
//!   among them when the game starts from more than one timeline; `note`
//!   free text (the slow set records its measurements there).
//!
//! `side` (`w`/`b`) and `timelines` repeat facts of the position so that a
//! reader can check it replayed the right one.

use std::collections::BTreeMap;

use chronochess::fived::Multiverse;
use chronochess::notation;

/// The cap on counted actions, as in `shared/corpus/expected.tsv`.
pub const CAP: u64 = 1000;

/// Who labelled a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelledBy {
    /// The brute-force enumerator finished: the label is exact by definition.
    Oracle,
    /// Only the fast search finished (brute force ran out of its bound).
    Search,
    /// Neither finished.
    Nobody,
}

impl LabelledBy {
    /// The word written in the file.
    pub fn word(self) -> &'static str {
        match self {
            LabelledBy::Oracle => "oracle",
            LabelledBy::Search => "search",
            LabelledBy::Nobody => "none",
        }
    }

    fn parse(s: &str) -> Option<LabelledBy> {
        match s {
            "oracle" => Some(LabelledBy::Oracle),
            "search" => Some(LabelledBy::Search),
            "none" => Some(LabelledBy::Nobody),
            _ => None,
        }
    }
}

/// A position's label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// min(legal actions, [`CAP`]), `None` if unknown.
    pub count: Option<u64>,
    /// `checkmate`, `stalemate`, `none` or `unknown`.
    pub status: String,
    /// Who found it.
    pub by: LabelledBy,
}

/// One `P` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionRow {
    /// The game it belongs to.
    pub game: String,
    /// Actions played from the game's start.
    pub pos: usize,
    /// `w` or `b`.
    pub side: char,
    /// Number of timelines.
    pub timelines: usize,
    /// The label.
    pub label: Label,
    /// What the position shows.
    pub flags: Vec<String>,
    /// Free text (no tabs).
    pub note: String,
}

impl PositionRow {
    /// True when `flag` is among the flags.
    pub fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }

    /// The `P` line (no line break).
    pub fn line(&self) -> String {
        let count = self
            .label
            .count
            .map_or_else(|| "unknown".to_string(), |c| c.to_string());
        let flags = if self.flags.is_empty() {
            "-".to_string()
        } else {
            self.flags.join(",")
        };
        format!(
            "P\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.pos,
            self.side,
            self.timelines,
            count,
            self.label.status,
            self.label.by.word(),
            flags,
            self.note.replace(['\t', '\n'], " ")
        )
    }
}

/// A whole data file.
#[derive(Debug, Clone, Default)]
pub struct Suite {
    /// Comment lines (without the `# `), in order.
    pub header: Vec<String>,
    /// Game id -> 5dpgn text.
    pub games: BTreeMap<String, String>,
    /// Game ids in file order.
    pub game_order: Vec<String>,
    /// The positions, in file order.
    pub positions: Vec<PositionRow>,
}

/// `\` -> `\\`, line break -> `\n`, tab -> `\t`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The inverse of [`escape`].
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

impl Suite {
    /// Reads a data file's text.
    ///
    /// # Errors
    /// The line number and what is wrong with it.
    pub fn parse(text: &str) -> Result<Suite, String> {
        let mut s = Suite::default();
        for (i, line) in text.lines().enumerate() {
            let bad = |what: &str| format!("line {}: {what}", i + 1);
            if let Some(c) = line.strip_prefix('#') {
                s.header.push(c.strip_prefix(' ').unwrap_or(c).to_string());
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            match f[0] {
                "G" if f.len() == 3 => {
                    if s.games.insert(f[1].to_string(), unescape(f[2])).is_some() {
                        return Err(bad("game id used twice"));
                    }
                    s.game_order.push(f[1].to_string());
                }
                "P" if f.len() == 10 => {
                    let count = match f[5] {
                        "unknown" => None,
                        n => Some(n.parse().map_err(|_| bad("bad count"))?),
                    };
                    s.positions.push(PositionRow {
                        game: f[1].to_string(),
                        pos: f[2].parse().map_err(|_| bad("bad pos"))?,
                        side: f[3].chars().next().ok_or_else(|| bad("bad side"))?,
                        timelines: f[4].parse().map_err(|_| bad("bad timelines"))?,
                        label: Label {
                            count,
                            status: f[6].to_string(),
                            by: LabelledBy::parse(f[7]).ok_or_else(|| bad("bad labeller"))?,
                        },
                        flags: if f[8] == "-" {
                            Vec::new()
                        } else {
                            f[8].split(',').map(str::to_string).collect()
                        },
                        note: f[9].to_string(),
                    });
                }
                _ => return Err(bad("not a G or P record")),
            }
        }
        Ok(s)
    }

    /// The file text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for h in &self.header {
            if h.is_empty() {
                out.push_str("#\n");
            } else {
                out.push_str("# ");
                out.push_str(h);
                out.push('\n');
            }
        }
        for id in &self.game_order {
            out.push_str("G\t");
            out.push_str(id);
            out.push('\t');
            out.push_str(&escape(&self.games[id]));
            out.push('\n');
        }
        for p in &self.positions {
            out.push_str(&p.line());
            out.push('\n');
        }
        out
    }

    /// Every position of game `id` (0 = start), replayed from its text.
    ///
    /// # Errors
    /// The reader's or resolver's message.
    pub fn replay(&self, id: &str) -> Result<Vec<Multiverse>, String> {
        let text = self.games.get(id).ok_or_else(|| format!("no game {id}"))?;
        replay_text(text)
    }

    /// The multiverse of every position row, in row order (replaying each
    /// game once).
    ///
    /// # Errors
    /// A game that does not replay, or a row whose side or timeline count
    /// differs from the replayed position.
    pub fn positions(&self) -> Result<Vec<Multiverse>, String> {
        let mut cache: BTreeMap<&str, Vec<Multiverse>> = BTreeMap::new();
        let mut out = Vec::with_capacity(self.positions.len());
        for row in &self.positions {
            if !cache.contains_key(row.game.as_str()) {
                let ps = self
                    .replay(&row.game)
                    .map_err(|e| format!("{}: {e}", row.game))?;
                cache.insert(row.game.as_str(), ps);
            }
            let m = cache[row.game.as_str()]
                .get(row.pos)
                .ok_or_else(|| format!("{} has no position {}", row.game, row.pos))?;
            if m.to_move().letter() != row.side || timelines(m) != row.timelines {
                return Err(format!(
                    "{} pos {}: the replayed position is not the one described",
                    row.game, row.pos
                ));
            }
            out.push(m.clone());
        }
        Ok(out)
    }
}

/// Every position of a 5dpgn game (0 = start).
///
/// # Errors
/// The reader's or resolver's message.
pub fn replay_text(text: &str) -> Result<Vec<Multiverse>, String> {
    let read = notation::read(text).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let r = notation::resolve::replay(&read.game, |_, g| out.push(g.committed()))
        .map_err(|e| e.to_string())?;
    if let Some(e) = r.error {
        return Err(e.to_string());
    }
    Ok(out)
}

/// The number of timelines of a position.
pub fn timelines(m: &Multiverse) -> usize {
    let (lo, hi) = m.timeline_range();
    usize::try_from(hi - lo + 1).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_round_trips() {
        let t = "[Board \"a\\\\b\"]\n\n1. (0T1)e2e4\t/ x\\n";
        assert_eq!(unescape(&escape(t)), t.replace('\r', ""));
        assert!(!escape(t).contains('\n'));
        assert!(!escape(t).contains('\t'));
    }
}
