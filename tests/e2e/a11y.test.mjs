// Accessibility checks (issue 17): axe-core, injected into the e2e browser, on every screen and
// dialog of both pages, with the WCAG 2.0 A/AA and 2.1 AA rules. Run after `trunk build
// --release`: node --test tests/e2e/   (AXE_REPORT=1 prints every violation's nodes)
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { openOtherGame, useApp } from "./harness.mjs";

const app = useApp();
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

/** Runs axe on the page as it is now; returns its violations as "rule (impact): n nodes" lines. */
async function audit(page, screen) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async (tags) => (await window.axe.run(document, { runOnly: { type: "tag", values: tags } })).violations,
    TAGS,
  );
  const lines = violations.map((v) => `${screen}: ${v.id} (${v.impact}): ${v.nodes.length} node(s) — ${v.help}`);
  if (process.env.AXE_REPORT) {
    for (const v of violations) for (const n of v.nodes.slice(0, 6)) console.log(`  ${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1] ?? ""}`);
  }
  console.log(`axe: ${screen}: ${violations.length} rule(s) violated, ${violations.reduce((s, v) => s + v.nodes.length, 0)} node(s)`);
  return lines;
}

test("axe: the 5D page's screens and dialogs have no WCAG 2.1 AA violations", async () => {
  const { context, page } = await app.open({ bypassCSP: true }); // axe is injected inline
  const found = [];
  found.push(...(await audit(page, "5D home")));
  await page.click("[data-action=new-game] >> nth=0");
  await page.waitForSelector('[data-variant="Standard"]');
  found.push(...(await audit(page, "new-game dialog")));
  await page.keyboard.press("Escape");
  await page.click("[data-action=import] >> nth=0");
  await page.waitForSelector("[data-testid=import-text]");
  found.push(...(await audit(page, "import dialog")));
  await page.keyboard.press("Escape");
  await page.click("[data-action=new-game] >> nth=0");
  await page.click('[data-variant="Standard"]');
  await page.waitForSelector('.mv-board[data-l="0"][data-t="1"][data-c="w"]');
  found.push(...(await audit(page, "5D game")));
  await page.click("[data-action=help]");
  await page.waitForSelector(".help-dialog");
  found.push(...(await audit(page, "help dialog")));
  await page.keyboard.press("Escape");
  await page.click("[data-action=export]");
  await page.waitForSelector("[data-record]");
  found.push(...(await audit(page, "export dialog")));
  await context.close();
  assert.deepEqual(found, []);
});

test("axe: the other-games page and its three games have no WCAG 2.1 AA violations", async () => {
  const { context, page } = await app.open({ bypassCSP: true }); // axe is injected inline
  const found = [];
  await openOtherGame(page, "time-traveling");
  found.push(...(await audit(page, "games home")));
  await page.click("[data-action=new-time-traveling]");
  await page.waitForSelector(".tt-screen");
  found.push(...(await audit(page, "Time Traveling Chess")));
  await page.click("[data-action=new-game] >> nth=0");
  found.push(...(await audit(page, "games new-game dialog")));
  await page.keyboard.press("Escape");
  await page.goto(page.url().replace(/#.*$/, "") + "#new=chessgi");
  await page.reload();
  await page.waitForSelector("[data-action=start-chessgi]");
  await page.click("[data-action=start-chessgi]");
  await page.waitForSelector(".cg-screen");
  found.push(...(await audit(page, "Time Travel Chessgi")));
  await page.goto(page.url().replace(/#.*$/, "") + "#new=multiverse");
  await page.reload();
  await page.waitForSelector("[data-action=start-branching]");
  await page.click("[data-action=start-branching]");
  await page.waitForSelector(".br-screen, [data-testid=branch-limit], .mv-board, .branching-screen");
  found.push(...(await audit(page, "Multiverse Time Travel Chess")));
  await context.close();
  assert.deepEqual(found, []);
});
