// The language a person chose, kept with its region (issue 35): « fr-FR », « en-GB », « en-US »… The
// language (fr or en) picks the words of mails, books and receipts (messages.ts, userLocale); the region
// only picks how dates and times are written, so that an English reader in Britain gets
// « 3 December 2026 » and 24-hour time while one in the United States gets « December 3, 2026 ».

/** The tag kept when none was given or it cannot be read: French, the app's first language. */
export const DEFAULT_LANGUAGE_TAG = 'fr-FR';

const TAG = /^(fr|en)(?:[-_]([a-z]{2}))?$/i;

/**
 * Any fr-XX or en-XX, whatever its casing or separator (« en_gb », « EN-gb »), written the BCP 47 way
 * (« en-GB »). A bare language gets the region it had before regions were kept: fr-FR, and en-US (the
 * app used to send en-US for every English speaker, so a bare « en » keeps meaning what it meant).
 * Anything else is French.
 */
export function normaliseLanguageTag(tag: string | null | undefined): string {
  const match = TAG.exec(tag?.trim() ?? '');
  if (!match) return DEFAULT_LANGUAGE_TAG;
  const language = match[1]!.toLowerCase();
  const region = match[2]?.toUpperCase() ?? (language === 'en' ? 'US' : 'FR');
  return `${language}-${region}`;
}

/** The locale a person's dates are written in (Intl), from their account's language and region. */
export function userDateLocale(user: { currentLanguage: string }): string {
  return normaliseLanguageTag(user.currentLanguage);
}
