// End-to-end tests of the release build in dist/ (run `trunk build --release` first),
// driven by playwright-core in Debian's headless Chromium. Run: node --test tests/e2e/
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveStatic } from "./static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIST = join(ROOT, "dist");
const SHOTS = join(ROOT, "target", "e2e");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps dialling out on a closed network.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser;

before(async () => {
  assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html missing: run `trunk build --release` first");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Opens `url` in a fresh page, recording console errors, page errors and failed requests. */
async function open(url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => document.querySelectorAll(".board .piece").length === 32, null, {
    timeout: 20_000,
  });
  // Piece images and stylesheets load after the DOM: let them settle.
  await page.waitForLoadState("networkidle");
  return { context, page, problems };
}

test("the start screen shows the Standard board, labelled L0 T1, White to move", async () => {
  const server = await serveStatic(DIST, "/");
  try {
    const { context, page, problems } = await open(server.url, { colorScheme: "dark" });
    assert.equal(await page.title(), "Chronochess");
    assert.equal(await page.locator("h1").textContent(), "Chronochess");
    assert.equal(await page.locator(".timeline-label").textContent(), "L0");
    assert.equal(await page.locator(".turn-label").textContent(), "T1");
    assert.equal(await page.locator(".to-move-text").textContent(), "White to move");
    assert.equal(await page.locator(".piece.white").count(), 16);
    assert.equal(await page.locator(".piece.black").count(), 16);
    assert.equal(await page.locator("[data-sq=e1] .piece").getAttribute("aria-label"), "white king");
    // The piece images really loaded (a missing SVG would leave an empty square).
    const loaded = await page.evaluate(async () => {
      const urls = new Set(
        [...document.querySelectorAll(".piece")].map((el) => getComputedStyle(el).backgroundImage),
      );
      const results = await Promise.all(
        [...urls].map((css) => {
          const src = css.slice(5, -2);
          return new Promise((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth > 0);
            img.onerror = () => resolve(false);
            img.src = src;
          });
        }),
      );
      return { kinds: urls.size, ok: results.every(Boolean) };
    });
    assert.deepEqual(loaded, { kinds: 12, ok: true });
    const shot = join(SHOTS, "start.png");
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    // UPDATE_SCREENSHOT=1 refreshes the README's picture.
    if (process.env.UPDATE_SCREENSHOT === "1") copyFileSync(shot, join(ROOT, "docs", "screenshot-start.png"));
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test("dist/ works under the sub-path /chronochess/ (GitHub Pages) with no error and no failed request", async () => {
  const server = await serveStatic(DIST, "/chronochess/");
  try {
    const { context, page, problems } = await open(server.url);
    assert.equal(await page.locator(".board .piece").count(), 32);
    assert.deepEqual(problems, []);
    const outside = server.requests.filter((path) => !path.startsWith("/chronochess/"));
    assert.deepEqual(outside, [], "every request stays under the sub-path");
    await context.close();
  } finally {
    await server.close();
  }
});

test("the other-games page works under /chronochess/games/; a saved game opens on its own page from either page", async () => {
  const server = await serveStatic(DIST, "/chronochess/");
  try {
    // The Time Traveling entry's preview board has the 32 pieces open() waits for.
    const { context, page, problems } = await open(`${server.url}games/`);
    assert.match(await page.title(), /More time-travel chess/);
    await page.click("[data-action=new-time-traveling]");
    await page.waitForSelector(".tt-screen [data-sq=e2]");
    // Back on the 5D page the game is listed; Resume goes to the other page and opens it.
    await Promise.all([page.waitForURL(/\/chronochess\/$/), page.click("[data-action=open-5d] >> nth=0")]);
    await page.waitForSelector(".saved-game [data-action=resume]");
    assert.equal(await page.locator(".saved-game").count(), 1);
    await Promise.all([page.waitForURL(/\/chronochess\/games\/#/), page.click(".saved-game [data-action=resume]")]);
    await page.waitForSelector(".tt-screen [data-sq=e2]");
    // An old-style link to the game on the 5D page is forwarded too.
    const hash = new URL(page.url()).hash;
    await page.goto(`${server.url}${hash}`, { waitUntil: "load" });
    await page.waitForURL(/\/chronochess\/games\/#/);
    await page.waitForSelector(".tt-screen [data-sq=e2]");
    // Going to the other page aborts whatever the last one was still fetching (an icon, say):
    // those are the test's own doing. Any other failure, and any HTTP error, still counts.
    assert.deepEqual(problems.filter((p) => !p.endsWith("(net::ERR_ABORTED)")), []);
    const outside = server.requests.filter((path) => !path.startsWith("/chronochess/"));
    assert.deepEqual(outside, [], "every request stays under the sub-path");
    await context.close();
  } finally {
    await server.close();
  }
});

/** Every header link of `names` is drawn on one line and wholly inside the viewport (not hidden,
 * not cut off by the screen's edge). */
async function headerLinksFit(page, names) {
  const links = await page.$$eval(".site-nav .nav-link", (ls) =>
    ls.map((l) => {
      const b = l.getBoundingClientRect();
      return { name: l.textContent.trim(), left: b.left, right: b.right, height: b.height };
    }),
  );
  const width = await page.evaluate(() => window.innerWidth);
  assert.deepEqual(
    links.map((l) => l.name.toLowerCase()),
    names.map((n) => n.toLowerCase()),
  );
  for (const l of links) {
    assert.ok(l.height > 0 && l.height < 44, `${l.name}: ${l.height}px high (hidden or wrapped)`);
    assert.ok(l.left >= 0 && l.right <= width + 0.5, `${l.name}: ${l.left}..${l.right} in ${width}px`);
  }
}

test("on a phone-sized screen the page does not scroll sideways and the board fits", async () => {
  const server = await serveStatic(DIST, "/");
  try {
    const { context, page, problems } = await open(server.url, {
      viewport: { width: 390, height: 844 },
      colorScheme: "light",
    });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      board: document.querySelector(".board").getBoundingClientRect().width,
    }));
    assert.ok(widths.page <= widths.viewport, `page is ${widths.page}px wide in a ${widths.viewport}px viewport`);
    assert.ok(widths.board >= 250, `board is only ${widths.board}px wide`);
    await page.screenshot({ path: join(SHOTS, "start-phone-light.png"), fullPage: true });
    await headerLinksFit(page, ["New game", "Import", "Puzzles", "Lessons"]);
    // In a game the header also carries the way back to the games list.
    await page.click("[data-action=new-game] >> nth=0");
    await page.click('[data-variant="Standard"]');
    await page.waitForSelector(".game-screen");
    await headerLinksFit(page, ["New game", "Import", "Puzzles", "Lessons", "Games"]);
    await page.screenshot({ path: join(SHOTS, "game-phone-header.png") });
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await server.close();
  }
});
