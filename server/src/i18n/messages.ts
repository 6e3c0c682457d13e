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
  malformed_url: {
    fr: 'L’adresse demandée est mal formée.',
    en: 'The requested address is malformed.',
  },
  uri_too_long: {
    fr: 'L’adresse demandée est trop longue.',
    en: 'The requested address is too long.',
  },
  bad_request: { fr: 'La requête est invalide.', en: 'The request is invalid.' },
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
  incorrect_password: {
    fr: 'Le mot de passe actuel est incorrect.',
    en: 'The current password is incorrect.',
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
  session_expired: {
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
    en: 'Your session has expired. Please sign in again.',
  },
  not_enough_messages: {
    fr: 'Racontez d’abord un peu votre histoire : il faut au moins un message.',
    en: 'Tell a little of your story first: at least one message is needed.',
  },
  quota_exceeded: {
    fr: 'Vous n’avez plus de chapitre gratuit.',
    en: 'You have no free chapter left.',
  },
  full_access_required: {
    fr: 'Cette action demande un accès complet.',
    en: 'This action needs full access.',
  },
  max_images_reached: {
    fr: 'Un chapitre peut avoir au plus {limit} images.',
    en: 'A chapter can have at most {limit} images.',
  },
  undo_not_allowed: {
    fr: 'Il n’y a pas de version précédente à rétablir.',
    en: 'There is no earlier version to bring back.',
  },
  redo_not_allowed: {
    fr: 'Il n’y a pas de version suivante à rétablir.',
    en: 'There is no later version to bring back.',
  },
  generation_in_progress: {
    fr: 'Une génération est déjà en cours pour ce chapitre.',
    en: 'A generation is already running for this chapter.',
  },
  invalid_file_type: {
    fr: 'Ce type de fichier n’est pas accepté (JPEG, PNG ou WebP).',
    en: 'This file type is not accepted (JPEG, PNG or WebP).',
  },
  promo_code_not_found: {
    fr: 'Ce code cadeau n’existe pas.',
    en: 'This gift code does not exist.',
  },
  promo_code_expired: { fr: 'Ce code cadeau a expiré.', en: 'This gift code has expired.' },
  promo_code_inactive: {
    fr: 'Ce code cadeau a déjà été utilisé.',
    en: 'This gift code has already been used.',
  },
  ai_unavailable: {
    fr: 'L’assistant est momentanément indisponible. Votre message est gardé : réessayez dans un instant.',
    en: 'The assistant is unavailable for a moment. Your message is kept: try again shortly.',
  },
  voice_unavailable: {
    fr: 'La voix est momentanément indisponible.',
    en: 'The voice is unavailable for a moment.',
  },
  service_unavailable: {
    fr: 'Le service est momentanément indisponible.',
    en: 'The service is temporarily unavailable.',
  },
};

/** Lets a later module add the messages of the codes it introduces (beside registerErrorStatus). */
export function registerErrorMessages(messages: Record<string, Record<Locale, string>>): void {
  Object.assign(errorMessages, messages);
}

export function messageFor(
  code: string,
  locale: Locale,
  params: Record<string, unknown> = {},
): string {
  const template = errorMessages[code]?.[locale] ?? errorMessages.internal_error[locale];
  const message = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  return locale === 'fr' ? frenchSpacing(message) : message;
}

/**
 * French spacing in a message written with plain spaces: a no-break space before « : » and inside
 * « », a narrow one before ; ! ? (as the app's own French texts), so a line never starts with the
 * mark. Only a space already there changes, and only before a mark that ends a word group: « parmi
 * !@#$ » (a list of characters) and an address's colon keep theirs.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ :(?=\s|$)/g, '\u00A0:')
    .replace(/ ([;!?])(?=\s|$)/g, '\u202F$1')
    .replace(/« /g, '«\u00A0')
    .replace(/ »/g, '\u00A0»');
}

/** The caller's language: the signed-in person's, else Accept-Language, else French. */
export function pickLocale(
  userLanguage: string | null | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (userLanguage) return userLanguage.toLowerCase().startsWith('en') ? 'en' : 'fr';
  return preferredOf(acceptLanguage) ?? 'fr';
}

/** The language a person chose for the app (mails, books, receipts): English or, by default, French. */
export function userLocale(user: { currentLanguage: string }): Locale {
  return pickLocale(user.currentLanguage, undefined);
}

/** The first of French and English in Accept-Language order of preference (q values), if any. */
function preferredOf(acceptLanguage: string | undefined): Locale | null {
  if (!acceptLanguage) return null;
  let best: Locale | null = null;
  let bestQ = 0;
  for (const entry of acceptLanguage.split(',').slice(0, 20)) {
    const [tag, ...params] = entry.trim().toLowerCase().split(';');
    const locale = tag.startsWith('fr') ? 'fr' : tag.startsWith('en') ? 'en' : null;
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    // Ties keep the earlier one: the header's own order.
    if (Number.isFinite(q) && q > bestQ) {
      best = locale;
      bestQ = q;
    }
  }
  return best;
}
