import { expect, test } from '@playwright/test';

const ADMIN = { email: 'admin@demo.canvass.test', password: 'canvass-demo' };

test('the app shell is revalidated on every load and its hashed assets come compressed and cached for good', async ({
  page,
  request,
}) => {
  const shell = await request.get('/clients/1/overview');
  expect(shell.headers()['cache-control']).toBe('no-cache');
  await page.goto('/login');
  await expect(page).toHaveTitle('Login - Canvass');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test("on a 390 px phone a record's header actions stay on screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveTitle('Dashboard - Canvass');

  await page.goto('/clients');
  await page.getByRole('link', { name: 'Rivera for Senate' }).click();
  await expect(page.getByRole('heading', { name: 'Rivera for Senate' })).toBeVisible();
  await expect(page).toHaveTitle('Rivera for Senate - Canvass');
  for (const action of [
    page.getByRole('combobox', { name: 'Client status' }),
    page.getByRole('button', { name: 'Delete' }),
  ]) {
    await expect(action).toBeInViewport({ ratio: 1 });
    const box = await action.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});
