// Performance figures of the multiverse view (printed, not asserted): time from a click on
// Submit to the next painted frame, and frames per second while panning and zooming, at 10,
// 100 and 1 000 boards. Run after `trunk build --release`: node tests/e2e/bench.mjs
//
// Headless Chromium renders in software on a shared machine: absolute figures move from run to
// run, compare rows of one run. Each position is imported as 5dpgn text through the app's own
// import dialog (a 500-turn game imports in a moment; clicking it in would take minutes).
//
// Environment: DIST (default dist; several builds separated by commas are measured in turn,
// size by size, to compare them in one run, e.g. DIST=dist,/tmp/dist-main), BENCH_ROUNDS
// (repeats, default 1), CHROMIUM_PATH, BENCH_SIZES (default "10,100,1000"), BENCH_SECONDS
// (length of each panning run, default 2), BENCH_SHOT (a PNG path: a screenshot of the largest
// multiverse, zoomed out).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serveStatic } from "./static-server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DISTS = (process.env.DIST ?? "dist").split(",").map((d) => join(ROOT, d));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SIZES = (process.env.BENCH_SIZES ?? "10,100,1000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-quic",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A Standard game where both sides shuffle knights for `turns` turns: 2 × turns + 1 boards. */
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

const servers = [];
for (const d of DISTS) servers.push(await serveStatic(d, "/"));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });

/** Frames per second while `drive(elapsedMs)` runs every 8 ms (a 125 Hz mouse or trackpad,
 * independent of frames, as real input is) for `ms`; also the longest frame. */
async function framesWhile(page, kind, ms) {
  return page.evaluate(async ({ kind, ms }) => {
    const el = document.querySelector(".mv-viewport");
    const r = el.getBoundingClientRect();
    // Start on the viewport's empty top-left corner: a drag there pans.
    const sx = r.left + 6, sy = r.top + 6;
    const fire = (type, px, py) =>
      el.dispatchEvent(new PointerEvent(type, {
        clientX: px, clientY: py, button: 0, buttons: type === "pointerup" ? 0 : 1,
        pointerId: 7, pointerType: "mouse", isPrimary: true, bubbles: true, cancelable: true,
      }));
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    let drive;
    if (kind === "drag") {
      fire("pointerdown", sx, sy);
      // A circle of 200 × 100 px: the plane keeps moving under the pointer.
      drive = (dt) => fire("pointermove", sx + 200 + Math.sin(dt / 150) * 200, sy + 100 + Math.cos(dt / 150) * 100);
    } else {
      // Wheel: zoom in and out around the centre (ctrl = pinch on a trackpad), then scroll sideways.
      drive = (dt) => {
        const phase = Math.floor(dt / 250) % 4;
        const init = { clientX: cx, clientY: cy, bubbles: true, cancelable: true };
        if (phase < 2) el.dispatchEvent(new WheelEvent("wheel", { ...init, deltaY: phase === 0 ? -8 : 8, ctrlKey: true }));
        else el.dispatchEvent(new WheelEvent("wheel", { ...init, deltaX: phase === 2 ? 30 : -30, deltaY: 0 }));
      };
    }
    const t0 = performance.now();
    const gaps = [];
    let last = t0;
    const timer = setInterval(() => drive(performance.now() - t0), 8);
    await new Promise((resolve) => {
      const step = (now) => {
        gaps.push(now - last);
        last = now;
        if (now - t0 < ms) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    clearInterval(timer);
    if (kind === "drag") fire("pointerup", sx, sy);
    const total = performance.now() - t0;
    gaps.sort((a, b) => a - b);
    return { fps: (gaps.length * 1000) / total, worst: gaps[gaps.length - 1] };
  }, { kind, ms });
}

/** Click on Submit → the next frame: the Event Timing API's duration of the click (to the
 * frame presented after its handlers, in 8 ms steps), and, as a cross-check, the time to the
 * first animation frame after the click with style and layout forced in it. */
async function submitToPaint(page) {
  await page.evaluate(() => {
    window.__clicks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "click" || e.name === "pointerup") window.__clicks.push(e.duration);
    }).observe({ type: "event", durationThreshold: 16, buffered: false });
    const button = document.querySelector("[data-action=submit]");
    window.__frame = new Promise((resolve) => {
      button.addEventListener("click", () => {
        const t0 = performance.now();
        requestAnimationFrame(() => {
          void document.body.offsetHeight;
          resolve(performance.now() - t0);
        });
      }, { capture: true, once: true });
    });
  });
  await page.click("[data-action=submit]");
  const frame = await page.evaluate(() => window.__frame);
  await page.waitForTimeout(400);
  const clicks = await page.evaluate(() => window.__clicks);
  return { paint: clicks.length ? Math.max(...clicks) : null, frame };
}

