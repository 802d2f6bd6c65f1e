// End-to-end tests of the puzzle and lesson screens (issue 16) in dist/ (run `trunk build
// --release` first): a puzzle solved by clicks, a wrong action refuted on the board, a lesson
// step completed, progress kept over a reload, and axe (WCAG 2.1 AA) on both screens.
// Run: node --test tests/e2e/learn.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";

import { SHOTS, board5d as board, clickMove as move, square5d as square, useApp } from "./harness.mjs";

const app = useApp();
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

async function axeViolations(page, screen) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async () =>
      (await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] } }))
        .violations,
  );
  return violations.map((v) => `${screen}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Opens puzzle `name` by its address (as a shared link would). */
async function openPuzzle(page, name) {
  await page.goto(`${app.server.url}#puzzles=${name}`);
  await page.reload();
  await page.waitForSelector(`[data-testid=puzzle-screen][data-puzzle="${name}"][data-phase=first]`);
}

test("puzzles: reached from home, solved by clicks, a wrong action refuted, progress kept", async () => {
  const { context, page, problems } = await app.open({ bypassCSP: true }); // axe is injected inline
  await page.click("[data-action=open-puzzles]");
  await page.waitForSelector("[data-testid=puzzle-screen]");
  const found = await axeViolations(page, "puzzles");

  // m1-068: White mates with the rook through time.
  await openPuzzle(page, "m1-068");
  assert.match(await page.textContent("[data-testid=puzzle-task]"), /White to move: checkmate in one action/);
  await page.click("[data-action=hint]");
  await page.waitForSelector(`${board("0", "3", "w")}.hint`);
  await move(page, ["0", "3", "w", "e1"], ["0", "3", "w", "e5"]);
  await page.click("[data-action=submit]:not([disabled])");
  await page.waitForSelector("[data-testid=puzzle-screen][data-phase=solved]");
  assert.match(await page.textContent("[data-testid=learn-say]"), /solved/);
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 1 · Failed 0 · Streak 1/);
  await page.screenshot({ path: join(SHOTS, "puzzle-solved.png") });

  // m1-069: a rook move that does not mate; the engine's escape is played on the board.
  await openPuzzle(page, "m1-069");
  await move(page, ["0", "3", "w", "c1"], ["0", "3", "w", "c2"]);
  await page.click("[data-action=submit]:not([disabled])");
  await page.waitForSelector("[data-testid=puzzle-screen][data-phase=failed]");
  assert.match(await page.textContent("[data-testid=learn-say]"), /^Not mate: Black /);
  await page.waitForSelector(board("0", "4", "w")); // Black's reply made the next board
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 1 · Failed 1 · Streak 0 \(best 1\)/);
  await page.screenshot({ path: join(SHOTS, "puzzle-refuted.png") });
  // Retry: the puzzle position again; "show solution" plays it.
  await page.click("[data-action=retry]");
  await page.waitForSelector("[data-testid=puzzle-screen][data-phase=first]");
  assert.equal(await page.locator(board("0", "4", "w")).count(), 0);
  await page.click("[data-action=solution]");
  assert.match(await page.textContent("[data-testid=learn-say]"), /The solution: \(0T3\)Ba4xb3/);

  // The progress survives a reload.
  await page.reload();
  await page.waitForSelector("[data-testid=puzzle-screen]");
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 1 · Failed 1/);
  await context.close();
  assert.deepEqual(problems, []);
  assert.deepEqual(found, []);
});

test("lessons: the first step is done by reaching every highlighted square", async () => {
  const { context, page, problems } = await app.open({ bypassCSP: true });
  await page.click("[data-action=open-lessons]");
  await page.waitForSelector('[data-testid=lesson-screen][data-step="pieces-1"][data-done=false]');
  const found = await axeViolations(page, "lessons");
  // The rook's three targets are ringed; each reached square is counted, the rook comes back.
  // Each square is ringed once however many targets name it: 3 targets + the rook's square.
  assert.equal(await page.locator(".square.target, .mark.target").count(), 4);
  const targets = [["0", "3", "w", "c5"], ["0", "2", "w", "c3"], ["0", "1", "w", "c3"]];
  for (const [k, to] of targets.entries()) {
    await page.waitForSelector(`${square("0", "3", "w", "c3")} .piece.rook`);
    await page.waitForFunction(() => document.querySelectorAll(".mv-board.staged").length === 0);
    await move(page, ["0", "3", "w", "c3"], to);
    if (k < 2) await page.waitForFunction((n) => document.querySelector("[data-testid=learn-say]").textContent.includes(`${n} more`), 2 - k);
  }
  await page.waitForSelector('[data-testid=lesson-screen][data-done=true]');
  assert.match(await page.textContent("[data-testid=learn-say]"), /Every square reached/);
  await page.screenshot({ path: join(SHOTS, "lesson-step-done.png") });
  await page.click("[data-action=next-step]");
  await page.waitForSelector('[data-testid=lesson-screen][data-step="pieces-2"][data-done=false]');
  // Done steps are saved: after a reload the lesson goes on at step 2, and can be restarted.
  await page.reload();
  await page.waitForSelector('[data-testid=lesson-screen][data-step="pieces-2"]');
  assert.match(await page.textContent('[data-step="pieces-1"]'), /✓/);
  await page.click("[data-action=restart-lesson]");
  await page.waitForSelector('[data-testid=lesson-screen][data-step="pieces-1"]');
  assert.doesNotMatch(await page.textContent('button[data-step="pieces-1"]'), /✓/);
  await context.close();
  assert.deepEqual(problems, []);
  assert.deepEqual(found, []);
});

