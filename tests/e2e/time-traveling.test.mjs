// End-to-end tests of Time Traveling Chess hot-seat play in dist/ (run `trunk build` first),
// driven by playwright-core in Debian's headless Chromium. Run: node --test tests/e2e/
// Stable hooks: data-sq on the board's squares, data-ply / data-slot on the timeline's cells,
// data-action on controls, data-record in the export dialog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, openOtherGame, useApp } from "./harness.mjs";

const app = useApp();

const open = (options) => app.open(options);

const cell = (ply) => `.tt-timeline [data-ply="${ply}"]`;

async function newGame(page) {
  await openOtherGame(page, "time-traveling");
  await page.click("[data-action=new-time-traveling]");
  await page.waitForSelector(".tt-screen [data-sq=e2]");
}

/** Clicks a piece, then its target square (the target must be offered as legal). */
async function move(page, from, to) {
  await page.click(`.tt-board [data-sq=${from}]`);
  await page.waitForSelector(`.tt-board [data-sq=${to}].dest`);
  await page.click(`.tt-board [data-sq=${to}]`);
}

async function slots(page) {
  return page.$$eval(".tt-timeline [data-ply]", (cells) =>
    cells.map((c) => `${c.dataset.ply}:${c.dataset.slot}:${c.querySelector(".tt-text").textContent}`),
  );
}

async function status(page) {
  return page.locator("[data-testid=tt-status]").textContent();
}

