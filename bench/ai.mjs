// The computer opponent's speed in WebAssembly (under this node), to set beside the native
// `chronochess bestmove --ms N` (issue 15: actions per second and the depth reached in 1 s).
//
// usage (from the crate root; scripts/bench-ai-wasm.sh builds first):
//   node bench/ai.mjs --wasm DIR_OF_WASM_BINDGEN_OUTPUT [--ms 1000] [FILE.5dpgn...]
//        (default: bench/ai/*.5dpgn)
//
// Clock: wall-clock time (performance.now()), as the page's worker counts its thinking time.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const wasmDir = opt("--wasm", null);
const ms = Number(opt("--ms", "1000"));
if (!wasmDir || !(ms > 0)) {
  console.error("usage: node bench/ai.mjs --wasm DIR [--ms N] [FILE.5dpgn...]");
  process.exit(2);
}
globalThis.benchClock = () => performance.now();
const files = args.length
  ? args
  : fs.readdirSync("bench/ai").filter((f) => f.endsWith(".5dpgn")).map((f) => path.join("bench/ai", f));
const input = files.map((f) => [path.basename(f), fs.readFileSync(f, "utf8")]);
const mod = createRequire(import.meta.url)(path.resolve(wasmDir, "chronochess_bench_wasm.js"));
const report = mod.bench_ai(JSON.stringify(input), ms, `WASM under node ${process.version}, wall clock`);
process.stdout.write(report);
if (!report.startsWith("computer")) process.exit(1);
