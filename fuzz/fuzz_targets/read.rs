//! The reader on arbitrary bytes: it must return (Ok or a located error), never panic.
#![no_main]

use chronochess::notation::{read_bytes, MAX_INPUT_BYTES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match read_bytes(data) {
        Ok(read) => {
            for w in &read.warnings {
                assert!(w.span.offset <= data.len());
                assert!(w.span.offset + w.span.len <= data.len());
            }
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            assert!(e.span.line >= 1 && e.span.column >= 1);
            assert!(data.len() > MAX_INPUT_BYTES || e.span.offset <= data.len());
            let _ = e.to_string();
        }
    }
});
