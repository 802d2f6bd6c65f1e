// Workbox (workbox-cli generateSW) settings for the site's service worker, run by scripts/pwa.sh on
// a finished build folder (PWA_DIR): it precaches exactly the files of that build, so the site works
// offline after the first visit, and moves to a new build only when the player asks.
const dir = process.env.PWA_DIR;
if (!dir) throw new Error("workbox-config.cjs: PWA_DIR (the build folder) is not set");

module.exports = {
  globDirectory: dir,
  // Every file of the build, both pages (the index and games/), the workers, the assets and the
  // puzzle files the puzzle screen fetches when a puzzle opens.
  globPatterns: ["**/*.{html,js,wasm,css,svg,png,webmanifest,5dpgn}"],
  // The worker's own files are written after the glob runs, and must never precache themselves.
  globIgnores: ["sw.js", "workbox-*.js"],
  swDest: `${dir}/sw.js`,
  // The mate-check worker's wasm (opt-level 3) is larger than Workbox's 2 MB default.
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  // trunk puts a 16-hex-digit content hash in the wasm/JS/CSS names: those need no revision.
  dontCacheBustURLsMatching: /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/,
  // `./` and `games/` are served from their index.html; a query string (a shared game) must not
  // miss the cache.
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
  // A new build waits until the page asks it to take over (the "Update available" notice sends
  // SKIP_WAITING), so a page never runs on two builds' files; the first build takes control of
  // the open page at once, so the mate-check worker is cached on the first visit.
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // The runtime is copied beside sw.js instead of loaded from a CDN: the site has no network.
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
};
