// Issue 31: the words of her family in her book. Under a released chapter her daughter's word is marked
// « Imprimer dans le livre », her grandson's is marked too but hidden, another is left unmarked: the book's
// PDF and its EPUB print only the first, at the chapter's end, signed with the name and the relation she
// gave, never an address. A word she marked under a chapter she took back since still prints (her choice);
// a printed word under a chapter left out of the book does not; a word full of markup stays text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { circleMembers, circleReleases } from '../../src/db/schema/index.ts';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { bookBody, download, fullAccessUser, writtenChapter } from '../support/books.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });

async function seat(she: TestUser, member: TestUser, relation: string | null) {
  await ctx.database.db.insert(circleMembers).values({
    ownerId: she.id,
    memberId: member.id,
    email: member.email,
    relation,
    role: 'contributor',
    acceptedAt: new Date(),
  });
}

async function release(she: TestUser, conversationId: string) {
  await ctx.database.db.insert(circleReleases).values({ conversationId, ownerId: she.id });
}

async function write(member: TestUser, she: TestUser, chapterId: string, text: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/circles/${she.id}/chapters/${chapterId}/words`,
    headers: member.auth,
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function mark(
  she: TestUser,
  chapterId: string,
  wordId: string,
  changes: { printed?: boolean; hidden?: boolean },
) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/conversations/${chapterId}/words/${wordId}`,
    headers: she.auth,
    payload: changes,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The PDF's text with its no-break spaces and word joiners read as poppler's plain spaces. */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'book-words-')), 'interior.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .replace(/\u2060/g, '')
    .replace(/[\u00A0\u202F]/g, ' ');
}

describe('the words of the family in her book', () => {
  it('prints only the words she marked and did not hide, signed, at the end of their chapter', async () => {
    const she = await fullAccessUser(ctx.app, { full_name: 'Jeanne Martin' });
    const daughter = await createUser(ctx.app, { full_name: 'Marie Dubois' });
    const grandson = await createUser(ctx.app, { full_name: 'Lucas Dubois' });
    await seat(she, daughter, 'ma fille');
    await seat(she, grandson, null);
    const chapters = [];
    for (const title of ['Enfance', 'Jeunesse', 'Mariage', 'Travail', 'Hors du livre'])
      chapters.push((await writtenChapter(ctx.app, she, title, 0)).id);
    const [first, second, , , outside] = chapters as [string, string, string, string, string];
    for (const id of [first, second, outside]) await release(she, id);

    const printed = await write(daughter, she, first, 'Maman, merci pour "notre" histoire !');
    const hidden = await write(grandson, she, first, 'Un mot caché qui ne doit pas paraître');
    await write(grandson, she, first, 'Un mot jamais choisi');
    const hostile = await write(
      grandson,
      she,
      second,
      'Bravo <b>Mamie</b> #set text(red) ]]> & שלום \u202Efin',
    );
    const elsewhere = await write(daughter, she, outside, 'Un mot sous un chapitre hors du livre');
    await mark(she, first, printed, { printed: true });
    await mark(she, first, hidden, { printed: true });
    await mark(she, first, hidden, { hidden: true });
    await mark(she, second, hostile, { printed: true });
    await mark(she, outside, elsewhere, { printed: true });
    // She takes the second chapter back from her circle: the word she chose still prints.
    await ctx.database.db
      .delete(circleReleases)
      .where(and(eq(circleReleases.conversationId, second), eq(circleReleases.ownerId, she.id)));

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/books',
      headers: she.auth,
      payload: bookBody(chapters.slice(0, 4)),
    });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.app.services.queue.drain(60_000);
    const book = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/books/${created.json().id}`,
        headers: she.auth,
      })
    ).json();
    expect(book.generation_status, book.generation_error).toBe('success');

    const text = pdfText(await download(ctx.app, book.url_pdf));
    expect(text).toContain('Un mot de la famille');
    expect(text).toContain('Maman, merci pour « notre » histoire !');
    expect(text).toContain('— Marie Dubois, ma fille');
    expect(text).not.toContain('Un mot caché');
    expect(text).not.toContain('Un mot jamais choisi');
    expect(text).not.toContain('hors du livre');
    // Markup typed in a word is printed as it was typed, never read as Typst.
    expect(text).toContain('Bravo <b>Mamie</b> #set text(red) ]]> &');
    expect(text).toMatch(/— Lucas Dubois\s*$/m);
    for (const member of [daughter, grandson]) expect(text).not.toContain(member.email);
    // The word comes after her own text, at the end of its chapter, before the next one opens.
    const signed = text.indexOf('— Marie Dubois, ma fille');
    expect(text.lastIndexOf('la radio', signed)).toBeGreaterThan(text.indexOf('CHAPITRE 1'));
    expect(signed).toBeLessThan(text.indexOf('CHAPITRE 2'));

    const epub = unzipSync(new Uint8Array(await download(ctx.app, book.url_epub)));
    const chapter = (n: number) => strFromU8(epub[`EPUB/chapter-0${n}.xhtml`]!);
    const one = chapter(1);
    expect(one).toContain('<h2 id="family-title">Un mot de la famille</h2>');
    expect(one).toContain('merci pour «\u00A0notre\u00A0» histoire\u202F!');
    expect(one).toContain('<figcaption dir="auto">—\u00A0Marie Dubois, ma fille</figcaption>');
    expect(one).not.toContain('Un mot caché');
    expect(one).not.toContain('Un mot jamais choisi');
    expect(chapter(2)).toContain('Bravo &lt;b&gt;Mamie&lt;/b&gt; #set text(red) ]]&gt; &amp;');
    expect(chapter(3)).not.toContain('family');
    expect(chapter(4)).not.toContain('family');
    const all = Object.entries(epub)
      .filter(([name]) => name.endsWith('.xhtml'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(all).not.toContain('hors du livre');
    for (const member of [daughter, grandson]) expect(all).not.toContain(member.email);
  });
});