test("lessons: a goal that is not reached is said, and a branching action completes its step", async () => {
  const { context, page, problems } = await app.open();
  await page.click("[data-action=open-lessons]");
  await page.waitForSelector("[data-testid=lesson-screen]");
  await page.click('button[data-step="timelines-1"]');
  await page.waitForSelector('[data-testid=lesson-screen][data-step="timelines-1"]');
  await move(page, ["0", "3", "w", "c3"], ["0", "3", "w", "c5"]);
  await page.click("[data-action=submit]:not([disabled])");
  assert.match(await page.textContent("[data-testid=learn-say]"), /No new timeline/);
  await page.click("[data-action=undo]");
  await move(page, ["0", "3", "w", "c3"], ["0", "1", "w", "c3"]);
  await page.click("[data-action=submit]:not([disabled])");
  await page.waitForSelector('[data-testid=lesson-screen][data-done=true]');
  await page.waitForSelector(board("+1", "1", "b"));
  await page.screenshot({ path: join(SHOTS, "lesson-branch.png") });
  // The present: with one of two boards played, the engine says why Submit waits.
  await page.click('button[data-step="timelines-2"]');
  await page.waitForSelector('[data-testid=lesson-screen][data-step="timelines-2"][data-done=false]');
  await move(page, ["0", "1", "w", "c1"], ["0", "1", "w", "c2"]);
  assert.ok(await page.locator("[data-action=submit]").isDisabled());
  assert.notEqual((await page.textContent("[data-testid=submit-why]")).trim(), "");
  await move(page, ["+1", "1", "w", "c1"], ["+1", "1", "w", "c2"]);
  await page.click("[data-action=submit]:not([disabled])");
  await page.waitForSelector('[data-testid=lesson-screen][data-done=true]');
  await context.close();
  assert.deepEqual(problems, []);
});

test("puzzles: a puzzle file that cannot be downloaded is said, with Try again, and no progress is lost", async () => {
  // Request interception needs the page's own fetches, not the service worker's.
  const { context, page, problems } = await app.open({ serviceWorkers: "block" });
  await openPuzzle(page, "m1-068");
  // The page fetches the puzzle's file by a relative address when it opens.
  await page.click("[data-action=solution]"); // gives up: counted as failed
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 0 · Failed 1/);

  const file = "**/puzzles/m1-069.5dpgn";
  await page.route(file, (route) => route.abort("internetdisconnected"));
  await page.click("[data-action=next-puzzle]");
  await page.waitForSelector('[data-testid=puzzle-screen][data-puzzle="m1-069"][data-phase=unavailable]');
  assert.match(await page.textContent("[data-testid=puzzle-load]"), /could not be downloaded: no connection.*Your progress is kept/);
  // The heading still names it (from the page's index); nothing of the attempt can be pressed.
  assert.match(await page.textContent(".puzzle-screen .game-variant"), /^Mate in 1 · /);
  for (const action of ["submit", "hint", "retry", "solution"]) {
    assert.ok(await page.isDisabled(`[data-action=${action}]`), `${action} waits for the puzzle`);
  }
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 0 · Failed 1/);
  await page.screenshot({ path: join(SHOTS, "puzzle-unavailable.png") });

  // A missing file says the server's answer.
  await page.unroute(file);
  await page.route(file, (route) => route.fulfill({ status: 404, body: "not here" }));
  await page.click("[data-action=reload-puzzle]");
  await page.waitForFunction(() => /answered 404/.test(document.querySelector("[data-testid=puzzle-load]")?.textContent ?? ""));

  // Back online: Try again opens it.
  await page.unroute(file);
  await page.click("[data-action=reload-puzzle]");
  await page.waitForSelector('[data-testid=puzzle-screen][data-puzzle="m1-069"][data-phase=first]');
  assert.equal(await page.locator("[data-testid=puzzle-load]").count(), 0);
  assert.match(await page.textContent(".puzzle-screen .game-variant"), /^Mate in 1 · custom · \d+ timelines?$/);
  assert.match(await page.textContent("[data-testid=puzzle-progress]"), /Solved 0 · Failed 1/);
  await context.close();
  // The refused downloads are the browser's own console lines, nothing else.
  assert.deepEqual(problems.filter((p) => !/Failed to load resource/.test(p)), []);
});

test("puzzles: damaged progress is kept aside and said, not lost", async () => {
  const { context, page, problems } = await app.open();
  await page.evaluate(() => localStorage.setItem("chronochess/v1/learning", '{"version":1,"streak":'));
  await page.goto(`${app.server.url}#puzzles`);
  await page.reload();
  await page.waitForSelector("[data-testid=progress-problem]");
  assert.match(await page.textContent("[data-testid=progress-problem]"), /could not be read.*kept aside as chronochess\/quarantine\/v1\/learning/);
  const kept = await page.evaluate(() => localStorage.getItem("chronochess/quarantine/v1/learning"));
  assert.equal(kept, '{"version":1,"streak":');
  await context.close();
  assert.deepEqual(problems, []);
});
