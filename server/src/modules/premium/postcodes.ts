// Postcodes of the countries a printed book can be sent to (the simulator's list, demo-page.ts): each
// country's shape, so that « ABC » for Belgium is refused before anything is paid, and an example to say
// what is expected. Spaces and case are forgiven; the code is stored as the country writes it.

interface PostcodeRule {
  pattern: RegExp;
  example: string;
  /** The usual way of writing it, from the code in capitals without spaces. */
  format?: (compact: string) => string;
}

const RULES: Record<string, PostcodeRule> = {
  FR: { pattern: /^\d{5}$/, example: '75001' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '1200' },
  LU: { pattern: /^(L-?)?\d{4}$/, example: '1111', format: (c) => c.replace(/^L-?/, '') },
  MC: { pattern: /^980\d{2}$/, example: '98000' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  NL: {
    pattern: /^\d{4}[A-Z]{2}$/,
    example: '1012 AB',
    format: (c) => `${c.slice(0, 4)} ${c.slice(4)}`,
  },
  PT: {
    pattern: /^\d{4}-?\d{3}$/,
    example: '1100-148',
    format: (c) => `${c.slice(0, 4)}-${c.slice(-3)}`,
  },
  GB: {
    pattern: /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/,
    example: 'SW1A 1AA',
    format: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
  },
  CA: {
    pattern: /^[A-Z]\d[A-Z]\d[A-Z]\d$/,
    example: 'H2X 1Y4',
    format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
  },
};

/** An example of a valid postcode for the country (null for a country without a known rule). */
export function postcodeExample(country: string): string | null {
  return RULES[country.toUpperCase()]?.example ?? null;
}

/**
 * The postcode written as the country writes it, or null when it cannot be one of that country's.
 * A country without a known rule takes any code of 2 to 10 letters, digits, spaces or dashes.
 */
export function normalizePostcode(country: string, postcode: string): string | null {
  const compact = postcode.toUpperCase().replace(/[\s\u00a0]+/g, '');
  const rule = RULES[country.toUpperCase()];
  if (!rule) return /^[A-Z\d-]{2,10}$/.test(compact) ? compact : null;
  if (!rule.pattern.test(compact)) return null;
  return rule.format ? rule.format(compact) : compact;
}
