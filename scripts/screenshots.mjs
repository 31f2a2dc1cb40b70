// Full-page screenshots of the running site at phone and desktop widths, for review.
// Usage: node scripts/screenshots.mjs [baseURL] [outDir] [paths...]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", out = "/tmp/screens", ...paths] = process.argv.slice(2);
const pages = paths.length
  ? paths
  : ["/", "/products", "/services", "/insurance", "/support", "/compliance", "/ordering", "/press", "/intake", "/article/1", "/article/3", "/terms-of-service", "/careers", "/apply", "/partner-callback", "/auth", "/missing"];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
for (const [name, width] of [["phone", 375], ["desktop", 1280]]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${out}/${name}${path.replace(/[/?=&]+/g, "_") || "_home"}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
