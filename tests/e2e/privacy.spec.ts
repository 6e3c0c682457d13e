// Privacy choices in a real browser (issue 8): at a first visit the consent dialog asks, refusing is as easy
// as accepting, and no analytics event leaves the page without consent; with it, events go out in batches.
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts';

// A first visit: no choice stored yet.
test.use({ storageState: { cookies: [], origins: [] } });

function analyticsRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/analytics/') || url.pathname.endsWith('/batch/'))
      seen.push(request);
  });
  return seen;
}

async function visitSomePages(page: Page) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('refusing analytics: the choice is kept and no event leaves the page', async ({ page }) => {
  const sent = analyticsRequests(page);
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Vos choix de confidentialité' });
  await expect(dialog).toBeVisible();
  const refuse = dialog.getByRole('button', { name: 'Tout refuser' });
  const accept = dialog.getByRole('button', { name: "Accepter la mesure d'audience" });
  // As easy to refuse as to accept: the same size and look.
  expect(await refuse.getAttribute('class')).toBe(await accept.getAttribute('class'));
  const [a, b] = [await refuse.boundingBox(), await accept.boundingBox()];
  expect(Math.round(a!.height)).toBe(Math.round(b!.height));
  expect(a!.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yViolations(page);
  await refuse.click();
  await expect(dialog).toBeHidden();

  await visitSomePages(page);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Vos choix de confidentialité' })).toBeHidden();
  await page.waitForTimeout(6_000);
  expect(sent).toHaveLength(0);
  const stored = await page.evaluate(() => localStorage.getItem('chapitres.consent'));
  expect(JSON.parse(stored!)).toMatchObject({ analytics: false, version: 1 });
});

test('accepting analytics: page views go out in batches, tagged WebApp, with consent', async ({
  page,
}) => {
  const sent = analyticsRequests(page);
  await page.goto('/login');
  await page
    .getByRole('dialog', { name: 'Vos choix de confidentialité' })
    .getByRole('button', { name: "Accepter la mesure d'audience" })
    .click();
  // Moving inside the app (no page load): the page views wait together for the next 5-second flush.
  await page.locator('a[href="/forgot-password"]').first().click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('a[href="/register"]').first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const batch = sent[0]!.postDataJSON() as {
    consent: boolean;
    events: { event: string; properties: Record<string, unknown> }[];
  };
  expect(batch.consent).toBe(true);
  expect(batch.events.length).toBeGreaterThan(1);
  expect(batch.events.every((e) => e.properties.platform === 'WebApp')).toBe(true);
  expect(batch.events.map((e) => e.event)).toContain('page_view');
  const paths = batch.events.map((e) => e.properties.path);
  expect(paths).toEqual(expect.arrayContaining(['/register', '/forgot-password']));
  const response = await sent[0]!.response();
  expect(response?.status()).toBe(202);
});
