// The corpus benchmark in three runs, one report: chronochess natively,
// chronochess compiled to WebAssembly (under this node), and the npm package
// 5d-chess-js (an outside reference, installed in a temporary folder) on the
// in-check positions.
//
// usage (from the crate root; scripts/bench-all.sh does the builds first):
//   node bench/run.mjs --bin target/release/chronochess --wasm DIR_OF_WASM_BINDGEN_OUTPUT
//        --reference DIR_WITH_NODE_MODULES [--corpus ../shared/corpus]
//        [--native-json FILE] [--wasm-json FILE] [--reference-json FILE]   (reuse saved runs)
//        [--reference-timeout-ms 20000] [--wall] [--save DIR]
//
// Clocks: by default CPU time (the native bench measures its thread's CPU time;
// here process.cpuUsage() for the WASM run and for 5d-chess-js), because the
// machine is shared; --wall uses wall-clock time everywhere.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadReference, chronochess, splitCanonical, prefixText, importReference, referenceFacts } from './reference.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const bin = opt('--bin', 'target/release/chronochess');
const corpus = opt('--corpus', '../shared/corpus');
const wasmDir = opt('--wasm', null);
const referenceDir = opt('--reference', null);
const refTimeout = Number(opt('--reference-timeout-ms', '20000'));
const wall = args.includes('--wall');
const saveDir = opt('--save', null);

const cpuMillis = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const clock = wall ? () => performance.now() : cpuMillis;
globalThis.benchClock = clock;
const clockName = wall ? 'wall clock' : 'process CPU time';

function save(name, text) {
  if (saveDir) { fs.mkdirSync(saveDir, { recursive: true }); fs.writeFileSync(path.join(saveDir, name), text); }
}

// 1. native
let native = null;
if (opt('--native-json', null)) {
  native = JSON.parse(fs.readFileSync(opt('--native-json'), 'utf8'));
} else if (!args.includes('--skip-native')) {
  console.error('running native bench…');
  const out = chronochess(bin, ['bench', '--json', '--corpus', corpus, ...(wall ? ['--wall'] : [])]);
  save('native.json', out);
  native = JSON.parse(out);
}

// 2. WASM
let wasm = null;
if (opt('--wasm-json', null)) {
  wasm = JSON.parse(fs.readFileSync(opt('--wasm-json'), 'utf8'));
} else if (wasmDir && !args.includes('--skip-wasm')) {
  console.error('running WASM bench…');
  const require = createRequire(import.meta.url);
  const mod = require(path.resolve(wasmDir, 'chronochess_bench_wasm.js'));
  const games = path.join(corpus, 'games');
  const files = fs.readdirSync(games).map(f => [f, fs.readFileSync(path.join(games, f), 'utf8')]);
  const expected = fs.readFileSync(path.join(corpus, 'expected.tsv'), 'utf8');
  const out = mod.bench_corpus(JSON.stringify(files), expected, true, 0, `wasm32 (node ${process.version}), ${clockName}`);
  save('wasm.json', out);
  wasm = JSON.parse(out);
}

// 3. 5d-chess-js on the in-check positions
const ours = native || wasm;
let reference = null;
if (opt('--reference-json', null)) {
  reference = JSON.parse(fs.readFileSync(opt('--reference-json'), 'utf8'));
} else if (referenceDir && ours && !args.includes('--skip-reference')) {
  console.error('running 5d-chess-js…');
  const Chess = loadReference(referenceDir);
  const canonical = new Map();
  const rows = [];
  for (const d of ours.decisions.filter(d => d.in_check)) {
    const row = { file: d.file, pos: d.pos, expected: d.expected, state: 'ok', theirs: null, ms: null };
    try {
      if (!canonical.has(d.file)) canonical.set(d.file, splitCanonical(chronochess(bin, ['convert', path.join(corpus, 'games', d.file)])));
      const text = prefixText(canonical.get(d.file), d.pos);
      const { chess, error } = importReference(Chess, text);
      const facts = referenceFacts(chess);
      if (facts.timelines !== d.timelines || facts.present !== d.present || facts.actions !== d.pos) {
        row.state = `import differs (${facts.timelines} timelines, present ${facts.present}, ${facts.actions} actions vs ours ${d.timelines}, ${d.present}, ${d.pos}${error ? `; ${error}` : ''})`;
      } else {
        chess.skipDetection = false;
        chess.checkmateTimeout = refTimeout;
        chess.checkmateCache = [];
        const w0 = performance.now();
        const t0 = clock();
        const mate = chess.inCheckmate;
        row.ms = clock() - t0;
        const wallMs = performance.now() - w0;
        row.theirs = mate ? 'checkmate' : 'none';
        if (wallMs >= refTimeout * 0.98) row.state = 'timeout';
      }
    } catch (e) {
      row.state = `error: ${String(e.message || e).split('\n')[0]}`;
    }
    rows.push(row);
  }
  reference = rows;
  save('reference.json', JSON.stringify(rows));
}

