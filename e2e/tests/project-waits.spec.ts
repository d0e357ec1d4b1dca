import { expect, test, type Page } from '@playwright/test';
import { approveAssignLoad, basicInfo, chooseOption, loadList, projectAction } from './project-steps';
import { CLIENT_USER, signIn } from './sign-in';

// Two recipients of numbers no other test texts.
const CSV = ['Phone,First Name', '2125550171,Ines', '2125550172,Omar'].join('\r\n');

/** The stepper's explanation of the delivery type chosen now. */
const deliveryHelp = (page: Page) => page.getByRole('alert', { name: 'What this delivery type does' });

/**
 * Issue 35 §1: a new project keeps the default delivery type (External); loaded and sent, it used to sit in Queued
 * with nothing sent and no word why. Now the stepper says what each delivery type does as it is chosen, and the
 * project's page and its Send Texts dialog say that its texts wait for texters, who must act and what to do where.
 */
test('a project of the default delivery type, loaded and sent, says why it waits and what to do', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const listName = `E2E Waits Recipients ${stamp}`;
  await signIn(page);
  await loadList(page, listName, CSV);

  // The staffer builds it in the stepper, leaving the delivery type as it comes.
  await page.goto('/projects/stepper');
  const projectId = await basicInfo(page, `E2E Waits ${stamp}`, 'Polls open at 7! Reply STOP to opt out');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: listName }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Use (212)-555-0100' }).check();
  await page.getByRole('radio', { name: 'Primary (212)-555-0100' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseOption(page, 'Time zone', 'Eastern (America/New_York)');
  await page.getByRole('button', { name: 'Next' }).click();
  // Texters: the default, External, is explained where it is shown.
  await expect(page.getByRole('combobox', { name: 'Delivery type', exact: true })).toHaveValue('External');
  await expect(deliveryHelp(page)).toContainText("The texters' work queue is not available yet");
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/discussions$`));

  // The client, who chooses the delivery type (spec §5), sees what each does at the moment it is chosen; it keeps
  // External.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signIn(client, CLIENT_USER);
  // The stepper continues the project at its saved step, Texters.
  await client.goto(`/projects/stepper/${projectId}`);
  await expect(client.getByRole('combobox', { name: 'Delivery type', exact: true })).toBeEnabled();
  await chooseOption(client, 'Delivery type', 'Blast');
  await expect(deliveryHelp(client)).toContainText('Canvass sends every text itself');
  await chooseOption(client, 'Delivery type', 'Internal');
  await expect(deliveryHelp(client)).toContainText("the client's own texters send each text by hand");
  await chooseOption(client, 'Delivery type', 'External');
  await expect(deliveryHelp(client)).toContainText("texters of the project's teams send each text by hand");
  await client.getByRole('button', { name: 'Next' }).click();
  await expect(client.getByRole('button', { name: 'Finish' })).toBeVisible();
  await clientContext.close();

  // Approved, assigned and loaded: the page says already that its texts will wait for texters.
  await page.goto(`/projects/${projectId}/overview`);
  await approveAssignLoad(page);
  const waits = page.getByRole('region', { name: 'What this project waits for' });
  await expect(waits.getByRole('alert', { name: 'Waiting for texters' })).toContainText('External delivery');

  // Send Texts asks first, and says what the texts will wait for once sent, who must act and where.
  await projectAction(page, 'Send Texts');
  const dialog = page.getByRole('dialog', { name: 'Send Texts' });
  const will = dialog.getByRole('alert', { name: 'Waiting for texters' });
  await expect(will).toContainText('Who acts:');
  await expect(will).toContainText('What to do: To have Canvass send them as a Blast: Unload Project');
  await dialog.getByRole('button', { name: 'Send Texts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Project status', { exact: true })).toHaveText('Queued');

  // Queued, on every tab and after a reload: why it waits, who acts and what to do where.
  await page.goto(`/projects/${projectId}/texts`);
  const queued = page.getByRole('region', { name: 'What this project waits for' });
  const texters = queued.getByRole('alert', { name: 'Waiting for texters' });
  await expect(texters).toContainText('none of its texts goes out');
  await expect(texters).toContainText("Who acts: The project's client (who chooses its delivery type)");
  await expect(texters).toContainText('Edit → Texters');
  await expect(page.getByRole('row').filter({ hasText: 'Ready' })).toHaveCount(2);
});
