//! Hostile input: the reader never panics, never recurses on nesting, and
//! answers within a bounded time with a clear error.

use chronochess::notation::{read, read_bytes, ReadError, MAX_INPUT_BYTES};
use std::time::{Duration, Instant};

const TEN_MB: usize = 10 * 1024 * 1024;

/// Runs the reader on `bytes`, prints the time it took, and checks it stays under `limit`.
fn timed(label: &str, bytes: &[u8], limit: Duration) -> Result<usize, ReadError> {
    let start = Instant::now();
    let result = read_bytes(bytes).map(|r| r.game.actions.len());
    let took = start.elapsed();
    eprintln!(
        "{label}: {} bytes in {:.1} ms -> {}",
        bytes.len(),
        took.as_secs_f64() * 1000.0,
        match &result {
            Ok(n) => format!("Ok({n} actions)"),
            Err(e) => e.to_string(),
        }
    );
    assert!(took < limit, "{label} took {took:?}");
    result
}

fn small() -> Duration {
    // 100 ms is the target; the margin keeps the test steady on a loaded machine.
    Duration::from_millis(500)
}

fn big() -> Duration {
    Duration::from_secs(2)
}

#[test]
fn ten_megabytes_are_refused_at_once() {
    let turn = "1. (0T1)Ng1f3 (1T1)e2e4 / (0T1)Nb8>>x(1T1)c6+~ (>L-1) {c} ";
    let mut text = String::from("[Board \"Standard\"]\n");
    while text.len() < TEN_MB {
        text.push_str(turn);
    }
    let e = timed("10 MB of turns", text.as_bytes(), small()).unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    let e = read(&text).unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
}

#[test]
fn the_largest_accepted_input_of_dense_moves() {
    let turn = "1. (0T1)Ng1f3 (1T1)e2e4 / (0T1)Nb8>>x(1T1)c6+~ (>L-1) {c} ";
    let mut text = String::from("[Board \"Standard\"]\n");
    while text.len() + turn.len() <= MAX_INPUT_BYTES {
        text.push_str(turn);
    }
    let n = timed("2 MiB of turns", text.as_bytes(), big()).unwrap();
    assert!(n > 70_000);
}

#[test]
fn the_largest_accepted_input_in_one_token() {
    for (label, byte) in [
        ("2 MiB of `{`", b'{'),
        ("2 MiB of `(`", b'('),
        ("2 MiB of digits", b'7'),
        ("2 MiB of `a`", b'a'),
        ("2 MiB of `[`", b'['),
        ("2 MiB of `x`", b'x'),
        ("2 MiB of `/`", b'/'),
        ("2 MiB of `>`", b'>'),
        ("2 MiB of spaces", b' '),
        ("2 MiB of newlines", b'\n'),
        ("2 MiB of `\"`", b'"'),
    ] {
        let bytes = vec![byte; MAX_INPUT_BYTES];
        let e = timed(label, &bytes, big()).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }
    let mut tag = b"[White \"".to_vec();
    tag.resize(MAX_INPUT_BYTES, b'a');
    let e = timed("2 MiB tag value", &tag, big()).unwrap_err();
    assert!(e.message.contains("not closed"), "{e}");
    let mut comment = b"1. e4 {".to_vec();
    comment.resize(MAX_INPUT_BYTES - 1, b'a');
    comment.push(b'}');
    assert_eq!(timed("2 MiB comment", &comment, big()).unwrap(), 1);
}

#[test]
fn huge_turn_number() {
    let e = timed("turn 10^12", b"1000000000000. e4", small()).unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    assert_eq!((e.span.line, e.span.column), (1, 1));
    let e = read("(0T99999999999)e4").unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    let e = read("1. (-4294967296T1)e4").unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    let e = read("[k:1:99999999999:w]").unwrap_err();
    assert!(e.message.contains("turn"), "{e}");
    let mut digits = vec![b'9'; MAX_INPUT_BYTES - 1];
    digits.push(b'.');
    let e = timed("2 MiB turn number", &digits, big()).unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    assert!(
        e.to_string().len() < 200,
        "the message quotes a short excerpt"
    );
}

#[test]
fn deep_nesting_is_counted_not_recursed() {
    let open = "{".repeat(100_000);
    let e = timed("100 000 unclosed braces", open.as_bytes(), small()).unwrap_err();
    assert!(e.message.contains("never closed"), "{e}");
    assert_eq!((e.span.line, e.span.column), (1, 1));
    let matched = format!("1. e4 {}{} / e5", "{".repeat(100_000), "}".repeat(100_000));
    assert_eq!(
        timed("100 000 matched braces", matched.as_bytes(), small()).unwrap(),
        2
    );
    let parens = format!("1. e4 {} / e5", "(".repeat(100_000));
    let e = timed("100 000 unclosed parentheses", parens.as_bytes(), small()).unwrap_err();
    assert!(e.message.contains("never closed"), "{e}");
    let parens = format!("1. e4 {}{} / e5", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(
        timed("100 000 matched parentheses", parens.as_bytes(), small()).unwrap(),
        2
    );
    let closers = ")".repeat(100_000);
    assert!(timed("100 000 `)`", closers.as_bytes(), small()).is_err());
}

#[test]
fn warnings_are_capped() {
    let text = format!("1. e4 {}", "() ".repeat(600_000));
    let start = Instant::now();
    let r = read(&text).unwrap();
    eprintln!(
        "600 000 skipped variations: {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    assert_eq!(
        r.warnings.len(),
        chronochess::notation::reader::MAX_WARNINGS + 1
    );
    let last = r.warnings.last().unwrap();
    assert_eq!(last.kind, chronochess::notation::WarningKind::MoreWarnings);
    assert!(last.message.starts_with("599000 more"), "{last}");
    assert!(start.elapsed() < big());
}

#[test]
fn invalid_utf8_is_located() {
    let e = timed(
        "invalid UTF-8",
        b"[Board \"Standard\"]\n1. e4 \xff e5",
        small(),
    )
    .unwrap_err();
    assert_eq!((e.span.line, e.span.column, e.span.offset), (2, 7, 25));
    assert!(e.to_string().contains("line 2, column 7"), "{e}");
    assert!(
        e.message.contains("UTF-8") && e.message.contains("0xFF"),
        "{e}"
    );
    // Column counted in characters: the `é` before is one column.
    let e = read_bytes("{é}\u{0}".as_bytes()).unwrap_err();
    assert_eq!(e.span.column, 4, "{e}");
    let e = read_bytes(b"{\xc3").unwrap_err();
    assert_eq!(e.span.offset, 1);
}

#[test]
fn empty_files_are_a_clear_error() {
    for text in [
        "",
        "   \n\t\r\n",
        "{just a comment}",
        "1.",
        "; a line comment\n",
    ] {
        let e = timed("empty", text.as_bytes(), small()).unwrap_err();
        assert!(e.message.contains("empty file"), "{text:?}: {e}");
    }
    // Headers without moves are a game at its start.
    let r = read("[Board \"Standard\"]\n").unwrap();
    assert!(r.game.actions.is_empty());
}

#[test]
fn random_bytes_never_panic() {
    // A cheap deterministic generator: xorshift64.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let alphabet = b"()[]{}<>/\\.:;*+-=#~!?x0123456789abcdefghLTwbNBRQKOPSUDWCY \n\t\"";
    for _ in 0..20_000 {
        let mut bytes = Vec::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 40) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        if let Err(e) = read_bytes(&bytes) {
            assert!(!e.message.is_empty());
            let _ = e.to_string();
        }
    }
}