const fmt = (x) => (x == null ? "  <16" : x.toFixed(0).padStart(5));
const rows = [];

async function measure(boardsWanted, server, build) {
  const turns = Math.max(1, Math.round((boardsWanted - 2) / 2));
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 }, colorScheme: "dark" });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(server.url, { waitUntil: "load" });
  await page.click("[data-action=import] >> nth=0");
  await page.fill("[data-testid=import-text]", shuffleGame(turns));
  const t0 = Date.now();
  await page.click("[data-action=import-confirm]");
  await page.waitForSelector(".mv-viewport");
  const importMs = Date.now() - t0;
  // Stage White's knight move on the last board (the view centres the present), then submit.
  const t = turns + 1;
  const [from, to] = turns % 2 === 0 ? ["g1", "f3"] : ["f3", "g1"];
  const sq = (s) => `.mv-board[data-l="0"][data-t="${t}"][data-c="w"] [data-sq="${s}"]`;
  await page.click(sq(from));
  await page.click(sq(to));
  await page.waitForSelector("[data-action=submit]:not([disabled])");
  await page.waitForTimeout(300);
  const boards = await page.evaluate(() => {
    // Every board of the position: those drawn plus those the view leaves out (virtualised).
    const world = document.querySelector(".mv-world");
    return Number(world?.dataset.boards ?? document.querySelectorAll(".mv-board").length);
  });
  const submit = await submitToPaint(page);
  await page.waitForSelector(".status-text:not([data-status=pending])", { timeout: 60_000 });
  await page.waitForTimeout(300);
  const nodes = await page.evaluate(() => document.querySelectorAll(".mv-viewport *").length);
  const near = await framesWhile(page, "drag", SECONDS * 1000);
  const wheel = await framesWhile(page, "wheel", SECONDS * 1000);
  await page.click("[data-action=fit]");
  await page.waitForTimeout(400);
  const nodesFar = await page.evaluate(() => document.querySelectorAll(".mv-viewport *").length);
  const far = await framesWhile(page, "drag", SECONDS * 1000);
  if (process.env.BENCH_SHOT && boardsWanted === Math.max(...SIZES)) {
    await page.screenshot({ path: process.env.BENCH_SHOT });
  }
  rows.push({ build, boards, importMs, submit, nodes, near, wheel, nodesFar, far, problems });
  await context.close();
}

for (let round = 0; round < ROUNDS; round++) {
  for (const n of SIZES) {
    for (let i = 0; i < servers.length; i++) await measure(n, servers[i], DISTS[i].split("/").slice(-2).join("/"));
  }
}
if (servers.length > 1) rows.sort((a, b) => a.build.localeCompare(b.build) || a.boards - b.boards);
console.log("boards | submit→paint ms (event timing / rAF+layout) | pan fps at present (worst frame ms) | wheel zoom fps | pan fps zoomed out to fit all | DOM nodes present/fit | import ms");
for (const r of rows) {
  console.log(
    (servers.length > 1 ? `${r.build}: ` : "") +
    `${String(r.boards).padStart(6)} | ${fmt(r.submit.paint)} / ${fmt(r.submit.frame)}` +
      ` | ${r.near.fps.toFixed(0).padStart(3)} (${r.near.worst.toFixed(0)})` +
      ` | ${r.wheel.fps.toFixed(0).padStart(3)} (${r.wheel.worst.toFixed(0)})` +
      ` | ${r.far.fps.toFixed(0).padStart(3)} (${r.far.worst.toFixed(0)})` +
      ` | ${r.nodes}/${r.nodesFar} | ${r.importMs}` +
      (r.problems.length ? `  PAGE ERRORS: ${r.problems.join("; ")}` : ""),
  );
}
await browser.close();
for (const server of servers) await server.close?.();
