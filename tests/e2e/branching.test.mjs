// End-to-end test of Multiverse Time Travel Chess (issue 9, item 5) in dist/ (run `trunk build`
// first), driven by playwright-core in Debian's headless Chromium. Run: node --test tests/e2e/
// Hooks: boards `.br-board[data-branch][data-t]` (data-t="preview" for the staged move's board),
// squares `[data-sq]` (marks as their classes), controls `[data-action]`, panels `[data-testid]`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, openOtherGame, useApp } from "./harness.mjs";

const app = useApp();

const board = (b, t) => `.br-board[data-branch="${b}"][data-t="${t}"]`;
const square = (b, t, sq) => `${board(b, t)} [data-sq="${sq}"]`;

/** One branch-turn without travel: click the piece, its destination, then "Play move". */
async function turn(page, b, t, from, to) {
  await page.click(square(b, t, from));
  await page.click(square(b, t, to));
  await page.waitForSelector(board(b, "preview"));
  await page.click("[data-action=play-turn]");
  await page.waitForSelector(board(b, t + 1));
}

/** Drags from one square's centre to another's with the mouse. */
async function drag(page, fromSel, toSel) {
  const a = await page.locator(fromSel).boundingBox();
  const z = await page.locator(toSel).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + z.x) / 2 + 10, (a.y + z.y) / 2 + 10, { steps: 4 });
  await page.mouse.move(z.x + z.width / 2, z.y + z.height / 2, { steps: 4 });
  await page.mouse.up();
}

