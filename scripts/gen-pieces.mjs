// Generates Chronochess's own piece set: assets/pieces/{w,b}{letter}.svg and
// style/pieces.css, which maps `.piece.<colour>.<kind>` to those files.
//
// Run from the repository root: `node scripts/gen-pieces.mjs`.
// Every shape below is drawn for this project on a 100 × 100 grid: a body
// (filled, outlined) and detail strokes in the contrasting colour.

import { mkdirSync, writeFileSync } from "node:fs";

// The shared foot every piece stands on.
const BASE = "M24 90 H76 Q79 90 79 87 V84 Q79 80 75 80 H25 Q21 80 21 84 V87 Q21 90 24 90 Z";

// Horse head facing left, used by the knight and the unicorn.
const HORSE =
  "M33 80 C32 69 37 61 45 55 C40 56 35 59 30 60 C25 61 20 57 20 52 C20 48 23 45 27 42 " +
  "L35 31 L39 21 L46 12 L50 22 C63 23 73 33 76 47 C79 61 75 72 73 80 Z";

/** Pieces: `body` paths are filled and outlined; `detail` paths are stroked only;
 *  `joins` are stroked on dark pieces only, where the outline alone would not show
 *  where two parts meet; `dots` are small filled circles in the detail colour. */
const PIECES = {
  P: {
    name: "pawn",
    joins: ["M41 43.5 H59", "M41 50 H59"],
    body: [
      "M32 80 C34 67 41 59 43 50 H57 C59 59 66 67 68 80 Z",
      "M39 43 H61 Q64 43 64 46.5 Q64 50 61 50 H39 Q36 50 36 46.5 Q36 43 39 43 Z",
      circle(50, 31, 11.5),
      BASE,
    ],
    detail: [],
  },
  R: {
    name: "rook",
    joins: ["M33 40 H67", "M36 47 H64"],
    body: [
      "M35 47 H65 L68 80 H32 Z",
      "M31 40 H69 L65 47 H35 Z",
      "M29 40 V17 H38.5 V25 H45.5 V17 H54.5 V25 H61.5 V17 H71 V40 Z",
      BASE,
    ],
    detail: ["M36 33 H64", "M37 53 H63"],
  },
  B: {
    name: "bishop",
    joins: ["M39 48 H61", "M41 55 H59"],
    body: [
      "M41 55 H59 C61 64 66 72 70 80 H30 C34 72 39 64 41 55 Z",
      "M39 48 H61 Q64 48 64 51.5 Q64 55 61 55 H39 Q36 55 36 51.5 Q36 48 39 48 Z",
      "M50 15 C61 23 66 34 63 48 H37 C34 34 39 23 50 15 Z",
      circle(50, 12, 4.5),
      BASE,
    ],
    detail: ["M55 25 L46 36", "M50 40 V44"],
  },
  N: {
    name: "knight",
    body: [HORSE, BASE],
    detail: ["M53 26 C64 32 70 44 70 60 C70 67 69 73 68 78"],
    dots: [[40, 35, 2.8], [26.5, 50, 1.8]],
  },
  Q: {
    name: "queen",
    joins: ["M31 64 H69", "M33 71 H67"],
    body: [
      "M32 71 H68 L72 80 H28 Z",
      "M30 64 H70 L68 71 H32 Z",
      "M30 64 L20 30 L34 50 L35 23 L44 46 L50 18 L56 46 L65 23 L66 50 L80 30 L70 64 Z",
      circle(20, 27, 4.5),
      circle(35, 20, 4.5),
      circle(50, 14.5, 4.5),
      circle(65, 20, 4.5),
      circle(80, 27, 4.5),
      BASE,
    ],
    detail: ["M33 57 C44 54 56 54 67 57"],
  },
  K: {
    name: "king",
    joins: ["M35 66 H65", "M37 72 H63"],
    body: [
      "M36 72 H64 L70 80 H30 Z",
      "M34 66 H66 L64 72 H36 Z",
      "M50 31 C40 29 30 33 28 43 C27 51 31 59 34 66 H66 C69 59 73 51 72 43 C70 33 60 29 50 31 Z",
      "M46.5 7 H53.5 V13 H59 V20 H53.5 V31 H46.5 V20 H41 V13 H46.5 Z",
      BASE,
    ],
    detail: ["M36 50 C45 46 55 46 64 50", "M50 34 V46"],
  },
  S: {
    name: "princess",
    joins: ["M31 51 H69", "M36 58 H64"],
    body: [
      "M35 58 H65 L68 80 H32 Z",
      "M30 51 H70 L65 58 H35 Z",
      "M28 51 V31 H37 V39 H42 C42 28 46 20 50 15 C54 20 58 28 58 39 H63 V31 H72 V51 Z",
      circle(50, 11.5, 4),
      BASE,
    ],
    detail: ["M53.5 25 L47 34", "M37 64 H63"],
  },
  U: {
    name: "unicorn",
    body: ["M33 33 L16 9 L40 27 Z", HORSE, BASE],
    detail: [
      "M53 26 C64 32 70 44 70 60 C70 67 69 73 68 78",
      "M24 17 L28 14",
      "M29 23 L33 20",
    ],
    dots: [[40, 36, 2.8], [26.5, 50, 1.8]],
  },
  D: {
    name: "dragon",
    body: [
      "M33 80 C32 70 36 62 43 56 L31 61 L18 60 L28 54 L16 49 " +
        "C21 41 29 35 37 31 L39 14 L48 25 L55 16 L59 28 L69 24 L68 36 L80 36 L74 47 L84 52 " +
        "L75 58 C76 67 74 74 72 80 Z",
      BASE,
    ],
    detail: ["M52 32 C60 40 65 50 65 62 C65 69 64 74 63 78", "M22 51 L33 52"],
    dots: [[38, 39, 2.8]],
  },
  W: {
    name: "brawn",
    joins: ["M31 64 H69", "M42 43.5 H58"],
    body: [
      "M33 64 H67 L71 80 H29 Z",
      "M27 64 C27 51 36 44 50 44 C64 44 73 51 73 64 Z",
      "M41 17 H59 Q65 17 65 23 V37 Q65 43 59 43 H41 Q35 43 35 37 V23 Q35 17 41 17 Z",
      BASE,
    ],
    detail: ["M39 29 H61", "M50 29 V38", "M38 56 C46 52 54 52 62 56"],
  },
  C: {
    name: "common king",
    joins: ["M35 66 H65", "M37 72 H63"],
    body: [
      "M36 72 H64 L70 80 H30 Z",
      "M34 66 H66 L64 72 H36 Z",
      "M50 31 C40 29 30 33 28 43 C27 51 31 59 34 66 H66 C69 59 73 51 72 43 C70 33 60 29 50 31 Z",
      circle(50, 21, 8),
      BASE,
    ],
    detail: ["M36 50 C45 46 55 46 64 50"],
  },
  Y: {
    name: "royal queen",
    joins: ["M31 64 H69", "M33 71 H67"],
    body: [
      "M32 71 H68 L72 80 H28 Z",
      "M30 64 H70 L68 71 H32 Z",
      "M30 64 L20 30 L34 50 L35 23 L44 46 L50 24 L56 46 L65 23 L66 50 L80 30 L70 64 Z",
      circle(20, 27, 4.5),
      circle(35, 20, 4.5),
      circle(65, 20, 4.5),
      circle(80, 27, 4.5),
      "M47 4 H53 V9 H58 V15 H53 V25 H47 V15 H42 V9 H47 Z",
      BASE,
    ],
    detail: ["M33 57 C44 54 56 54 67 57"],
  },
};

