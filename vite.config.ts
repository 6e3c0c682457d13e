// Build of the PWA: React, Tailwind, the service worker compiled from sw/sw.ts (injectManifest) and
// both manifests (French by default, English swapped in by src/pwa/install-prompt.tsx).
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_FILES, manifest, manifestEn } from './manifest/manifest';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/** vite-plugin-pwa writes one manifest; the English variant is emitted beside it (build and dev). */
function englishManifest(): Plugin {
  const source = JSON.stringify(manifestEn, null, 2);
  return {
    name: 'chapitres-english-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILES.en, source });
    },
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILES.en}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(source);
      });
    },
  };
}

/** The libraries of every first screen, and the French texts bundled with it (src/lib/i18n.ts). */
const FIRST_SCREEN_LIBRARIES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|jotai|react-hot-toast|goober|use-sync-external-store)[\\/]`,
    String.raw`src[\\/]offline[\\/](device-state|connectivity)\.ts`,
    String.raw`locales[\\/]fr[\\/](common|errors|auth|offline|pwa|privacy)\.json`,
  ].join('|'),
);
/** Parts of those libraries only later pages use (<Trans> of the sign-up and terms dialogs). */
const LATER_PARTS = /node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/](Icu)?Trans/;
const isFirstScreenModule = (id: string) =>
  FIRST_SCREEN_LIBRARIES.test(id) && !LATER_PARTS.test(id);

// A new build discards the persisted query cache of the previous one (TanStack `buster`).
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [
    react(),
    tailwindcss(),
    englishManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by hand in src/pwa/register-sw.ts (prompt flow, production only).
      injectRegister: false,
      manifest,
      manifestFilename: MANIFEST_FILES.fr,
      // Precached through globPatterns below; listing them again would only duplicate entries.
      includeAssets: [],
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: registration needs no `type: 'module'` and the kill switch can replace it.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2,webmanifest,json}'],
        // Splash screens are fetched by iOS at install only, screenshots by the install dialog only:
        // precaching them would make every visitor download ~0.5 MB for nothing. The same for the
        // recorder of visits (190 kB), loaded only for people who opted in where it is offered.
        globIgnores: ['splash/**', 'screenshots/**', 'sw-kill-switch.js', 'assets/recorder-*.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/files': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/files': apiTarget,
    },
  },
  build: {
    target: 'es2020',
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        // What every first screen needs comes in one file rather than a dozen small shared chunks: on
        // a slow phone connection each request costs a round trip and its headers.
        codeSplitting: {
          groups: [
            { name: 'first-screen', test: isFirstScreenModule, priority: 2 },
            // The query layer (src/app/data-layer.tsx), loaded beside the first page that reads data.
            { name: 'query-layer', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The other texts of a language in one file: a signed-in page asks for all of them at once.
            { name: 'texts-fr', test: /locales[\\/]fr[\\/]/, priority: 1 },
            { name: 'texts-en', test: /locales[\\/]en[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
