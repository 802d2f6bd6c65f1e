// The stress suite's decide times and capped legal-action count times in WebAssembly (under this
// node), to set beside the native `chronochess stress check` (issue 14: p100 <= 30 ms in WASM,
// none over 100 ms; "count time p100").
//
// usage (from the crate root; scripts/bench-stress-wasm.sh builds first):
//   node bench/stress.mjs --wasm DIR_OF_WASM_BINDGEN_OUTPUT [--budget 300000] [--warm 200]
//        [--wall] FILE.tsv...        (default: stress/positions.tsv stress/slow.tsv stress/real.tsv)
//
// Clock: process CPU time by default (the machine is shared), --wall for wall-clock time. Each
// position's decide (`outcome`) and count (`count_legal_actions`, cap 1000) are timed apart; the
// warm-up pass runs both, untimed, on the first --warm positions.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const wasmDir = opt("--wasm", null);
const budget = Number(opt("--budget", "300000"));
const warm = Number(opt("--warm", "200"));
const wall = args.includes("--wall");
const files = args.filter((a) => !a.startsWith("--"));
if (!wasmDir) {
  console.error("usage: node bench/stress.mjs --wasm DIR [--budget N] [--warm N] [--wall] FILE.tsv...");
  process.exit(2);
}
const cpuMillis = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
globalThis.benchClock = wall ? () => performance.now() : cpuMillis;

const paths = files.length ? files : ["stress/positions.tsv", "stress/slow.tsv", "stress/real.tsv"];
const input = paths.map((f) => [path.basename(f), fs.readFileSync(f, "utf8")]);
const mod = createRequire(import.meta.url)(path.resolve(wasmDir, "chronochess_bench_wasm.js"));
const platform = `WASM under node ${process.version}, ${wall ? "wall clock" : "process CPU time"}`;
const report = mod.bench_stress(JSON.stringify(input), budget, warm, platform);
process.stdout.write(report);
// A report that is not one (a file that did not parse) or any disagreement with a label fails.
if (!report.startsWith("stress decide") || /DISAGREES/.test(report)) process.exit(1);
