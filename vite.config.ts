// Build of the PWA: React, Tailwind, the service worker compiled from sw/sw.ts (injectManifest) and
// both manifests (French by default, English swapped in by src/pwa/install-prompt.tsx).
import { fileURLToPath } from 'node:url';
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

/** The first screen's namespaces (src/lib/i18n.ts): bundled in French, a chunk of their own in English. */
const FIRST_SCREEN_NAMESPACES = '(common|errors|auth|offline|pwa|privacy)';
/** The libraries of every first screen, and the French texts bundled with it (src/lib/i18n.ts). */
const FIRST_SCREEN_LIBRARIES = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|jotai|react-hot-toast|goober|use-sync-external-store)[\\/]`,
    String.raw`src[\\/]offline[\\/](device-state|connectivity)\.ts`,
    String.raw`locales[\\/]fr[\\/]${FIRST_SCREEN_NAMESPACES}\.json`,
  ].join('|'),
);
const ENGLISH_FIRST_SCREEN_TEXTS = new RegExp(
  String.raw`locales[\\/]en[\\/]${FIRST_SCREEN_NAMESPACES}\.json$`,
);
/** Parts of those libraries only later pages use (<Trans> of the sign-up and terms dialogs). */
const LATER_PARTS = /node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/](Icu)?Trans/;
const isFirstScreenModule = (id: string) =>
  FIRST_SCREEN_LIBRARIES.test(id) && !LATER_PARTS.test(id);

/**
 * The chunks of the first pages, from the module graph (each file named must exist):
 * - `signed-in`: what the home page needs beyond the entry (the query layer's module, the signed-in
 *   layout, the page and its loader) in one file rather than twenty small shared ones, each a request
 *   and a round trip on a phone before the list can be drawn;
 * - `guest-shared`: the part of it the guest pages use too (form fields, error texts…), so that the
 *   sign-in page does not load the signed-in code;
 * - `sign-in`: the rest of the sign-in page (its form, the card around it, the password field…), one
 *   file rather than five small ones; the other guest pages take what they share with it from there;
 * - `after-first-page`: the outbox (Dexie, the outbox and its senders) and the sync indicator, which
 *   start once a signed-in first page is on screen (src/app/start-offline-layer.ts). The service
 *   worker's registration is an automatic chunk of its own: it also starts on the sign-in page, which
 *   loads none of the above.
 * Other pages keep the automatic chunks; what they share with these groups comes from them.
 */
const GUEST_PAGES = [
  'login',
  'register',
  'register-multi',
  'forgot-password',
  'reset-password',
  'terms',
  'privacy',
  'not-found',
].map((name) => `src/app/routes/${name}.tsx`);
/** The page a signed-out visit opens on: its own code in one file (beside `guest-shared`). */
const SIGN_IN_PAGE = 'src/app/routes/login.tsx';
const SIGNED_IN_FIRST_PAGE = [
  'src/app/data-layer.tsx',
  'src/app/protected-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/home-loader.ts',
];
/** What starts once a signed-in first page is on screen: the outbox and the top bar's sync indicator. */
const AFTER_FIRST_PAGE = ['src/app/start-outbox.ts', 'src/offline/sync-indicator.tsx'];

function firstPageChunks() {
  const modules = {
    entry: new Set<string>(),
    guestShared: new Set<string>(),
    signIn: new Set<string>(),
    signedIn: new Set<string>(),
    afterFirstPage: new Set<string>(),
  };
  const plugin: Plugin = {
    name: 'chapitres-first-page-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      for (const set of Object.values(modules)) set.clear();
      /** Every module statically imported from `files`, themselves included. */
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const stack = files.map((file) => fileURLToPath(new URL(file, import.meta.url)));
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) throw new Error(`${id} is not part of the build (vite.config.ts)`);
          seen.add(id);
          stack.push(...info.importedIds);
        }
        return seen;
      };
      const entry = closure(['src/main.tsx']);
      const guests = closure(GUEST_PAGES);
      const signedIn = closure(SIGNED_IN_FIRST_PAGE);
      // The entry's own modules (its libraries are named above), the entry file itself excepted.
      for (const id of entry) if (OWN_CODE.test(id) && !ENTRY_FILE.test(id)) modules.entry.add(id);
      for (const id of signedIn) {
        if (entry.has(id)) continue;
        (guests.has(id) ? modules.guestShared : modules.signedIn).add(id);
      }
      for (const id of closure([SIGN_IN_PAGE]))
        if (!entry.has(id) && !signedIn.has(id)) modules.signIn.add(id);
      for (const id of closure(AFTER_FIRST_PAGE))
        if (!entry.has(id) && !signedIn.has(id)) modules.afterFirstPage.add(id);
    },
  };
  return { plugin, modules };
}

/**
 * Writes the signed-in first page's chunks into index.html's early script (`var code = { fr: [], en: [] }`),
 * per interface language: that page's code, its query layer and its texts are then fetched while the
 * entry is, instead of once the entry has run and the router has matched the address.
 */
function firstPageCode(): Plugin {
  const placeholder = 'var code = { fr: [], en: [] };';
  return {
    name: 'chapitres-first-page-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes(placeholder))
          throw new Error('index.html: the early script has no code list');
        const file = (name: string) => {
          const chunk = Object.values(bundle ?? {}).find(
            (output) => output.type === 'chunk' && output.name === name,
          );
          if (!chunk) throw new Error(`the ${name} chunk is missing`);
          return `/${chunk.fileName}`;
        };
        const shared = ['signed-in', 'guest-shared', 'query-layer'].map(file);
        const code = {
          fr: [...shared, file('texts-fr')],
          en: [...shared, file('texts-en-first-screen'), file('texts-en')],
        };
        return html.replace(placeholder, `var code = ${JSON.stringify(code)};`);
      },
    },
  };
}

const OWN_CODE = /[\\/]src[\\/]/;
const ENTRY_FILE = /[\\/]src[\\/]main\.tsx$/;
const firstPages = firstPageChunks();

// A new build discards the persisted query cache of the previous one (TanStack `buster`).
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [
    react(),
    tailwindcss(),
    englishManifest(),
    firstPages.plugin,
    firstPageCode(),
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
            {
              name: 'first-screen',
              test: (id) => isFirstScreenModule(id) || firstPages.modules.entry.has(id),
              priority: 3,
            },
            // The query layer (src/app/data-layer.tsx), loaded beside the first page that reads data.
            { name: 'query-layer', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            {
              name: 'guest-shared',
              test: (id) => firstPages.modules.guestShared.has(id),
              priority: 2,
            },
            { name: 'sign-in', test: (id) => firstPages.modules.signIn.has(id), priority: 1 },
            { name: 'signed-in', test: (id) => firstPages.modules.signedIn.has(id), priority: 1 },
            {
              name: 'after-first-page',
              test: (id) => firstPages.modules.afterFirstPage.has(id),
              priority: 1,
            },
            // An English first visit's texts (a guest page asks for nothing more).
            { name: 'texts-en-first-screen', test: ENGLISH_FIRST_SCREEN_TEXTS, priority: 2 },
            // The other texts of a language in one file: a signed-in page asks for all of them at once.
            { name: 'texts-fr', test: /locales[\\/]fr[\\/]|catalogues-fr\.ts$/, priority: 1 },
            { name: 'texts-en', test: /locales[\\/]en[\\/]|catalogues-en\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
});
