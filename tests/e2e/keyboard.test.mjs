// Keyboard-only play (issue 17): a 5D game with a move through time, a short Time Traveling
// Chess game, and a dialog that traps the focus and gives it back, all by key presses in
// dist/ (run `trunk build` first). Hooks: data-board / data-sq on boards and squares (the
// roving focus is the square with tabindex="0"), data-l / data-t / data-c on 5D boards.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, board5d, openOtherGame, useApp } from "./harness.mjs";

const app = useApp();


/** The focused square: its board (`data-board`) and square, or null. */
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || !el.dataset.sq) return null;
    return { board: el.closest("[data-board]").dataset.board, sq: el.dataset.sq };
  });
}

/** Presses Tab until a board square has the focus (at most 80 times). */
async function tabToBoard(page) {
  for (let i = 0; i < 80; i++) {
    if (await focused(page)) return focused(page);
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached a board square");
}

/** Waits until the focus is on `sq` (and on `board`, when given). */
async function focusIs(page, sq, board) {
  await page.waitForFunction(
    ([sq, board]) => {
      const el = document.activeElement;
      return el?.dataset.sq === sq && (!board || el.closest("[data-board]")?.dataset.board === board);
    },
    [sq, board],
    { timeout: 5000 },
  );
}

/** Moves the focus with the arrow keys to `target` on the focused board (White at the bottom). */
async function arrowTo(page, target) {
  const at = await focused(page);
  assert.ok(at, "a square has the focus");
  const [fx, fy] = [at.sq.charCodeAt(0), Number(at.sq.slice(1))];
  const [tx, ty] = [target.charCodeAt(0), Number(target.slice(1))];
  for (let i = fx; i < tx; i++) await page.keyboard.press("ArrowRight");
  for (let i = fx; i > tx; i--) await page.keyboard.press("ArrowLeft");
  for (let i = fy; i < ty; i++) await page.keyboard.press("ArrowUp");
  for (let i = fy; i > ty; i--) await page.keyboard.press("ArrowDown");
  await focusIs(page, target, at.board);
}

/** With the focus on a board: picks up the piece on `from` and puts it down on `to`. */
async function keyMove(page, from, to) {
  await arrowTo(page, from);
  // The board is read before Enter: picking up redraws the squares, and the focus comes back a
  // moment later (checked by focusIs below).
  const at = await focused(page);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`[data-board="${at.board}"] [data-sq="${from}"].selected`);
  await focusIs(page, from);
  await arrowTo(page, to);
  await page.keyboard.press("Enter");
}

/** The 5D board key (`data-board`) of the board drawn as (`l`, `t`, `c`). */
async function keyOf(page, l, t, c) {
  return page.$eval(`${board5d(l, t, c)} [data-board]`, (el) => el.dataset.board);
}

/** PageDown until the focus is on the 5D board (`l`, `t`, `c`). */
async function boardTo(page, l, t, c) {
  await page.waitForSelector(board5d(l, t, c));
  const key = await keyOf(page, l, t, c);
  for (let i = 0; i < 8; i++) {
    if ((await focused(page))?.board === key) return;
    await page.keyboard.press("PageDown");
    await page.waitForTimeout(80);
  }
  assert.equal((await focused(page))?.board, key, `PageDown reaches ${l}T${t}${c}`);
}

/** Opens a new Standard 5D game by keyboard alone (New game, then the board's card). */
async function newStandardGame(page) {
  await page.focus("[data-action=new-game] >> nth=0");
  await page.keyboard.press("Enter");
  await page.focus('[data-variant="Standard"]');
  await page.keyboard.press("Enter");
  await page.waitForSelector(board5d("0", "1", "w"));
}

