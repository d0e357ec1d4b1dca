// Refreshes the README's screenshots: `node e2e/take-screenshots.mjs http://localhost:3000` against a running
// Canvass with the demo organization (npm start).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
const executablePath =
  process.env.CHROMIUM_PATH ?? fs.readFileSync(path.join(import.meta.dirname, '.browser-path'), 'utf8').trim();
const browser = await chromium.launch({
  executablePath,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
await page.goto(`${base}/login`);
await page.getByRole('textbox', { name: 'Email' }).fill('admin@demo.canvass.test');
await page.getByRole('textbox', { name: 'Password' }).fill('canvass-demo');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/dashboard/);
await page.getByRole('main').getByRole('heading').first().waitFor();
await page.waitForLoadState('networkidle');
await page.screenshot({ path: path.join(out, 'dashboard.png') });
for (const [name, url, row] of [
  ['clients', '/clients', 'Rivera for Senate'],
  ['brands', '/brands', 'Rivera Texting'],
]) {
  await page.goto(`${base}${url}`);
  await page.getByRole('row', { name: new RegExp(row) }).waitFor();
  await page.screenshot({ path: path.join(out, `${name}.png`) });
}
await page.goto(`${base}/clients`);
await page.getByRole('row', { name: /Rivera for Senate/ }).click();
await page.getByRole('tab', { name: 'General' }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: path.join(out, 'client-edit.png') });
await browser.close();
