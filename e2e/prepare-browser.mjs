// Unpacks the headless Chromium that ships inside @sparticuz/chromium (no download) unless CHROMIUM_PATH names
// one, and records its path for playwright.config.ts.
import fs from 'node:fs';
import path from 'node:path';

let executable = process.env.CHROMIUM_PATH;
if (!executable) {
  const { default: chromium } = await import('@sparticuz/chromium');
  executable = await chromium.executablePath();
}
if (!fs.existsSync(executable)) {
  console.error(
    `No Chromium at ${executable}. Set CHROMIUM_PATH to a Chromium or Chrome binary, or run npm ci to get @sparticuz/chromium.`,
  );
  process.exit(1);
}
fs.writeFileSync(path.join(import.meta.dirname, '.browser-path'), executable);
console.log(`End-to-end browser: ${executable}`);
