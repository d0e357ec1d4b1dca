import { expect, type Page } from '@playwright/test';

/** The demo organization's admin, seeded on first start. */
export const ADMIN = { email: 'admin@demo.canvass.test', password: 'canvass-demo' };

/** Signs the demo admin in from the front door and waits for the dashboard. */
export async function signIn(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
