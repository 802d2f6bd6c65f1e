// Writes the Content-Security-Policy meta tag into one built page (run by scripts/pwa.sh):
//   node scripts/csp.mjs dist/index.html
// The policy allows only the site's own files, WebAssembly compilation of them, and the inline
// scripts trunk wrote into this page, each by the sha256 of its exact text (so the tag is made
// after the build, from the files as they are). Style attributes stay allowed ('unsafe-inline' for
// styles): the UI sets element styles (board sizes, arrow positions) as attributes.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/csp.mjs PAGE.html");
  process.exit(2);
}
let html = readFileSync(file, "utf8");
html = html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, "");

const hashes = [];
for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  const [, attributes, body] = match;
  if (/\bsrc\s*=/.test(attributes)) continue;
  hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`.trim(),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join("; ");

const tag = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
const charset = /<meta charset="[^"]*"\s*\/?>/i;
if (!charset.test(html)) {
  console.error(`csp.mjs: ${file} has no <meta charset> to put the policy after`);
  process.exit(1);
}
html = html.replace(charset, (m) => `${m}\n    ${tag}`);
writeFileSync(file, html);
console.log(`csp.mjs: ${file}: policy written (${hashes.length} inline script${hashes.length === 1 ? "" : "s"} allowed by hash)`);
