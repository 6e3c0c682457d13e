// Intl formatters in the page's language, built once per language and options: building one costs
// milliseconds on a slow phone (ten chapter cards each building theirs was a tenth of the home page's
// work), using one costs next to nothing.
import { getLocaleTag } from './i18n';

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
