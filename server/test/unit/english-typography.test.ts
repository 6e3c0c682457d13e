// English has no space before « : ; ! ? » and no « » guillemets (issue 35): the mails and the data
// export, in English, follow that; in French they keep French typography. The ZIP's names are in the
// account's language too.
import { describe, expect, it } from 'vitest';
import { renderMail, type MailTemplate } from '../../src/providers/mail/templates.ts';
import { conversationText, EXPORT_WORDS } from '../../src/modules/data-export/service.ts';
import { labelWithTitle, PRODUCT_LABELS } from '../../src/modules/premium/service.ts';

/** A space (plain, no-break or narrow no-break) before : ; ! ?, or a guillemet. */
const FRENCH_TYPOGRAPHY = /[ \u00a0\u202f][:;!?]|[«»]/;

const templates: MailTemplate[] = [
  { kind: 'email_validation', link: 'https://chapitres.example/v?t=1', name: 'Margaret' },
  { kind: 'password_reset', link: 'https://chapitres.example/r?t=1', name: 'Margaret' },
  {
    kind: 'email_changed',
    link: 'https://chapitres.example/u?t=1',
    name: 'Margaret',
    newEmail: 'new@example.com',
    days: 7,
  },
  { kind: 'book_ready', link: 'https://chapitres.example/b/1', name: '', title: 'My life' },
  {
    kind: 'payment_receipt',
    name: 'Margaret',
    product: 'Full access',
    amount: '€9.90',
    date: '26 November 2026',
  },
  { kind: 'export_ready', name: 'Margaret', link: 'https://x/profile', expires: '3 December 2026' },
  {
    kind: 'circle_invitation',
    link: 'https://x/circle/join?token=t',
    storyteller: 'Margaret',
    role: 'contributor',
    relation: 'my daughter',
    days: 14,
  },
  {
    kind: 'circle_question_answered',
    name: 'Tom',
    storyteller: 'Margaret',
    question: 'What was your first job?',
    link: 'https://x/circles/1/chapters/2',
  },
  {
    kind: 'circle_question_answered',
    name: 'Tom',
    storyteller: '',
    question: 'What was your first job?',
    link: null,
  },
  {
    kind: 'circle_news',
    name: 'Tom',
    storyteller: 'Margaret',
    chapters: [{ title: 'The wedding', excerpt: 'We married in June.', link: 'https://x/c/1' }],
  },
  {
    kind: 'circle_news',
    name: '',
    storyteller: '',
    chapters: [
      { title: null, excerpt: 'We married in June.', link: 'https://x/c/1' },
      { title: 'The war', excerpt: '', link: 'https://x/c/2' },
    ],
  },
  {
    kind: 'story_rhythm',
    name: 'Margaret',
    question: 'How did you meet Dad?',
    asker: 'Tom',
    link: 'https://x/?action=new-chapter',
    unsubscribe: 'https://x/api/v1/rhythm/unsubscribe?token=a.b',
  },
  {
    kind: 'order_confirmed',
    name: 'Margaret',
    title: 'My life',
    address: '1 High Street, Leeds',
    link: 'https://x/b/1',
    simulated: true,
  },
];

describe('the English mails', () => {
  it.each(templates.map((t) => [t.kind, t] as const))('%s has English typography', (_k, t) => {
    const mail = renderMail('en', 'margaret@example.com', t);
    expect(mail.subject).not.toMatch(FRENCH_TYPOGRAPHY);
    expect(mail.text).not.toMatch(FRENCH_TYPOGRAPHY);
    // The HTML's visible text (tags and attributes left out).
    expect(mail.html.replace(/<[^>]*>/g, ' ')).not.toMatch(FRENCH_TYPOGRAPHY);
  });

  it('writes the link line as "Confirm my email: …" in English and « … : » in French', () => {
    const en = renderMail('en', 'a@example.com', templates[0]!);
    expect(en.text).toContain('Confirm my email: https://chapitres.example/v?t=1');
    const fr = renderMail('fr', 'a@example.com', templates[0]!);
    expect(fr.text).toContain('Confirmer mon email : https://chapitres.example/v?t=1');
  });
});

describe('the product of a receipt', () => {
  it('names the book with English typography in English, French in French', () => {
    const en = labelWithTitle('en', PRODUCT_LABELS.book.en, 'My life');
    expect(en).toBe('Printed book: “My life”');
    const mail = renderMail('en', 'a@example.com', {
      kind: 'payment_receipt',
      name: 'Margaret',
      product: en,
      amount: '€49.00',
      date: '26 November 2026',
    });
    expect(mail.text).not.toMatch(FRENCH_TYPOGRAPHY);
    expect(labelWithTitle('fr', PRODUCT_LABELS.book.fr, 'Ma vie')).toBe(
      'Livre imprimé : « Ma vie »',
    );
  });
});

describe('the English data export', () => {
  const transcript = [
    { id: 'a', type: 'assistant', content: 'Where were you born?' },
    { id: 'b', type: 'user', content: 'In Leeds, in 1941.' },
  ];
  const recordings = new Map([['b', 'recordings/002.webm']]);

  it('labels the conversation without a space before the colon', () => {
    const text = conversationText(transcript, recordings, EXPORT_WORDS.en);
    expect(text).toBe(
      'Biographer: Where were you born?\n\nYou: In Leeds, in 1941.\n[recording: recordings/002.webm]\n',
    );
    expect(text).not.toMatch(FRENCH_TYPOGRAPHY);
  });

  it('keeps French typography in French', () => {
    const text = conversationText(
      transcript,
      new Map([['b', 'enregistrements/002.webm']]),
      EXPORT_WORDS.fr,
    );
    expect(text).toContain(
      'Vous : In Leeds, in 1941.\n[enregistrement : enregistrements/002.webm]',
    );
  });

  it('names its files and folders in English, and its read-me has English typography', () => {
    const w = EXPORT_WORDS.en;
    const names = [
      w.readmeFile,
      w.chaptersFolder,
      w.chapterFile,
      w.photosFolder,
      w.recordingsFolder,
      w.ownPhotosFolder,
      w.profileFile,
      w.booksFolder,
      w.bookFallback,
      w.coverSuffix,
    ];
    expect(names).toEqual([
      'README.txt',
      'chapters',
      'chapter',
      'photos',
      'recordings',
      'my-photos',
      'profile.txt',
      'books',
      'book',
      'cover',
    ]);
    const readme = w.readme('Margaret Smith', '26 November 2026');
    expect(readme).not.toMatch(FRENCH_TYPOGRAPHY);
    expect(readme).not.toMatch(/chapitres\/|enregistrements|profil\.txt|mes-photos|livres\//);
    for (const name of ['chapters/', 'recordings/', 'my-photos/', 'profile.txt', 'books/'])
      expect(readme).toContain(name);
  });
});