test("fork a branch, play a phase on two branches, reload and find it intact", async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(app.server.url, { waitUntil: "load" });

  // New game: an even limit is refused with a reason, 21 starts.
  await openOtherGame(page, "multiverse");
  await page.fill("[data-testid=branch-limit]", "4");
  await page.click("[data-action=start-branching]");
  assert.match(await page.textContent("[data-testid=branch-limit-error]"), /odd/i);
  await page.screenshot({ path: join(SHOTS, "branching-new-game.png") });
  await page.fill("[data-testid=branch-limit]", "21");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));

  // 1.e4 e5 2.Nf3 Nc6 on the original branch.
  await turn(page, 0, 0, "e2", "e4");
  await turn(page, 0, 1, "e7", "e5");
  await turn(page, 0, 2, "g1", "f3");
  await turn(page, 0, 3, "b8", "c6");

  // 3.Bc4, then the f3 knight travels back to t2 (by drag) and lands on c3: branch 1.
  await page.click(square(0, 4, "f1"));
  await page.click(square(0, 4, "c4"));
  await page.waitForSelector(`${board(0, "preview")} [data-sq].traveller`);
  await page.click(square(0, "preview", "f3"));
  await page.waitForSelector(`${board(0, 2)} [data-sq].landing`);
  // The landing rules are the engine's: f3 attacks e5 and d5 attacks c7, so neither is offered.
  const landings = await page.$$eval(`${board(0, 2)} [data-sq].landing`, (els) => els.length);
  assert.ok(landings > 0, "landing squares on the earlier board");
  await page.screenshot({ path: join(SHOTS, "branching-landings.png") });
  await drag(page, square(0, "preview", "f3"), square(0, 2, "c3"));
  await page.waitForSelector(board(1, 3));
  assert.equal(await page.locator(`${board(1, 3)} [data-sq="c3"].arrived .piece.white.knight`).count(), 1);
  assert.equal(await page.locator(`${board(0, 5)} [data-sq="f3"] .piece`).count(), 0, "f3 left branch 0");
  assert.match(await page.textContent("[data-testid=branch-count]"), /2 of 21/);

  // Black's phase: both branches are pending; play one move on each.
  assert.match(await page.textContent("[data-testid=status]"), /Black's phase: 2 branches/);
  assert.equal(await page.locator("[data-testid=pending] [data-branch]").count(), 2);
  await turn(page, 0, 5, "g8", "f6");
  assert.match(await page.textContent("[data-testid=status]"), /Black's phase: 1 branch /);
  await turn(page, 1, 3, "d7", "d6");
  assert.match(await page.textContent("[data-testid=status]"), /White's phase: 2 branches/);
  const tally = page.locator("[data-testid=tally]");
  assert.equal(await tally.getAttribute("data-active"), "2");
  assert.equal(await tally.getAttribute("data-white"), "0");
  await page.screenshot({ path: join(SHOTS, "branching-two-branches.png") });

  const snapshot = async () => ({
    status: await page.textContent("[data-testid=status]"),
    moves: await page.textContent(".br-log.moves"),
    boards: await page.$$eval(".br-board", (els) => els.map((e) => `${e.dataset.branch}/${e.dataset.t}/${e.dataset.c}`)),
    b1: await page.$$eval(`${board(1, 4)} [data-sq] .piece`, (els) => els.map((e) => `${e.parentElement.dataset.sq}:${e.className}`)),
  });
  const before = await snapshot();
  assert.equal(before.boards.length, 6 + 1 + 2, "branch 0 has t0..t6, branch 1 has t3..t4");

  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(board(1, 4));
  assert.deepEqual(await snapshot(), before, "the same multiverse after a reload");

  // Listed in the saved games, and resumable from there.
  await page.click("[data-action=games]");
  await page.waitForSelector("[data-action=resume]");
  assert.match(await page.textContent(".site-main"), /branch limit 21/);
  await page.click("[data-action=resume] >> nth=0");
  await page.waitForSelector(board(1, 4));
  assert.deepEqual(await snapshot(), before, "the same multiverse after resuming");

  // Export, then import the text as a new game: the same multiverse again.
  await page.click("[data-action=export]");
  const text = await page.inputValue("[data-testid=branching-export]");
  await page.keyboard.press("Escape");
  await page.click("[data-action=new-game] >> nth=0");
  await page.click("[data-action=import-branching]");
  await page.fill("[data-testid=branching-import-text]", "{ not a game");
  await page.click("[data-action=branching-import-confirm]");
  assert.match(await page.textContent("[data-testid=branching-import-error]"), /not a Multiverse Time Travel Chess game/);
  await page.fill("[data-testid=branching-import-text]", text);
  await page.click("[data-action=branching-import-confirm]");
  await page.waitForSelector(board(1, 4));
  const imported = await snapshot();
  assert.deepEqual(imported.boards, before.boards);
  assert.deepEqual(imported.b1, before.b1);

  // Trans-universe travel: on branch 0, play a3, sacrifice the queen and send a piece to branch 1.
  await page.click(square(0, 6, "a2"));
  await page.click(square(0, 6, "a3"));
  await page.waitForSelector(board(0, "preview"));
  await page.check("[data-action=trans]");
  await page.waitForSelector(`${board(0, "preview")} [data-sq].queen`);
  assert.ok((await page.locator(`${board(0, "preview")} [data-sq].traveller`).count()) > 0, "pieces that may cross");
  let landed = false;
  for (const sq of ["c4", "b1", "c1", "h1", "b2", "h2"]) {
    if ((await page.locator(`${board(0, "preview")} [data-sq="${sq}"] .piece`).count()) === 0) continue;
    await page.click(square(0, "preview", sq));
    if ((await page.locator(`${board(1, 4)} [data-sq].landing`).count()) > 0) {
      await page.screenshot({ path: join(SHOTS, "branching-trans-universe.png") });
      const target = await page.$eval(`${board(1, 4)} [data-sq].landing`, (m) => m.dataset.sq);
      await page.click(square(1, 4, target));
      landed = true;
      break;
    }
  }
  assert.ok(landed, "some piece could cross to branch 1");
  await page.waitForSelector(board(1, 5));
  assert.equal(await page.locator(`${board(0, 7)} .piece.white.queen`).count(), 0, "the queen was sacrificed");
  assert.match(await page.textContent("[data-testid=status]"), /Black's phase: 2 branches/);
  assert.match(await page.textContent(".br-log.moves"), /Q.*✕.*⇒B1/);
  await page.screenshot({ path: join(SHOTS, "branching-after-crossing.png") });

  assert.deepEqual(problems, []);
  await context.close();
});

test("at the branch limit the multiverse collapses, and the log says what went", async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(app.server.url, { waitUntil: "load" });
  // Limit 1: the limit is reached from the start, so a removal precedes every branch-turn.
  await openOtherGame(page, "multiverse");
  await page.fill("[data-testid=branch-limit]", "1");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));
  assert.match(await page.textContent("[data-testid=branch-count]"), /collapsing/);
  assert.equal(await page.locator("[data-testid=collapse-log] li").count(), 1);
  let played = false;
  for (const [from, to] of [["e2", "e4"], ["d2", "d4"], ["g1", "f3"], ["b1", "c3"], ["c2", "c4"]]) {
    const here = (await page.locator(`${square(0, 0, from)} .piece.white`).count()) === 1;
    const free = (await page.locator(`${square(0, 0, to)} .piece`).count()) === 0;
    if (here && free) {
      await turn(page, 0, 0, from, to);
      played = true;
      break;
    }
  }
  assert.ok(played);
  assert.equal(await page.locator("[data-testid=collapse-log] li").count(), 2);
  // Time travel has stopped: the staged panel says so.
  await page.screenshot({ path: join(SHOTS, "branching-collapse.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("a promoting pawn offers queen, rook, bishop and knight; the chosen piece is played", async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(app.server.url, { waitUntil: "load" });
  await openOtherGame(page, "multiverse");
  await page.fill("[data-testid=branch-limit]", "21");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));
  const line = [["h2", "h4"], ["g7", "g5"], ["h4", "g5"], ["g8", "h6"], ["g5", "h6"], ["f8", "g7"], ["h6", "g7"], ["a7", "a6"]];
  for (const [t, [from, to]] of line.entries()) await turn(page, 0, t, from, to);
  await page.click(square(0, 8, "g7"));
  await page.click(square(0, 8, "h8"));
  await page.waitForSelector("[data-promotion]");
  const offered = await page.locator("[data-promotion]").evaluateAll((els) => els.map((e) => e.dataset.promotion));
  assert.deepEqual(offered, ["Q", "R", "B", "N"]);
  assert.equal(await page.locator('[data-promotion="Q"]').getAttribute("aria-pressed"), "true", "queen by default");
  await page.click('[data-promotion="N"]');
  await page.waitForSelector('[data-promotion="N"][aria-pressed="true"]');
  await page.screenshot({ path: join(SHOTS, "branching-promotion.png") });
  await page.click("[data-action=play-turn]");
  await page.waitForSelector(`${square(0, 9, "h8")} .piece.white.knight`);
  await context.close();
});

