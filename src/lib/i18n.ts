// i18next for the app: the first screen's French catalogues bundled (the default interface), every other
// catalogue and language loaded on first use,
// the choice kept in localStorage and mirrored on <html lang>. Every locales/<lng>/*.json is a namespace.
// The choice is a language with its region (« fr-FR », « en-GB », « en-US »): the language picks the
// catalogue, the region how dates and times are written (« 26 November 2026 » and 22:34 in Britain,
// « November 26, 2026 » and 10:34 PM in the United States). At the first visit it is the browser's.
// Which choice wins between the device and the account: ./language-choice.ts.
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from './storage';

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

type Catalogue = Record<string, unknown>;

/**
 * The namespaces of the first screen (the shell, sign-in, errors, offline and privacy prompts): the
 * French ones are bundled with the entry, so the first paint needs no other request; the English ones
 * are a small chunk of their own, all an English first visit to a guest page loads. The other French
 * ones are one chunk, and every English one another, loaded when first needed (a signed-in page).
 */
const firstScreenNamespaces = ['common', 'errors', 'auth', 'offline', 'pwa', 'privacy'];

const bundledFr = import.meta.glob<Catalogue>(
  '../../locales/fr/{common,errors,auth,offline,pwa,privacy}.json',
  { eager: true, import: 'default' },
);
/** One loader per file, all in the `texts-en-first-screen` chunk (vite.config.ts): one request. */
const firstScreenEn = import.meta.glob<Catalogue>(
  '../../locales/en/{common,errors,auth,offline,pwa,privacy}.json',
  { import: 'default' },
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
    const firstScreen = firstScreenEn[path];
    const catalogue = firstScreen
      ? firstScreen()
      : laterCatalogues[language]().then((catalogues) => catalogues[path] ?? {});
    catalogue.then(
      (loaded) => callback(null, loaded as ResourceKey),
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

/**
 * The region a language gets when nothing says which: France for French; Britain for English, as the
 * app speaks first to people in Europe, whose English writes the day first and the time on 24 hours.
 */
const defaultRegion: Record<Language, string> = { fr: 'FR', en: 'GB' };

const TAG = /^(fr|en)(?:[-_]([a-z]{2}))?$/i;

/**
 * A French or English tag written the BCP 47 way (« en_gb » → « en-GB »; a bare « en » gets the default
 * region); null for any other language or an unreadable tag. The server keeps the same (normaliseLanguage).
 */
export function normaliseLocaleTag(tag: string | null | undefined): string | null {
  const match = TAG.exec(tag?.trim() ?? '');
  if (!match) return null;
  const language = match[1].toLowerCase() as Language;
  return `${language}-${match[2]?.toUpperCase() ?? defaultRegion[language]}`;
}

/** The browser's languages in order of preference (navigator.languages, else navigator.language). */
function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The tag the browser prefers among the languages the app speaks, at the first visit: English for an
 * en-GB or en-US browser, French for one that prefers French or speaks neither. The order of preference
 * counts, as on the server (pickLocale): a « de-DE, en-GB » browser gets English.
 */
export function browserLocaleTag(): string {
  for (const tag of browserTags()) {
    const normalised = normaliseLocaleTag(tag);
    if (normalised) return normalised;
  }
  return `${defaultLanguage}-${defaultRegion[defaultLanguage]}`;
}

/** The tag of the interface now (set with the language, below). */
let activeTag = `${defaultLanguage}-${defaultRegion[defaultLanguage]}`;

/** A language's tag: the one in use, else the browser's for that language, else the default region. */
function tagForLanguage(language: Language): string {
  if (languageFromTag(activeTag) === language) return activeTag;
  const fromBrowser = browserTags()
    .map(normaliseLocaleTag)
    .find((tag) => languageFromTag(tag) === language);
  return fromBrowser ?? `${language}-${defaultRegion[language]}`;
}

/**
 * The BCP 47 tag with its region: sent to the server (sign-up and profile `current_language`,
 * Accept-Language) and given to Intl, so dates follow the person's region.
 */
export function getLocaleTag(language: Language = currentLanguage()): string {
  return tagForLanguage(language);
}

/** Maps a server locale such as "en-US" or "fr" back to an interface language, if supported. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  const base = tag?.slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : null;
}

/** Reads a language (« en ») or a tag (« en-GB », « en_gb ») as a tag; null when neither. */
function toTag(languageOrTag: string): string | null {
  if (isLanguage(languageOrTag)) return tagForLanguage(languageOrTag);
  return normaliseLocaleTag(languageOrTag);
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

/**
 * Switches the interface to a language (« en », its region then the browser's or the default) or a tag
 * (« en-GB »); `remember` keeps the tag for the next visit (chapitres.lang). Only this device: a choice
 * the person makes goes through chooseLanguage (./language-choice.ts), which tells her account too.
 */
export async function setLanguage(languageOrTag: string, { remember = true } = {}): Promise<void> {
  const tag = toTag(languageOrTag) ?? getLocaleTag(defaultLanguage);
  const language = languageFromTag(tag) ?? defaultLanguage;
  activeTag = tag;
  await i18next.changeLanguage(language);
  reflectOnDocument(language);
  if (remember) writeStorage(storageKeys.lang, tag);
}

/** The tag kept on this device (« en-GB »; « en » as older versions kept it reads as English), if any. */
export function storedLocaleTag(): string | null {
  const value = readStorage(storageKeys.lang);
  return value ? toTag(value) : null;
}

/** The language explicitly chosen on this device, if any. */
export function storedLanguage(): Language | null {
  return languageFromTag(storedLocaleTag());
}

let ready: Promise<void> | null = null;

export function initI18n(): Promise<void> {
  ready ??= (async () => {
    // The device's choice, else (first visit) the browser's language and region.
    activeTag = storedLocaleTag() ?? browserLocaleTag();
    const language = languageFromTag(activeTag) ?? defaultLanguage;
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
