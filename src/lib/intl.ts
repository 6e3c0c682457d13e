// Dates and numbers in the page's language and region (en-GB and en-US differ). The long date and the percentage of the first pages (the
// chapter and book cards, the progress card, the access summary) come from the catalogue, without Intl:
// the first Intl.DateTimeFormat or NumberFormat of a page has ICU build its patterns, 30 ms on this
// machine and over 100 ms on Lighthouse's slowed phone, in the middle of the home page's first render.
// Other formats use Intl formatters, built once per language and options: building one costs
// milliseconds on a slow phone (ten chapter cards each building theirs was a tenth of the home page's
// work), using one costs next to nothing.
import i18next from 'i18next';
import { getLocaleTag } from './i18n';

/**
 * English regions that write the month before the day, as Intl does for them ("March 14, 1941"); the
 * rest of the English-speaking world, Britain first, writes "14 March 1941". The region is the one the
 * person chose (getLocaleTag), so the catalogue's date agrees with the Intl formats below.
 */
const MONTH_FIRST_REGIONS = new Set(['US', 'CA', 'PH', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI']);

/**
 * The catalogue's long date has one form per language (`dates.long`) and, in English only, a
 * month-first variant for those regions (`dates.long_monthFirst`, an i18next context: like a plural
 * form it exists where the language needs it, and a missing one falls back to `dates.long`).
 */
function longDateContext(): string | undefined {
  const [language, region] = getLocaleTag().split('-');
  return language === 'en' && region && MONTH_FIRST_REGIONS.has(region) ? 'monthFirst' : undefined;
}

/** A long date as people write it ("14 mars 1941", "14 March 1941", "March 14, 1941"); null when unreadable. */
export function formatLongDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const months = i18next.t('dates.months', { returnObjects: true });
  return i18next.t('dates.long', {
    context: longDateContext(),
    day: date.getDate(),
    month: months[date.getMonth()],
    year: date.getFullYear(),
  });
}

/** A whole percentage ("40 %", "40%"). */
export function formatPercent(percent: number): string {
  return i18next.t('dates.percent', { value: Math.round(percent) });
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = getLocaleTag();
  return cached(
    `date ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = getLocaleTag();
  return cached(
    `number ${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}
