// Points the document's manifest at the variant in the person's language, so an installation made in
// English gets an English name and shortcuts (the French manifest is the default in index.html).
import i18next from 'i18next';
import { MANIFEST_FILES, type ManifestLanguage } from '../../manifest/manifest';

export function manifestHrefFor(language: string | undefined): string {
  const lang: ManifestLanguage = language?.toLowerCase().startsWith('en') ? 'en' : 'fr';
  return `/${MANIFEST_FILES[lang]}`;
}

export function applyManifestLanguage(language: string | undefined): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const href = manifestHrefFor(language);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

let following = false;

/** Keeps the manifest in step with i18next's language, from now on. */
export function followLanguageInManifest(): void {
  if (following || typeof document === 'undefined') return;
  following = true;
  if (i18next.resolvedLanguage) applyManifestLanguage(i18next.resolvedLanguage);
  i18next.on('languageChanged', (language) => applyManifestLanguage(language));
}
