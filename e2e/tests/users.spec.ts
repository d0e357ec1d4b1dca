import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The invitation link of the latest mail to `email` in the development outbox (no SMTP_URL, not production). */
async function invitationLink(page: Page, email: string): Promise<string> {
  const response = await page.request.get('/dev/outbox');
  expect(response.ok()).toBe(true);
  const mails = (await response.json()) as { to: string; subject: string; body: string }[];
  const mail = mails.find((m) => m.to === email);
  expect(mail?.subject).toMatch(/^You have been invited to /);
  const link = new URL(mail!.body.match(/https?:\/\/\S+\/invitation\?\S+/)![0]);
  // The link names the server's public address; the test's browser reaches the same server at its own.
  return `${link.pathname}${link.search}`;
}

test('the demo admin invites a texter with a team, who sets a password and lands signed in to the organization', async ({
  page,
  browser,
}) => {
  const email = `texter.${Date.now()}@example.test`;
  await signIn(page);

  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Morgan Newcomer');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await chooseOption(page, 'Type', 'Texter');
  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: 'Phone Bank A' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The User has been created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/\d+\/overview$/);
  await expect(page.getByText('Phone Bank A')).toBeVisible();

  // The invited person, in a browser of its own.
  const path = await invitationLink(page, email);
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(path);
  await invited.getByLabel('Password', { exact: true }).fill('morgan-chooses-1');
  await invited.getByLabel('Repeat password', { exact: true }).fill('morgan-chooses-1');
  await invited.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  const menu = invited.getByRole('button', { name: 'Settings menu' });
  await expect(menu).toContainText('Morgan Newcomer');
  await expect(menu).toContainText('Demo');
  await context.close();
});
