import { expect, type Browser, type Page } from '@playwright/test';
import { CLIENT_USER, signIn } from './sign-in';

/** The steps of a staffer's work with lists and projects, shared by the project end-to-end tests. */

export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A list uploaded, mapped as guessed and loaded (as lists.spec.ts does it). */
export async function loadList(page: Page, name: string, csv: string) {
  await page.goto('/lists/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'recipients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/lists\/\d+\/edit\/basic-info$/);
  await page.getByRole('button', { name: 'Load list' }).click();
  await expect(page.getByText('List loaded successfully')).toBeVisible({ timeout: 30_000 });
}

/** One item of the project page's Actions menu (the pointer moved off any toast over the button first). */
export async function projectAction(page: Page, item: string) {
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Approve, Assign and Load Project, as the staffer does, until the project is Ready. */
export async function approveAssignLoad(page: Page) {
  await projectAction(page, 'Approve');
  await expect(page.getByText('Project Approved').first()).toBeVisible();
  await projectAction(page, 'Assign');
  await expect(page.getByText('Project Assigned').first()).toBeVisible();
  await projectAction(page, 'Load Project');
  await expect(page.getByLabel('Project status', { exact: true })).toHaveText('Ready', { timeout: 60_000 });
}

/** The stepper's Basic Info: autosave creates the project once name, type, client and manager are set. */
export async function basicInfo(page: Page, name: string, message: string): Promise<string | undefined> {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseOption(page, 'Type', 'Voter Contact');
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill('Rivera');
  await page.getByRole('option', { name: 'Rivera for Senate', exact: true }).click();
  await chooseOption(page, 'Manager', 'Avery Admin');
  await expect(page).toHaveURL(/\/projects\/stepper\/\d+$/);
  const projectId = /\/projects\/stepper\/(\d+)$/.exec(page.url())?.[1];
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  return projectId;
}

/** Send Texts from the Actions menu, confirmed in its dialog (which says first what the texts will wait for). */
export async function sendTexts(page: Page) {
  await projectAction(page, 'Send Texts');
  const dialog = page.getByRole('dialog', { name: 'Send Texts' });
  await dialog.getByRole('button', { name: 'Send Texts' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The client, who alone chooses the delivery type (spec §5), sets it on the stepper's Texters step (where the stepper
 * continues a finished project), in a browser of its own.
 */
export async function clientChoosesDeliveryType(browser: Browser, projectId: string, deliveryType: string) {
  const context = await browser.newContext();
  const client = await context.newPage();
  await signIn(client, CLIENT_USER);
  await client.goto(`/projects/stepper/${projectId}`);
  await chooseOption(client, 'Delivery type', deliveryType);
  await client.getByRole('button', { name: 'Next' }).click();
  await expect(client.getByRole('button', { name: 'Finish' })).toBeVisible();
  await context.close();
}

/**
 * A Blast project of the demo client over a loaded list, through the stepper as short as it goes (basic info with
 * the message, the list, the Simulator's sender), its client choosing Blast delivery, then approved, assigned and
 * loaded by the staffer.
 */
export async function loadedBlastProject(
  page: Page,
  browser: Browser,
  name: string,
  listName: string,
  rows: number,
): Promise<string> {
  await page.goto('/projects/stepper');
  const projectId = (await basicInfo(page, name, 'Polls close at 8! Reply STOP to opt out'))!;
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: listName }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('table', { name: 'List summary' }).getByLabel('Rows', { exact: true })).toHaveText(
    String(rows),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  // One of the demo organization's numbers: its campaign's brand sends through the built-in Simulator.
  await page.getByRole('checkbox', { name: 'Use (212)-555-0100' }).check();
  await page.getByRole('radio', { name: 'Primary (212)-555-0100' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOption(page, 'Time zone', 'Eastern (America/New_York)');
  await page.getByRole('button', { name: 'Next' }).click();
  // The staffer reads the delivery type but does not choose it.
  await expect(page.getByRole('combobox', { name: 'Delivery type', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/discussions$`));
  await clientChoosesDeliveryType(browser, projectId, 'Blast');

  await page.goto(`/projects/${projectId}/overview`);
  await approveAssignLoad(page);
  return projectId;
}
