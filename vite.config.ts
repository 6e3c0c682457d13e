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
    sourcemap: false,
  },
});