/** A circle as a path, so every body part is a path. */
function circle(cx, cy, r) {
  return `M${cx - r} ${cy} A${r} ${r} 0 1 0 ${cx + r} ${cy} A${r} ${r} 0 1 0 ${cx - r} ${cy} Z`;
}

const COLOURS = {
  w: { fill: "#fbfaf6", outline: "#1d1b19", detail: "#1d1b19", name: "white", joins: false },
  b: { fill: "#2b2824", outline: "#0d0c0b", detail: "#e9e4da", name: "black", joins: true },
};

// The line where every piece meets its foot.
const FOOT_JOIN = "M26 80 H74";

function svg(piece, colour) {
  const c = COLOURS[colour];
  const bodies = piece.body.map((d) => `<path d="${d}"/>`).join("");
  const lines = c.joins ? [...piece.detail, ...(piece.joins ?? []), FOOT_JOIN] : piece.detail;
  const details = lines.map((d) => `<path d="${d}"/>`).join("");
  const dots = (piece.dots ?? [])
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<title>${c.name} ${piece.name}</title>` +
    `<g fill="${c.fill}" stroke="${c.outline}" stroke-width="3.2" stroke-linejoin="round">${bodies}</g>` +
    (details
      ? `<g fill="none" stroke="${c.detail}" stroke-width="2.6" stroke-linecap="round">${details}</g>`
      : "") +
    (dots ? `<g fill="${c.detail}">${dots}</g>` : "") +
    `</svg>\n`
  );
}

mkdirSync("assets/pieces", { recursive: true });
let css =
  "/* Generated by scripts/gen-pieces.mjs: the Chronochess piece set. */\n" +
  "/* URLs are relative to this stylesheet, which trunk puts beside assets/ in dist/. */\n";
for (const [letter, piece] of Object.entries(PIECES)) {
  for (const colour of Object.keys(COLOURS)) {
    const file = `${colour}${letter}.svg`;
    writeFileSync(`assets/pieces/${file}`, svg(piece, colour));
    const kindClass = piece.name.replace(" ", "-");
    css += `.piece.${COLOURS[colour].name}.${kindClass} { background-image: url("assets/pieces/${file}"); }\n`;
  }
}
mkdirSync("style", { recursive: true });
writeFileSync("style/pieces.css", css);
console.log(`wrote ${Object.keys(PIECES).length * 2} pieces to assets/pieces/ and style/pieces.css`);
