// The language of error messages: the person's, else Accept-Language by preference, else French.
import { describe, expect, it } from 'vitest';
import { frenchSpacing, messageFor, pickLocale } from '../../src/i18n/messages.ts';

describe('pickLocale', () => {
  it('prefers the signed-in person’s language over the header', () => {
    expect(pickLocale('en-US', 'fr-FR')).toBe('en');
    expect(pickLocale('fr-FR', 'en-GB')).toBe('fr');
  });

  it('follows Accept-Language preferences and skips languages we do not speak', () => {
    expect(pickLocale(null, 'en-GB,en;q=0.9')).toBe('en');
    expect(pickLocale(null, 'de-DE,en;q=0.8,fr;q=0.5')).toBe('en');
    expect(pickLocale(null, 'de-DE,en;q=0.5,fr;q=0.8')).toBe('fr');
    expect(pickLocale(null, 'en;q=0,fr-CA')).toBe('fr');
    expect(pickLocale(null, 'EN-us')).toBe('en');
  });

  it('falls back to French', () => {
    expect(pickLocale(undefined, undefined)).toBe('fr');
    expect(pickLocale(null, 'de-DE,es')).toBe('fr');
    expect(pickLocale(null, ';;,q=abc')).toBe('fr');
  });
});

describe('messageFor', () => {
  it('fills placeholders and never answers without a message', () => {
    expect(messageFor('incorrect_email_or_password', 'en')).toBe('Incorrect email or password');
    expect(messageFor('max_images_reached', 'fr', { limit: 5 })).toBe(
      'Un chapitre peut avoir au plus 5 images.',
    );
    expect(messageFor('no_such_code', 'fr')).toMatch(/erreur/);
  });

  it('spaces French punctuation as the app does, never an English message', () => {
    // A colon takes a no-break space, so « : 15 Mo au plus. » never starts a line on a phone.
    expect(messageFor('not_enough_messages', 'fr')).toBe(
      'Racontez d’abord un peu votre histoire\u00A0: il faut au moins un message.',
    );
    expect(messageFor('ai_unavailable', 'en')).toContain('kept: try');
    expect(frenchSpacing('Prêt ? Oui ; « bien » ! Voir https://a.fr:8080 à 14:30.')).toBe(
      'Prêt\u202F? Oui\u202F; «\u00A0bien\u00A0»\u202F! Voir https://a.fr:8080 à 14:30.',
    );
    // A list of characters keeps its plain space.
    expect(messageFor('weak_password', 'fr')).toContain('parmi !@#$%^&*-.');
  });
});

describe('every error code', () => {
  it('has a French and an English message', async () => {
    const { statusOf } = await import('../../src/errors.ts');
    const { errorMessages } = await import('../../src/i18n/messages.ts');
    for (const code of Object.keys(errorMessages)) {
      expect(errorMessages[code].fr, code).toBeTruthy();
      expect(errorMessages[code].en, code).toBeTruthy();
    }
    // The contract's codes (api.md) each have their own text, not the generic one.
    for (const code of [
      'incorrect_email_or_password',
      'invalid_token',
      'not_enough_messages',
      'quota_exceeded',
      'full_access_required',
      'user_email_already_exists',
      'max_images_reached',
      'undo_not_allowed',
      'redo_not_allowed',
      'generation_in_progress',
      'invalid_file_type',
      'too_many_requests',
      'promo_code_not_found',
      'promo_code_expired',
      'promo_code_inactive',
    ]) {
      expect(errorMessages[code], code).toBeDefined();
      expect(statusOf(code), code).toBeGreaterThanOrEqual(400);
    }
  });
});
