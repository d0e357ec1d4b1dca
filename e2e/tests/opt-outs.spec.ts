import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test("the demo admin opts a number out for a client, sees it on the client's tab, and removes it with a reason", async ({
  page,
}) => {
  const name = `E2E Opt-out Client ${Date.now()}`;
  // A number of an area code in service, different on each run.
  const digits = `212555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const shown = `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`;
  await signIn(page);

  await page.goto('/clients/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Campaign', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/overview$/);

  await page.getByRole('tab', { name: 'Opt Outs' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/opt_outs$/);
  const clientTab = page.url();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/opt-outs\/new$/);
  // The tab's Add passed its client along.
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(name);

  await page.getByRole('combobox', { name: 'Phone number' }).fill('12');
  await page.getByRole('button', { name: 'Add opt-out' }).click();
  await expect(page.getByText('You must choose a valid phone')).toBeVisible();

  await page.getByRole('combobox', { name: 'Phone number' }).fill(`+1 ${digits}`);
  await page.getByRole('textbox', { name: 'Body' }).fill('Asked by phone');
  await page.getByRole('button', { name: 'Add opt-out' }).click();
  await expect(page.getByText('Opt-out added')).toBeVisible();
  await expect(page).toHaveURL(clientTab);

  const row = page.getByRole('row', { name: new RegExp(`${shown.replace(/[()]/g, '\\$&')}.*Manual.*Asked by phone`) });
  await expect(row).toBeVisible();

  await row.click();
  await expect(page).toHaveURL(/\/opt-outs\/\d+\/overview$/);
  const history = page.getByRole('table', { name: 'Opt-out history' });
  await expect(history.getByRole('row', { name: /Added.*In the app/ })).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove opt-out' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Added by mistake');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Opt-out removed')).toBeVisible();
  await expect(page).toHaveURL(clientTab);
  await expect(page.getByRole('row', { name: new RegExp(shown.replace(/[()]/g, '\\$&')) })).toHaveCount(0);
});
