// Refreshes the README's screenshots: `node e2e/take-screenshots.mjs http://localhost:3000` against a running
// Canvass with the demo organization (npm start). It loads a small list through the UI (upload, column roles,
// load) for the list screenshots and sends a project of it through the Simulator for the project screenshots, so
// each run adds a list and a project to the organization it is pointed at.
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
async function signIn(p, email) {
  await p.goto(`${base}/login`);
  await p.getByRole('textbox', { name: 'Email' }).fill(email);
  await p.getByRole('textbox', { name: 'Password' }).fill('canvass-demo');
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(/dashboard/);
}
await signIn(page, 'admin@demo.canvass.test');
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

// A Blast project of that list, through the stepper (as e2e/tests/projects.spec.ts builds one), sent through the
// demo's built-in Simulator: the stepper's message editor, then the project as its texts go out.
async function chooseOption(label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
async function projectAction(item, done) {
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  if (done) await page.getByText(done).first().waitFor();
}
await page.goto(`${base}/projects/stepper`);
await page.getByRole('textbox', { name: 'Name' }).fill('Austin GOTV: election day');
await chooseOption('Type', 'Voter Contact');
await page.getByRole('combobox', { name: 'Client', exact: true }).fill('Rivera');
await page.getByRole('option', { name: 'Rivera for Senate', exact: true }).click();
await chooseOption('Manager', 'Avery Admin');
await page.waitForURL(/\/projects\/stepper\/\d+$/);
const projectId = /\/projects\/stepper\/(\d+)$/.exec(page.url())[1];
await page
  .getByRole('textbox', { name: 'Message' })
  .fill(
    'Hi {firstName}, Rivera for Senate here: polls are open until 8pm tonight. Every vote counts! Reply STOP to opt out',
  );
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('radio', { name: 'Austin volunteers' }).first().check();
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('table', { name: 'List summary' }).waitFor();
// Back at Basic Info with the list chosen: the message with its live count of characters and segments, and the
// preview beside it as the list's first recipient gets it.
await page.getByRole('button', { name: 'Back' }).click();
await page.getByRole('button', { name: 'Back' }).click();
await page.getByTestId('message-preview').waitFor();
await closeNotices();
await page.getByRole('textbox', { name: 'Message' }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
await page.screenshot({ path: path.join(out, 'project-stepper.png') });
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('table', { name: 'List summary' }).waitFor();
await page.getByRole('button', { name: 'Next' }).click();
// One of the demo organization's numbers: its campaign's brand sends through the built-in Simulator.
await page.getByRole('checkbox', { name: 'Use (212)-555-0100' }).check();
await page.getByRole('radio', { name: 'Primary (212)-555-0100' }).check();
await page.getByRole('button', { name: 'Next' }).click();
await chooseOption('Time zone', 'Central (America/Chicago)');
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('button', { name: 'Next' }).click();
await page.getByRole('button', { name: 'Finish' }).click();
await page.waitForURL(new RegExp(`/projects/${projectId}/discussions$`));
// The client alone chooses the delivery type (spec §5), on the stepper's Texters step, in a browser of its own.
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  const client = await context.newPage();
  await signIn(client, 'client@demo.canvass.test');
  await client.goto(`${base}/projects/stepper/${projectId}`);
  await client.getByRole('combobox', { name: 'Delivery type', exact: true }).click();
  await client.getByRole('option', { name: 'Blast', exact: true }).click();
  await client.getByRole('button', { name: 'Next' }).click();
  await client.getByRole('button', { name: 'Finish' }).waitFor();
  await context.close();
}
await page.goto(`${base}/projects/${projectId}/overview`);
await projectAction('Approve', 'Project Approved');
await projectAction('Assign', 'Project Assigned');
await projectAction('Load Project');
await page.getByLabel('Project status', { exact: true }).getByText('Ready').waitFor({ timeout: 60_000 });
await closeNotices();
await projectAction('Send Texts');
// Sending asks first, naming how many texts go out.
await page.getByRole('dialog', { name: 'Send Texts' }).getByRole('button', { name: 'Send Texts' }).click();
// The Simulator's delivery receipts move the counts on the open page.
await page
  .getByRole('region', { name: 'Summaries' })
  .getByRole('table', { name: 'Text status' })
  .getByText(/Delivered/)
  .waitFor({ timeout: 60_000 });
await closeNotices();
// The cost and the counts, below the project's fields.
await page.getByRole('region', { name: 'Message and cost' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
await page.screenshot({ path: path.join(out, 'project-overview.png') });
await page.goto(`${base}/projects/${projectId}/texts`);
await page
  .getByRole('row', { name: /polls are open/ })
  .first()
  .waitFor();
await page.screenshot({ path: path.join(out, 'project-texts.png') });
await page.goto(`${base}/projects/${projectId}/insights`);
await page.locator('.recharts-surface').first().waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: path.join(out, 'project-insights.png') });
await browser.close();
