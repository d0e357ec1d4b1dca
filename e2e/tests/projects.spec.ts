import { expect, test, type Page } from '@playwright/test';
import {
  approveAssignLoad,
  basicInfo,
  chooseOption,
  loadList,
  loadedBlastProject,
  projectAction,
  sendTexts,
} from './project-steps';
import { signIn } from './sign-in';

// Three recipients and one repeat: a list small enough to read its counts at a glance.
const CSV = [
  'Phone,First Name,Last Name',
  '(212) 555-0101,Ada,Lovelace',
  '212-555-0102,Grace,Hopper',
  '2125550101,Ada,Again',
  '2125550103,Alan,Turing',
].join('\r\n');

const SENDER = '2125550199';
const RECIPIENT = '2125550188';

/** A phone of the organization, made through its form. */
async function createPhone(page: Page, number: string, status: string | null) {
  await page.goto('/phones/new');
  await page.getByRole('textbox', { name: 'Number' }).fill(number);
  if (status) await chooseOption(page, 'Status', status);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/phones\/\d+\//);
}

/** Whether the page has loaded a document since this call: what moves live must move without one. */
function watchReloads(page: Page): () => boolean {
  let reloaded = false;
  page.on('framenavigated', (frame) => (reloaded ||= frame === page.mainFrame()));
  return () => reloaded;
}

