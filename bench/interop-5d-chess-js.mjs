// Interop check (issue 4, item 6): every Standard-board corpus game, written
// as canonical 5dpgn by `chronochess convert`, must be read back by the npm
// package 5d-chess-js to the same position (same number of timelines, same
// present, same number of actions). 5d-chess-js skips what it cannot read
// without a word, so the resulting state is compared, not its return value.
//
// usage: node bench/interop-5d-chess-js.mjs --bin target/release/chronochess
//          --corpus ../shared/corpus --reference /tmp/dir-with-node_modules [--all]
import fs from 'node:fs';
import path from 'node:path';
import { loadReference, chronochess, importReference, referenceFacts } from './reference.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const bin = opt('--bin', 'target/release/chronochess');
const corpus = opt('--corpus', '../shared/corpus');
const reference = opt('--reference', null);
const all = args.includes('--all');
if (!reference) { console.error('--reference DIR (a folder with node_modules/5d-chess-js) is required'); process.exit(2); }
const Chess = loadReference(reference);

const gamesDir = path.join(corpus, 'games');
const files = fs.readdirSync(gamesDir).filter(f => f.endsWith('.5dpgn')).sort();
let checked = 0, agree = 0;
const disagreements = [];
for (const file of files) {
  const full = path.join(gamesDir, file);
  const original = fs.readFileSync(full, 'utf8');
  const board = /^\s*\[board\s+"([^"]*)"\s*\]/im.exec(original);
  const standard = board && board[1].trim().toLowerCase() === 'standard';
  if (!standard && !all) continue;
  checked++;
  let canonical, ours;
  try {
    canonical = chronochess(bin, ['convert', full]);
    const [actions, timelines, present] = chronochess(bin, ['convert', full, '--facts']).trim().split('\t');
    ours = { timelines: Number(timelines), present, actions: Number(actions) };
  } catch (e) {
    disagreements.push(`${file}: chronochess convert failed: ${e.message}`);
    continue;
  }
  const { chess, error } = importReference(Chess, canonical);
  const theirs = referenceFacts(chess);
  const same = theirs.timelines === ours.timelines && theirs.present === ours.present
    && theirs.actions === ours.actions;
  const line = `${file}${standard ? '' : ` [${board ? board[1] : 'no Board tag'}]`}: ours ${ours.timelines} timelines, present ${ours.present}, ${ours.actions} actions; 5d-chess-js ${theirs.timelines} timelines, present ${theirs.present}, ${theirs.actions} actions${error ? ` (import error: ${error})` : ''}`;
  if (same) { agree++; } else {
    // Diagnose: does it read once the PGN result token (1-0, 0-1, ...) is removed?
    const stripped = canonical.replace(/\s+(1-0|0-1|1\/2-1\/2|\*)\s*$/, '\n');
    let why = '';
    if (stripped !== canonical) {
      const again = referenceFacts(importReference(Chess, stripped).chess);
      if (again.timelines === ours.timelines && again.present === ours.present && again.actions === ours.actions) {
        why = ' -- agrees once the result token after the last move is removed (5d-chess-js rejects result tokens)';
      }
    }
    disagreements.push(line + why);
  }
  if (args.includes('--verbose')) console.log((same ? 'AGREE ' : 'DIFFER ') + line);
}
console.log(`interop with 5d-chess-js: ${agree}/${checked} ${all ? 'corpus' : 'Standard-board'} games read back to the same position`);
for (const d of disagreements) console.log(`  DIFFER ${d}`);
process.exit(disagreements.length === 0 ? 0 : 1);
