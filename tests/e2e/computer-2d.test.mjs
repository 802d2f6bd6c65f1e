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

async function move(page, from, to) {
  await page.click(cell(from));
  await page.waitForSelector(`${cell(to)}.dest`);
  await page.click(cell(to));
  await page.waitForSelector(`${cell(to)}.last`);
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
    const frame = (t) => {
      window.__gaps.push(t - last);
      last = t;
      const el = document.querySelector("[data-testid=computer]");
      if (el?.dataset.thinking === "true" && /Computer is thinking/.test(el.textContent)) {
        window.__sawThinking = true;
      }
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
  await move(page, "d2", "d4");
  await waitStatus(page, /White to move · move 3/);
  const gaps2 = await page.evaluate(() => window.__gaps);
  const all = [...seen.gaps, ...gaps2];
  const largest = Math.max(...all);
  console.log(`largest frame gap while the computer thought: ${largest.toFixed(1)} ms over ${all.length} frames`);
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

  // A reload on the computer's turn: the human moves, and the page reloads in the same task as
  // it reads the record (no slice of thinking can run in between), which says Black to move.
  await move(page, "g1", "f3");
  const toMove = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("chronochess/v1/game/"));
    const r = JSON.parse(localStorage.getItem(key));
    location.reload();
    return r.to_move;
  });
  assert.equal(toMove, "Black", "reloaded while the computer was to move");
  await page.waitForSelector(".cg-screen");
  await page.waitForSelector("[data-testid=computer]");
  await waitStatus(page, /White to move · move 3/);
  const afterAnswer = await pieces(page);
  assert.ok(afterAnswer.some((p) => p.startsWith("f3:") && p.includes("white")), "the knight is on f3");

  // Reloaded again: the same game, the computer still Black at level 3.
  await page.reload();
  await page.waitForSelector(".cg-screen");
  await waitStatus(page, /White to move · move 3/);
  assert.deepEqual(await pieces(page), afterAnswer);
  assert.match(await page.locator("[data-testid=computer]").textContent(), /Computer \(level 3\) plays Black/);
  record = await stored(page);
  assert.equal(record.opponent, "Computer (level 3)");
  await page.screenshot({ path: join(SHOTS, "computer-2d-reloaded.png") });

  assert.deepEqual(problems, []);
  await context.close();
});
