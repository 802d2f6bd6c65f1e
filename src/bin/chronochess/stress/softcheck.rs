//! `stress softcheck`: softmate as `outcome` reports it against the plain
//! definition (issue 14: `outcome`'s second search, for an action that
//! keeps the present, gained cuts of its own in `fived::search::keep`;
//! softmate must stay proven-only). The reference is the full enumeration
//! of legal actions (`for_each_legal_action`, itself checked action by
//! action against the oracle by `stress crosscheck`): softmate when no
//! action found leaves the present in place or moves it forward. With
//! `--oracle-nodes N`, brute force (`oracle.rs`) is asked too where it
//! finishes within N staged moves.

use std::process::ExitCode;

use std::ops::ControlFlow;

use chronochess::fived::search::{for_each_legal_action, outcome_traced_with};
use chronochess::fived::{Answer, Budget, Outcome};

use super::data::Suite;
use super::{oracle, CHECK_BUDGET};
use crate::{flag, operands};

/// Default node budget of the full enumeration.
const ENUMERATION_NODES: u64 = 200_000;

/// Softmate by the full enumeration (see the module docs), or `None` if it
/// does not finish within `budget` nodes.
pub fn softmate_by_enumeration(m: &chronochess::fived::Multiverse, budget: u64) -> Option<bool> {
    let present = m.present();
    let (mut any, mut kept) = (false, false);
    let r = for_each_legal_action(m, Budget::nodes(budget), |_, after| {
        any = true;
        if after.present() > present {
            kept = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if kept {
        return Some(false);
    }
    r.known().map(|_| m.in_check() && any)
}

/// `stress softcheck FILE... [--enumeration-nodes N] [--oracle-nodes N]
/// [--budget N]`: on every position in check with legal actions where the
/// full enumeration finishes within N nodes, `outcome`'s softmate must
/// equal the enumeration's (and brute force's, where asked and it
/// finishes), except that a softmate the search did not prove within its
/// budget (it used every node) may be reported as `false`. Exit 1 on any
/// disagreement.
pub(super) fn softcheck(args: &[String]) -> Result<ExitCode, String> {
    let files = operands(args, &[]);
    let limit: u64 = flag(args, "--oracle-nodes", 0)?;
    let enumeration: u64 = flag(args, "--enumeration-nodes", ENUMERATION_NODES)?;
    let mut by_oracle = 0;
    let budget: u64 = flag(args, "--budget", CHECK_BUDGET)?;
    let (mut compared, mut softmates, mut unproven, mut differ, mut skipped) = (0, 0, 0, 0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let suite = Suite::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let positions = suite.positions().map_err(|e| format!("{file}: {e}"))?;
        for (row, m) in suite.positions.iter().zip(&positions) {
            if !m.in_check() {
                continue;
            }
            let (o, [a, b]) = outcome_traced_with(m, Budget::nodes(budget), u64::MAX);
            let Answer::Known(Outcome::Ongoing { softmate, .. }) = o else {
                continue;
            };
            let Some(brute) = softmate_by_enumeration(m, enumeration) else {
                skipped += 1;
                continue;
            };
            if limit > 0 {
                if let Some(o) = oracle::softmate(m, limit) {
                    by_oracle += 1;
                    if o != brute {
                        differ += 1;
                        println!(
                            "DIFFER {file} {} {}: brute force softmate {o}, enumeration {brute}",
                            row.game, row.pos
                        );
                    }
                }
            }
            compared += 1;
            softmates += usize::from(brute);
            let capped = a + b >= budget;
            if brute && !softmate && capped {
                unproven += 1;
            } else if brute != softmate {
                differ += 1;
                println!(
                    "DIFFER {file} {} {}: enumeration softmate {brute}, outcome {softmate} (nodes {a} + {b})",
                    row.game, row.pos
                );
            }
        }
    }
    println!(
        "{compared} positions in check compared, {softmates} softmates by enumeration, \
         {unproven} not proven within the budget, {differ} differ, {skipped} too big; \
         {by_oracle} also by brute force"
    );
    Ok(if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
