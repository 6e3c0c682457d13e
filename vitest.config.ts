// Unit and component tests of the app (happy-dom, fake IndexedDB). Server and browser journeys have
// their own runners: only tests/unit and tests/sw are picked here.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/sw/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
    // On CI one more try for a test that fails once under load (a broken feature fails both); the
    // closing summary of `npm test` names any test that failed both times.
    retry: process.env.CI ? 1 : 0,
  },
});
