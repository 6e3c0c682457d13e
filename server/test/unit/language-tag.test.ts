// The account's language keeps its region (issue 35): it picks the words (fr/en) and how dates are written.
import { describe, expect, it } from 'vitest';
import { normaliseLanguageTag, userDateLocale } from '../../src/i18n/language-tag.ts';
import { userLocale } from '../../src/i18n/messages.ts';
import { longDate } from '../../src/modules/data-export/service.ts';
import { renderMail } from '../../src/providers/mail/templates.ts';

describe('normaliseLanguageTag', () => {
  it('keeps any fr-XX or en-XX, written the BCP 47 way', () => {
    expect(normaliseLanguageTag('en-GB')).toBe('en-GB');
    expect(normaliseLanguageTag('en_gb')).toBe('en-GB');
    expect(normaliseLanguageTag(' EN-us ')).toBe('en-US');
    expect(normaliseLanguageTag('fr-be')).toBe('fr-BE');
  });

  it('gives a bare language its former region and anything else French', () => {
    expect(normaliseLanguageTag('en')).toBe('en-US');
    expect(normaliseLanguageTag('fr')).toBe('fr-FR');
    expect(normaliseLanguageTag('de-DE')).toBe('fr-FR');
    expect(normaliseLanguageTag(undefined)).toBe('fr-FR');
    expect(normaliseLanguageTag('en-GB-oxendict')).toBe('fr-FR');
  });
});

describe('dates in mails', () => {
  // 22:34 in Paris on 3 December 2026.
  const expiresAt = new Date('2026-12-03T21:34:00Z');

  function exportMail(currentLanguage: string) {
    const user = { currentLanguage };
    return renderMail(userLocale(user), 'marie@example.org', {
      kind: 'export_ready',
      name: 'Marie',
      link: 'http://chapitres.test/profile',
      expires: longDate(expiresAt, userDateLocale(user)),
    });
  }

  it('writes a British reader’s date day first', () => {
    expect(exportMail('en-GB').text).toContain('3 December 2026');
  });

  it('writes an American reader’s date month first', () => {
    const mail = exportMail('en-US');
    expect(mail.text).toContain('December 3, 2026');
    expect(mail.text).not.toContain('3 December 2026');
  });

  it('writes a French reader’s date in French', () => {
    expect(exportMail('fr-FR').text).toContain('3 décembre 2026');
  });
});