test('the demo admin builds a project in the stepper from a loaded list through to its test text', async ({ page }) => {
  // A list upload and load, seven steps, a project load and two test texts: 53 s of the default 60 on a busy machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const listName = `E2E Recipients ${stamp}`;
  const projectName = `E2E Project ${stamp}`;
  const message = 'Hi from Rivera for Senate! Reply STOP to opt out';
  await signIn(page);
  await createPhone(page, SENDER, 'Active');
  await createPhone(page, RECIPIENT, null);
  await loadList(page, listName, CSV);

  // The projects index's Add starts the stepper.
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await page.getByRole('button', { name: 'Add new' }).click();
  await expect(page).toHaveURL(/\/projects\/stepper$/);

  const projectId = await basicInfo(page, projectName, message);
  await page.getByRole('button', { name: 'Next' }).click();

  // List Import: Setup picks the loaded list, Summary shows its counts.
  await page.getByRole('radio', { name: listName }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const summary = page.getByRole('table', { name: 'List summary' });
  await expect(summary.getByLabel('Rows', { exact: true })).toHaveText('4');
  await expect(summary.getByLabel('Duplicates', { exact: true })).toHaveText('1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Sender: the Active number, made primary.
  await page.getByRole('checkbox', { name: 'Use (212)-555-0199' }).check();
  await page.getByRole('radio', { name: 'Primary (212)-555-0199' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Sending Schedule: the times wait for a time zone.
  await expect(page.getByLabel('Start time')).toBeDisabled();
  await chooseOption(page, 'Time zone', 'Eastern (America/New_York)');
  await page.getByLabel('Send date').fill('2026-12-01');
  await page.getByLabel('Start time').fill('09:00');
  await page.getByLabel('End time').fill('17:00');
  await page.getByRole('button', { name: 'Next' }).click();

  // Texters: one texter with a quota.
  await page.getByRole('button', { name: 'Add texter' }).click();
  await chooseOption(page, 'Texter', 'Jordan Texter');
  await page.getByRole('textbox', { name: 'Quota' }).fill('100');
  await page.getByRole('button', { name: 'Next' }).click();

  // Test Text: nothing chosen is refused; then one recipient, the message, from the project's number.
  await page.getByRole('button', { name: 'Send test text' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Form is incomplete' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Recipients' }).fill('5550188');
  await page.getByRole('option', { name: '(212)-555-0188' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Body' })).toHaveValue(message);
  // The project's one number is the sender already.
  await expect(page.getByRole('combobox', { name: 'From phone' })).toHaveValue('(212)-555-0199');
  await page.getByRole('button', { name: 'Send test text' }).click();
  await expect(page.getByText('The test text has been created')).toBeVisible();

  // Finishing goes to the project's discussions.
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/discussions$`));
  await expect(page.getByText('Discussions of this project will appear here')).toBeVisible();

  // The test text is stored as a Ready text of type Test from the project's number, on its test texts tab.
  await page.goto(`/projects/${projectId}/test_texts`);
  await expect(page.getByRole('row').filter({ hasText: message }).first()).toBeVisible();

  // Approve, assign and load it through the actions menu; the page follows the load until the project is Ready.
  // One status in the header: the admin, who may change it, reads it in the dropdown (no 'Draft' badge beside it).
  await expect(page.getByRole('combobox', { name: 'Change project status' })).toHaveValue('Submitted');
  await expect(page.getByLabel('Project status', { exact: true })).toHaveCount(0);
  await approveAssignLoad(page);

  // A Ready project's Test Text opens the same form in a dialog on the project page. The toasts above sit over
  // the Actions button; they close on their own once the pointer is off them.
  await page.mouse.move(0, 0);
  for (const toast of ['Project Approved', 'Project Assigned', 'The project is being loaded'])
    await expect(page.getByText(toast)).toBeHidden();
  await projectAction(page, 'Test Text');
  const dialog = page.getByRole('dialog', { name: 'Test Text' });
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveValue(message);
  await dialog.getByRole('combobox', { name: 'Recipients' }).fill('5550188');
  await page.getByRole('option', { name: '(212)-555-0188' }).click();
  // Away from the recipients' dropdown, which covers the fields under it.
  await dialog.getByRole('heading', { name: 'Test Text' }).click();
  await expect(dialog.getByRole('combobox', { name: 'From phone' })).toHaveValue('(212)-555-0199');
  await dialog.getByRole('button', { name: 'Send test text' }).click();
  await expect(page.getByText('The test text has been created').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.goto(`/projects/${projectId}/test_texts`);
  await expect(page.getByRole('row').filter({ hasText: message })).toHaveCount(2);

  // Its texts: one per distinct recipient of the list (the repeated number is left out), each from its number.
  await page.goto(`/projects/${projectId}/texts`);
  await expect(page.getByRole('row').filter({ hasText: 'Ready' })).toHaveCount(3);

  // The overview's summaries and cost: 3 texts, 1 duplicate, one SMS segment each at the default price.
  await page.goto(`/projects/${projectId}/overview`);
  const summaries = page.getByRole('region', { name: 'Summaries' });
  await expect(summaries.getByLabel('Total texts', { exact: true })).toHaveText('3');
  await expect(summaries.getByLabel('Duplicate phones', { exact: true })).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Message and cost' })).toContainText('Estimated cost $0.11');
});

test("a loaded Blast project sent through the Simulator: the overview's counts move without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const listName = `E2E Blast Recipients ${stamp}`;
  await signIn(page);
  await loadList(page, listName, CSV);

  await loadedBlastProject(page, browser, `E2E Blast ${stamp}`, listName, 4);

  // Approved, assigned and loaded: three Ready texts on the overview.
  const summaries = page.getByRole('region', { name: 'Summaries' });
  const textStatus = summaries.getByRole('table', { name: 'Text status' });
  await expect(textStatus).toContainText('Ready3');
  for (const toast of ['Project Approved', 'Project Assigned', 'The project is being loaded'])
    await expect(page.getByText(toast)).toBeHidden();

  // Sent: the worker sends through the Simulator, whose callbacks move the texts on; the page is never reloaded.
  const reloaded = watchReloads(page);
  await sendTexts(page);
  await expect(textStatus).not.toContainText('Ready', { timeout: 30_000 });
  // The Simulator's status callbacks come a little later, each moving the counts again.
  await expect(textStatus).toContainText(/Sent|Delivered|Undelivered|Failed/, { timeout: 60_000 });
  await expect(summaries.getByLabel('Total texts', { exact: true })).toHaveText('3');
  expect(reloaded()).toBe(false);
});

test("a STOP reply from the Simulator opts its recipient out for the client, and the client's next project skips it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  // Numbers of this test alone: the e2e server's Simulator answers every text it delivers with STOP
  // (playwright.config.ts), so whoever this test texts opts out of the demo client.
  const texted = ['Phone,First Name', '2125550161,Rosa', '2125550162,Cesar'];
  await signIn(page);
  await loadList(page, `E2E STOP Recipients ${stamp}`, texted.join('\r\n'));
  const projectId = await loadedBlastProject(page, browser, `E2E STOP ${stamp}`, `E2E STOP Recipients ${stamp}`, 2);

  // Sent from the insights tab: its chart of the texts sent by minute grows as they go, without a reload.
  await page.goto(`/projects/${projectId}/insights`);
  const pace = page.getByLabel('Sending pace');
  await expect(pace).toContainText('No texts sent yet.');
  const reloaded = watchReloads(page);
  await sendTexts(page);
  await expect(pace.getByLabel('Texts sent')).toHaveText(/^2 sent/, { timeout: 30_000 });
  await expect(pace.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  expect(reloaded()).toBe(false);

  // Each STOP comes back as a Recipient opt-out on the client's Opt Outs tab, with the words the recipient sent.
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Rivera for Senate', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Opt Outs' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/opt_outs$/);
  for (const shown of ['\\(212\\)-555-0161', '\\(212\\)-555-0162'])
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('row', { name: new RegExp(`${shown}.*Recipient.*STOP`) })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });

  // The client's next project, over a list with both of them and one more: only the one more gets a text.
  const next = `E2E After STOP Recipients ${stamp}`;
  await loadList(page, next, [...texted, '2125550163,Dolores'].join('\r\n'));
  await loadedBlastProject(page, browser, `E2E After STOP ${stamp}`, next, 3);
  const summaries = page.getByRole('region', { name: 'Summaries' });
  await expect(summaries.getByLabel('Total texts', { exact: true })).toHaveText('1');
  await expect(summaries.getByLabel('Opt-out phones', { exact: true })).toHaveText('2');
});
