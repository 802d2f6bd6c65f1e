use chronochess::fived::*;
use chronochess::notation::{reader, resolve};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let pos: usize = args[2].parse().unwrap();
    let r = reader::read(&text).unwrap();
    let mut found = None;
    let _ = resolve::replay(&r.game, |p, g| {
        if p == pos {
            found = Some(g.committed())
        }
    });
    let m = found.unwrap();
    println!(
        "to move {:?} present {} range {:?} even {}",
        m.to_move(),
        m.present(),
        m.timeline_range(),
        m.even()
    );
    let (a, b) = m.timeline_range();
    for l in a..=b {
        let t = m.timeline(l).unwrap();
        println!(
            "L{l} start {} end {} active {}",
            t.start(),
            t.end(),
            m.is_active(l)
        );
    }
    for b in m.playable_boards(m.to_move()) {
        let mv = m.board_moves(b);
        println!("board {:?}: {} moves", b, mv.len());
        if args.len() > 3 {
            for x in &mv {
                println!("  {}", x.long_text(m.even()));
            }
        }
    }
    for x in search::search_shape(&m) {
        println!("shape {x:?}");
    }
    println!("root capture: {:?}", m.royal_captures(!m.to_move()));
    println!("in_check {}", m.in_check());
    if args.len() > 5 {
        return;
    }
    let t0 = std::time::Instant::now();
    let a = search::any_legal_action(&m, Budget::nodes(20_000_000));
    println!(
        "any {:?} in {:?}",
        a.clone()
            .known()
            .map(|o| o.map(|v| v.iter().map(|x| x.long_text(false)).collect::<Vec<_>>())),
        t0.elapsed()
    );
    let t = std::time::Instant::now();
    println!(
        "count {:?} in {:?}",
        search::count_legal_actions(&m, Some(1000), Budget::nodes(50_000_000)),
        t.elapsed()
    );
}
#[allow(dead_code)]
fn unused() {}
