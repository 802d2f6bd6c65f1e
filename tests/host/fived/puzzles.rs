//! `chronochess puzzles verify`: the puzzle files in `puzzles/` verify, and a
//! corrupted file (wrong solution, a second mate left out, a malformed tag)
//! is rejected with `file: what is wrong` and exit code 1.

use std::path::{Path, PathBuf};
use std::process::Command;

use chronochess::fived::puzzle::{mating_actions, Effort};
use chronochess::fived::search::for_each_legal_action;
use chronochess::fived::Answer;
use chronochess::play::puzzle::{self, action_text};

fn repo_puzzles() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "5dpgn"))
        .collect();
    files.sort();
    files
}

/// Runs `chronochess puzzles verify` on the files: (success, stdout, stderr).
fn verify(files: &[PathBuf]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chronochess"))
        .args(["puzzles", "verify"])
        .args(files)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chronochess-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f
}

/// A few files of each kind from the repository's folder.
fn sample() -> Vec<PathBuf> {
    let files = repo_puzzles();
    let of = |prefix: &str| {
        files
            .iter()
            .filter(|f| f.file_name().unwrap().to_string_lossy().starts_with(prefix))
            .step_by(17)
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
    };
    let mut out = of("m1-");
    out.extend(of("m2-"));
    out
}

#[test]
fn the_repository_holds_enough_puzzles_and_a_sample_verifies() {
    assert!(
        repo_puzzles().len() >= 150,
        "{} puzzles",
        repo_puzzles().len()
    );
    let files = sample();
    assert!(files.len() >= 4, "{files:?}");
    let (ok, out, err) = verify(&files);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!(
            "{} of {} puzzle files verified",
            files.len(),
            files.len()
        )),
        "{out}"
    );
}

/// Replaces the value of tag `name` in a puzzle text.
fn with_tag(text: &str, name: &str, value: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(&format!("[{name} ")) {
                format!("[{name} \"{value}\"]")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn corrupted_puzzles_are_rejected_with_the_problem_named() {
    let m1 = repo_puzzles()
        .into_iter()
        .find(|f| f.file_name().unwrap().to_string_lossy().starts_with("m1-"))
        .unwrap();
    let text = std::fs::read_to_string(&m1).unwrap();
    let p = puzzle::read(&text).unwrap();
    // A legal action that does not mate.
    let Answer::Known(mates) = mating_actions(&p.position, Effort::DEFAULT) else {
        panic!("undecided");
    };
    let mut wrong = None;
    let _ = for_each_legal_action(&p.position, Effort::DEFAULT.budget, |moves, _| {
        if !mates.iter().any(|m| m == moves) {
            wrong = Some(moves.to_vec());
            return std::ops::ControlFlow::Break(());
        }
        std::ops::ControlFlow::Continue(())
    });
    let wrong = action_text(&p.position, &wrong.unwrap()).unwrap();
    let cases = [
        ("wrong.5dpgn", with_tag(&text, "Solution", &wrong), "does not checkmate".to_string()),
        ("kind.5dpgn", with_tag(&text, "Puzzle", "mate in one"), "[Puzzle \"mate in one\"]: expected".to_string()),
        ("garbled.5dpgn", with_tag(&text, "Solution", "(0T1)Qz9"), "[Solution \"(0T1)Qz9\"]".to_string()),
        (
            "unique.5dpgn",
            "[Board \"custom\"]\n[Size \"8x8\"]\n[Puzzle \"mate in 1\"]\n[Solution \"(0T1)Ra1a8\"]\n\
             [Source \"test\"]\n[7k/6pp/8/8/8/2K5/8/RR6:0:1:w]\n"
                .to_string(),
            "not unique: `(0T1)Rb1b8` solves it too".to_string(),
        ),
    ];
    for (name, corrupted, want) in cases {
        let f = scratch(name, &corrupted);
        let (ok, _, err) = verify(std::slice::from_ref(&f));
        assert!(!ok, "{name} was accepted");
        let line = format!("{}: ", f.display());
        assert!(
            err.starts_with(&line) && err.contains(&want),
            "{name}: {want:?} not in {err:?}"
        );
    }
    // A good file beside a bad one: exit 1, only the bad one named.
    let bad = scratch("bad.5dpgn", &with_tag(&text, "Solution", &wrong));
    let (ok, out, err) = verify(&[m1.clone(), bad.clone()]);
    assert!(!ok);
    assert!(out.contains("1 of 2 puzzle files verified"), "{out}");
    assert!(!err.contains(&m1.display().to_string()), "{err}");
}
