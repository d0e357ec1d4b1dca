import { expect, test } from '@playwright/test';
import { basicInfo, loadList } from './project-steps';
import { CLIENT_USER, signIn } from './sign-in';

// The demo's second client and its loaded list (demo-franklin.ts): the Client-role user is of Rivera for Senate.
const FRANKLIN_LIST = 'Franklin County voters';
const CSV = ['Phone,First Name', '2125550181,Noor', '2125550182,Tomas'].join('\r\n');

/**
 * Issue 35 §2: the demo Client-role user opened another client's list with every name and phone. A list belongs to
 * the client it was loaded for: the Client-role user neither sees another client's list, nor opens it by its
 * address, nor is offered it in a project's List Import; the list it uploads itself is its client's, and offered.
 */
test("a Client-role user cannot open or pick another client's list", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();

  // Staff see Franklin's list; its address is what the client will try.
  await signIn(page);
  await page.goto('/lists');
  const franklinLink = page.getByRole('link', { name: FRANKLIN_LIST, exact: true });
  await expect(franklinLink).toBeVisible();
  const franklinPath = (await franklinLink.getAttribute('href'))!.replace(/\/overview$/, '');
  await page.goto('/projects/stepper');
  const projectId = await basicInfo(page, `E2E Client lists ${stamp}`, 'Rivera for Senate: polls open at 7');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: FRANKLIN_LIST })).toBeVisible();

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signIn(client, CLIENT_USER);
  // Its own upload is its client's list.
  const ownList = `E2E Rivera supporters ${stamp}`;
  await loadList(client, ownList, CSV);
  await client.goto('/lists');
  await expect(client.getByRole('link', { name: ownList, exact: true })).toBeVisible();
  await expect(client.getByRole('link', { name: FRANKLIN_LIST })).toHaveCount(0);

  // By its address: the list is missing to it, as a missing record is (spec §8: to the dashboard), and so its rows.
  await client.goto(`${franklinPath}/rows`);
  await expect(client).toHaveURL(/\/dashboard$/);
  await expect(client.getByText(FRANKLIN_LIST)).toHaveCount(0);
  await expect(client.getByText('Dana')).toHaveCount(0);

  // The project's List Import offers its own list, not Franklin's.
  await client.goto(`/projects/stepper/${projectId}`);
  await expect(client.getByRole('radio', { name: ownList })).toBeVisible();
  await expect(client.getByRole('radio', { name: FRANKLIN_LIST })).toHaveCount(0);
  await clientContext.close();
});
