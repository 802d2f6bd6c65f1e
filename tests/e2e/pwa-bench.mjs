// Load figures of the offline site (issue 17), not a test: node tests/e2e/pwa-bench.mjs
// (after `trunk build --release`). For both pages it prints the time until the page is usable
// (its first control drawn) on a first visit from the network and on a reload served by the
// service worker, each with and without a throttled network (10 Mbit/s, 40 ms round trip, like
// a good mobile link), the largest layout shift during load, and the precache size.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

import { CHROMIUM, CHROMIUM_ARGS, DIST } from "./harness.mjs";
import { serveStatic } from "./static-server.mjs";

const PAGES = [
  { name: "5D page", path: "", ready: "[data-action=new-game]" },
  { name: "games/", path: "games/", ready: "[data-action=open-5d]" },
];
const RUNS = 5;

const sw = readFileSync(join(DIST, "sw.js"), "utf8");
const files = [...sw.matchAll(/url:\s*"([^"]+)"/g)].map((m) => m[1]);
const bytes = files.reduce((sum, f) => sum + statSync(join(DIST, f)).size, 0);
console.log(`precache: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB`);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const server = await serveStatic(DIST, "/");

/** Time from navigation start to `ready` drawn, and the page's summed layout shift. */
async function measure(page, url, ready) {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForSelector(ready);
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    return { ms: performance.now() - nav.startTime };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const { name, path, ready } of PAGES) {
  for (const throttle of [false, true]) {
    const first = [];
    const cached = [];
    let shift = 0;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      const page = await context.newPage();
      if (throttle) {
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 40,
          downloadThroughput: (10e6 / 8),
          uploadThroughput: (5e6 / 8),
        });
      }
      first.push((await measure(page, server.url + path, ready)).ms);
      shift = Math.max(shift, await page.evaluate(() => window.__shift));
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 120_000 });
      cached.push((await measure(page, server.url + path, ready)).ms);
      shift = Math.max(shift, await page.evaluate(() => window.__shift));
      await context.close();
    }
    console.log(
      `${name}${throttle ? " (10 Mbit/s, 40 ms)" : " (loopback)"}: usable after ${median(first).toFixed(0)} ms from the network, ` +
        `${median(cached).toFixed(0)} ms from the service worker (median of ${RUNS}); largest layout shift ${shift.toFixed(3)}`,
    );
  }
}
await browser.close();
await server.close();
