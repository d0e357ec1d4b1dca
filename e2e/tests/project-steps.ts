import { expect, type Page } from '@playwright/test';

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
