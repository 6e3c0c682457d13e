// Browser journeys: Debian's Chromium against the real built app and API server (never a downloaded browser).
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  ...CHROMIUM_FLAGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/**
 * Every journey starts with the privacy choice already made (analytics refused), so the first-visit consent
 * dialog does not stand in front of what it checks; tests/e2e/privacy.spec.ts starts without it.
 */
export const consentDecided = {
  cookies: [],
  origins: [
    {
      origin: baseURL,
      localStorage: [
        {
          name: 'chapitres.consent',
          value: JSON.stringify({
            analytics: false,
            decided_at: '2026-01-01T00:00:00.000Z',
            version: 1,
          }),
        },
      ],
    },
  ],
};

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    storageState: consentDecided,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
      testIgnore: '**/*.phone.spec.ts',
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined, launchOptions },
      testMatch: '**/*.phone.spec.ts',
    },
  ],
  webServer: {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
