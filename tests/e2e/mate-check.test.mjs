// End-to-end tests of the mate check in the web worker (issue 6, item 3: the check must never
// freeze the page). `?mate-check=worker` sends every check to the worker (no search on the
// page), and the app is served under the GitHub Pages sub-path, so the worker's files must load
// from relative URLs. Run `trunk build --release` first; `node --test tests/e2e/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { SHOTS, CORPUS, DIST, useApp } from "./harness.mjs";
import { serveStatic } from "./static-server.mjs";

const app = useApp({ serve: false });

const board = (l, t, c) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"]`;
const square = (l, t, c, sq) => `${board(l, t, c)} [data-sq="${sq}"]`;

async function open(url) {
  const context = await app.browser.newContext({ viewport: { width: 1400, height: 860 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("[data-action=new-game]");
  return { context, page, problems };
}

/** A new Standard game on `server`, every mate check sent to the worker. */
async function openStandardGame(server) {
  const opened = await open(`${server.url}?mate-check=worker`);
  await opened.page.click("[data-action=new-game] >> nth=0");
  await opened.page.click('[data-variant="Standard"]');
  await opened.page.waitForSelector(board("0", "1", "w"));
  return opened;
}

async function move(page, from, to) {
  await page.click(square(...from));
  await page.waitForSelector(square(...to));
  await page.click(square(...to));
}

async function importText(page, text) {
  await page.click("[data-action=import] >> nth=0");
  await page.fill("[data-testid=import-text]", text);
  await page.click("[data-action=import-confirm]");
}

/** Records the longest gap between animation frames from now on (window.__maxFrameGap). */
async function watchFrames(page) {
  await page.evaluate(() => {
    window.__maxFrameGap = 0;
    let last = performance.now();
    const tick = (now) => {
      window.__maxFrameGap = Math.max(window.__maxFrameGap, now - last);
      last = now;
      window.__frames = requestAnimationFrame(tick);
    };
    window.__frames = requestAnimationFrame(tick);
  });
}

test("checkmate found by the web worker under /chronochess/: game over, page responsive", async () => {
  const server = await serveStatic(DIST, "/chronochess/");
  try {
    const { context, page, problems } = await open(`${server.url}?mate-check=worker`);
    const full = readFileSync(join(CORPUS, "tools__standard-checkmate-2.conv.5dpgn"), "utf8");
    const lines = full.trimEnd().split("\n");
    lines.pop();
    await importText(page, lines.join("\n") + "\n");
    await page.waitForSelector(board("-2", "4", "w"));
    await move(page, ["0", "5", "w", "f3"], ["-1", "4", "w", "e2"]);
    await move(page, ["-2", "4", "w", "e1"], ["-1", "5", "w", "d1"]);
    await watchFrames(page);
    await page.click("[data-action=submit]:not([disabled])");
    await page.waitForSelector("[data-testid=game-over]", { timeout: 30_000 });
    const gap = await page.evaluate(() => {
      cancelAnimationFrame(window.__frames);
      return window.__maxFrameGap;
    });
    assert.match(await page.locator(".game-over-title").textContent(), /White wins/);
    assert.ok(
      server.requests.some((path) => path === "/chronochess/chronochess-worker_bg.wasm"),
      `the worker was loaded from the sub-path: ${server.requests.join(", ")}`,
    );
    assert.deepEqual(server.requests.filter((path) => !path.startsWith("/chronochess/")), []);
    // The page kept painting while the worker searched (generous: a busy CI machine).
    assert.ok(gap < 1000, `longest frame gap ${gap.toFixed(0)} ms`);
    console.log(`longest frame gap while the worker checked: ${gap.toFixed(0)} ms`);
    await page.click("text=Show the position");
    assert.match(await page.locator(".status-text").textContent(), /White wins by checkmate/);
    assert.match(await page.locator(".move-list").textContent(), /\(-1T5\)d1#?/);
    assert.equal(await page.locator("[data-testid=mate-check]").count(), 0, "the indicator is gone");
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("the worker's check can be cancelled: the outcome stays unknown, the game goes on", async () => {
  const server = await serveStatic(DIST, "/");
  try {
    const { context, page, problems } = await openStandardGame(server);
    // Hold the worker's answer back: its replies are delivered only after Cancel was clicked,
    // so the indicator is surely there to click.
    await page.evaluate(() => {
      const Real = window.Worker;
      window.Worker = class extends Real {
        set onmessage(f) {
          super.onmessage = (e) => {
            if (String(e.data).includes('"Ready"')) f(e);
            // A terminated worker delivers nothing more: neither may the held-back replies.
            else setTimeout(() => this.stopped || f(e), 3000);
          };
        }
        terminate() {
          this.stopped = true;
          super.terminate();
        }
      };
    });
    await move(page, ["0", "1", "w", "e2"], ["0", "1", "w", "e4"]);
    await page.click("[data-action=submit]:not([disabled])");
    const indicator = page.locator("[data-testid=mate-check]");
    await indicator.waitFor({ timeout: 10_000 });
    assert.match(await indicator.textContent(), /Checking for checkmate…/);
    await page.screenshot({ path: join(SHOTS, "game-mate-check.png") });
    // Moves can be staged while the worker searches.
    await move(page, ["0", "1", "b", "e7"], ["0", "1", "b", "e5"]);
    await page.click("[data-action=cancel-check]");
    assert.equal(await indicator.count(), 0);
    assert.match(await page.locator(".status-text").textContent(), /outcome unknown/);
    // The held-back answer of the cancelled job must not change anything.
    await page.waitForTimeout(3500);
    assert.match(await page.locator(".status-text").textContent(), /outcome unknown/);
    await page.click("[data-action=submit]:not([disabled])");
    assert.match(await page.locator(".move-list").textContent(), /\(0T1\)e7e5/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("a worker from another build (a stale cached copy) is given up: the page decides the outcome itself", async () => {
  const server = await serveStatic(DIST, "/");
  try {
    const { context, page, problems } = await openStandardGame(server);
    // The worker answers in an older protocol's form: its "ready" arrives as {"kind":"Ready"}.
    await page.evaluate(() => {
      const Real = window.Worker;
      window.Worker = class extends Real {
        set onmessage(f) {
          super.onmessage = (e) =>
            f(String(e.data) === '"Ready"' ? new MessageEvent("message", { data: '{"kind":"Ready"}' }) : e);
        }
      };
    });
    await move(page, ["0", "1", "w", "e2"], ["0", "1", "w", "e4"]);
    await page.click("[data-action=submit]:not([disabled])");
    // No endless "Checking…": the page's own bounded search answers.
    await page.waitForFunction(() => !document.querySelector("[data-testid=mate-check]"), null, { timeout: 10_000 });
    assert.match(await page.locator(".status-text").textContent(), /Black to move/);
    assert.doesNotMatch(await page.locator(".status-text").textContent(), /unknown/);
    await move(page, ["0", "1", "b", "e7"], ["0", "1", "b", "e5"]);
    await page.click("[data-action=submit]:not([disabled])");
    assert.match(await page.locator(".move-list").textContent(), /\(0T1\)e7e5/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("a check without a verdict after 10 s asks Keep searching / Stop; the game stays playable; the unknown outcome is saved and checked again on reopening", async () => {
  const server = await serveStatic(DIST, "/");
  try {
    const { context, page, problems } = await open(`${server.url}?mate-check=worker`);
    // A worker that never decides: its answer is held back, and what it searched is reported as
    // progress instead (the page cannot tell it from a hard position). Installed before the
    // page's scripts, so it holds again after the reload below.
    await context.addInitScript(() => {
      window.__checkRequests = 0;
      const Real = window.Worker;
      window.Worker = class extends Real {
        postMessage(data) {
          window.__checkRequests += 1;
          super.postMessage(data);
        }
        set onmessage(f) {
          super.onmessage = (e) => {
            const text = String(e.data);
            const done = text.match(/^\{"Done":\{"id":(\d+),.*"searched":(\d+)\}\}$/);
            if (!done) return f(e);
            const progress = `{"Progress":{"id":${done[1]},"searched":${done[2]}}}`;
            f(new MessageEvent("message", { data: progress }));
          };
        }
      };
    });
    await page.reload({ waitUntil: "load" });
    await page.click("[data-action=new-game] >> nth=0");
    await page.click('[data-variant="Standard"]');
    await page.waitForSelector(board("0", "1", "w"));
    await move(page, ["0", "1", "w", "e2"], ["0", "1", "w", "e4"]);
    const submitted = Date.now();
    await page.click("[data-action=submit]:not([disabled])");
    const indicator = page.locator("[data-testid=mate-check]");
    await indicator.waitFor({ timeout: 10_000 });
    assert.equal(await indicator.getAttribute("data-stage"), "searching");
    // The game stays playable while the worker searches: Black stages a move.
    await move(page, ["0", "1", "b", "e7"], ["0", "1", "b", "e5"]);
    assert.match(await page.locator(".ml-staged").textContent(), /e5/);
    await page.waitForSelector("[data-testid=mate-check][data-stage=asking]", { timeout: 15_000 });
    const waited = (Date.now() - submitted) / 1000;
    // 10 s on the page's clock; generous on a busy machine.
    assert.ok(waited >= 10 && waited < 14, `asked after ${waited.toFixed(1)} s`);
    console.log(`asked after ${waited.toFixed(1)} s`);
    assert.match(
      await indicator.locator(".mate-check-text").textContent(),
      /^Not decided yet after 1\d s \(200\u2009000 moves searched\)\.$/,
    );
    assert.equal(await page.locator("[data-action=keep-checking]").count(), 1);
    assert.equal(await page.locator("[data-action=cancel-check]").textContent(), "Stop");
    assert.match(await page.locator(".status-text").textContent(), /checking/);
    await page.screenshot({ path: join(SHOTS, "game-mate-check-asking.png") });
    // Keep searching: the question goes, the search goes on, Stop stays offered.
    await page.click("[data-action=keep-checking]");
    assert.equal(await indicator.getAttribute("data-stage"), "searching");
    assert.match(await indicator.textContent(), /Checking for checkmate… 200\u2009000 moves searched/);
    assert.equal(await page.locator("[data-action=keep-checking]").count(), 0);
    // Stop: the outcome is unknown, never guessed; the game goes on.
    await page.click("[data-action=cancel-check]");
    assert.equal(await indicator.count(), 0);
    assert.match(await page.locator(".status-text").textContent(), /Black to move · outcome unknown/);
    assert.match(
      await page.locator(".notice").textContent(),
      /Outcome unknown — the search stopped; the game can go on\./,
    );
    await page.screenshot({ path: join(SHOTS, "game-mate-check-stopped.png") });
    assert.equal(await page.locator("[data-testid=game-over]").count(), 0);
    // Saved as unknown: opened again, the game is checked again in the worker.
    const before = await page.evaluate(() => window.__checkRequests);
    assert.equal(before, 1);
    await page.reload({ waitUntil: "load" });
    await indicator.waitFor({ timeout: 10_000 });
    // The request goes out once the fresh worker says it is ready.
    await page.waitForFunction(() => window.__checkRequests === 1, null, { timeout: 10_000 });
    assert.match(await page.locator(".ml-staged").textContent(), /e5/, "the staged move was kept");
    await page.click("[data-action=cancel-check]");
    await page.click("[data-action=submit]:not([disabled])");
    assert.match(await page.locator(".move-list").textContent(), /\(0T1\)e7e5/);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});