test("Flip (button or F) draws the boards from Black's side, and moves still land on the right squares", async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  await page.goto(app.server.url, { waitUntil: "load" });
  await openOtherGame(page, "multiverse");
  await page.fill("[data-testid=branch-limit]", "21");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));
  const corners = () =>
    page.$eval(`${board(0, 0)} .board`, (el) => {
      const cells = [...el.querySelectorAll(":scope > [data-sq]")];
      return [cells[0].dataset.sq, cells[63].dataset.sq];
    });
  assert.deepEqual(await corners(), ["a8", "h1"], "White's side: a8 top left");
  await page.click("[data-action=flip]");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.sq === "h1", `${board(0, 0)} .board > [data-sq]`);
  assert.deepEqual(await corners(), ["h1", "a8"], "Black's side: h1 top left");
  assert.equal(await page.getAttribute("[data-action=flip]", "aria-pressed"), "true");
  // A move on the flipped boards: the squares are the same squares.
  await turn(page, 0, 0, "e2", "e4");
  assert.equal(await page.locator(`${square(0, 1, "e4")} .piece.white.pawn`).count(), 1);
  await page.keyboard.press("f");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.sq === "a8", `${board(0, 0)} .board > [data-sq]`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("travel first: the knight leaves, then the queen slides through its square, in one turn", async () => {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(app.server.url, { waitUntil: "load" });
  await openOtherGame(page, "multiverse");
  await page.fill("[data-testid=branch-limit]", "21");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(board(0, 0));
  await turn(page, 0, 0, "e2", "e4");
  await turn(page, 0, 1, "e7", "e5");
  await turn(page, 0, 2, "g1", "f3");
  await turn(page, 0, 3, "b8", "c6");

  // Travel first: the pieces that may leave are marked on the latest board (never the king).
  assert.equal(await page.getAttribute("[data-action=travel-first]", "aria-pressed"), "false");
  await page.click("[data-action=travel-first]");
  await page.waitForSelector("[data-action=travel-first][aria-pressed=true]");
  await page.waitForSelector(`${square(0, 4, "f3")}.traveller`);
  assert.equal(await page.locator(`${square(0, 4, "e1")}.traveller`).count(), 0);
  assert.match(await page.textContent("[data-testid=hint]"), /Travel first/);
  // The king is refused with a reason.
  await page.click(square(0, 4, "e1"));
  assert.match(await page.textContent("[data-testid=notice]"), /cannot travel first/);
  // The knight, then its landing on the board at t2, then the move on the board without it.
  await page.click(square(0, 4, "f3"));
  await page.waitForSelector(`${square(0, 2, "c3")}.landing`);
  await page.click(square(0, 2, "c3"));
  await page.waitForSelector(board(0, "preview"));
  assert.equal(await page.locator(`${square(0, "preview", "f3")} .piece`).count(), 0, "the knight has left");
  assert.match(await page.textContent("[data-testid=hint]"), /move on the staged board/);
  await page.click(square(0, "preview", "d1"));
  await page.waitForSelector(`${square(0, "preview", "g4")}.dest`);
  await page.screenshot({ path: join(SHOTS, "branching-travel-first.png") });
  await page.click(square(0, "preview", "g4"));
  await page.waitForSelector(board(1, 3));
  assert.equal(await page.locator(`${board(1, 3)} [data-sq="c3"].arrived .piece.white.knight`).count(), 1);
  assert.equal(await page.locator(`${square(0, 5, "g4")} .piece.white.queen`).count(), 1, "Qg4 through f3");
  assert.equal(await page.locator(`${square(0, 5, "f3")} .piece`).count(), 0);
  assert.match(await page.textContent("[data-testid=status]"), /Black's phase: 2 branches/);
  // The order goes back to move first; T switches it on and Escape off.
  assert.equal(await page.getAttribute("[data-action=travel-first]", "aria-pressed"), "false");
  await page.keyboard.press("t");
  await page.waitForSelector("[data-action=travel-first][aria-pressed=true]");
  await page.keyboard.press("Escape");
  await page.waitForSelector("[data-action=travel-first][aria-pressed=false]");
  assert.deepEqual(problems, []);
  await context.close();
});
