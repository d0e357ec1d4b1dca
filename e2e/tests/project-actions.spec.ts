import { expect, test, type Page } from '@playwright/test';
import { loadList, loadedBlastProject, projectAction } from './project-steps';
import { signIn } from './sign-in';

// Two recipients of numbers no other test texts (the Simulator answers each with STOP).
const CSV = ['Phone,First Name', '2125550181,Ana', '2125550182,Ben'].join('\r\n');
const TEAM_LEAD = { email: 'teamlead@demo.canvass.test', password: 'canvass-demo' };

const status = (page: Page) => page.getByLabel('Project status', { exact: true });

/** Opens an action's confirmation, checks it names the texts, and goes Back: nothing runs. */
async function askedThenBack(page: Page, action: string, question: string) {
  await projectAction(page, action);
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
}

/** A GraphQL call made as a demo user through the API (the sign-in mutation, then the call with its token). */
async function asUser(page: Page, user: { email: string; password: string }, query: string, variables: object) {
  const login = await page.request.post('/graphql', {
    data: {
      query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }',
      variables: { e: user.email, p: user.password },
    },
  });
  const token = (await login.json()).data.login.accessToken as string;
  const res = await page.request.post('/graphql', {
    data: { query, variables },
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.json();
}

/**
 * Issue 35 §3: a team lead ran Resend Texts on a Complete project, with no confirmation, and it re-sent. Now the
 * project's actions are the restrictions grid's (a team lead has none by default: no Actions, and the API refuses
 * it), and an admin is asked first, naming how many texts the action concerns; Back changes nothing.
 */
test('a team lead cannot resend a Complete project; an admin is asked to confirm, naming the texts', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const listName = `E2E Actions Recipients ${stamp}`;
  await signIn(page);
  await loadList(page, listName, CSV);
  const projectId = await loadedBlastProject(page, browser, `E2E Actions ${stamp}`, listName, 2);

  // Ready with its 2 texts: Unload and Cancel name them, and Back leaves the project and its texts as they were.
  await askedThenBack(page, 'Unload Project', 'Are you sure you want to unload this project? It removes its 2 texts');
  await askedThenBack(page, 'Cancel Project', 'Its 2 texts not sent yet will not be sent');
  await expect(status(page)).toHaveText('Ready');
  const summaries = page.getByRole('region', { name: 'Summaries' });
  await expect(summaries.getByRole('table', { name: 'Text status' })).toContainText('Ready2');

  // Send Texts names them too; confirmed, the Simulator sends both and the project completes.
  await projectAction(page, 'Send Texts');
  const send = page.getByRole('dialog', { name: 'Send Texts' });
  await expect(send).toContainText('Are you sure you want to send 2 texts?');
  await send.getByRole('button', { name: 'Send Texts' }).click();
  await expect(send).toBeHidden();
  await expect(status(page)).toHaveText('Complete', { timeout: 90_000 });

  // The admin's Resend asks first with the count of texts to send again (none failed), and Back resends nothing.
  await askedThenBack(page, 'Resend Texts', 'Are you sure you want to resend 0 texts?');
  await expect(status(page)).toHaveText('Complete');

  // The team lead sees the project but is offered no action on it.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, TEAM_LEAD);
  await lead.goto(`/projects/${projectId}/overview`);
  await expect(status(lead)).toHaveText('Complete');
  await expect(lead.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  await leadContext.close();

  // And the API refuses its Resend with the permission message; the project stays Complete.
  const refused = await asUser(
    page,
    TEAM_LEAD,
    'mutation($p: ID!) { loadSendProject(projectId: $p, option: ResendTexts) { message } }',
    { p: projectId },
  );
  expect(refused.errors?.[0].message).toBe('You are not allowed to do this');
  await page.reload();
  await expect(status(page)).toHaveText('Complete');
});
