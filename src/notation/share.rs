//! Share links: a whole game carried in a URL fragment, `#g=1.<data>`.
//!
//! The game's canonical 5dpgn text is compressed with raw DEFLATE (RFC 1951,
//! by the `miniz_oxide` crate, the deflate of `flate2` and of Rust's own
//! standard library backtraces) and written in the URL-safe base64 alphabet
//! of RFC 4648 section 5 without `=` padding, so the fragment needs no
//! percent-encoding. `1` is the format's version: a later format takes
//! another number and this one stays readable.
//!
//! ```
//! use chronochess::notation::share::{decode_fragment, encode_fragment};
//! let text = "[Board \"Standard\"]\n\n1. (0T1)e2e4 / (0T1)e7e5\n";
//! let fragment = encode_fragment(text);
//! assert!(fragment.starts_with("#g=1."));
//! assert_eq!(decode_fragment(&fragment).unwrap(), text);
//! ```
//!
//! Decoding takes whatever a URL brings and never panics: a bad character, a
//! stream that is not DEFLATE, an output above the reader's
//! [`MAX_INPUT_BYTES`] (a "decompression bomb" stops there, with no more
//! memory than that) and text that is not UTF-8 are each a [`ShareError`]
//! saying so.

use super::reader::MAX_INPUT_BYTES;

/// The fragment key of a shared game: `#g=…`.
pub const FRAGMENT_KEY: &str = "g";

/// The version of the link format written by [`encode_fragment`].
pub const FORMAT_VERSION: u32 = 1;

/// The longest fragment value [`decode_fragment`] looks at, in characters.
/// DEFLATE cannot shrink text to less than about 1/1000, so a link that
/// decodes to at most [`MAX_INPUT_BYTES`] is far shorter; refusing longer
/// values before any work keeps decoding bounded.
pub const MAX_FRAGMENT_CHARS: usize = MAX_INPUT_BYTES / 2;

/// The DEFLATE level used for links: the smallest output (games are a few
/// kilobytes, so the slowest level still takes well under a millisecond).
const LEVEL: u8 = 9;

/// Why a share link could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    /// The fragment has no `g=` part: not a share link of this app.
    NotAShareLink,
    /// The `g=` value has no `<version>.` prefix.
    MissingVersion,
    /// A version this app does not read (a newer app made the link).
    UnsupportedVersion(String),
    /// The link is longer than [`MAX_FRAGMENT_CHARS`].
    TooLong {
        /// The value's length in characters.
        chars: usize,
    },
    /// A character outside the base64url alphabet, or a length no base64
    /// text can have.
    BadBase64 {
        /// The 0-based position of the character in the data after `1.`.
        position: usize,
        /// What is wrong there.
        reason: &'static str,
    },
    /// The data is not a DEFLATE stream (damaged or cut short).
    BadCompressedData(&'static str),
    /// The game would be larger than [`MAX_INPUT_BYTES`].
    TooLarge,
    /// The game is not UTF-8 text.
    NotUtf8 {
        /// The byte offset of the first bad byte.
        offset: usize,
    },
}

impl std::fmt::Display for ShareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShareError::NotAShareLink => {
                write!(f, "this link carries no game (no `#{FRAGMENT_KEY}=` part)")
            }
            ShareError::MissingVersion => write!(
                f,
                "this share link has no format version (expected `#{FRAGMENT_KEY}={FORMAT_VERSION}.…`)"
            ),
            ShareError::UnsupportedVersion(v) => write!(
                f,
                "this share link has format version `{v}`; this version of the app reads version {FORMAT_VERSION}"
            ),
            ShareError::TooLong { chars } => write!(
                f,
                "this share link is too long ({chars} characters; at most {MAX_FRAGMENT_CHARS})"
            ),
            ShareError::BadBase64 { position, reason } => write!(
                f,
                "this share link is damaged: {reason} at character {} of its data",
                position + 1
            ),
            ShareError::BadCompressedData(why) => {
                write!(f, "this share link is damaged: its game data cannot be unpacked ({why})")
            }
            ShareError::TooLarge => write!(
                f,
                "this share link unpacks to more than {MAX_INPUT_BYTES} bytes, more than any game"
            ),
            ShareError::NotUtf8 { offset } => write!(
                f,
                "this share link is damaged: its game is not UTF-8 text (byte {offset})"
            ),
        }
    }
}

