// The parts around the story: the public story page behind a share token (created by sharing, revoked,
// never another person's, not indexed, a link preview), the contact form, analytics kept only with consent,
// and the data export (one job for two requests, a ZIP of everything, a mail, still there after a
// subscription ends).
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { createUser, mailsTo, type TestUser } from '../support/factories.ts';
import { bookBody, fullAccessUser, photo, uploadTo, writtenChapter } from '../support/books.ts';
import { analyticsEvents, users } from '../../src/db/schema/index.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000', SUPPORT_EMAIL: 'aide@chapitres.test' } });
type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

function expectError(response: Reply, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail[0].type).toBe(type);
}

const share = (user: TestUser, id: string, method: 'POST' | 'GET' | 'DELETE' = 'POST') =>
  ctx.app.inject({ method, url: `/api/v1/conversations/${id}/share`, headers: user.auth });
const pagePath = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('the public story page', () => {
  it('shows the shared chapter to anyone, with a preview, until the owner revokes it', async () => {
    const user = await createUser(ctx.app);
    const chapter = await writtenChapter(ctx.app, user, 'La maison du port', 2);
    // Not shared yet: an answer with nothing in it (no error a browser logs), and no page.
    const before = await share(user, chapter.id, 'GET');
    expect(before.statusCode, before.body).toBe(204);
    expect(before.body).toBe('');
    const created = await share(user, chapter.id);
    expect(created.statusCode, created.body).toBe(200);
    const url: string = created.json().url;
    expect(url).toMatch(/^http:\/\/chapitres\.test\/s\/[A-Za-z0-9_-]{43}$/);
    // Sharing again gives the same link.
    expect((await share(user, chapter.id)).json().url).toBe(url);
    expect((await share(user, chapter.id, 'GET')).json().url).toBe(url);

    const page = await ctx.app.inject({ method: 'GET', url: pagePath(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('<meta property="og:title" content="La maison du port">');
    expect(page.body).toContain('Douarnenez');
    expect(page.body).toContain(`<meta property="og:image" content="${url}/picture">`);
    // Nothing else of the person: no email, no other chapter, no app.
    expect(page.body).not.toContain(user.email);
    expect(page.body).not.toContain('<script');
    const picture = await ctx.app.inject({ method: 'GET', url: `${pagePath(url)}/picture` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');

    const other = await createUser(ctx.app);
    expectError(await share(other, chapter.id), 404, 'not_found');
    expectError(await share(other, chapter.id, 'GET'), 404, 'not_found');
    expectError(await share(other, chapter.id, 'DELETE'), 404, 'not_found');

    expect((await share(user, chapter.id, 'DELETE')).statusCode).toBe(200);
    const gone = await ctx.app.inject({ method: 'GET', url: pagePath(url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Douarnenez');
    // A dead link says what happened and leads into the app, not a bare « Page introuvable ».
    expect(gone.body).toContain('Cette histoire n’est plus partagée');
    expect(gone.body).toContain(
      '<a class="home" href="http://chapitres.test/">Découvrir Chapitres</a>',
    );
    expect(gone.body).not.toContain('Page introuvable');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${pagePath(url)}/picture` })).statusCode,
    ).toBe(404);
    // Sharing again makes a new link; the old one stays dead.
    const again = (await share(user, chapter.id)).json().url;
    expect(again).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: pagePath(url) })).statusCode).toBe(404);
  });

  it('answers a guessed or malformed token like a revoked one', async () => {
    for (const token of ['x', 'A'.repeat(43), '..%2F..%2Fetc', 'a'.repeat(150)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/s/${token}` });
      expect(response.statusCode, token).toBe(404);
    }
  });
});

describe('the contact form', () => {
  const body = {
    name: 'Jeanne',
    email: 'jeanne@example.org',
    subject: 'Le micro',
    message: 'Le micro ne marche pas.',
  };
  it('sends the message to the support address through the mail provider', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/support/contact',
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(202);
    const [mail] = await mailsTo(ctx.app, 'aide@chapitres.test');
    expect(mail!.text).toContain('Le micro ne marche pas.');
    expect(mail!.text).toContain('jeanne@example.org');
  });

  it('refuses an empty or 20 000-character message and a bad address (422)', async () => {
    for (const payload of [
      { ...body, message: '   ' },
      { ...body, message: 'x'.repeat(20_000) },
      { ...body, email: 'pas-une-adresse' },
      { ...body, name: '' },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/support/contact',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
    }
  });
});

describe('analytics', () => {
  const event = (name = 'page_view') => ({
    event: name,
    timestamp: new Date().toISOString(),
    session_id: 'session-0123456789',
    properties: { path: '/conversations/:id', platform: 'WebApp' },
  });
  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/batch',
      payload: payload as object,
      headers,
    });

  it('keeps a consented batch (tied to the signed-in person) and nothing without consent', async () => {
    const user = await createUser(ctx.app);
    const before = (await ctx.database.db.select().from(analyticsEvents)).length;
    const kept = await send({ consent: true, events: [event(), event('login')] }, user.auth);
    expect(kept.statusCode).toBe(202);
    expect(kept.json().accepted).toBe(2);
    const ignored = await send({ consent: false, events: [event()] });
    expect(ignored.json().accepted).toBe(0);
    const rows = await ctx.database.db.select().from(analyticsEvents);
    expect(rows.length - before).toBe(2);
    expect(rows.at(-1)).toMatchObject({ userId: user.id, properties: { platform: 'WebApp' } });
  });

  it('refuses batches too large or malformed, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(analyticsEvents)).length;
    const cases = [
      { consent: true, events: Array.from({ length: 51 }, () => event()) },
      { consent: true, events: [] },
      { consent: true, events: [{ ...event(), event: 'story_text' }] },
      { consent: true, events: [{ ...event(), properties: { nested: { a: 1 } } }] },
      { consent: true, events: [{ ...event(), timestamp: 'hier' }] },
      { events: [event()] },
    ];
    for (const payload of cases) expect((await send(payload)).statusCode).toBe(422);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/batch',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ consent: true, events: [event()], pad: 'x'.repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect((await ctx.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it('reports daily active people, chapters started and finished, and onboarding drop-off', async () => {
    const before = (await ctx.app.services.analytics.daily(2)).at(-1)!;
    // One chapter started and written (finished) by a new person, who is active today by it.
    await writtenChapter(ctx.app, await createUser(ctx.app), 'Le jardin', 0);
    await send({
      consent: true,
      events: [{ ...event('onboarding_abandoned'), properties: { step: 3, platform: 'WebApp' } }],
    });
    const today = (await ctx.app.services.analytics.daily(2)).at(-1)!;
    expect(today.chaptersStarted).toBe(before.chaptersStarted + 1);
    expect(today.chaptersFinished).toBe(before.chaptersFinished + 1);
    expect(today.activePeople).toBeGreaterThan(before.activePeople);
    expect(await ctx.app.services.analytics.wizardDropOff(2)).toContainEqual({
      step: '3',
      count: 1,
    });
  });
});

describe('taking one’s data away', () => {
  it('builds one ZIP for two requests, with chapters, photos, transcripts, answers and books, and mails it', async () => {
    const user = await fullAccessUser(ctx.app, { full_name: 'Jeanne Lefèvre' });
    // Her own photo (the portrait of her books): it goes into the export too.
    await uploadTo(
      ctx.app,
      user,
      '/api/v1/images',
      await photo(500, 700, '#775533'),
      'Mon portrait',
    );
    const chapters = [];
    for (let i = 0; i < 4; i++)
      chapters.push(await writtenChapter(ctx.app, user, `Souvenir/${i + 1}`, i === 0 ? 2 : 0));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: user.auth,
      payload: bookBody(chapters.map((c) => c.id)),
    });
    await ctx.app.services.queue.drain(60_000);
    // Never asked: 204, nothing to show (not an error).
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/export',
      headers: user.auth,
    });
    expect(none.statusCode, none.body).toBe(204);

    // The subscription is over: editing and exporting still work.
    await ctx.database.db
      .update(users)
      .set({ fullAccessUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/conversations/${chapters[0]!.id}`,
      headers: user.auth,
      payload: { title: 'Souvenir/1 corrigé' },
    });
    expect(edit.statusCode).toBe(200);

    const [first, second] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/v1/users/me/export', headers: user.auth }),
      ctx.app.inject({ method: 'POST', url: '/api/v1/users/me/export', headers: user.auth }),
    ]);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(first.json().requested_at).toBe(second.json().requested_at);
    await ctx.app.services.queue.drain(60_000);
    const ready = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/export', headers: user.auth })
    ).json();
    expect(ready.status).toBe('ready');
    expect(new Date(ready.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Saved as « chapitres-<name>-<date>.zip », not as the export's id.
    expect(new URL(ready.url, 'http://x').pathname).toMatch(
      /\/chapitres-jeanne-lefevre-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = await ctx.app.inject({ method: 'GET', url: pagePath(ready.url) });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="chapitres-jeanne-lefevre-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names).toContain('LISEZ-MOI.txt');
    expect(names).toContain('profil.txt');
    expect(names).toContain('mes-photos/01 - Mon portrait.jpg');
    // Dates in her language, not ISO.
    const readme = strFromU8(files['LISEZ-MOI.txt']!);
    expect(readme).toMatch(/au \d{1,2}(er)? [a-zéû]+ \d{4}\./);
    expect(readme).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(names).toContain('chapitres/01 - Souvenir 1 corrigé/chapitre.txt');
    expect(names).toContain('chapitres/01 - Souvenir 1 corrigé/chapitre.md');
    expect(names).toContain('chapitres/01 - Souvenir 1 corrigé/conversation.txt');
    expect(
      names.filter((n) => n.startsWith('chapitres/01 - Souvenir 1 corrigé/photos/')),
    ).toHaveLength(2);
    expect(strFromU8(files['chapitres/01 - Souvenir 1 corrigé/chapitre.md']!)).toContain(
      '*Photo 1 : la maison "du port"*',
    );
    expect(strFromU8(files['chapitres/02 - Souvenir 2/chapitre.txt']!)).toContain('Douarnenez');
    const pdfs = names.filter((n) => n.startsWith('livres/') && n.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    expect(strFromU8(files[pdfs[0]!]!.subarray(0, 4))).toBe('%PDF');
    // Issue 33: the book's EPUB beside its PDFs.
    const epubs = names.filter((n) => n.startsWith('livres/') && n.endsWith('.epub'));
    expect(epubs).toHaveLength(1);
    expect(strFromU8(files[epubs[0]!]!.subarray(30, 58))).toBe('mimetypeapplication/epub+zip');
    const mails = await mailsTo(ctx.app, user.email);
    expect(mails.filter((m) => m.subject === 'Vos données sont prêtes')).toHaveLength(1);
  });
});

describe('the data export in English (issue 35)', () => {
  it('names its files in English and writes English typography', async () => {
    const user = await fullAccessUser(ctx.app, {
      full_name: 'Margaret Hill',
      current_language: 'en-GB',
    });
    await writtenChapter(ctx.app, user, 'The corner shop', 1);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/export',
      headers: user.auth,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await ctx.app.services.queue.drain(60_000);
    const ready = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/export', headers: user.auth })
    ).json();
    const zip = await ctx.app.inject({ method: 'GET', url: pagePath(ready.url) });
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names).toContain('README.txt');
    expect(names).toContain('profile.txt');
    expect(names).toContain('chapters/01 - The corner shop/chapter.txt');
    expect(names).toContain('chapters/01 - The corner shop/chapter.md');
    expect(names.some((n) => n.startsWith('chapters/01 - The corner shop/photos/'))).toBe(true);
    expect(names.filter((n) => /LISEZ|chapitres\/|profil\.txt|enregistrements/.test(n))).toEqual(
      [],
    );
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toMatch(
      /^The data of Margaret Hill on Chapitres, on \d{1,2} [A-Z][a-z]+ \d{4}\./,
    );
    expect(readme).not.toMatch(/[ \u00a0\u202f][:;!?]|[«»]/);
    const mails = await mailsTo(ctx.app, user.email);
    const mail = mails.find((m) => m.subject === 'Your data is ready');
    expect(mail).toBeTruthy();
    expect(mail!.text).toMatch(/Open my profile: http/);
  });
});