// Our times for the reference rows (looked up now, so saved runs can be joined).
if (reference) {
  const find = (r, x) => (r ? r.decisions.find(d => d.file === x.file && d.pos === x.pos) : null);
  for (const x of reference) {
    const n = find(native, x), w = find(wasm, x);
    x.native_ms = n && n.status !== 'unknown' ? n.ms : null;
    x.wasm_ms = w && w.status !== 'unknown' ? w.ms : null;
  }
}

// Report
const f = (x, d = 3) => (x === null || x === undefined || Number.isNaN(x)) ? '-' : x.toFixed(d);
const ratio = (a, b) => (a && b) ? `${(a / b).toFixed(2)}×` : '-';
const lines = [];
lines.push(`Chronochess corpus benchmark — clock: ${clockName}; ${new Date().toISOString()}`);
lines.push(`${'figure'.padEnd(34)}${'native'.padStart(14)}${'WASM'.padStart(14)}${'WASM/native'.padStart(14)}`);
const row = (name, key, d = 3, unit = '') => {
  const a = native ? native[key] : null, b = wasm ? wasm[key] : null;
  lines.push(`${(name + unit).padEnd(34)}${f(a, d).padStart(14)}${f(b, d).padStart(14)}${ratio(b, a).padStart(14)}`);
};
row('decide p50', 'p50_ms', 4, ' (ms)');
row('decide p95', 'p95_ms', 3, ' (ms)');
row('decide max', 'max_ms', 1, ' (ms)');
row('decide total', 'total_ms', 1, ' (ms)');
row('ns per generated move', 'ns_per_move', 1);
row('ns per move, hot (in cache)', 'ns_per_move_hot', 1);
row('count 30 134 (median)', 'count_ms_median', 1, ' (ms)');
const mps = (r) => r ? r.moves_per_s / 1e6 : null;
lines.push(`${'movegen (M moves/s)'.padEnd(34)}${f(mps(native), 2).padStart(14)}${f(mps(wasm), 2).padStart(14)}${ratio(mps(native), mps(wasm)).padStart(14)}`);
for (const [name, r] of [['native', native], ['WASM', wasm]]) {
  if (!r) continue;
  lines.push(`${name}: ${r.positions} positions, ${r.disagreements} disagree with expected.tsv, count = ${r.count}; problems: ${r.problems.length ? r.problems.join('; ') : 'none'}`);
  const slow = [...r.decisions].sort((a, b) => b.ms - a.ms).slice(0, 5);
  lines.push(`  slowest: ${slow.map(d => `${d.file}#${d.pos} ${f(d.ms, 1)} ms`).join(', ')}`);
}
if (reference) {
  const done = reference.filter(r => r.state === 'ok');
  const timeouts = reference.filter(r => r.state === 'timeout');
  const other = reference.filter(r => r.state !== 'ok' && r.state !== 'timeout');
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.ceil(s.length / 2) - 1] : NaN; };
  const refVersion = referenceDir ? createRequire(path.join(path.resolve(referenceDir), 'x.js'))('5d-chess-js/package.json').version : '(saved run)';
  lines.push(`5d-chess-js ${refVersion} on ${reference.length} in-check positions (timeout ${refTimeout} ms): ${done.length} decided, ${timeouts.length} timeout, ${other.length} not comparable`);
  for (const [name, key] of [['native', 'native_ms'], ['WASM', 'wasm_ms']]) {
    const both = done.filter(r => r[key] !== null);
    if (!both.length) continue;
    const oursSum = sum(both.map(r => r[key])), theirsSum = sum(both.map(r => r.ms));
    const perPos = both.map(r => r[key] / Math.max(r.ms, 1e-3));
    lines.push(`  ours(${name})/theirs: total ${f(oursSum, 1)} ms / ${f(theirsSum, 1)} ms = ${f(oursSum / theirsSum, 4)} (speed-up theirs/ours ${f(theirsSum / oursSum, 2)}×); median per position ours/theirs ${f(med(perPos), 4)} (speed-up ${f(1 / med(perPos), 1)}×); ours slower on ${perPos.filter(x => x > 1).length}`);
  }
  const wrong = done.filter(r => r.theirs !== (r.expected === 'checkmate' ? 'checkmate' : 'none'));
  lines.push(`  5d-chess-js answers differing from expected.tsv: ${wrong.length}${wrong.length ? ' — ' + wrong.map(r => `${r.file}#${r.pos} (expected ${r.expected}, says ${r.theirs})`).join(', ') : ''}`);
  for (const r of timeouts) lines.push(`  timeout: ${r.file}#${r.pos} (ours native ${f(r.native_ms, 1)} ms)`);
  for (const r of other) lines.push(`  not comparable: ${r.file}#${r.pos}: ${r.state}`);
}
const text = lines.join('\n');
save('report.txt', text + '\n');
console.log(text);
