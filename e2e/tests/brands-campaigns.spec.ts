import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('canvass-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a brand is created with its provider locked, and gets a campaign from its Campaigns tab', async ({ page }) => {
  const brandName = `E2E Brand ${Date.now()}`;
  await signIn(page, 'admin@demo.canvass.test');

  await page.getByRole('link', { name: 'Brands' }).first().click();
  await page.getByRole('button', { name: 'Add new' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(brandName);
  await chooseOption(page, 'Provider', 'Twilio');
  await page.getByRole('textbox', { name: 'Throughput', exact: true }).fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Brand has been created successfully')).toBeVisible();

  // Spec §5: the provider is locked once the brand exists.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByRole('combobox', { name: 'Provider', exact: true })).toBeDisabled();

  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toHaveValue(brandName);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${brandName} GOTV`);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('E2E');
  // Registered (the default) needs a client.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client is required')).toBeVisible();
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill('Rivera');
  await page.getByRole('option', { name: 'Rivera for Senate' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Campaign has been created successfully')).toBeVisible();

  // Spec §2: a campaign is deleted from its menu.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The campaign has been deleted successfully')).toBeVisible();
});

test('a Client-role user sees only its own client, and may export but not add clients', async ({ page }) => {
  await signIn(page, 'client@demo.canvass.test');
  await page.goto('/clients');
  await expect(page.getByRole('row', { name: /Rivera for Senate/ })).toBeVisible();
  // The header row and Rivera's: not the agency above it, nor anything else of the organization.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add new' })).toHaveCount(0);
});
