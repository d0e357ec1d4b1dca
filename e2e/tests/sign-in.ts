import { expect, type Page } from '@playwright/test';

/** The demo organization's admin, seeded on first start. */
export const ADMIN = { email: 'admin@demo.canvass.test', password: 'canvass-demo' };

/** The demo organization's Client-role user, of the client Rivera for Senate (seeded with the same password). */
export const CLIENT_USER = { email: 'client@demo.canvass.test', password: ADMIN.password };

/** Signs a demo user (the admin unless told) in from the front door and waits for the dashboard. */
export async function signIn(page: Page, user = ADMIN) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
