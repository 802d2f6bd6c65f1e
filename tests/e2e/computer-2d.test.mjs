// End-to-end test of the 2D games' computer opponent (one code path for Time Traveling Chess,
// Chessgi and Multiverse Time Travel Chess), on Chessgi in dist/ (run `trunk build` first).
// Run: node --test tests/e2e/computer-2d.test.mjs
// A game against the computer (level 3, Black) started from the new-game entry; two human moves
// by clicks, each answered by the computer while the page keeps drawing (the largest gap between
// animation frames is measured and printed); a reload on the computer's turn makes it play; the
// takeback takes back the pair; the saved record names the computer and survives a reload.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, openOtherGame, useApp } from "./harness.mjs";

const app = useApp();

const cell = (sq) => `.cg-board [data-sq="${sq}"]`;

/** A white move by clicks: the piece, then its destination; waits until the piece stands there
 * (not for the "last move" mark: the computer's answer may already have moved it). */
async function move(page, from, to) {
  const kind = await page.$eval(`${cell(from)} .piece`, (e) => e.className.split(" ").pop());
  await page.click(cell(from));
  await page.waitForSelector(`${cell(to)}.dest`);
  await page.click(cell(to));
  await page.waitForSelector(`${cell(to)} .piece.white.${kind}`);
}

const status = (page) => page.locator(".status-text").textContent();

/** Waits until the status says `text` (a RegExp). */
async function waitStatus(page, text, timeout = 30_000) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector(".status-text")?.textContent ?? ""),
    text.source,
    { timeout },
  );
}

/** The pieces on the board, as "square:classes" sorted. */
const pieces = (page) =>
  page.$$eval(".cg-board [data-sq] .piece", (els) =>
    els.map((e) => `${e.parentElement.dataset.sq}:${e.className}`).sort(),
  );

/** The saved record of the one game in localStorage. */
const stored = (page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("chronochess/v1/game/"));
    return JSON.parse(localStorage.getItem(key));
  });

/** Starts recording the gaps between animation frames and whether "thinking" was shown. */
const watch = (page) =>
  page.evaluate(() => {
    window.__gaps = [];
    window.__sawThinking = false;
    let last = performance.now();
    window.__thinkingGaps = [];
    let wasThinking = false;
    const frame = (t) => {
      window.__gaps.push(t - last);
      const el = document.querySelector("[data-testid=computer]");
      const thinking = el?.dataset.thinking === "true";
      // A gap between two frames both drawn while the computer thinks: its slices alone.
      if (thinking && wasThinking) window.__thinkingGaps.push(t - last);
      wasThinking = thinking;
      last = t;
      if (thinking && /Computer is thinking/.test(el.textContent)) window.__sawThinking = true;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

test("Chessgi against the computer: it answers, the page keeps drawing, reload keeps the game", async () => {
  const { context, page, problems } = await app.open({ viewport: { width: 1400, height: 900 } });
  await openOtherGame(page, "chessgi");
  const entry = "[data-testid=chessgi-opponent]";
  await page.selectOption(`${entry} [data-option=opponent]`, "black");
  await page.selectOption(`${entry} [data-option=level]`, "3");
  await page.locator(entry).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "computer-2d-new-game.png") });
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen");
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 3\) plays Black/);
  assert.match(await page.locator(".game-variant").textContent(), /vs Computer \(level 3\)/);

  // 1. e4 by clicks; the computer answers.
  await watch(page);
  await move(page, "e2", "e4");
  await waitStatus(page, /White to move · move 2/);
  await page.waitForSelector("[data-testid=computer][data-thinking=false]");
  const seen = await page.evaluate(() => ({ gaps: window.__gaps, thinking: window.__sawThinking }));
  assert.ok(seen.thinking, "the page said the computer was thinking");
  // While the computer is to move, the board refuses the player's presses.
  await page.screenshot({ path: join(SHOTS, "computer-2d-answered.png") });

  // 2. d4 by clicks; it answers again.
  await page.evaluate(() => (window.__gaps = []));
  const firstInside = await page.evaluate(() => window.__thinkingGaps.splice(0));
  await move(page, "d2", "d4");
  await waitStatus(page, /White to move · move 3/);
  const gaps2 = await page.evaluate(() => window.__gaps);
  const all = [...seen.gaps, ...gaps2];
  const largest = Math.max(...all);
  const top = [...all].sort((a, b) => b - a).slice(0, 5).map((g) => g.toFixed(1));
  console.log(`largest frame gaps from each human move to the answer: ${top.join(", ")} ms over ${all.length} frames`);
  const inside = [...firstInside, ...(await page.evaluate(() => window.__thinkingGaps))];
  const topInside = [...inside].sort((a, b) => b - a).slice(0, 5).map((g) => g.toFixed(1));
  console.log(`largest gaps between frames drawn while it thought: ${topInside.join(", ")} ms over ${inside.length} gaps`);
  assert.ok(largest < 200, `the page kept drawing (largest gap ${largest} ms)`);

  // The record names the computer for the saved list and keeps who it is.
  let record = await stored(page);
  assert.equal(record.opponent, "Computer (level 3)");
  assert.deepEqual({ color: record.computer.color, level: record.computer.level }, { color: "Black", level: 3 });

  // Takeback takes back the pair: White to move on move 2 again.
  const beforeTakeback = await pieces(page);
  await page.click("[data-action=takeback]");
  await waitStatus(page, /White to move · move 2/);
  assert.notDeepEqual(await pieces(page), beforeTakeback);

  // The human plays Nf3, the computer answers; a reload finds the same game, the computer still
  // Black at level 3.
  await move(page, "g1", "f3");
  await waitStatus(page, /White to move · move 3/);
  await page.waitForSelector("[data-testid=computer][data-thinking=false]");
  const afterAnswer = await pieces(page);
  assert.ok(afterAnswer.some((p) => p.startsWith("f3:") && p.includes("white")), "the knight is on f3");
  await page.reload();
  await page.waitForSelector(".cg-screen");
  await waitStatus(page, /White to move · move 3/);
  assert.deepEqual(await pieces(page), afterAnswer);
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 3\) plays Black/);
  record = await stored(page);
  assert.equal(record.opponent, "Computer (level 3)");
  await page.screenshot({ path: join(SHOTS, "computer-2d-reloaded.png") });

  // A reload on the computer's turn makes it play. At level 3 it answers faster than a test can
  // reload, so the saved record is made to say so: the computer plays White, whose turn it is.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("chronochess/v1/game/"));
    const r = JSON.parse(localStorage.getItem(key));
    r.computer.color = "White";
    localStorage.setItem(key, JSON.stringify(r));
  });
  await page.reload();
  await page.waitForSelector(".cg-screen");
  await waitStatus(page, /Black to move · move 3/);
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 3\) plays White/);
  assert.notDeepEqual(await pieces(page), afterAnswer, "White played a move after the reload");
  record = await stored(page);
  assert.equal(record.to_move, "Black");

  assert.deepEqual(problems, []);
  await context.close();
});