impl std::error::Error for ShareError {}

/// The fragment `#g=1.<data>` that carries `text` (a game's canonical 5dpgn).
#[must_use]
pub fn encode_fragment(text: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), LEVEL);
    format!(
        "#{FRAGMENT_KEY}={FORMAT_VERSION}.{}",
        base64url_encode(&packed)
    )
}

/// The game text carried by a URL fragment such as `#g=1.<data>` (the
/// leading `#` may be left out; other `&`-separated `key=value` parts are
/// ignored).
///
/// # Errors
/// A [`ShareError`]: no `g=` part, an unknown version, an over-long value,
/// bad base64, data that does not inflate, a game above
/// [`MAX_INPUT_BYTES`], or text that is not UTF-8.
pub fn decode_fragment(fragment: &str) -> Result<String, ShareError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let value = fragment
        .split('&')
        .find_map(|part| {
            part.strip_prefix(FRAGMENT_KEY)
                .and_then(|rest| rest.strip_prefix('='))
        })
        .ok_or(ShareError::NotAShareLink)?;
    decode_value(value)
}

/// True if `fragment` has a `g=` part, i.e. is meant as a share link
/// (which [`decode_fragment`] may still find damaged).
#[must_use]
pub fn is_share_fragment(fragment: &str) -> bool {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment
        .split('&')
        .any(|part| part.starts_with(FRAGMENT_KEY) && part[FRAGMENT_KEY.len()..].starts_with('='))
}

/// Decodes the value after `g=`: `<version>.<base64url of raw DEFLATE>`.
fn decode_value(value: &str) -> Result<String, ShareError> {
    if value.len() > MAX_FRAGMENT_CHARS {
        return Err(ShareError::TooLong {
            chars: value.chars().count(),
        });
    }
    let (version, data) = value.split_once('.').ok_or(ShareError::MissingVersion)?;
    if version != FORMAT_VERSION.to_string() {
        let shown: String = version.chars().take(16).collect();
        return Err(ShareError::UnsupportedVersion(shown));
    }
    let packed = base64url_decode(data)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INPUT_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                ShareError::BadCompressedData("the data is cut short")
            }
            _ => ShareError::BadCompressedData("the data is not DEFLATE"),
        })?;
    String::from_utf8(bytes).map_err(|e| ShareError::NotUtf8 {
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The URL-safe base64 alphabet (RFC 4648 section 5).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 section 5 and section 3.2).
#[must_use]
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        // A chunk of k bytes gives k + 1 characters.
        for i in 0..=chunk.len() {
            let index = (n >> (18 - 6 * i)) & 0x3f;
            out.push(char::from(ALPHABET[index as usize]));
        }
    }
    out
}

