//! Syntax stability: whatever reads, written back and read again, gives the
//! same tree (spans, texts and turn labels aside), and writing is a fixed point.
#![no_main]

use chronochess::notation::ast::{GameText, Span};
use chronochess::notation::{read, read_bytes, write};
use libfuzzer_sys::fuzz_target;

fn normalized(mut g: GameText) -> GameText {
    for b in &mut g.fen_boards {
        b.span = Span::default();
    }
    for a in &mut g.actions {
        a.span = Span::default();
        a.turn_label = None;
        for c in &mut a.comments {
            *c = c.trim().to_string();
        }
        for m in &mut a.moves {
            m.span = Span::default();
            m.text.clear();
        }
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let Ok(first) = read_bytes(data) else {
        return;
    };
    let text = write(&first.game);
    let second = match read(&text) {
        Ok(r) => r,
        Err(e) => panic!("canonical text does not read: {e}\n{text}"),
    };
    let again = write(&second.game);
    assert_eq!(again, text, "writing is not a fixed point");
    assert_eq!(
        normalized(second.game),
        normalized(first.game),
        "read(write(g)) != g for\n{text}"
    );
});
