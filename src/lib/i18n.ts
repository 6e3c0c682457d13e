// i18next for the app: the first screen's French catalogues bundled (the default interface), every other
// catalogue and language loaded on first use,
// the choice kept in localStorage and mirrored on <html lang>. Every locales/<lng>/*.json is a namespace.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

type Catalogue = Record<string, unknown>;

/**
 * The namespaces of the first screen (the shell, sign-in, errors, offline and privacy prompts): the
 * French ones are bundled with the entry, so the first paint needs no other request. The other French
 * ones are one chunk, and every English one another, loaded when first needed.
 */
const firstScreenNamespaces = ['common', 'errors', 'auth', 'offline', 'pwa', 'privacy'];

const bundledFr = import.meta.glob<Catalogue>(
  '../../locales/fr/{common,errors,auth,offline,pwa,privacy}.json',
  { eager: true, import: 'default' },
);
/** Every other catalogue of a language, one module each (imported once, whichever namespace asks). */
const laterCatalogues: Record<Language, () => Promise<Record<string, Catalogue>>> = {
  fr: () => import('./catalogues-fr').then((module) => module.default),
  en: () => import('./catalogues-en').then((module) => module.default),
};

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

const frResources = Object.fromEntries(
  Object.entries(bundledFr).map(([path, c]) => [namespaceOf(path), c]),
);

/** i18next backend reading the catalogue chunks (precached by the service worker, so offline too). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const path = `../../locales/${language}/${namespace}.json`;
    const bundled = bundledFr[path];
    if (bundled) {
      callback(null, bundled as ResourceKey);
      return;
    }
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    laterCatalogues[language]().then(
      (catalogues) => callback(null, (catalogues[path] ?? {}) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language the interface is in now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : defaultLanguage;
}

/** The BCP 47 tag sent to the server (sign-up `current_language`, Accept-Language). */
export function getLocaleTag(language: Language = currentLanguage()): string {
  return language === 'en' ? 'en-US' : 'fr-FR';
}

/** Maps a server locale such as "en-US" or "fr" back to an interface language, if supported. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  const base = tag?.slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : null;
}

/**
 * Loads every namespace of the interface language (and of French, the fallback). Pages call it before
 * they render (src/app/router.tsx), so no text ever shows as a key; components that name their
 * namespace would otherwise suspend until it arrives.
 */
export async function loadAllNamespaces(): Promise<void> {
  // The namespaces are the catalogues' file names (the same in both languages: i18n-namespaces.test.ts).
  const later = await laterCatalogues[currentLanguage()]();
  // (English's later module holds the first screen's namespaces too: a set, not a list with repeats.)
  await i18next.loadNamespaces([
    ...new Set([...firstScreenNamespaces, ...Object.keys(later).map(namespaceOf)]),
  ]);
}

function reflectOnDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches the interface language; `remember` keeps it for the next visit (chapitres.lang). */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  await i18next.changeLanguage(language);
  reflectOnDocument(language);
  if (remember) writeStorage(storageKeys.lang, language);
}

/** The language explicitly chosen on this device, if any. */
export function storedLanguage(): Language | null {
  const value = readStorage(storageKeys.lang);
  return isLanguage(value) ? value : null;
}

let ready: Promise<void> | null = null;

export function initI18n(): Promise<void> {
  ready ??= (async () => {
    const language = storedLanguage() ?? defaultLanguage;
    await i18next
      .use(catalogueBackend)
      .use(initReactI18next)
      .init({
        resources: { fr: frResources },
        lng: language,
        fallbackLng: defaultLanguage,
        supportedLngs: [...languages],
        ns: firstScreenNamespaces,
        defaultNS: 'common',
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    reflectOnDocument(language);
  })();
  return ready;
}

export { i18next as i18n };
