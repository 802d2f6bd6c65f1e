// End-to-end test of the chess clock (issue 16) in dist/: a 5D hot-seat game with a short clock
// chosen in the New game dialog. The clock runs, pauses under a dialog and in a hidden tab,
// switches on submit, keeps its time across a reload, and its flag fall ends the game.
// Run: node --test tests/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { SHOTS, board5d as board, openOtherGame, square5d as square, useApp } from "./harness.mjs";

const app = useApp();

/** A side's time on its clock, in milliseconds (the clock's `data-ms`). */
async function ms(page, side) {
  return Number(await page.locator(`[data-testid=clock-${side}]`).getAttribute("data-ms"));
}

test("a 5D game with a 12 s clock: it runs, pauses under a dialog, switches on submit, survives a reload and flags", async () => {
  const { page, problems } = await app.open();
  await page.click("[data-action=new-game] >> nth=0");
  await page.click("[data-clock=custom]");
  // 12 seconds, 2 s delay per present timeline (the 5D defaults of the custom form).
  await page.fill("[data-clock-field=minutes]", "0");
  await page.fill("[data-clock-field=seconds]", "12");
  await page.fill("[data-clock-field=bonus]", "2");
  assert.match(await page.locator(".clock-custom-line").textContent(), /0:12 \+ 2 s delay per present timeline/);
  await page.screenshot({ path: join(SHOTS, "clock-new-game.png") });
  await page.click('[data-variant="Standard"]');
  await page.waitForSelector(board("0", "1", "w"));
  // A heading per region for screen readers (issue 17).
  assert.deepEqual(await page.locator(".game-screen h2").allTextContents(), ["The multiverse", "Game"]);

  // White's clock runs (after its 2 s delay); Black's waits.
  await page.waitForSelector("[data-testid=clock-white].running");
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=clock-white]").dataset.ms) < 11000);
  assert.equal(await ms(page, "black"), 12000);
  assert.equal(await page.locator("[data-testid=clock-black].running").count(), 0);

  // Paused while a dialog is open.
  await page.click("[data-action=help]");
  await page.waitForSelector("[data-testid=clock-white].paused");
  const held = await ms(page, "white");
  await page.waitForTimeout(1200);
  assert.equal(await ms(page, "white"), held, "no time passes under the Help dialog");
  assert.match(await page.locator("[data-testid=clock-help]").textContent(), /pauses while a dialog is open/);
  await page.keyboard.press("Escape");
  await page.waitForSelector("[data-testid=clock-white].running:not(.paused)");

  // Paused while the tab is hidden (as the browser reports it: document.hidden and the event).
  const setHidden = (hidden) =>
    page.evaluate((h) => {
      Object.defineProperty(document, "hidden", { value: h, configurable: true });
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    }, hidden);
  await setHidden(true);
  await page.waitForSelector("[data-testid=clock-white].paused");
  const hiddenAt = await ms(page, "white");
  await page.waitForTimeout(1200);
  assert.equal(await ms(page, "white"), hiddenAt, "no time passes while the tab is hidden");
  await setHidden(false);
  await page.waitForSelector("[data-testid=clock-white].running:not(.paused)");

  // White moves and submits: the clock passes to Black, White's time stands still.
  await page.click(square("0", "1", "w", "g1"));
  await page.click(square("0", "1", "w", "f3"));
  await page.click("[data-action=submit]:not([disabled])");
  await page.waitForSelector("[data-testid=clock-black].running");
  // The 5D page's command field: the last action and whose turn it is.
  await page.fill("[data-testid=command-input]", "l");
  await page.press("[data-testid=command-input]", "Enter");
  assert.match(await page.locator("[data-testid=command-reply]").textContent(), /^White knight from g1 .*to f3/);
  const white = await ms(page, "white");
  assert.ok(white > 0 && white < 11000, `White spent time: ${white}`);
  await page.waitForTimeout(2600);
  assert.equal(await ms(page, "white"), white, "White's clock stopped");
  const black = await ms(page, "black");
  assert.ok(black < 12000, `Black's clock runs after its delay: ${black}`);
  await page.screenshot({ path: join(SHOTS, "clock-running.png") });

  // A reload keeps both times: nothing given back, the time away not charged.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector("[data-testid=clock-black].running");
  assert.equal(await ms(page, "white"), white, "White's time survives the reload exactly");
  const after = await ms(page, "black");
  assert.ok(after <= black && after > black - 2500, `Black's time after the reload: ${after} (before: ${black})`);

  // Under 10 s the clock shows tenths, turns red and says so once.
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=clock-black]").dataset.ms) < 9000);
  assert.match(await page.locator("[data-testid=clock-black] .clock-time").textContent(), /^\d\.\d$/);
  assert.equal(await page.locator("[data-testid=clock-black].low").count(), 1);
  assert.match(await page.locator("[data-testid=clock-announce]").textContent(), /^Black: \d+ seconds left$/);
  await page.screenshot({ path: join(SHOTS, "clock-low.png") });

  // Black never moves: its flag falls, the game ends with White's win on time.
  await page.waitForSelector("[data-testid=game-over]", { timeout: 20000 });
  assert.match(await page.locator("[data-testid=game-over]").textContent(), /White wins.*Black ran out of time/s);
  assert.equal(await ms(page, "black"), 0);
  assert.equal(await page.locator("[data-testid=clock-black].flagged").count(), 1);
  await page.screenshot({ path: join(SHOTS, "clock-flag.png") });
  await page.keyboard.press("Escape");
  assert.match(await page.locator(".status-text").textContent(), /White wins by time/);
  assert.ok(await page.locator("[data-action=submit]").isDisabled(), "no more moves");
  // The result is saved: a reload shows it, with the stopped clock.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector("[data-testid=clock-black].flagged");
  assert.match(await page.locator(".status-text").textContent(), /White wins by time/);
  assert.equal(await ms(page, "white"), white);
  assert.deepEqual(problems, []);
});

