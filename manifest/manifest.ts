// The web app manifest (French, the product's language) and its English variant, as typed objects
// built from one description so the two can never drift apart.
import type { ManifestOptions } from 'vite-plugin-pwa';

export type ManifestLanguage = 'fr' | 'en';

/** File name of each variant in the build; the French one is the document's default `<link rel=manifest>`. */
export const MANIFEST_FILES: Record<ManifestLanguage, string> = {
  fr: 'manifest.webmanifest',
  en: 'manifest.en.webmanifest',
};

export const THEME_COLOR = '#7a2e1f';
export const BACKGROUND_COLOR = '#fbf7f0';

interface ManifestTexts {
  name: string;
  short_name: string;
  description: string;
  newChapter: { name: string; description: string };
  books: { name: string; description: string };
  screenshots: { narrow: string; wide: string };
}

const texts: Record<ManifestLanguage, ManifestTexts> = {
  fr: {
    name: 'Chapitres — le livre de votre vie',
    short_name: 'Chapitres',
    description: 'Racontez votre vie à un biographe et faites-en un livre.',
    newChapter: {
      name: 'Nouveau chapitre',
      description: 'Commencer à raconter une nouvelle histoire',
    },
    books: { name: 'Mes livres', description: 'Voir et commander mes livres' },
    screenshots: {
      narrow: 'Mes histoires, sur un téléphone',
      wide: 'Mes histoires, sur un ordinateur ou une tablette',
    },
  },
  en: {
    name: 'Chapitres — the book of your life',
    short_name: 'Chapitres',
    description: 'Tell your life story to a biographer and make it a book.',
    newChapter: { name: 'New chapter', description: 'Start telling a new story' },
    books: { name: 'My books', description: 'See and order my books' },
    screenshots: {
      narrow: 'My stories, on a phone',
      wide: 'My stories, on a computer or tablet',
    },
  },
};

/** Sizes produced by scripts/make-icons.mjs; tests/unit/pwa/manifest.test.ts checks the files match. */
const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

/** The W3C manifest-localisation member: browsers that support it pick the person's language. */
interface ManifestTranslations {
  translations?: Record<string, { name: string; short_name: string; description: string }>;
}

export type ChapitresManifest = Partial<ManifestOptions> & ManifestTranslations;

export function buildManifest(lang: ManifestLanguage): ChapitresManifest {
  const t = texts[lang];
  const other: ManifestLanguage = lang === 'fr' ? 'en' : 'fr';
  return {
    // The same id for both variants: switching language must not make a second app.
    id: '/',
    name: t.name,
    short_name: t.short_name,
    description: t.description,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    categories: ['lifestyle', 'books'],
    prefer_related_applications: false,
    icons: [
      ...ANY_SIZES.map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...MASKABLE_SIZES.map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    screenshots: [
      {
        src: '/screenshots/home-narrow.png',
        sizes: '1080x1920',
        type: 'image/png',
        form_factor: 'narrow',
        label: t.screenshots.narrow,
      },
      {
        src: '/screenshots/home-wide.png',
        sizes: '1920x1080',
        type: 'image/png',
        form_factor: 'wide',
        label: t.screenshots.wide,
      },
    ],
    shortcuts: [
      {
        name: t.newChapter.name,
        short_name: t.newChapter.name,
        description: t.newChapter.description,
        // The home route opens the new-chapter flow when it sees this parameter.
        url: '/?action=new-chapter',
        icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: t.books.name,
        short_name: t.books.name,
        description: t.books.description,
        url: '/books',
        icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
    translations: {
      [other]: {
        name: texts[other].name,
        short_name: texts[other].short_name,
        description: texts[other].description,
      },
    },
  };
}

// Pure: the service worker imports only the file names; the bundler drops the unused manifests.
export const manifest = /* @__PURE__ */ buildManifest('fr');
export const manifestEn = /* @__PURE__ */ buildManifest('en');