/** Chooses the computer (its side and level) in a new-game entry. */
async function chooseComputer(page, game, side, level) {
  const entry = `[data-testid=${game}-opponent]`;
  await page.selectOption(`${entry} [data-option=opponent]`, side);
  await page.selectOption(`${entry} [data-option=level]`, level);
}

test("Time Traveling Chess against the computer (White): it opens, the player answers by clicks, it answers, reload keeps it", async () => {
  const { context, page, problems } = await app.open({ viewport: { width: 1400, height: 900 } });
  await openOtherGame(page, "time-traveling");
  await chooseComputer(page, "tt", "white", "2");
  await page.click("[data-action=new-time-traveling]");
  await page.waitForSelector(".tt-screen [data-sq=e2]");
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 2\) plays White/);
  // The computer opens: its move is marked as the last one, a white piece off its home square.
  const tt = (sq) => `.tt-board [data-sq=${sq}]`;
  const ttPieces = () =>
    page.$$eval(".tt-board [data-sq] .piece", (els) => els.map((e) => `${e.parentElement.dataset.sq}:${e.className}`).sort());
  await page.waitForFunction((n) => document.querySelectorAll(".tt-board .square.last").length === n, 2);
  await page.waitForSelector("[data-testid=computer][data-thinking=false]");
  const from = await page.$$eval(".tt-board .square.last", (els) => els.filter((e) => !e.querySelector(".piece")).map((e) => e.dataset.sq));
  assert.equal(from.length, 1, "the square the computer's piece left is empty");
  assert.match(from[0], /[a-h][12]/);
  // Black answers e7-e5 by clicks; the computer answers that.
  await page.click(tt("e7"));
  await page.waitForSelector(`${tt("e5")}.dest`);
  await page.click(tt("e5"));
  await page.waitForSelector(`${tt("e5")} .piece.black.pawn`);
  await page.waitForFunction(
    () => document.querySelectorAll(".tt-timeline [data-ply]").length >= 3 &&
      document.querySelector("[data-testid=computer]")?.dataset.thinking === "false",
  );
  const answered = await ttPieces();
  await page.screenshot({ path: join(SHOTS, "computer-2d-tt.png") });
  await page.reload();
  await page.waitForSelector(".tt-screen [data-sq=e2]");
  assert.deepEqual(await ttPieces(), answered);
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 2\) plays White/);
  assert.equal((await stored(page)).opponent, "Computer (level 2)");
  assert.deepEqual(problems, []);
  await context.close();
});

test("Multiverse Time Travel Chess against the computer (White): it opens, the player answers, it answers, reload keeps it", async () => {
  const { context, page, problems } = await app.open({ viewport: { width: 1400, height: 900 } });
  const board = (b, t) => `.br-board[data-branch="${b}"][data-t="${t}"]`;
  const square = (b, t, sq) => `${board(b, t)} [data-sq="${sq}"]`;
  await openOtherGame(page, "multiverse");
  // Level 2: level 1's noise sends a piece back in time on move 1 now and then
  // (a fork, and Black to play on two branches), which this test does not play.
  await chooseComputer(page, "branching", "white", "2");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));
  // The computer's first branch-turn makes the board at t = 1.
  await page.waitForSelector(board(0, 1));
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 2\) plays White/);
  // Black's branch-turn by clicks: e7-e5, then "Play move"; the computer answers (t = 3).
  await page.click(square(0, 1, "e7"));
  await page.click(square(0, 1, "e5"));
  await page.waitForSelector(board(0, "preview"));
  await page.click("[data-action=play-turn]");
  await page.waitForSelector(board(0, 2));
  await page.waitForSelector(board(0, 3));
  await page.screenshot({ path: join(SHOTS, "computer-2d-multiverse.png") });
  await page.reload();
  await page.waitForSelector(board(0, 3));
  assert.equal(await page.locator(`${square(0, 2, "e5")} .piece.black.pawn`).count(), 1);
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 2\) plays White/);
  assert.equal((await stored(page)).opponent, "Computer (level 2)");
  assert.deepEqual(problems, []);
  await context.close();
});
