//! Versioned JSON: every stored document is a JSON object with a `version`
//! field. Reading one checks the version before the shape, so a document from
//! a newer Chronochess is recognised as such (and kept unchanged) instead of
//! being reported as garbage.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Why a stored or imported JSON text could not be read. Positions are
/// 1-based line and column in the text, as `serde_json` counts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is not JSON.
    Json {
        /// Line of the error (1-based).
        line: usize,
        /// Column of the error (1-based).
        column: usize,
        /// What the JSON reader expected or found.
        message: String,
    },
    /// The text is JSON but not an object (e.g. an array or a string).
    NotAnObject {
        /// The JSON type found instead: "array", "string", …
        found: &'static str,
    },
    /// The object has no `version` field.
    MissingVersion,
    /// The `version` field is not a whole number.
    BadVersion {
        /// The value found, as JSON.
        found: String,
    },
    /// Written by a newer Chronochess whose format this version cannot read.
    Newer {
        /// The format number found.
        format: u64,
    },
    /// A format number this Chronochess never wrote (below the first one).
    Unsupported {
        /// The format number found.
        format: u64,
    },
    /// The JSON has the right version but not the right fields or types.
    Shape {
        /// Line of the error (1-based; 0 if unknown).
        line: usize,
        /// Column of the error (1-based; 0 if unknown).
        column: usize,
        /// What is wrong, e.g. "missing field `kind`".
        message: String,
    },
}