test("a replaced early move turns a later capture into a blank, which is filled; all survives a reload", async () => {
  const { context, page, problems } = await open();
  await newGame(page);
  // A.7.1: 1. h4 d5 2. g4 Bxg4 3. Nf3 e6
  for (const [from, to] of [["h2", "h4"], ["d7", "d5"], ["g2", "g4"], ["c8", "g4"], ["g1", "f3"], ["e7", "e6"]]) {
    await move(page, from, to);
  }
  assert.match(await status(page), /White to act/);
  assert.match(await page.locator(cell(4)).textContent(), /Bxg4/);
  // White's pawn move at ply 3 has upgrades (↑).
  assert.equal(await page.locator(`${cell(3)} .tt-upg`).count(), 1, "ply 3 is upgradable");
  await page.screenshot({ path: join(SHOTS, "tt-before-change.png") });

  // Look at the board before ply 3, pick the rook, and see its upgrade h1-h3.
  await page.click(cell(3));
  assert.match(await page.locator("[data-testid=tt-banner]").textContent(), /viewing the past/);
  assert.equal(await page.locator(".tt-board [data-sq=g2].recorded").count(), 1, "the move played there is shown");
  // Its legal upgrades are offered on the board (outlined pieces) and as a list; no pawn move among them.
  assert.equal(await page.locator("[data-testid=tt-choices] [data-move=h1h3]").count(), 1);
  assert.equal(await page.locator("[data-testid=tt-choices] [data-move=g2g3]").count(), 0);
  assert.ok((await page.locator(".tt-board.mode-replace [data-sq].movable").count()) > 0);
  await page.click(".tt-board [data-sq=h1]");
  await page.screenshot({ path: join(SHOTS, "tt-upgrades.png") });
  await page.click(".tt-board [data-sq=h1]");
  await move(page, "h1", "h3");
  // The consequences are previewed before confirming: ply 4 (Bxg4) would become a blank.
  const preview = await page.locator("[data-testid=tt-preview]").textContent();
  assert.match(preview, /Replace ply 3 \(g4\) with Rh1-h3/);
  assert.match(preview, /Ply 4: Black's Bc8xg4 can no longer be played and becomes a blank/);
  assert.match(preview, /becomes pending/);
  assert.equal(await page.locator(`${cell(4)}.doomed`).count(), 1, "the doomed ply is marked in the timeline");
  await page.screenshot({ path: join(SHOTS, "tt-preview.png") });
  await page.click("[data-action=confirm]");

  assert.deepEqual(await slots(page), [
    "1:move:h4",
    "2:move:d5",
    "3:move:Rh3",
    "4:blank:blank",
    "5:move:Nf3",
    "6:move:e6",
    "7:pending:pending",
    "8:now:to play",
  ]);
  assert.match(await status(page), /Black to act/);
  await page.screenshot({ path: join(SHOTS, "tt-blank.png") });

  // Black fills the blank with the bishop move, now a quiet one.
  await page.click(cell(4));
  assert.match(await page.locator("[data-testid=tt-hint]").textContent(), /Fill the blank at ply 4/);
  assert.equal(await page.locator("[data-testid=tt-choices] [data-move=c8g4]").count(), 1);
  await move(page, "c8", "g4");
  assert.match(await page.locator("[data-testid=tt-preview]").textContent(), /White's pending turn \(ply 7\) is withdrawn/);
  await page.click("[data-action=confirm]");
  const after = await slots(page);
  assert.deepEqual(after, ["1:move:h4", "2:move:d5", "3:move:Rh3", "4:move:Bg4", "5:move:Nf3", "6:move:e6", "7:now:to play"]);
  assert.match(await status(page), /White to act/);
  await page.screenshot({ path: join(SHOTS, "tt-filled.png") });

  // Reload: the same game, the same history, the same turn.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(".tt-screen [data-sq=e2]");
  assert.deepEqual(await slots(page), after);
  assert.match(await status(page), /White to act/);
  // White plays on at ply 7 (A.7.1: Nc3 is legal now).
  await move(page, "b1", "c3");
  assert.match(await page.locator(cell(7)).textContent(), /Nc3/);

  // Home: the game is listed with the others and resumes from there.
  await page.click("[data-action=games]");
  const row = page.locator(".saved-game", { hasText: "Time Traveling" });
  assert.equal(await row.count(), 1);
  await row.locator("[data-action=resume]").click();
  await page.waitForSelector(cell(7));
  assert.match(await page.locator(cell(7)).textContent(), /Nc3/);

  // Export: the rules module's record.
  await page.click("[data-action=export]");
  const record = JSON.parse(await page.locator("[data-record]").getAttribute("data-record"));
  assert.equal(record.format, "chronochess/time-traveling");
  assert.deepEqual(record.slots, ["Ph2-h4", "Pd7-d5", "Rh1-h3", "Bc8-g4", "Ng1-f3", "Pe7-e6", "Nb1-c3"]);
  await page.keyboard.press("Escape");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a mated player escapes by upgrading; the end panel lists what blocks the end; import errors are clear", async () => {
  const { context, page, problems } = await open();
  await newGame(page);
  // A.7.4: 1. f3 e5 2. g4 Qh4# — checkmate in the history, but the game goes on.
  for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
    await move(page, from, to);
  }
  await page.waitForSelector("[data-testid=tt-terminus]");
  assert.match(await page.locator("[data-testid=tt-terminus-line]").textContent(), /checkmate at ply 5: White is mated/);
  assert.match(await page.locator("[data-testid=tt-blockers]").textContent(), /White has not accepted and can still upgrade 2 moves \(ply 1, 3\)/);
  assert.ok(await page.locator("[data-action=accept]").isEnabled(), "White may accept (concede)");
  await page.screenshot({ path: join(SHOTS, "tt-mate-in-history.png") });
  // White replaces 1. f3 with 1. Nf3: the mate dissolves.
  await page.click(cell(1));
  await move(page, "g1", "f3");
  assert.match(await page.locator("[data-testid=tt-preview]").textContent(), /dissolves/);
  await page.click("[data-action=confirm]");
  assert.equal(await page.locator("[data-testid=tt-terminus]").count(), 0);
  assert.match(await status(page), /Black to act/);
  // Black resigns from the dialog.
  await page.click("[data-action=resign]");
  await page.click("[data-action=resign-black]");
  assert.match(await status(page), /1-0 \(White wins by resignation\)/);
  await page.screenshot({ path: join(SHOTS, "tt-resigned.png") });

  // A broken record is refused with the reason and its line and column.
  await page.click("[data-action=new-game] >> nth=0");
  await page.click("[data-action=tt-import-open]");
  await page.fill("[data-testid=tt-import-text]", '{\n  "format": "chronochess/time-traveling",\n  "version": 1,\n  "slots": [oops]\n}');
  await page.click("[data-action=tt-import-confirm]");
  assert.match(await page.locator("[data-testid=tt-import-error]").textContent(), /line 4, column \d+/);
  await page.fill("[data-testid=tt-import-text]", '{"format": "chronochess/branching"}');
  await page.click("[data-action=tt-import-confirm]");
  assert.match(await page.locator("[data-testid=tt-import-error]").textContent(), /cannot be imported/);
  await page.screenshot({ path: join(SHOTS, "tt-import-error.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("pieces can be dragged: a drop on a target plays the move, a drop elsewhere plays nothing", async () => {
  const { context, page, problems } = await open();
  await newGame(page);
  const centre = async (sq) => {
    const b = await page.locator(`.tt-board [data-sq=${sq}]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const drag = async (from, to, { hold } = {}) => {
    await page.mouse.move(...(await centre(from)));
    await page.mouse.down();
    await page.mouse.move(...(await centre(to)), { steps: 6 });
    if (hold) await hold();
    await page.mouse.up();
  };
  const before = await slots(page);
  // The knight cannot reach g4: while it is carried its targets show and it follows the
  // pointer; let go there, nothing is played.
  await drag("g1", "g4", {
    hold: async () => {
      assert.equal(await page.locator(".board-ghost .piece.white.knight").count(), 1, "the knight follows the pointer");
      assert.equal(await page.locator(".tt-board .dest").count(), 2, "f3 and h3 are offered");
    },
  });
  assert.equal(await page.locator(".board-ghost").count(), 0);
  assert.deepEqual(await slots(page), before, "no move was played");
  assert.equal(await page.locator(".tt-board [data-sq=g1] .piece.white.knight").count(), 1);
  assert.match(await status(page), /White to act/);
  // e2–e4 by drag, then e7–e5 by drag: both played.
  await drag("e2", "e4");
  await page.waitForSelector(".tt-board [data-sq=e4] .piece.white.pawn");
  assert.match(await status(page), /Black to act/);
  await drag("e7", "e5");
  await page.waitForSelector(".tt-board [data-sq=e5] .piece.black.pawn");
  assert.match(await status(page), /White to act/);
  assert.equal(await page.locator(".tt-board [data-sq=e2] .piece").count(), 0);
  assert.notDeepEqual(await slots(page), before);
  // A press without movement still selects, as a click does.
  await page.click(".tt-board [data-sq=g1]");
  await page.waitForSelector(".tt-board [data-sq=f3].dest");
  assert.deepEqual(problems, []);
  await context.close();
});