test("5D by keyboard alone: a knight travels to the past and makes timeline +1", async () => {
  const { context, page, problems } = await app.open();
  await newStandardGame(page);

  const start = await tabToBoard(page);
  assert.equal(start.board, await keyOf(page, "0", "1", "w"), "the focus starts on the board to play");
  await page.screenshot({ path: join(SHOTS, "keyboard-focus-start.png") });
  await keyMove(page, "g1", "f3");
  await page.waitForSelector(`${board5d("0", "1", "b")}.staged`);
  await page.keyboard.press("s");
  await page.waitForSelector(`${board5d("0", "1", "b")}.playable`);

  await boardTo(page, "0", "1", "b");
  await keyMove(page, "g8", "f6");
  await page.keyboard.press("s");
  await page.waitForSelector(`${board5d("0", "2", "w")}.playable`);

  await boardTo(page, "0", "2", "w");
  await arrowTo(page, "f3");
  await page.keyboard.press("Enter");
  await page.waitForSelector(`${board5d("0", "1", "w")} [data-sq="f5"].dest`);
  // The past board holds a destination: PageDown takes the focus there.
  await boardTo(page, "0", "1", "w");
  await arrowTo(page, "f5");
  await page.screenshot({ path: join(SHOTS, "keyboard-focus-past-board.png") });
  const name = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  assert.match(name, /^f5, empty, legal move, new timeline, timeline 0, turn 1, white$/);
  await page.keyboard.press("Enter");
  await page.waitForSelector(board5d("+1", "1", "b"));
  await page.keyboard.press("s");
  await page.waitForSelector(`${board5d("+1", "1", "b")}.mandatory`);
  assert.match(await page.locator(".move-list").textContent(), /\(0T2\)Nf3>>\(0T1\)f5/);
  await page.screenshot({ path: join(SHOTS, "keyboard-5d-travelled.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("5D flipped: keyboard play starts at Black's near left corner (h8)", async () => {
  const { context, page, problems } = await app.open();
  await newStandardGame(page);
  await page.focus("[data-action=flip]");
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-action=flip][aria-pressed=true]");
  const start = await tabToBoard(page);
  assert.equal(start.board, await keyOf(page, "0", "1", "w"));
  assert.equal(start.sq, "h8", "flipped, the focus starts where a1 is for White");
  // "Up" on the screen is towards rank 1 now.
  await page.keyboard.press("ArrowUp");
  await focusIs(page, "h7");
  assert.deepEqual(problems, []);
  await context.close();
});

test("Time Traveling Chess by keyboard: two moves, Escape drops a piece, Flip turns the arrows", async () => {
  const { context, page, problems } = await app.open();
  await openOtherGame(page, "time-traveling");
  await page.focus("[data-action=new-time-traveling]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".tt-screen [data-sq=e2]");
  await tabToBoard(page);
  await keyMove(page, "e2", "e4");
  await page.waitForSelector(".tt-board [data-sq=e4] .piece.white.pawn");
  // Escape puts a picked-up piece back.
  await arrowTo(page, "e7");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".tt-board [data-sq=e7].selected");
  await page.keyboard.press("Escape");
  await page.waitForSelector(".tt-board [data-sq=e7]:not(.selected)");
  await focusIs(page, "e7");
  // Flipped, "up" is towards rank 1.
  await page.keyboard.press("f");
  await page.waitForFunction(() => document.querySelector(".tt-board .board > [data-sq]")?.dataset.sq === "h1");
  await page.locator(".tt-board [data-sq=e7]").focus();
  await page.keyboard.press("ArrowUp");
  await focusIs(page, "e6");
  await page.keyboard.press("f");
  await page.locator(".tt-board [data-sq=e7]").focus();
  await keyMove(page, "e7", "e5");
  await page.waitForSelector(".tt-board [data-sq=e5] .piece.black.pawn");
  await page.screenshot({ path: join(SHOTS, "keyboard-tt.png") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("a dialog traps the focus and gives it back when it closes", async () => {
  const { context, page, problems } = await app.open();
  await newStandardGame(page);
  await page.focus("[data-action=help]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".help-dialog");
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));
  await page.waitForFunction(() => !!document.activeElement?.closest("[role=dialog]"));
  assert.ok(await inDialog(), "the focus moves into the dialog");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    assert.ok(await inDialog(), `Tab ${i + 1} stays in the dialog`);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab");
    assert.ok(await inDialog(), `Shift+Tab ${i + 1} stays in the dialog`);
  }
  await page.screenshot({ path: join(SHOTS, "keyboard-help-dialog.png") });
  await page.keyboard.press("Escape");
  await page.waitForSelector(".help-dialog", { state: "detached" });
  const back = await page.evaluate(() => document.activeElement?.dataset.action);
  assert.equal(back, "help", "the focus is back on the Help button");
  assert.deepEqual(problems, []);
  await context.close();
});
