// The web app manifest, as a typed object imported by vite.config.ts.
import type { ManifestOptions } from 'vite-plugin-pwa';

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Chapitres — le livre de votre vie',
  short_name: 'Chapitres',
  description: 'Racontez votre vie à un biographe et faites-en un livre.',
  lang: 'fr',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#fbf7f0',
  theme_color: '#7a2e1f',
  categories: ['lifestyle', 'books'],
  icons: [],
};