test("the other games' clocks: Chessgi flags and stays flagged after a reload; Time Traveling and Multiverse games are timed too", async () => {
  const { page, problems } = await app.open({ viewport: { width: 1400, height: 900 } });
  await openOtherGame(page, "chessgi");
  // A 5 s clock with no bonus (the custom form of the Chessgi entry; no per-timeline choice outside 5D).
  await page.click("#new-chessgi [data-clock=custom]");
  assert.equal(await page.locator("#new-chessgi [data-clock-field=per-timeline]").count(), 0);
  await page.fill("#new-chessgi [data-clock-field=minutes]", "0");
  await page.fill("#new-chessgi [data-clock-field=seconds]", "5");
  await page.fill("#new-chessgi [data-clock-field=bonus]", "0");
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen [data-testid=clock-white].running");
  assert.deepEqual(await page.locator(".cg-screen h2").allTextContents(), ["Board and pockets", "Game"]);
  assert.equal(await ms(page, "black"), 5000);

  // White moves: Black's clock runs, White's stands.
  await page.click('.cg-board [data-sq="e2"]');
  await page.click('.cg-board [data-sq="e4"]');
  await page.waitForSelector("[data-testid=clock-black].running");
  const white = await ms(page, "white");
  assert.ok(white > 0 && white < 5000, `White spent time: ${white}`);
  // The move is announced in words to screen readers (issue 17).
  assert.equal(await page.locator(".cg-screen [data-testid=announce]").textContent(), "White pawn from e2 to e4.");
  // The command field answers questions about the board and the clock (blind mode).
  const ask = async (command) => {
    await page.fill("[data-testid=command-input]", command);
    await page.press("[data-testid=command-input]", "Enter");
    return page.locator("[data-testid=command-reply]").textContent();
  };
  assert.equal(await ask("p N"), "White knights: b1, g1.");
  assert.equal(await ask("l"), "White pawn from e2 to e4.");
  assert.match(await ask("c"), /^White 0:0\d|^White \d\.\d, Black \d\.\d; Black's clock runs\.$/);
  assert.match(await ask("s 4"), /^a4 empty, .*e4 white pawn/);
  await page.screenshot({ path: join(SHOTS, "clock-chessgi.png") });

  // Black never moves: its flag falls and White wins on time (White has mating material).
  await page.waitForSelector("[data-testid=game-over]", { timeout: 15000 });
  assert.match(await page.locator("[data-testid=game-over]").textContent(), /White wins.*Black ran out of time/s);
  await page.click("[data-testid=game-over] >> text=Show the position");
  await page.waitForSelector("[data-testid=game-over]", { state: "detached" });
  assert.match(await page.locator(".cg-screen .status-text").textContent(), /White wins on time/);
  // No more moves, and the result survives a reload with the stopped clock.
  await page.click('.cg-board [data-sq="e7"]');
  assert.equal(await page.locator(".cg-board .dest").count(), 0, "nothing to play after the flag");
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(".cg-screen [data-testid=clock-black].flagged");
  assert.match(await page.locator(".cg-screen .status-text").textContent(), /White wins on time/);
  assert.equal(await ms(page, "white"), white, "White's time survives the reload");

  // Time Traveling Chess with the 5+5 preset (from the page's home): the clock is drawn and White's runs.
  const home = page.url().split("#")[0];
  await page.goto(home);
  await page.waitForSelector("#new-time-traveling section");
  await page.click('#new-time-traveling [data-clock="5+5"]');
  await page.click("[data-action=new-time-traveling]");
  await page.waitForSelector(".tt-screen [data-testid=clock-white].running");
  assert.match(await page.locator(".tt-screen .clock-caption").textContent(), /^5\+5/);

  // Multiverse Time Travel Chess, untimed by default: no clock.
  await page.goto(home);
  await page.waitForSelector("#new-multiverse section");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector("[data-testid=status]");
  assert.equal(await page.locator("[data-testid=clocks]").count(), 0, "untimed: no clock drawn");
  assert.deepEqual(problems, []);
});
