// The README's pictures of the tables, from the screenshots test/web-layout.test.ts writes to
// test-artifacts/web/ (run it first, and test/web-moves.test.ts for Gin's knock): each game at
// 1280x800 at a stage in the middle of a hand, Cribbage on a 390x844 phone, Gin's knock turn and a
// Cribbage show at both sizes, and the hands laid out at a hand's end, written to docs/screenshots/ as JPEG (the felt's gradient makes a PNG
// of a whole screen three times larger), through Debian's Chromium, as the browser tests use it.
//   npx vitest run test/web-layout.test.ts && npx vitest run test/web-moves.test.ts -t "knock turn" \
//     && npx vitest run test/web-hand-end.test.ts && node scripts/readme-screenshots.mjs
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FROM = join(ROOT, "test-artifacts/web");
const TO = join(ROOT, "docs/screenshots");
const SHOTS = [
  ["roy", "layout-roy-1280-play-later.png"],
  ["royal-corners", "layout-royal-corners-1280-play-later.png"],
  ["roller-coaster", "layout-roller-coaster-1280-play-later.png"],
  ["crazy-eights", "layout-crazy-eights-1280-play-later.png"],
  ["gin-rummy", "layout-gin-rummy-1280-play-discard.png"],
  ["cribbage", "layout-cribbage-1280-play-pegging.png"],
  ["hyrule", "layout-hyrule-chance-1280-play-later.png"],
  ["cribbage-phone", "layout-cribbage-390-play-pegging.png"],
  // Gin's knock turn (from test/web-moves.test.ts) and a Cribbage show at the hand's end, at both sizes.
  ["gin-rummy-knock", "gin-knock-1280.png"],
  ["gin-rummy-knock-phone", "gin-knock-390.png"],
  ["cribbage-show", "layout-cribbage-1280-handover-over.png"],
  ["cribbage-show-phone", "layout-cribbage-390-handover-over.png"],
  // The hands laid out at a hand's end: Gin's (test/web-hand-end.test.ts) and Royal Corners'.
  ["gin-rummy-hand-end", "hand-end-gin-1280.png"],
  ["royal-corners-hand-end", "layout-royal-corners-1280-handover.png"],
];

const missing = SHOTS.filter(([, file]) => !existsSync(join(FROM, file)));
if (missing.length) {
  console.error(
    `readme-screenshots: ${missing[0][1]} is missing: run npx vitest run test/web-layout.test.ts first`,
  );
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox"],
});
try {
  const page = await browser.newPage();
  for (const [name, file] of SHOTS) {
    const png = readFileSync(join(FROM, file));
    // The PNG's own size, from its header: width and height at bytes 16 and 20.
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<body style="margin:0"><img style="display:block" src="data:image/png;base64,${png.toString("base64")}"></body>`,
    );
    await page.locator("img").waitFor();
    await page.screenshot({ path: join(TO, `${name}.jpg`), type: "jpeg", quality: 82 });
    console.log(`docs/screenshots/${name}.jpg from ${file}`);
  }
} finally {
  await browser.close();
}
