// End-to-end test of Time Travel Chessgi in dist/ (run `trunk build` first), driven by
// playwright-core in Debian's headless Chromium. Run: node --test tests/e2e/chessgi.test.mjs
// Issue 8's scenario: a capture, a drop (by click and by drag), a general travel back,
// a special travel of a piece that arrives and is dropped; reload and find it intact.
// Hooks: data-sq on the board's squares (their marks as classes: last, dest, …),
// data-pocket / data-transit on pocket pieces, data-node on the time tree, data-action.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, openOtherGame, useApp } from "./harness.mjs";

const app = useApp();

const open = () => app.open({ viewport: { width: 1400, height: 900 } });

const cell = (sq) => `.cg-board [data-sq="${sq}"]`;
const piece = (sq, color, kind) => `.cg-board [data-sq="${sq}"] .piece.${color}.${kind}`;

async function move(page, from, to) {
  await page.click(cell(from));
  await page.waitForSelector(`${cell(to)}.dest`);
  await page.click(cell(to));
  await page.waitForSelector(`${cell(to)}.last`);
}

async function status(page) {
  return page.locator(".status-text").textContent();
}

/** Drags from one element's centre to a board square with the mouse. */
async function drag(page, fromSelector, sq) {
  const a = await page.locator(fromSelector).boundingBox();
  const b = await page.locator(cell(sq)).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test("capture, drop, general travel back, special travel that arrives; intact after reload", async () => {
  const { context, page, problems } = await open();
  await openOtherGame(page, "chessgi");
  await page.waitForSelector("[data-game-kind=chessgi] [data-option=cooldown]");
  assert.equal(await page.inputValue("[data-option=cooldown]"), "2");
  assert.equal(await page.inputValue("[data-option=king_max_delay]"), "5");
  await page.screenshot({ path: join(SHOTS, "chessgi-new-game.png") });
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen");
  assert.match(await status(page), /White to move · move 1/);

  // Captures: each side's pocket receives the captured pawn, now its own.
  await move(page, "e2", "e4");
  await move(page, "d7", "d5");
  await move(page, "e4", "d5");
  await page.waitForSelector('[data-pocket="white"][data-kind="P"]');
  await move(page, "d8", "d5");
  await page.waitForSelector('[data-pocket="black"][data-kind="P"]');

  // Flip: Black at the bottom, its pocket below White's; flipped back by the F key.
  const pocketY = async (color) => (await page.locator(`[data-pocket="${color}"]`).first().boundingBox()).y;
  assert.ok((await pocketY("white")) > (await pocketY("black")), "White's pocket below at first");
  await page.click("[data-action=flip]");
  await page.waitForFunction(() => document.querySelector(".cg-board .board > [data-sq]")?.dataset.sq === "h1");
  assert.equal(await page.getAttribute("[data-action=flip]", "aria-pressed"), "true");
  assert.ok((await pocketY("black")) > (await pocketY("white")), "flipped, Black's pocket is below");
  await page.screenshot({ path: join(SHOTS, "chessgi-flipped.png") });
  await page.keyboard.press("f");
  await page.waitForFunction(() => document.querySelector(".cg-board .board > [data-sq]")?.dataset.sq === "a8");

  // Drop by click: the pocket pawn, then e3.
  await page.click('[data-pocket="white"][data-kind="P"]');
  await page.waitForSelector(`${cell("e3")}.dest`);
  assert.equal(await page.locator(`${cell("e8")}.dest`).count(), 0, "no drop on an occupied square");
  await page.screenshot({ path: join(SHOTS, "chessgi-drop-targets.png") });
  await page.click(cell("e3"));
  await page.waitForSelector(piece("e3", "white", "pawn"));
  assert.equal(await page.locator('[data-pocket="white"][data-kind="P"]').count(), 0);

  // General travel: Black takes the pocket pawn back to the position after 1.e4.
  await page.click("[data-action=general-travel]");
  await page.waitForSelector('.cg-node.destination[data-node="1"]');
  await page.screenshot({ path: join(SHOTS, "chessgi-travel-picker.png") });
  await page.click('.cg-node[data-node="1"]');
  await page.waitForSelector(".cg-board.travelling");
  // The preview shows the old board: the d7 pawn is back, White's pawn on e4.
  await page.waitForSelector(piece("d7", "black", "pawn"));
  await page.waitForSelector(piece("e4", "white", "pawn"));
  // ...and Black drops the carried pawn there by dragging it from the pocket.
  await drag(page, '[data-pocket="black"][data-kind="P"]', "d6");
  await page.waitForSelector(piece("d6", "black", "pawn"));
  await page.waitForSelector(".cg-board:not(.travelling)");
  assert.match(await status(page), /White to move · move 2/);
  assert.equal(await page.locator(".cg-branch-from").count(), 1, "the tree shows the new line");
  assert.equal(await page.locator('[data-cooldown="white"][data-wait="2"]').count(), 1, "cooldown restarted");
  await page.screenshot({ path: join(SHOTS, "chessgi-after-travel.png") });

  // Two own moves each before the next travel.
  await move(page, "g1", "f3");
  await move(page, "b8", "c6");
  await move(page, "f1", "c4");
  await move(page, "g8", "f6");
  await page.waitForSelector('[data-cooldown="white"][data-wait="0"]');

  // Special travel: the c4 bishop goes to White's move 6 (two moves ahead).
  await page.click(cell("c4"));
  await page.waitForSelector("[data-action=send-future]");
  await page.screenshot({ path: join(SHOTS, "chessgi-send-future.png") });
  await page.click('[data-action=send-future] [data-due="6"]');
  await page.waitForSelector('[data-transit="white"][data-kind="B"]');
  assert.equal(await page.locator(piece("c4", "white", "bishop")).count(), 0);
  assert.equal(
    await page.locator('[data-transit="white"][data-kind="B"]').getAttribute("data-countdown"),
    "2",
    "arrives in two moves",
  );
  await move(page, "a7", "a6");
  await move(page, "e1", "g1");
  await move(page, "h7", "h6");
  // Move 6: the bishop is due and is dropped (by drag) on e2.
  await page.waitForSelector('[data-transit="white"].due');
  assert.match(await status(page), /bishop is due/);
  await page.screenshot({ path: join(SHOTS, "chessgi-due.png") });
  await drag(page, '[data-transit="white"].due', "e2");
  await page.waitForSelector(piece("e2", "white", "bishop"));
  assert.equal(await page.locator('[data-transit="white"]').count(), 0);
  assert.match(await status(page), /Black to move · move 6/);
  await page.screenshot({ path: join(SHOTS, "chessgi-arrived.png") });

  const board = await page.locator(".board").innerHTML();
  const tree = await page.locator(".cg-tree").textContent();
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(".cg-screen");
  assert.equal(await page.locator(".board").innerHTML(), board, "the same board after a reload");
  assert.equal(await page.locator(".cg-tree").textContent(), tree, "the same time tree after a reload");
  assert.match(await status(page), /Black to move · move 6/);

  // Export gives the rules module's record; the saved-games list shows the game.
  await page.click("[data-action=export]");
  const record = JSON.parse(await page.locator("[data-record]").getAttribute("data-record"));
  assert.equal(record.format, "chronochess/time-travel-chessgi");
  assert.deepEqual(record.actions.slice(5, 7), [{ general: { node: 1, then: "P@d6" } }, { move: "g1f3" }]);
  assert.ok(record.actions.some((a) => a.special && a.special.from === "c4" && a.special.due_move === 6));
  assert.ok(record.actions.some((a) => a.arrive === "e2"));
  await page.keyboard.press("Escape");
  await page.click("[data-action=games]");
  await page.waitForSelector('.saved-board:text("Time Travel Chessgi")');
  await page.click('.saved-game:has(.saved-board:text("Time Travel Chessgi")) [data-action=resume]');
  await page.waitForSelector(piece("e2", "white", "bishop"));
  assert.deepEqual(problems, []);
  await context.close();
});

test("import refuses a broken record with the reason, and accepts an exported one", async () => {
  const { context, page, problems } = await open();
  await openOtherGame(page, "chessgi");
  await page.click("[data-action=chessgi-import]");
  const bad = JSON.stringify({
    format: "chronochess/time-travel-chessgi",
    version: 1,
    start: { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
    actions: [{ move: "e2e4" }, { move: "e2e4" }],
  });
  await page.fill("[data-testid=chessgi-import-text]", bad);
  await page.click("[data-action=chessgi-import-confirm]");
  assert.match(await page.locator("[data-testid=chessgi-import-error]").textContent(), /action 2/);
  await page.screenshot({ path: join(SHOTS, "chessgi-import-error.png") });
  const good = JSON.stringify({
    format: "chronochess/time-travel-chessgi",
    version: 1,
    start: { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
    actions: [{ move: "e2e4" }, { move: "d7d5" }, { move: "e4d5" }],
  });
  await page.fill("[data-testid=chessgi-import-text]", good);
  await page.click("[data-action=chessgi-import-confirm]");
  await page.waitForSelector('[data-pocket="white"][data-kind="P"]');
  assert.match(await status(page), /Black to move · move 2/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("on a phone-sized screen the Chessgi board, pockets and panel fit the width", async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto(app.server.url, { waitUntil: "load" });
  await openOtherGame(page, "chessgi");
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen");
  await move(page, "e2", "e4");
  await move(page, "d7", "d5");
  await move(page, "e4", "d5");
  // The shared header's links are not this screen's; the board, pockets and panel must fit.
  const overflow = await page.evaluate(() =>
    Math.max(...[".cg-table", ".cg-pockets", ".cg-side"].map((s) => document.querySelector(s).getBoundingClientRect().right)) -
    window.innerWidth,
  );
  assert.ok(overflow <= 0, `the Chessgi screen is ${overflow}px too wide`);
  await page.screenshot({ path: join(SHOTS, "chessgi-phone.png"), fullPage: true });
  await context.close();
});

test("a resignation opens the game-over dialog once; a reload shows the result without it; a takeback re-arms it", async () => {
  const { context, page, problems } = await open();
  await openOtherGame(page, "chessgi");
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen");
  await move(page, "e2", "e4");
  assert.equal(await page.locator("[data-testid=game-over]").count(), 0, "no dialog while the game runs");
  await page.click("[data-action=resign]");
  await page.click("[data-action=confirm]");
  await page.waitForSelector("[data-testid=game-over]");
  assert.match(await page.locator(".game-over-title").textContent(), /^White wins$/);
  assert.match(await page.locator(".game-over-detail").textContent(), /Black resigned/);
  await page.screenshot({ path: join(SHOTS, "chessgi-game-over.png") });
  await page.click("[data-testid=game-over] >> text=Show the position");
  assert.equal(await page.locator("[data-testid=game-over]").count(), 0);
  assert.match(await status(page), /resign/i);

  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(".cg-screen");
  assert.match(await status(page), /resign/i);
  assert.equal(await page.locator("[data-testid=game-over]").count(), 0, "a finished game opens without the dialog");

  await page.click("[data-action=takeback]");
  await page.waitForSelector('.status-text[data-status="normal"]');
  await page.click("[data-action=resign]");
  await page.click("[data-action=confirm]");
  await page.waitForSelector("[data-testid=game-over]");
  assert.deepEqual(problems, []);
  await context.close();
});
