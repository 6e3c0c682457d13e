// i18next for the app: French catalogues bundled (the default interface), English loaded on first use,
// the choice kept in localStorage and mirrored on <html lang>. Every locales/<lng>/*.json is a namespace.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

type Catalogue = Record<string, unknown>;

const frCatalogues = import.meta.glob<Catalogue>('../../locales/fr/*.json', {
  eager: true,
  import: 'default',
});
const enCatalogues = import.meta.glob<Catalogue>('../../locales/en/*.json', { import: 'default' });

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

const frResources = Object.fromEntries(
  Object.entries(frCatalogues).map(([path, c]) => [namespaceOf(path), c]),
);
export const namespaces = Object.keys(frResources);

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

async function ensureLoaded(language: Language): Promise<void> {
  if (language !== 'en' || i18next.hasResourceBundle('en', 'common')) return;
  await Promise.all(
    Object.entries(enCatalogues).map(async ([path, load]) => {
      i18next.addResourceBundle('en', namespaceOf(path), await load(), true, true);
    }),
  );
}

function reflectOnDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches the interface language; `remember` keeps it for the next visit (chapitres.lang). */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  await ensureLoaded(language);
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
    await i18next.use(initReactI18next).init({
      resources: { fr: frResources },
      lng: defaultLanguage,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: namespaces,
      defaultNS: 'common',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    reflectOnDocument(defaultLanguage);
    const stored = storedLanguage();
    if (stored && stored !== defaultLanguage) await setLanguage(stored, { remember: false });
  })();
  return ready;
}

export { i18next as i18n };
