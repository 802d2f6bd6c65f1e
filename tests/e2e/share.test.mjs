// End-to-end tests of share links (issue 6, item 5): the export dialog's "Copy share link" gives
// `<page>#g=1.<base64url of raw DEFLATE of the 5dpgn>`; opening such a link imports the game as a
// new saved game (never over a saved one) and replaces the fragment; a damaged link says why and
// changes nothing saved. Run `trunk build --release` first; run: node --test tests/e2e/share.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";

import { SHOTS, CORPUS, useApp } from "./harness.mjs";

const app = useApp();

const board = (l, t, c) => `.mv-board[data-l="${l}"][data-t="${t}"][data-c="${c}"]`;

async function importText(page, text) {
  await page.click("[data-action=import] >> nth=0");
  await page.fill("[data-testid=import-text]", text);
  await page.click("[data-action=import-confirm]");
}

/** The keys of the saved games in the page's localStorage. */
function savedGames(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("chronochess/v1/game/")));
}

/** Opens `url` (with its fragment) as a fresh load of the app. */
async function load(page, url) {
  await page.goto(url, { waitUntil: "load" });
  // Only the fragment may have changed: a same-document navigation does not restart the app.
  await page.reload({ waitUntil: "load" });
}

test("the export dialog's share link opens the game in a new saved game", async () => {
  const { context, page, problems } = await app.open();
  const text = readFileSync(join(CORPUS, "notation__game-2.5dpgn"), "utf8");
  await importText(page, text);
  await page.waitForSelector(board("-2", "15", "b"));
  await page.keyboard.press("Escape"); // the game-over dialog, if shown
  await page.click("[data-action=export]");
  const pgn = await page.locator("[data-record]").getAttribute("data-record");
  assert.match(pgn, /\[Result "1-0"\]/, "the result is a tag");
  assert.doesNotMatch(pgn, /(1-0|0-1|1\/2-1\/2|\*)\s*$/, "no result token after the moves");
  await page.click("[data-action=share-link]");
  const link = await page.locator("[data-testid=share-link]").inputValue();
  assert.equal(await page.locator("[data-action=share-link]").textContent(), "Link copied");
  assert.ok(link.startsWith(`${app.server.url.replace(/\/$/, "")}/#g=1.`), link);
  assert.match(link.slice(link.indexOf("#g=1.") + 5), /^[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 2000, `link of ${link.length} characters`);
  await page.screenshot({ path: join(SHOTS, "export-share-link.png") });
  await page.keyboard.press("Escape");
  assert.equal((await savedGames(page)).length, 1);

  // A browser that has never seen the game.
  const other = await app.browser.newContext({ viewport: { width: 1400, height: 860 }, colorScheme: "dark" });
  const fresh = await other.newPage();
  const otherProblems = [];
  fresh.on("pageerror", (err) => otherProblems.push(`page error: ${err.message}`));
  await fresh.goto(link, { waitUntil: "load" });
  await fresh.waitForSelector(board("-2", "15", "b"));
  assert.match(await fresh.locator(".move-list").textContent(), /\(-2T15\)Qd4d6/);
  assert.match(fresh.url(), /#game=/, "the share fragment gave way to the game's own");
  assert.equal((await savedGames(fresh)).length, 1, "saved as a game");
  await fresh.keyboard.press("Escape");
  await fresh.click("[data-action=export]");
  assert.equal(await fresh.locator("[data-record]").getAttribute("data-record"), pgn, "the same game");
  await other.close();

  // The browser that has the game already: a second saved game, the first untouched.
  const before = await page.evaluate(() => ({ ...localStorage }));
  await load(page, link);
  await page.waitForSelector(board("-2", "15", "b"));
  const keys = await savedGames(page);
  assert.equal(keys.length, 2, "a new saved game");
  for (const k of Object.keys(before).filter((k) => k.startsWith("chronochess/v1/game/"))) {
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), k), before[k], `${k} unchanged`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(otherProblems, []);
  await context.close();
});

test("a link made by another tool (raw DEFLATE + base64url) opens", async () => {
  const { context, page, problems } = await app.open();
  const text = readFileSync(join(CORPUS, "notation__1.1.5dpgn"), "utf8");
  const link = `${app.server.url}#g=1.${deflateRawSync(Buffer.from(text, "utf8")).toString("base64url")}`;
  await load(page, link);
  await page.waitForSelector(board("+1", "4", "w"));
  assert.match(await page.locator(".move-list").textContent(), /\(0T5\)Qb3>>x\(0T1\)f7/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a damaged share link says why and changes nothing saved", async () => {
  const { context, page, problems } = await app.open();
  await page.click("[data-action=new-game] >> nth=0");
  await page.click('[data-variant="Standard"]');
  await page.waitForSelector(board("0", "1", "w"));
  const before = await page.evaluate(() => ({ ...localStorage }));
  assert.equal((await savedGames(page)).length, 1);

  const good = `#g=1.${deflateRawSync(Buffer.from("1. e4 / e5\n")).toString("base64url")}`;
  for (const [fragment, why] of [
    ["#g=1.not*base64", /share link could not be opened: this share link is damaged: a character that is not base64url/],
    ["#g=1.AAAA", /share link could not be opened: this share link is damaged: its game data cannot be unpacked/],
    ["#g=7.AAAA", /format version `7`/],
    [good.slice(0, -3), /share link could not be opened/],
    [`#g=1.${deflateRawSync(Buffer.from("1. (0T1)e2e5\n")).toString("base64url")}`, /the game in it does not import: line 1, column 4/],
  ]) {
    await load(page, `${app.server.url}${fragment}`);
    const notice = page.locator(".notice.error");
    await notice.waitFor();
    assert.match(await notice.textContent(), why, fragment);
    assert.doesNotMatch(page.url(), /#g=/, "the fragment is cleared");
    const after = await page.evaluate(() => ({ ...localStorage }));
    for (const k of Object.keys(before).filter((k) => k.startsWith("chronochess/v1/game/"))) {
      assert.equal(after[k], before[k], `${k} unchanged`);
    }
    assert.equal((await savedGames(page)).length, 1, "no game added");
  }
  await page.screenshot({ path: join(SHOTS, "home-bad-share-link.png") });
  assert.deepEqual(problems, []);
  await context.close();
});
