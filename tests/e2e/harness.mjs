// Shared set-up of the end-to-end specs: where things are, how Chromium is started, and a
// fresh page on the app served from dist/ that records page errors and console errors.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveStatic } from "./static-server.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const DIST = join(ROOT, "dist");
export const SHOTS = join(ROOT, "target", "e2e");
export const CORPUS = join(ROOT, "..", "shared", "corpus", "games");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts Chromium (and, unless `serve` is false, a static server of dist/ at `/`) before the
 * spec's tests and stops them after; returns an object whose `browser`, `server` and `open`
 * are ready inside the tests. */
export function useApp({ serve = true } = {}) {
  const app = { browser: null, server: null };
  before(async () => {
    assert.ok(existsSync(join(DIST, "index.html")), "dist/index.html missing: run `trunk build` first");
    app.browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    if (serve) app.server = await serveStatic(DIST, "/");
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.close?.();
  });
  /** A fresh page (fresh localStorage) on the app's home screen, recording page errors. */
  app.open = async (options = {}) => {
    const context = await app.browser.newContext({
      viewport: { width: 1400, height: 860 },
      colorScheme: "dark",
      ...options,
    });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
    });
    await page.goto(app.server.url, { waitUntil: "load" });
    await page.waitForSelector("[data-action=new-game]");
    return { context, page, problems };
  };
  return app;
}

/** The selector of the 5D board drawn as (`l`, `t`, `c`), e.g. ("0", "1", "w"). */
export const board5d = (l, t, c) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"]`;

/** The selector of square `sq` on that 5D board. */
export const square5d = (l, t, c, sq) => `${board5d(l, t, c)} [data-sq="${sq}"]`;

/** Clicks a 5D piece, then its destination (both given as [l, t, c, square]). */
export async function clickMove(page, from, to) {
  await page.click(square5d(...from));
  await page.waitForSelector(square5d(...to));
  await page.click(square5d(...to));
}

/** Makes sure the 5D board (`l`, `t`, `c`: e.g. "+1", "9", "w") is drawn with its squares. The
 * multiverse view only puts the boards near its camera in the DOM, and far out draws them
 * compact (one element, no `[data-sq]`): if the board is missing or compact, this shows all
 * ("Fit all") and zooms in on it with ctrl+wheel, as a player would. Returns its selector. */
export async function revealBoard(page, l, t, c) {
  const board = board5d(l, t, c);
  const full = `${board}:not(.compact)`;
  if ((await page.locator(full).count()) > 0) return board;
  await page.click("[data-action=fit]");
  await page.waitForSelector(board);
  for (let i = 0; i < 12 && (await page.locator(full).count()) === 0; i++) {
    const box = await page.locator(board).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -60);
    await page.keyboard.up("Control");
    await page.waitForTimeout(120);
  }
  await page.waitForSelector(full);
  return board;
}

/** From the 5D page's home: opens the new-game dialog and follows its link to the other-games
 * page (`games/`), which shows the new-game entry of `slug` ("time-traveling", "chessgi",
 * "multiverse"). */
export async function openOtherGame(page, slug) {
  await page.click("[data-action=new-game] >> nth=0");
  await Promise.all([page.waitForURL(/\/games\//), page.click(`[data-action=open-${slug}]`)]);
  await page.waitForSelector(`#new-${slug} section`);
}