/// The value of one base64url character.
fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Decodes base64url without padding (trailing `=` are accepted and
/// ignored, as some tools add them).
///
/// # Errors
/// [`ShareError::BadBase64`] at the first character outside the alphabet,
/// or for a length of 4n + 1 characters, which no byte string encodes to.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, ShareError> {
    let text = text.trim_end_matches('=');
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return Err(ShareError::BadBase64 {
            position: bytes.len() - 1,
            reason: "the data is cut short (a stray last character)",
        });
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for (c, chunk) in bytes.chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            let v = sextet(b).ok_or(ShareError::BadBase64 {
                position: c * 4 + i,
                reason: "a character that is not base64url (A-Z a-z 0-9 - _)",
            })?;
            n |= v << (18 - 6 * i);
        }
        // k characters carry k - 1 whole bytes.
        for i in 0..chunk.len() - 1 {
            out.push(((n >> (16 - 8 * i)) & 0xff) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        // RFC 4648 section 10, without padding.
        for (bytes, text) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(bytes.as_bytes()), text);
            assert_eq!(base64url_decode(text).unwrap(), bytes.as_bytes());
        }
        // The two URL-safe characters.
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("-_8").unwrap(), [0xfb, 0xff]);
        assert_eq!(base64url_decode("Zm8=").unwrap(), b"fo");
    }

    #[test]
    fn round_trip_of_a_game() {
        let text =
            "[Mode \"5D\"]\n[Board \"Standard\"]\n[Result \"1-0\"]\n\n1. (0T1)e2e4 / (0T1)e7e5\n";
        let fragment = encode_fragment(text);
        assert!(fragment.starts_with("#g=1."), "{fragment}");
        assert!(fragment[5..]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(decode_fragment(&fragment).unwrap(), text);
        assert_eq!(decode_fragment(&fragment[1..]).unwrap(), text);
        assert_eq!(
            decode_fragment(&format!("#x=2&{}", &fragment[1..])).unwrap(),
            text
        );
        assert!(is_share_fragment(&fragment));
        assert!(!is_share_fragment("#gx=1"));
        assert!(!is_share_fragment(""));
        assert_eq!(decode_fragment(&encode_fragment("")).unwrap(), "");
    }

    #[test]
    fn hostile_links_are_typed_errors() {
        assert_eq!(decode_fragment(""), Err(ShareError::NotAShareLink));
        assert_eq!(decode_fragment("#top"), Err(ShareError::NotAShareLink));
        assert_eq!(decode_fragment("#g=abc"), Err(ShareError::MissingVersion));
        assert_eq!(
            decode_fragment("#g=2.AAAA"),
            Err(ShareError::UnsupportedVersion("2".to_string()))
        );
        assert!(matches!(
            decode_fragment("#g=1.ab$d"),
            Err(ShareError::BadBase64 { position: 2, .. })
        ));
        assert!(matches!(
            decode_fragment("#g=1.abcde"),
            Err(ShareError::BadBase64 { position: 4, .. })
        ));
        assert!(matches!(
            decode_fragment("#g=1.é"),
            Err(ShareError::BadBase64 { position: 0, .. })
        ));
        // Block type 3 is reserved in DEFLATE: not a stream.
        assert!(matches!(
            decode_fragment(&format!("#g=1.{}", base64url_encode(&[0xff; 8]))),
            Err(ShareError::BadCompressedData(_))
        ));
        // A real stream cut short.
        let full = encode_fragment(&"1. (0T1)e2e4 / (0T1)e7e5\n".repeat(20));
        let data = &full["#g=1.".len()..];
        let cut = format!("#g=1.{}", &data[..data.len() / 2 / 4 * 4]);
        assert!(matches!(
            decode_fragment(&cut),
            Err(ShareError::BadCompressedData(_))
        ));
        assert!(matches!(
            decode_fragment(&format!("#g=1.{}", "A".repeat(MAX_FRAGMENT_CHARS))),
            Err(ShareError::TooLong { .. })
        ));
    }

    #[test]
    fn a_decompression_bomb_stops_at_the_readers_limit() {
        let bomb = vec![b'a'; MAX_INPUT_BYTES + 1];
        let packed = miniz_oxide::deflate::compress_to_vec(&bomb, LEVEL);
        let fragment = format!("#g=1.{}", base64url_encode(&packed));
        assert!(fragment.len() < 10_000, "{}", fragment.len());
        assert_eq!(decode_fragment(&fragment), Err(ShareError::TooLarge));
        // Exactly the limit is still a game's size.
        let full = "a".repeat(MAX_INPUT_BYTES);
        assert_eq!(decode_fragment(&encode_fragment(&full)).unwrap(), full);
    }

    #[test]
    fn not_utf8_is_reported_with_its_offset() {
        let packed = miniz_oxide::deflate::compress_to_vec(b"1. e4 \xff", LEVEL);
        let fragment = format!("#g=1.{}", base64url_encode(&packed));
        assert_eq!(
            decode_fragment(&fragment),
            Err(ShareError::NotUtf8 { offset: 6 })
        );
        assert!(ShareError::NotUtf8 { offset: 6 }
            .to_string()
            .contains("not UTF-8"));
    }
}
