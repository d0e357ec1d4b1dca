import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './sign-in';

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a wrong password shows the server message, which clears after 3 seconds', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByText('Invalid email or password');
  await expect(alert).toBeVisible();
  await expect(alert).toBeHidden({ timeout: 6_000 });
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo admin creates, finds, edits, exports and deletes a client', async ({ page }) => {
  const name = `E2E Client ${Date.now()}`;
  await signIn(page);

  await page.getByRole('link', { name: 'Clients' }).first().click();
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await chooseOption(page, 'Type', 'Campaign');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Client has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/\d+\/overview$/);

  await page.goto('/clients');
  await page.getByLabel('Search').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.click();
  await expect(page).toHaveURL(/\/clients\/\d+\/overview$/);

  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('textbox', { name: 'Slogan', exact: true }).fill('Every vote counts');
  // The General tab also holds the client's Prices, a form with its own Save.
  await page.getByRole('form', { name: 'Client form' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('Every vote counts')).toBeVisible();

  await page.goto('/clients');
  await page.getByLabel('Search').fill(name);
  // The search applies after a short pause; export once the list shows only the match.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('Name,Type,Status');
  expect(csv).toContain(name);
  expect(csv).not.toContain('Blue Wave Strategies');

  await page.getByRole('row', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /delete|confirm/i })
    .click();
  await expect(page.getByText('The client has been deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByLabel('Search').fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('an unknown page says so and goes back to the dashboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText('We redirected you to the previous page')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});
