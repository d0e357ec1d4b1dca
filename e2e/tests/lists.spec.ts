import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

// Five rows: three good numbers in different spellings, one repeat of the first, and one that is not a number.
const CSV = [
  'Phone,First Name,Last Name,City',
  '(212) 555-0101,Ada,Lovelace,Albany',
  '+1 212 555 0102,Grace,Hopper,Buffalo',
  '212-555-0101,Ada,Again,Albany',
  '12345,Bad,Number,Troy',
  '2125550103,Alan,Turing,Ithaca',
].join('\r\n');

/** The figure shown under a label of the list overview's stats grid. */
const stat = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('the demo admin uploads a CSV, maps its columns, watches it load and reads its counts and rows', async ({
  page,
}) => {
  const name = `E2E List ${Date.now()}`;
  await signIn(page);

  await page.getByRole('link', { name: 'Lists' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lists' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/lists\/new$/);

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'voters.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The List has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/lists\/\d+\/edit\/basic-info$/);

  // The column picker: the first rows, with roles guessed from the header names.
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('cell', { name: 'Lovelace' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of column Phone' })).toHaveValue('Phone');
  await expect(page.getByRole('combobox', { name: 'Role of column First Name' })).toHaveValue('FirstName');
  await expect(page.getByRole('combobox', { name: 'Role of column Last Name' })).toHaveValue('LastName');
  await expect(page.getByRole('combobox', { name: 'Role of column City' })).toHaveValue('Column');
  await page.getByRole('button', { name: 'Load list' }).click();

  await expect(page).toHaveURL(/\/lists\/\d+\/overview$/);
  await expect(page.getByText('List loaded successfully')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('List status')).toHaveText('Loaded');
  await expect(stat(page, 'Rows')).toHaveText('5');
  await expect(stat(page, 'Invalid')).toHaveText('1');
  await expect(stat(page, 'Duplicates')).toHaveText('1');
  await expect(stat(page, 'Optimized rows')).toHaveText('3');
  // Spec §9: 100 × (1 − 3 / 5), truncated.
  await expect(stat(page, 'Optimized %')).toHaveText('40%');

  await page.getByRole('tab', { name: 'Rows' }).click();
  const rows = page.getByRole('table', { name: 'Rows' });
  await expect(rows.getByRole('row')).toHaveCount(6);
  await expect(rows.getByRole('row', { name: /\(212\)-555-0102.*Grace.*Hopper/ })).toBeVisible();
  // An invalid number is shown as the sheet had it, so the staffer can find and fix it.
  await expect(rows.getByRole('row', { name: /12345.*Bad.*Number.*Invalid/ })).toBeVisible();
  await expect(rows.getByRole('row', { name: /Duplicate/ })).toHaveCount(1);
  // Rows come from loads only: nothing to add by hand.
  await expect(page.getByRole('button', { name: 'Add new' })).toHaveCount(0);
});
