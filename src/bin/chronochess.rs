//! `chronochess`: the host command-line tool.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("boards") => {
            for v in chronochess::fived::boards::CATALOGUE {
                println!("{}", v.name);
            }
        }
        _ => {
            eprintln!("usage: chronochess boards");
            std::process::exit(2);
        }
    }
}