impl DecodeError {
    /// True when the text was written by a newer Chronochess: such data is
    /// never moved or rewritten, only kept.
    #[must_use]
    pub fn is_newer(&self) -> bool {
        matches!(self, DecodeError::Newer { .. })
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Empty => write!(f, "the text is empty"),
            DecodeError::Json {
                line,
                column,
                message,
            } => write!(f, "JSON error at line {line} column {column}: {message}"),
            DecodeError::NotAnObject { found } => {
                write!(f, "expected a JSON object, found {found}")
            }
            DecodeError::MissingVersion => write!(f, "the JSON object has no \"version\" field"),
            DecodeError::BadVersion { found } => {
                write!(f, "the \"version\" field is {found}, not a whole number")
            }
            DecodeError::Newer { format } => {
                write!(f, "saved by a newer Chronochess (format {format})")
            }
            DecodeError::Unsupported { format } => {
                write!(f, "format {format} was never written by Chronochess")
            }
            DecodeError::Shape {
                line: 0, message, ..
            } => write!(f, "{message}"),
            DecodeError::Shape {
                line,
                column,
                message,
            } => write!(f, "{message} at line {line} column {column}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// `serde_json`'s message without its " at line L column C" suffix (we print
/// the position ourselves).
fn bare_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match full.strip_suffix(&suffix) {
        Some(bare) => bare.to_string(),
        None => full,
    }
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Reads the `version` of a JSON text without caring about the rest.
///
/// # Errors
/// Every [`DecodeError`] but [`DecodeError::Shape`] / [`DecodeError::Newer`].
pub(crate) fn probe_version(text: &str) -> Result<(u64, Value), DecodeError> {
    if text.trim().is_empty() {
        return Err(DecodeError::Empty);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| DecodeError::Json {
        line: e.line(),
        column: e.column(),
        message: bare_message(&e),
    })?;
    let Value::Object(map) = &value else {
        return Err(DecodeError::NotAnObject {
            found: json_type(&value),
        });
    };
    let version = map.get("version").ok_or(DecodeError::MissingVersion)?;
    let version = version.as_u64().ok_or_else(|| DecodeError::BadVersion {
        found: version.to_string(),
    })?;
    Ok((version, value))
}

/// Decodes a versioned JSON text into `T` (the layout of format `current`).
///
/// Texts of an older format go through `upgrade(format, value)`, which must
/// return the value in the current layout (the migration chain); today every
/// document is at its first format, so callers pass [`no_older_formats`].
///
/// # Errors
/// A [`DecodeError`] saying what is wrong and where.
pub(crate) fn decode<T: DeserializeOwned>(
    text: &str,
    current: u32,
    upgrade: impl FnOnce(u64, Value) -> Result<Value, DecodeError>,
) -> Result<T, DecodeError> {
    let (version, value) = probe_version(text)?;
    let current = u64::from(current);
    if version > current {
        return Err(DecodeError::Newer { format: version });
    }
    if version == current {
        // Read from the text (not the Value) so shape errors carry a position.
        return serde_json::from_str(text).map_err(|e| DecodeError::Shape {
            line: e.line(),
            column: e.column(),
            message: bare_message(&e),
        });
    }
    let upgraded = upgrade(version, value)?;
    // Read back from text rather than with `from_value`: one deserializer
    // (the text one above) per document type instead of two.
    serde_json::from_str(&upgraded.to_string()).map_err(|e| DecodeError::Shape {
        line: 0,
        column: 0,
        message: format!(
            "after upgrading from format {version}: {}",
            bare_message(&e)
        ),
    })
}

/// The migration chain of a document that has had only one format: any
/// older number is one Chronochess never wrote.
///
/// When a format 2 appears, its module replaces this with a function that
/// turns a format-1 `Value` into a format-2 one (rename / add fields with
/// defaults), and `decode` feeds the result to the format-2 type.
///
/// # Errors
/// Always [`DecodeError::Unsupported`].
pub(crate) fn no_older_formats(format: u64, _value: Value) -> Result<Value, DecodeError> {
    Err(DecodeError::Unsupported { format })
}

/// A stored document that has had one format so far (the settings, the
/// learning record): its JSON is written and read the same way for each.
/// (Save records have their own pretty export and a migration chain to
/// come: `SaveRecord::to_json` / `from_json`.)
pub trait Document: Serialize + DeserializeOwned {
    /// The format this build writes and reads.
    const FORMAT: u32;

    /// The stored form: compact JSON, `version` first.
    #[must_use]
    fn to_json(&self) -> String {
        encode(Self::FORMAT, self, false)
    }

    /// Reads a stored document.
    ///
    /// # Errors
    /// [`DecodeError`] saying what is wrong and where.
    fn from_json(text: &str) -> Result<Self, DecodeError> {
        decode(text, Self::FORMAT, no_older_formats)
    }
}

#[derive(Serialize)]
struct Versioned<'a, T> {
    version: u32,
    #[serde(flatten)]
    body: &'a T,
}

/// Encodes `body` (a struct) as a JSON object whose first field is `version`.
pub(crate) fn encode<T: Serialize>(version: u32, body: &T, pretty: bool) -> String {
    let doc = Versioned { version, body };
    let text = if pretty {
        serde_json::to_string_pretty(&doc)
    } else {
        serde_json::to_string(&doc)
    };
    // Our documents are plain structs with string keys: serialising them to
    // JSON has no failure case.
    text.expect("plain data always serialises to JSON")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct Doc {
        name: String,
    }

    fn read(text: &str) -> Result<Doc, DecodeError> {
        decode(text, 1, no_older_formats)
    }

    #[test]
    fn round_trip_puts_version_first() {
        let text = encode(1, &Doc { name: "a".into() }, false);
        assert_eq!(text, r#"{"version":1,"name":"a"}"#);
        assert_eq!(read(&text).unwrap(), Doc { name: "a".into() });
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(read("  "), Err(DecodeError::Empty));
        let e = read("{\"version\":1,").unwrap_err();
        assert!(matches!(e, DecodeError::Json { line: 1, .. }), "{e:?}");
        assert_eq!(
            read("[1]"),
            Err(DecodeError::NotAnObject { found: "an array" })
        );
        assert_eq!(read("{}"), Err(DecodeError::MissingVersion));
        assert!(matches!(
            read(r#"{"version":"one"}"#),
            Err(DecodeError::BadVersion { .. })
        ));
        assert_eq!(
            read(r#"{"version":7,"anything":[]}"#),
            Err(DecodeError::Newer { format: 7 })
        );
        assert_eq!(
            read(r#"{"version":0}"#),
            Err(DecodeError::Unsupported { format: 0 })
        );
        let e = read("{\"version\":1,\n\"name\":5}").unwrap_err();
        assert!(matches!(e, DecodeError::Shape { line: 2, .. }), "{e:?}");
        assert!(e.to_string().contains("at line 2"), "{e}");
    }

    /// A format-0 document had `title` where format 1 has `name`.
    fn upgrade_title(format: u64, value: Value) -> Result<Value, DecodeError> {
        let Value::Object(mut map) = value else {
            return Err(DecodeError::Unsupported { format });
        };
        if let Some(title) = map.remove("title") {
            map.insert("name".to_string(), title);
        }
        Ok(Value::Object(map))
    }

    #[test]
    fn older_formats_go_through_the_upgrade() {
        let doc: Doc = decode(r#"{"version":0,"title":"old"}"#, 1, upgrade_title).unwrap();
        assert_eq!(doc, Doc { name: "old".into() });
        // A shape error after the upgrade has no position and says so.
        let e = decode::<Doc>(r#"{"version":0,"title":5}"#, 1, upgrade_title).unwrap_err();
        assert_eq!(
            e,
            DecodeError::Shape {
                line: 0,
                column: 0,
                message: "after upgrading from format 0: invalid type: integer `5`, \
                          expected a string"
                    .to_string(),
            }
        );
    }

    #[test]
    fn json_error_message_has_position_once() {
        let e = read("{nope}").unwrap_err();
        let shown = e.to_string();
        assert_eq!(shown.matches("line").count(), 1, "{shown}");
        assert!(
            shown.starts_with("JSON error at line 1 column 2"),
            "{shown}"
        );
    }
}
