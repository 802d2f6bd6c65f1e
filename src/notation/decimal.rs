//! Decimal numbers for style sheets and SVG paths, written with integer
//! arithmetic.
//!
//! `format!("{x:.2}")` and `format!("{x}")` on an `f64` bring Rust's whole
//! float-to-decimal machinery (Grisu with a Dragon fallback, over 10 KB of
//! WebAssembly) into the page. Pixel positions need no such exactness: they
//! are rounded to a fixed number of decimals here, with integer formatting.

/// `x` rounded to `decimals` digits after the point (at most 9), written with
/// exactly that many: `fixed(-3.256, 2)` is `"-3.26"`, `fixed(2.0, 1)` is
/// `"2.0"`. Halves round away from zero. A value that rounds to zero has no
/// sign; a value that is not finite is written as zero.
///
/// ```
/// use chronochess::notation::decimal::fixed;
/// assert_eq!(fixed(12.3456, 2), "12.35");
/// assert_eq!(fixed(-0.5, 0), "-1");
/// assert_eq!(fixed(-0.001, 2), "0.00");
/// ```
#[must_use]
pub fn fixed(x: f64, decimals: u32) -> String {
    let decimals = decimals.min(9);
    let unit = 10u64.pow(decimals);
    // `as` saturates: absurd magnitudes give u64::MAX rather than wrapping.
    let scaled = if x.is_finite() {
        (x.abs() * unit as f64).round() as u64
    } else {
        0
    };
    let mut out = String::new();
    if x < 0.0 && scaled != 0 {
        out.push('-');
    }
    out.push_str(&(scaled / unit).to_string());
    if decimals > 0 {
        let fraction = (scaled % unit).to_string();
        out.push('.');
        for _ in fraction.len()..decimals as usize {
            out.push('0');
        }
        out.push_str(&fraction);
    }
    out
}

/// `x` rounded to at most `decimals` digits after the point, without
/// trailing zeros (nor a trailing point): `trimmed(44.0, 3)` is `"44"` and
/// `trimmed(17.888_4, 3)` is `"17.888"`. For whole numbers and short
/// decimals this is what `format!("{x}")` writes.
///
/// ```
/// use chronochess::notation::decimal::trimmed;
/// assert_eq!(trimmed(132.0, 3), "132");
/// assert_eq!(trimmed(-2.5, 3), "-2.5");
/// ```
#[must_use]
pub fn trimmed(x: f64, decimals: u32) -> String {
    let mut out = fixed(x, decimals);
    if out.contains('.') {
        let kept = out.trim_end_matches('0').trim_end_matches('.').len();
        out.truncate(kept);
    }
    out
}

/// The non-negative decimal number `text` ("10", "1.5", ".5", "2.")
/// times `unit`, rounded to the nearest whole number (halves up): the
/// clock's minutes and seconds as milliseconds with `unit` 60 000 or 1 000.
/// Read with integer arithmetic, like [`fixed`] writes: `str::parse::<f64>`
/// would bring Rust's float parser and its tables (~15 KB of WebAssembly)
/// into the page. Digits past the ninth decimal are ignored.
///
/// `None` for anything else (a sign, an exponent, no digits, another
/// character) and for a result past `u64`.
///
/// ```
/// use chronochess::notation::decimal::scaled;
/// assert_eq!(scaled("1.5", 60_000), Some(90_000));
/// assert_eq!(scaled(" 0.25 ", 1_000), Some(250));
/// assert_eq!(scaled("-1", 1_000), None);
/// ```
#[must_use]
pub fn scaled(text: &str, unit: u64) -> Option<u64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut value = 0u64;
    for b in whole.bytes() {
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    let value = value.checked_mul(unit)?;
    // The fraction's first nine digits, as parts of 10^9 (unit < 2^64 / 10^9
    // for every unit the page uses; larger ones are refused, not wrapped).
    let mut parts = 0u64;
    for (i, b) in fraction.bytes().take(9).enumerate() {
        parts += u64::from(b - b'0') * 10u64.pow(8 - i as u32);
    }
    let fraction = parts.checked_mul(unit)?.checked_add(500_000_000)? / 1_000_000_000;
    value.checked_add(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_reads_what_parse_reads_for_plain_decimals() {
        for text in [
            "0", "10", "1.5", ".5", "2.", "007", "0.001", "59.9999", "12.25",
        ] {
            for unit in [1, 1_000, 60_000] {
                let want = (text.parse::<f64>().unwrap() * unit as f64).round() as u64;
                assert_eq!(scaled(text, unit), Some(want), "{text} × {unit}");
            }
        }
        assert_eq!(scaled("1.5", 60_000), Some(90_000));
        assert_eq!(scaled(" 3 ", 1_000), Some(3_000));
        // Past nine decimals the digits are ignored.
        assert_eq!(scaled("0.1234567899", 1_000_000_000), Some(123_456_789));
        for bad in [
            "", " ", ".", "-1", "+1", "1e3", "1.2.3", "1,5", "inf", "NaN", "½",
        ] {
            assert_eq!(scaled(bad, 1_000), None, "{bad:?}");
        }
        assert_eq!(scaled("99999999999999999999", 1), None);
        assert_eq!(scaled("18446744073709551615", 2), None);
        assert_eq!(scaled("18446744073709551615", 1), Some(u64::MAX));
    }

    #[test]
    fn fixed_pads_and_rounds() {
        assert_eq!(fixed(0.0, 2), "0.00");
        assert_eq!(fixed(1.0, 1), "1.0");
        assert_eq!(fixed(1.05, 2), "1.05");
        assert_eq!(fixed(0.004, 2), "0.00");
        assert_eq!(fixed(0.006, 2), "0.01");
        assert_eq!(fixed(9.999, 2), "10.00");
        assert_eq!(fixed(123.456_78, 5), "123.45678");
        assert_eq!(fixed(0.000_01, 5), "0.00001");
        assert_eq!(fixed(2.5, 0), "3");
    }

    #[test]
    fn fixed_negative_numbers() {
        assert_eq!(fixed(-3.256, 2), "-3.26");
        assert_eq!(fixed(-0.05, 1), "-0.1");
        assert_eq!(fixed(-1234.5, 1), "-1234.5");
        // Rounds to zero: no sign (Rust's formatting would write "-0.00").
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.0, 1), "0.0");
    }

    #[test]
    fn fixed_agrees_with_rust_formatting_away_from_halves() {
        for i in -2000..2000 {
            let x = f64::from(i) * 0.173 + 0.0007;
            assert_eq!(fixed(x, 2), format!("{x:.2}"), "{x}");
            assert_eq!(fixed(x, 1), format!("{x:.1}"), "{x}");
            assert_eq!(fixed(x, 4), format!("{x:.4}"), "{x}");
        }
    }

    #[test]
    fn not_finite_is_zero() {
        assert_eq!(fixed(f64::NAN, 2), "0.00");
        assert_eq!(fixed(f64::INFINITY, 0), "0");
        assert_eq!(trimmed(f64::NEG_INFINITY, 3), "0");
    }

    #[test]
    fn trimmed_matches_display_for_short_decimals() {
        for x in [0.0, 44.0, 88.0, 366.0, -14.0, 0.5, 12.25, -2.125, 1e6, 35.2] {
            assert_eq!(trimmed(x, 3), format!("{x}"));
        }
        // 44 × 0.4066 has a long binary expansion; three decimals are kept.
        assert_eq!(trimmed(44.0 * 0.4066, 3), "17.89");
        assert_eq!(trimmed(100.0, 2), "100");
        assert_eq!(trimmed(0.0004, 3), "0");
    }
}
