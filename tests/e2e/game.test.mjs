// End-to-end tests of 5D hot-seat play in dist/ (run `trunk build` first), driven by
// playwright-core in Debian's headless Chromium. Run: node --test tests/e2e/
// Uses only the stable hooks of issue 6: data-l / data-t / data-c on boards, data-sq on
// squares, data-action on controls, data-record in the export dialog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { SHOTS, CORPUS, useApp } from "./harness.mjs";

const app = useApp();

const open = (options) => app.open(options);

const board = (l, t, c) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"]`;
const square = (l, t, c, sq) => `${board(l, t, c)} [data-sq="${sq}"]`;

/** Clicks a piece, then its destination (both given as [l, t, c, square]). */
async function move(page, from, to) {
  await page.click(square(...from));
  await page.waitForSelector(`${square(...to)}`);
  await page.click(square(...to));
}

async function submit(page) {
  await page.click("[data-action=submit]:not([disabled])");
}

async function newStandardGame(page) {
  await page.click("[data-action=new-game] >> nth=0");
  await page.click('[data-variant="Standard"]');
  await page.waitForSelector(board("0", "1", "w"));
}

async function importText(page, text) {
  await page.click("[data-action=import] >> nth=0");
  await page.fill("[data-testid=import-text]", text);
  await page.click("[data-action=import-confirm]");
}

async function exportedPgn(page) {
  await page.click("[data-action=export]");
  const pgn = await page.locator("[data-record]").getAttribute("data-record");
  await page.keyboard.press("Escape");
  return pgn;
}

