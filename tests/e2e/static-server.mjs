// A tiny static file server for the end-to-end tests: serves a folder (dist/) on
// 127.0.0.1 under a path prefix ("/" or "/chronochess/", as GitHub Pages does).

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".ico": "image/x-icon",
  ".5dpgn": "text/plain; charset=utf-8",
};

/**
 * Serves `root` at `http://127.0.0.1:<free port><prefix>`.
 * Requests outside the prefix, or for missing files, get 404.
 * Resolves to `{ origin, url, requests, setRoot, close }`; `requests` lists every path asked for;
 * `setRoot(dir)` serves another folder from then on (a new build deployed in place).
 */
export async function serveStatic(root, prefix = "/") {
  let served = root;
  if (!prefix.startsWith("/") || !prefix.endsWith("/")) {
    throw new Error(`prefix must start and end with "/": ${prefix}`);
  }
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    requests.push(path);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end("outside the served prefix");
      return;
    }
    const base = served;
    let file = normalize(join(base, path.slice(prefix.length)));
    if (file !== normalize(base) && !file.startsWith(normalize(base) + sep)) {
      res.writeHead(403).end("forbidden");
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-store",
      });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + prefix,
    requests,
    setRoot: (dir) => {
      served = dir;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
