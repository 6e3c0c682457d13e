// The installable shell: Chromium finds the app installable (a normal profile, not incognito), and
// once visited the app opens without a connection.
import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('the app is installable and its shell opens without a connection', async ({
  baseURL,
  launchOptions,
}) => {
  const profile = mkdtempSync(join(tmpdir(), 'chapitres-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    locale: 'fr-FR',
  });
  // The privacy choice already made, as in every other journey.
  await context.addInitScript(() => {
    if (!localStorage.getItem('chapitres.consent'))
      localStorage.setItem(
        'chapitres.consent',
        JSON.stringify({ analytics: false, decided_at: '2026-01-01T00:00:00.000Z', version: 1 }),
      );
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', lang: 'fr' });
    expect(
      manifest.icons.some((icon: { purpose?: string }) => icon.purpose?.includes('maskable')),
    ).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    await context.setOffline(false);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
