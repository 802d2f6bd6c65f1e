//! Share links (`notation::share`): every corpus game's canonical 5dpgn goes
//! through a link and back unchanged, any text round-trips (property test),
//! and hostile links are typed errors, never panics.

use chronochess::notation::share::{
    base64url_decode, base64url_encode, decode_fragment, encode_fragment, ShareError,
};
use chronochess::notation::{export, writer, MAX_INPUT_BYTES};
use proptest::prelude::*;
use std::path::Path;

/// The canonical text of every playable corpus game, by file name.
fn canonical_corpus() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/games");
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut games: Vec<(String, String)> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "5dpgn"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let game = export::canonical_game(&text).ok()?;
            Some((
                p.file_name()?.to_string_lossy().into_owned(),
                writer::write(&game),
            ))
        })
        .collect();
    games.sort();
    games
}

#[test]
fn corpus_games_travel_in_links() {
    let games = canonical_corpus();
    if games.is_empty() {
        eprintln!("shared corpus not found: share links of corpus games skipped");
        return;
    }
    let mut lengths = Vec::new();
    for (name, text) in &games {
        let fragment = encode_fragment(text);
        assert_eq!(
            decode_fragment(&fragment).as_deref(),
            Ok(text.as_str()),
            "{name}"
        );
        // The decoded text reads back to the same canonical game.
        let again = writer::write(&export::canonical_game(text).unwrap());
        assert_eq!(&again, text, "{name}");
        lengths.push((fragment.len(), text.len(), name.as_str()));
    }
    lengths.sort_unstable();
    let (median, median_text, median_name) = lengths[lengths.len() / 2];
    let (longest, longest_text, longest_name) = lengths[lengths.len() - 1];
    eprintln!(
        "share links of {} corpus games: median {median} characters ({median_name}, {median_text} bytes of 5dpgn), longest {longest} ({longest_name}, {longest_text} bytes)",
        lengths.len()
    );
    // Links stay short enough for chat programs and QR codes (≤ 2 953 bytes).
    assert!(longest < 2000, "{longest_name}: {longest}");
    assert!(
        longest * 3 < longest_text * 2,
        "the link, base64 included, should be under two thirds of the text"
    );
}

#[test]
fn garbage_never_panics() {
    // Every prefix of a real link, and every single-character corruption of
    // one, decodes to the text or to a typed error.
    let text = canonical_corpus()
        .into_iter()
        .next()
        .map_or_else(|| "1. (0T1)e2e4 / (0T1)e7e5\n".repeat(10), |(_, t)| t);
    let link = encode_fragment(&text);
    for end in 0..=link.len() {
        let _ = decode_fragment(&link[..end]);
    }
    for i in 5..link.len() {
        for c in ['A', '_', '-', '9', '=', '%', ' ', '.'] {
            let mut bad = link.clone();
            bad.replace_range(i..=i, &c.to_string());
            match decode_fragment(&bad) {
                Ok(t) => assert!(t.len() <= MAX_INPUT_BYTES),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}

#[test]
fn error_messages_say_what_is_wrong() {
    let message = |fragment: &str| decode_fragment(fragment).unwrap_err().to_string();
    assert_eq!(
        message("#game=g1"),
        "this link carries no game (no `#g=` part)"
    );
    assert!(message("#g=9.AAAA").contains("format version `9`"));
    assert!(message("#g=1.AA*A").contains("character 3"));
    assert!(message("#g=1.AAAA").contains("cannot be unpacked"));
    assert_eq!(
        decode_fragment("#g=1."),
        Err(ShareError::BadCompressedData("the data is cut short"))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_text_round_trips(text in "\\PC{0,400}") {
        let fragment = encode_fragment(&text);
        prop_assert!(fragment["#g=1.".len()..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        prop_assert_eq!(decode_fragment(&fragment), Ok(text));
    }

    #[test]
    fn any_bytes_round_trip_through_base64url(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = base64url_encode(&bytes);
        prop_assert_eq!(text.len(), (bytes.len() * 4).div_ceil(3));
        prop_assert_eq!(base64url_decode(&text), Ok(bytes));
    }

    #[test]
    fn any_string_is_decoded_or_refused(value in "\\PC{0,200}") {
        for fragment in [format!("#g=1.{value}"), format!("#g={value}"), value.clone()] {
            if let Ok(t) = decode_fragment(&fragment) {
                prop_assert!(t.len() <= MAX_INPUT_BYTES);
            }
        }
    }
}
