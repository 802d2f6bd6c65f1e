// Performance figures of the multiverse view (printed, not asserted): time from a click on
// Submit to the next painted frame, and frames per second while panning, for positions of
// growing size. Run after `trunk build --release`: node tests/e2e/bench.mjs
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveStatic } from "./static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIST = join(ROOT, "dist");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A Standard game where both sides shuffle knights for `turns` turns (2 boards per turn). */
function shuffleGame(turns) {
  const lines = ['[Board "Standard"]', ""];
  for (let t = 1; t <= turns; t++) {
    const out = t % 2 === 1;
    const w = out ? "(0T" + t + ")Ng1f3" : "(0T" + t + ")Nf3g1";
    const b = out ? "(0T" + t + ")Ng8f6" : "(0T" + t + ")Nf6g8";
    lines.push(`${t}. ${w} / ${b}`);
  }
  return lines.join("\n") + "\n";
}

const server = await serveStatic(DIST, "/");
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });

async function measure(label, text, stage) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  const page = await context.newPage();
  await page.goto(server.url, { waitUntil: "load" });
  await page.click("[data-action=import] >> nth=0");
  await page.fill("[data-testid=import-text]", text);
  await page.click("[data-action=import-confirm]");
  await page.waitForSelector(".mv-board");
  const boards = await page.locator(".mv-board").count();
  await stage(page);
  await page.waitForSelector("[data-action=submit]:not([disabled])");
  const submitMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const button = document.querySelector("[data-action=submit]");
        const t0 = performance.now();
        button.click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
  );
  await page.waitForTimeout(500);
  // Pan for one second with a pointer drag on empty space, counting frames.
  const box = await page.locator(".mv-viewport").boundingBox();
  const fps = await page.evaluate(async ({ x, y }) => {
    const el = document.querySelector(".mv-viewport");
    const fire = (type, px, py) =>
      el.dispatchEvent(new PointerEvent(type, { clientX: px, clientY: py, button: 0, pointerId: 7, bubbles: true }));
    const sx = x + 6, sy = y + 6;
    fire("pointerdown", sx, sy);
    let frames = 0;
    const t0 = performance.now();
    await new Promise((resolve) => {
      const step = () => {
        frames++;
        const dt = performance.now() - t0;
        fire("pointermove", sx + Math.sin(dt / 150) * 200, sy + Math.cos(dt / 150) * 100);
        if (dt < 1000) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    fire("pointerup", sx, sy);
    return (frames * 1000) / (performance.now() - t0);
  }, { x: box.x, y: box.y });
  console.log(`${label}: ${boards} boards, submit→paint ${submitMs.toFixed(1)} ms, panning ${fps.toFixed(0)} fps`);
  await context.close();
}

const sq = (l, t, c, s) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"] [data-sq="${s}"]`;
for (const turns of [4, 24, 249]) {
  const t = turns + 1;
  await measure(`${turns} turns`, shuffleGame(turns), async (page) => {
    const from = turns % 2 === 0 ? "g1" : "f3";
    const to = turns % 2 === 0 ? "f3" : "g1";
    await page.click(sq("0", String(t), "w", from));
    await page.click(sq("0", String(t), "w", to));
  });
}
const game2 = readFileSync(join(ROOT, "..", "shared", "corpus", "games", "notation__game-2.5dpgn"), "utf8");
await measure("corpus game-2 to turn 15 (3 timelines)", game2.slice(0, game2.indexOf("15. ")), async (page) => {
  await page.click(sq("-1", "9", "w", "c5"));
  await page.click(sq("-1", "9", "w", "b6"));
  await page.click(sq("0", "9", "w", "d1"));
  await page.click(sq("+1", "9", "w", "d2"));
});
await browser.close();
await server.close?.();