test("hot-seat by clicks: a jump to the past creates timeline +1, the game survives a reload", async () => {
  const { context, page, problems } = await open();
  await newStandardGame(page);
  assert.ok(await page.locator("[data-action=submit]").isDisabled(), "nothing staged: submit disabled");
  await move(page, ["0", "1", "w", "g1"], ["0", "1", "w", "f3"]);
  // The staged board is drawn and marked, and the move list shows it.
  assert.equal(await page.locator(`${board("0", "1", "b")}.staged`).count(), 1);
  await submit(page);
  await move(page, ["0", "1", "b", "g8"], ["0", "1", "b", "f6"]);
  await submit(page);
  // The knight on (0T2)f3 has destinations on the T1 board too (time travel).
  await page.click(square("0", "2", "w", "f3"));
  assert.ok((await page.locator(`${board("0", "1", "w")} .square.dest`).count()) > 0, "dots on the past board");
  await page.screenshot({ path: join(SHOTS, "game-time-travel-destinations.png") });
  await page.click(square("0", "1", "w", "f5"));
  // A new timeline +1 below, starting at turn 1 with Black to move.
  await page.waitForSelector(board("+1", "1", "b"));
  assert.equal(await page.locator(".arrow.staged").count(), 1, "an arrow for the jump");
  await page.screenshot({ path: join(SHOTS, "game-staged-branch.png") });
  await submit(page);
  // Black must answer on the new timeline.
  assert.equal(await page.locator(`${board("+1", "1", "b")}.mandatory`).count(), 1);
  await move(page, ["+1", "1", "b", "e7"], ["+1", "1", "b", "e6"]);
  await submit(page);
  const before = await page.locator("[data-record], .move-list").first().textContent();
  assert.match(before, /\(0T2\)Nf3>>\(0T1\)f5/);
  await page.screenshot({ path: join(SHOTS, "game-two-timelines.png") });

  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(board("+1", "2", "w"));
  assert.equal(await page.locator(".move-list").textContent(), before, "the same moves after a reload");
  assert.match(await page.locator(".status-text").textContent(), /White to move/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a move across timelines by clicks, then export", async () => {
  const { context, page, problems } = await open();
  // Shad Amethyst vs ZL (corpus game-2) up to White's 15th action.
  const full = readFileSync(join(CORPUS, "notation__game-2.5dpgn"), "utf8");
  const prefix = full.slice(0, full.indexOf("15. "));
  await importText(page, prefix);
  await page.waitForSelector(board("+1", "9", "w"));
  // 15. (-1T9)cxb6 (0T9)Qd1>x(1T9)d2
  await move(page, ["-1", "9", "w", "c5"], ["-1", "9", "w", "b6"]);
  await page.click(square("0", "9", "w", "d1"));
  const hop = `${board("+1", "9", "w")} .square.dest.capture`;
  assert.ok((await page.locator(hop).count()) > 0, "the queen can land on timeline +1");
  await page.click(square("+1", "9", "w", "d2"));
  await page.screenshot({ path: join(SHOTS, "game-cross-timeline.png") });
  await submit(page);
  const pgn = await exportedPgn(page);
  assert.match(pgn, /\(-1T9\)c5xb6 \(0T9\)Qd1>x\(1T9\)d2/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("import a corpus file and export it back", async () => {
  const { context, page, problems } = await open();
  const text = readFileSync(join(CORPUS, "notation__1.1.5dpgn"), "utf8");
  await importText(page, text);
  await page.waitForSelector(board("+1", "4", "w"));
  await page.screenshot({ path: join(SHOTS, "game-imported.png") });
  const pgn = await exportedPgn(page);
  assert.match(pgn, /\[Board "Standard"\]/);
  assert.match(pgn, /\(0T5\)Qb3>>x\(0T1\)f7\+~/);
  assert.match(pgn, /\(1T4\)Qd1h5\+?\*/);
  // The export reads back to the same game.
  await importText(page, pgn);
  await page.waitForSelector(board("+1", "4", "w"));
  assert.equal(await exportedPgn(page), pgn);
  // A broken file shows the reader's line and column.
  await importText(page, '[Board "Standard"]\n\n1. e4 / (0T1e5\n');
  const error = await page.locator("[data-testid=import-error]").textContent();
  assert.match(error, /line 3, column \d+/);
  await page.screenshot({ path: join(SHOTS, "import-error.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("checkmate by clicks shows the game-over dialog", async () => {
  const { context, page, problems } = await open();
  const full = readFileSync(join(CORPUS, "tools__standard-checkmate-2.conv.5dpgn"), "utf8");
  const lines = full.trimEnd().split("\n");
  const last = lines.pop();
  await importText(page, lines.join("\n") + "\n");
  assert.match(last, /^6\. \(0T5\)f3\(-1T4\)e2 \(-2T4\)e1\(-1T5\)d1/);
  await page.waitForSelector(board("-2", "4", "w"));
  await move(page, ["0", "5", "w", "f3"], ["-1", "4", "w", "e2"]);
  await move(page, ["-2", "4", "w", "e1"], ["-1", "5", "w", "d1"]);
  await submit(page);
  await page.waitForSelector("[data-testid=game-over]", { timeout: 20_000 });
  assert.match(await page.locator(".game-over-title").textContent(), /White wins/);
  await page.screenshot({ path: join(SHOTS, "game-over.png") });
  await page.click("text=Show the position");
  assert.match(await page.locator(".status-text").textContent(), /White wins by checkmate/);
  // The result is exported as a [Result] tag, with no token after the moves (5d-chess-js reads it).
  const pgn = await exportedPgn(page);
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.doesNotMatch(pgn, /1-0\s*$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a damaged saved game is kept aside and reported", async () => {
  const { context, page } = await open();
  await newStandardGame(page);
  await move(page, ["0", "1", "w", "e2"], ["0", "1", "w", "e4"]);
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("chronochess/v1/game/")));
  assert.ok(key, "the game was saved");
  await page.evaluate((k) => localStorage.setItem(k, "{ not json"), key);
  await page.goto(app.server.url, { waitUntil: "load" });
  await page.waitForSelector("[data-testid=storage-issues]");
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("chronochess/quarantine/")));
  assert.equal(kept.length, 1, "the damaged record is kept under chronochess/quarantine/");
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), kept[0]), "{ not json");
  await page.screenshot({ path: join(SHOTS, "home-storage-issue.png") });
  await context.close();
});

test("saved games: listed with board, turn and result; rename, delete with undo, resume", async () => {
  const { context, page, problems } = await open();
  await newStandardGame(page);
  await move(page, ["0", "1", "w", "e2"], ["0", "1", "w", "e4"]);
  await submit(page);
  await page.click("[data-action=games]");
  const row = page.locator(".saved-game").first();
  await row.waitFor();
  assert.match(await row.textContent(), /Standard.*Black to move.*in play/s);
  await row.locator("[data-action=rename]").click();
  await row.locator(".rename-input").fill("Friday night");
  await row.locator("[data-action=rename-save]").click();
  await page.waitForSelector(".saved-name >> text=Friday night");
  await page.screenshot({ path: join(SHOTS, "home-saved-games.png") });
  await page.locator(".saved-game [data-action=delete]").first().click();
  assert.equal(await page.locator(".saved-game").count(), 0);
  await page.click("[data-action=undo-delete]");
  await page.waitForSelector(".saved-name >> text=Friday night");
  await page.locator(".saved-game [data-action=resume]").first().click();
  await page.waitForSelector(`${board("0", "1", "b")}`);
  assert.match(await page.locator(".move-list").textContent(), /\(0T1\)e2e4/);
  assert.match(await page.locator(".status-text").textContent(), /Black to move/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("two tabs on the same game: a move in one shows in the other", async () => {
  const { context, page, problems } = await open();
  await newStandardGame(page);
  const url = page.url();
  assert.match(url, /#game=/);
  const other = await context.newPage();
  await other.goto(url, { waitUntil: "load" });
  await other.waitForSelector(board("0", "1", "w"));
  await move(other, ["0", "1", "w", "d2"], ["0", "1", "w", "d4"]);
  await submit(other);
  await page.waitForSelector(board("0", "1", "b"));
  assert.match(await page.locator(".move-list").textContent(), /\(0T1\)d2d4/);
  assert.match(await page.locator(".notice").textContent(), /another tab/);
  assert.deepEqual(problems, []);
  await context.close();
});
