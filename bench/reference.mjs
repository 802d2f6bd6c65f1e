// Shared helpers for the node harnesses: loading 5d-chess-js from a temporary
// folder (never vendored), cutting a canonical 5dpgn text after k actions, and
// reading the position 5d-chess-js ended up in.
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/** Loads the 5d-chess-js constructor from `<dir>/node_modules/5d-chess-js`. */
export function loadReference(dir) {
  const require = createRequire(path.join(path.resolve(dir), 'index.js'));
  return require('5d-chess-js');
}

/** Runs `chronochess ARGS…` and returns stdout, or throws with stderr. */
export function chronochess(bin, args) {
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error((r.stderr || '').trim() || `exit ${r.status}`);
  return r.stdout;
}

/**
 * Splits canonical 5dpgn (our writer's layout: tag and 5DFEN lines, a blank
 * line, then one line per turn `n. white / black` or `nb. black`) into its
 * header and the text of each action with its colour and turn.
 */
export function splitCanonical(text) {
  const lines = text.split('\n');
  const header = [];
  const actions = [];
  for (const line of lines) {
    const t = line.trim();
    if (t === '') continue;
    if (t.startsWith('[')) { header.push(t); continue; }
    const m = /^(\d+)(b?)\.\s*(.*)$/.exec(t);
    if (!m) continue;
    const turn = Number(m[1]);
    let parts = m[3].split(' / ');
    if (m[2] === 'b') {
      actions.push({ turn, color: 'b', moves: parts[0].trim() });
      continue;
    }
    actions.push({ turn, color: 'w', moves: parts[0].trim() });
    if (parts.length > 1) actions.push({ turn, color: 'b', moves: parts[1].trim() });
  }
  // A trailing result token (1-0, 0-1, 1/2-1/2, *) is not a move.
  for (const a of actions) a.moves = a.moves.replace(/\s+(1-0|0-1|1\/2-1\/2|\*)$/, '').trim();
  return { header, actions };
}

/** The canonical text of the first k actions. */
export function prefixText(split, k) {
  const out = [...split.header, ''];
  let line = null;
  for (const a of split.actions.slice(0, k)) {
    if (a.color === 'w') {
      if (line !== null) out.push(line);
      line = `${a.turn}. ${a.moves}`;
    } else if (line !== null && line.startsWith(`${a.turn}. `) && !line.includes(' / ')) {
      line += ` / ${a.moves}`;
    } else {
      if (line !== null) out.push(line);
      line = `${a.turn}b. ${a.moves}`;
    }
  }
  if (line !== null) out.push(line);
  return out.join('\n') + '\n';
}

/** 5d-chess-js's position: number of timelines, the present (`7b`), actions. */
export function referenceFacts(chess) {
  const tls = chess.board.timelines;
  let best = null;
  for (const tl of tls) {
    if (!tl.active || tl.turns.length === 0) continue;
    const last = tl.turns[tl.turns.length - 1];
    const v = 2 * last.turn + (last.player === 'black' ? 1 : 0);
    if (best === null || v < best) best = v;
  }
  const present = best === null ? '?' : `${Math.floor(best / 2)}${best % 2 ? 'b' : 'w'}`;
  return { timelines: tls.length, present, actions: chess.actionHistory.length };
}

/** Imports `text` into a fresh 5d-chess-js game without its mate detection. */
export function importReference(Chess, text) {
  const chess = new Chess();
  chess.skipDetection = true;
  let error = null;
  try {
    chess.import(text);
  } catch (e) {
    error = String(e && e.message ? e.message : e).split('\n')[0];
  }
  return { chess, error };
}
