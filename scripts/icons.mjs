// Renders the PNG app icons that installers ask for (web app manifest, Apple touch icon) from
// assets/icon.svg with headless Chromium. The PNGs are committed; run this again after changing
// the SVG:  node scripts/icons.mjs
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const svg = readFileSync(join(root, "assets", "icon.svg"), "utf8");
const out = join(root, "assets", "icons");
// `any` icons are the rounded tile as drawn; `maskable` ones fill the square with the tile's colour
// and keep the drawing inside the central 80 % safe zone, since the launcher crops to its own shape.
const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "maskable-192.png", size: 192, maskable: true },
  { file: "maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const { file, size, maskable } of icons) {
  const inner = maskable ? Math.round(size * 0.8) : size;
  const html = `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? "#2b2824" : "transparent"}">
    <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${inner}" height="${inner}"></body></html>`;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(html);
  await page.screenshot({ path: join(out, file), omitBackground: !maskable, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`icons: ${file} (${size}×${size}${maskable ? ", maskable" : ""})`);
}
await browser.close();
