// Refreshes the README's screenshots: `node e2e/take-screenshots.mjs http://localhost:3000` against a running
// Canvass with the demo organization (npm start). It loads a small list through the UI (upload, column roles,
// load) for the list screenshots, so each run adds one list to the organization it is pointed at.
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

/** Closes the notices a step leaves on screen: they would cover the page's header in the picture. */
async function closeNotices() {
  // Clicked in the page: a notice still sliding in is never "stable" enough for a Playwright click.
  await page.waitForFunction(() => {
    const { document } = globalThis;
    document.querySelectorAll('.mantine-Notification-closeButton').forEach((b) => b.click());
    return !document.querySelector('.mantine-Notification-root');
  });
  await page.waitForTimeout(300);
}
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

// The organization's people: its users (invited or added from here) and the per-role restrictions grid.
await page.goto(`${base}/organization/users`);
await page.getByRole('row', { name: /texter1@demo\.canvass\.test/ }).waitFor();
await page.screenshot({ path: path.join(out, 'organization-users.png') });
await page.goto(`${base}/organization/restrictions`);
await page.getByRole('checkbox').first().waitFor();
await page.screenshot({ path: path.join(out, 'restrictions.png') });

// A list, as a staffer makes one: a CSV with a number that is not one and a repeat, its kept columns named by its header.
const voters = [
  'Mobile,First Name,Last Name,Precinct,Email',
  '(512) 555-0134,Maria,Rivera,12,maria.rivera@example.org',
  '512.555.0178,James,Okafor,12,jokafor@example.org',
  '+1 737 555 0191,Lena,Park,14,lena.park@example.org',
  '(512) 555-0134,Maria,Rivera,12,maria.rivera@example.org',
  '5.12555E+09,Tom,Nguyen,15,tom.n@example.org',
  '210-555-0142,Ana,Lopez,15,ana.lopez@example.org',
  '(713) 555-0117,Sam,Brooks,16,',
  '512 555 0165,Priya,Shah,16,priya.shah@example.org',
].join('\r\n');
await page.goto(`${base}/lists/new`);
await page.getByRole('textbox', { name: 'Name' }).fill('Austin volunteers');
await page.locator('input[type="file"]').setInputFiles({
  name: 'austin-volunteers.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(voters, 'utf8'),
});
await page.getByRole('button', { name: 'Save' }).click();
await page.waitForURL(/\/lists\/\d+\/edit\/basic-info$/);
await page.getByRole('button', { name: 'Load list' }).click();
await page.waitForURL(/\/lists\/\d+\/overview$/);
await page.getByText('List loaded successfully').waitFor({ timeout: 30_000 });
await page.getByLabel('Optimized %', { exact: true }).waitFor();
await closeNotices();
await page.screenshot({ path: path.join(out, 'list-overview.png') });
await page.getByRole('tab', { name: 'Rows' }).click();
await page.getByRole('table', { name: 'Rows' }).getByRole('row', { name: /Priya/ }).waitFor();
await closeNotices();
await page.screenshot({ path: path.join(out, 'list-rows.png') });
await browser.close();
