// End-to-end tests of the installable, offline site (issue 17) in dist/ (run `trunk build
// --release` first: only release builds carry the service worker and the CSP). Run:
// node --test tests/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { DIST, ROOT, SHOTS, useApp } from "./harness.mjs";
import { serveStatic } from "./static-server.mjs";

const app = useApp({ serve: false });

const board = (l, t, c) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"]`;
const square = (l, t, c, sq) => `${board(l, t, c)} [data-sq="${sq}"]`;

/** A fresh browser context on `server`'s site (GitHub Pages-like sub-path), recording problems. */
async function visit(server) {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  await page.goto(server.url, { waitUntil: "load" });
  await page.waitForSelector("[data-action=new-game]");
  return { context, page, problems };
}

/** Waits until the site's service worker controls `page` (it claims the page on first install). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 });
}

/** The files of a build's precache list (from its sw.js), as paths relative to the build. */
function precached(dir) {
  const sw = readFileSync(join(dir, "sw.js"), "utf8");
  return [...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]);
}

test("the release build has a manifest, a service worker precaching every page file, and a CSP", () => {
  const manifest = JSON.parse(readFileSync(join(DIST, "manifest.webmanifest"), "utf8"));
  assert.equal(manifest.start_url, "./");
  assert.equal(manifest.scope, "./");
  for (const icon of manifest.icons) assert.ok(existsSync(join(DIST, icon.src)), `icon ${icon.src} is in the build`);
  assert.ok(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose === "maskable"));
  const files = precached(DIST);
  for (const page of ["index.html", "games/index.html"]) {
    assert.ok(files.includes(page), `${page} is precached`);
    const html = readFileSync(join(DIST, page), "utf8");
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
    // Every file the page names is precached (trunk's hashed names included).
    for (const [, ref] of html.matchAll(/(?:src|href)="([^"#]+)"/g)) {
      if (/^(https?:|data:)/.test(ref)) continue;
      const path = join(page, "..", ref).replace(/^\.\//, "").replace(/\\/g, "/");
      assert.ok(files.includes(path), `${page} loads ${ref}, which the service worker precaches`);
    }
  }
  for (const worker of ["chronochess-worker.js", "chronochess-worker_bg.wasm"]) {
    assert.ok(files.includes(worker), `the mate-check worker's ${worker} is precached`);
  }
  // The puzzle files the puzzle screen fetches: every one is in the build and precached.
  const puzzles = readdirSync(join(ROOT, "puzzles")).filter((f) => f.endsWith(".5dpgn"));
  assert.ok(puzzles.length >= 150);
  for (const file of puzzles) {
    assert.ok(existsSync(join(DIST, "puzzles", file)), `puzzles/${file} is in the build`);
    assert.ok(files.includes(`puzzles/${file}`), `puzzles/${file} is precached`);
  }
});

test("after one visit both pages load offline, and a 5D move is played and saved", async () => {
  const server = await serveStatic(DIST, "/chronochess/");
  try {
    const { context, page, problems } = await visit(server);
    await controlled(page);
    await context.setOffline(true);

    await page.reload({ waitUntil: "load" });
    await page.waitForSelector("[data-action=new-game]");
    await page.click("[data-action=new-game] >> nth=0");
    await page.click('[data-variant="Standard"]');
    await page.waitForSelector(board("0", "1", "w"));
    await page.click(square("0", "1", "w", "g1"));
    await page.click(square("0", "1", "w", "f3"));
    await page.click("[data-action=submit]:not([disabled])");
    await page.waitForSelector(board("0", "1", "b"));
    // The action is announced in words to screen readers (a polite live region).
    assert.equal(
      await page.locator("[data-testid=announce][aria-live=polite]").textContent(),
      "White knight from g1 to f3 on timeline 0, turn 1.",
    );
    await page.screenshot({ path: join(SHOTS, "offline-5d-move.png") });

    // Offline, reload again: the game is there, with White's knight on f3.
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector(square("0", "1", "b", "f3"));
    assert.match(await page.locator(`${square("0", "1", "b", "f3")}`).innerHTML(), /knight|piece|N/i);

    // A puzzle never opened online: its file comes from the precache.
    await page.goto(`${server.url}#puzzles=m2-001`, { waitUntil: "load" });
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector('[data-testid=puzzle-screen][data-puzzle="m2-001"][data-phase=first]');
    assert.match(await page.textContent("[data-testid=puzzle-task]"), /force checkmate in two actions/);

    // The other-games page too, never visited online.
    await page.goto(`${server.url}games/`, { waitUntil: "load" });
    await page.waitForSelector("[data-action=open-5d]");
    await page.waitForSelector("#new-time-traveling section");
    await page.screenshot({ path: join(SHOTS, "offline-games-page.png") });
    assert.deepEqual(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)), []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("a new build waits behind an 'Update available' notice and replaces the old one whole", async () => {
  // Build B: this build with one visible change, its CSP and service worker made again by the
  // same script the trunk hook runs.
  const dirB = mkdtempSync(join(tmpdir(), "chronochess-build-b-"));
  try {
    cpSync(DIST, dirB, { recursive: true });
    const index = join(dirB, "index.html");
    writeFileSync(index, readFileSync(index, "utf8").replace("<title>Chronochess</title>", '<title>Chronochess</title>\n    <meta name="build" content="B" />'));
    execFileSync("bash", [join(ROOT, "scripts", "pwa.sh"), "stage", dirB], { stdio: "pipe" });

    const server = await serveStatic(DIST, "/chronochess/");
    try {
      const { context, page, problems } = await visit(server);
      await controlled(page);
      assert.equal(await page.locator('meta[name="build"]').count(), 0);

      server.setRoot(dirB); // deployed in place
      await page.reload({ waitUntil: "load" });
      // The old build still runs (from the cache) until the player agrees.
      assert.equal(await page.locator('meta[name="build"]').count(), 0, "no page of two builds");
      await page.waitForSelector("[data-role=update-notice]", { timeout: 60_000 });
      await page.screenshot({ path: join(SHOTS, "update-available.png") });

      const before = server.requests.length;
      await Promise.all([page.waitForEvent("load"), page.click("[data-action=update-reload]")]);
      await page.waitForSelector("[data-action=new-game]");
      assert.equal(await page.locator('meta[name="build"]').getAttribute("content"), "B");
      assert.equal(await page.locator("[data-role=update-notice]").count(), 0);
      // Everything the new page loaded belongs to build B.
      const filesB = new Set(precached(dirB));
      const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
      for (const path of loaded) {
        const rel = path.replace(/^\/chronochess\//, "");
        assert.ok(filesB.has(rel) || rel === "sw.js", `${rel} is a file of build B`);
      }
      assert.ok(server.requests.length >= before);
      assert.deepEqual(problems, []);
      await context.close();
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dirB, { recursive: true, force: true });
  }
});
