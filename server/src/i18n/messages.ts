// Error messages in French and English, by error code; `{name}` placeholders are filled from params.
export type Locale = 'fr' | 'en';

export const errorMessages: Record<string, Record<Locale, string>> = {
  validation_error: {
    fr: 'Certaines informations ne sont pas valides.',
    en: 'Some information is not valid.',
  },
  malformed_json: {
    fr: 'La requête est illisible (JSON mal formé).',
    en: 'The request could not be read (malformed JSON).',
  },
  payload_too_large: { fr: 'La requête est trop volumineuse.', en: 'The request is too large.' },
  unsupported_media_type: {
    fr: 'Ce type de contenu n’est pas accepté.',
    en: 'This content type is not accepted.',
  },
  not_found: { fr: 'Introuvable.', en: 'Not found.' },
  not_authenticated: { fr: 'Veuillez vous connecter.', en: 'Please sign in.' },
  invalid_token: {
    fr: 'Ce lien ou cette session n’est plus valide.',
    en: 'This link or session is no longer valid.',
  },
  incorrect_email_or_password: {
    fr: 'Email ou mot de passe incorrect.',
    en: 'Incorrect email or password',
  },
  inactive_user: { fr: 'Ce compte est désactivé.', en: 'This account is inactive.' },
  user_email_already_exists: {
    fr: 'Un compte existe déjà avec cet email.',
    en: 'Email already exists.',
  },
  weak_password: {
    fr: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule, un chiffre et un caractère spécial parmi !@#$%^&*-.',
    en: 'The password needs at least 8 characters, an uppercase letter, a lowercase letter, a digit and a special character from !@#$%^&*-.',
  },
  consent_required: {
    fr: 'Les conditions d’utilisation, de vente et la politique de confidentialité doivent être acceptées.',
    en: 'The terms of use, terms of sale and privacy policy must be accepted.',
  },
  too_many_requests: {
    fr: 'Trop de demandes. Veuillez réessayer plus tard.',
    en: 'Too many requests. Please try again later.',
  },
  method_not_allowed: { fr: 'Action non permise.', en: 'Method not allowed.' },
  internal_error: {
    fr: 'Une erreur est survenue. Veuillez réessayer plus tard.',
    en: 'An error occurred. Please try again later.',
  },
  service_unavailable: {
    fr: 'Le service est momentanément indisponible.',
    en: 'The service is temporarily unavailable.',
  },
};

export function messageFor(
  code: string,
  locale: Locale,
  params: Record<string, unknown> = {},
): string {
  const template = errorMessages[code]?.[locale] ?? errorMessages.internal_error[locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The caller's language: the signed-in person's, else Accept-Language, else French. */
export function pickLocale(
  userLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (userLanguage) return userLanguage.toLowerCase().startsWith('en') ? 'en' : 'fr';
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('en')) return 'en';
  }
  return 'fr';
}
