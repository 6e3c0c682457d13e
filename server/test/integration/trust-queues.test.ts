// Issue 28, item 13: one person's queue does not delay everyone. Books: at most MAX_BOOKS_IN_PROGRESS
// in the making per person (then 429), and a person's first book goes before anyone's second. Pictures:
// the decoding pipelines are shared fairly and capped per person; drawings are capped per person.
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { bookBody, fullAccessUser, writtenChapter } from '../support/books.ts';
import type { TestUser } from '../support/factories.ts';
import { AppError } from '../../src/errors.ts';
import { MAX_BOOKS_IN_PROGRESS } from '../../src/modules/books/service.ts';
import { MAX_DRAWINGS_IN_PROGRESS } from '../../src/modules/generation/service.ts';
import { FairSemaphore } from '../../src/modules/images/processing.ts';
import type { Illustrator } from '../../src/providers/illustrator/types.ts';

/** Drawings wait until the test lets them go. */
const gates: (() => void)[] = [];
const slowIllustrator: Illustrator = {
  kind: 'embedded',
  async illustrate() {
    await new Promise<void>((resolve) => gates.push(resolve));
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#456' },
    })
      .png()
      .toBuffer();
    return { png, width: 64, height: 48, prompt: null };
  },
};

const ctx = useTestApp({
  env: { FREE_CHAPTERS: '1000' },
  workers: false,
  deps: { illustrator: slowIllustrator },
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function chapters(user: TestUser, count = 4): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await writtenChapter(ctx.app, user, `Souvenir ${i + 1}`, 0)).id);
  return ids;
}

function createBook(user: TestUser, ids: string[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/books',
    headers: user.auth,
    payload: bookBody(ids),
  });
}

describe('books one person queues', () => {
  it(`are at most ${MAX_BOOKS_IN_PROGRESS} in the making; one more is a 429 with its own code`, async () => {
    const person = await fullAccessUser(ctx.app);
    const ids = await chapters(person);
    for (let i = 0; i < MAX_BOOKS_IN_PROGRESS; i++)
      expect((await createBook(person, ids)).statusCode).toBe(201);
    const refused = await createBook(person, ids);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().detail[0].type).toBe('too_many_books_in_progress');
    expect(refused.headers['retry-after']).toBeDefined();
    // Someone else is not concerned.
    const other = await fullAccessUser(ctx.app);
    expect((await createBook(other, await chapters(other))).statusCode).toBe(201);
  });

  it('wait for one book at most behind another person’s flood', async () => {
    const flooder = await fullAccessUser(ctx.app);
    const floodIds = await chapters(flooder);
    const flood: string[] = [];
    for (let i = 0; i < MAX_BOOKS_IN_PROGRESS; i++)
      flood.push((await createBook(flooder, floodIds)).json().id as string);
    const other = await fullAccessUser(ctx.app);
    const otherBook = (await createBook(other, await chapters(other))).json().id as string;

    // The jobs as the worker takes them (their making itself is not what is measured here).
    const books = ctx.app.services.books;
    const taken: string[] = [];
    vi.spyOn(books, 'generate').mockImplementation(async (bookId: string) => {
      taken.push(bookId);
    });
    await ctx.app.services.queue.work();
    await ctx.app.services.queue.drain(30_000);
    const ours = taken.filter((id) => [...flood, otherBook].includes(id));
    expect(ours).toHaveLength(MAX_BOOKS_IN_PROGRESS + 1);
    // The other person's book is taken before the flooder's second: behind one job at most.
    expect(ours.indexOf(otherBook)).toBeLessThanOrEqual(1);
    expect(ours.indexOf(otherBook)).toBeLessThan(ours.indexOf(flood[1]!));
  });
});

describe('pictures', () => {
  it('share the decoding pipelines fairly: another person waits for one picture at most', async () => {
    const pipelines = new FairSemaphore(1, 5);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        releases.push(resolve);
      });
    const runs = [1, 2, 3, 4].map((n) => pipelines.run('flooder', task(`flooder ${n}`)));
    runs.push(pipelines.run('other', task('other')));
    // One more from the flooder is refused outright: a flood holds no more memory.
    runs.push(pipelines.run('flooder', task('flooder 5')));
    await expect(pipelines.run('flooder', task('flooder 6'))).rejects.toThrow(AppError);
    while (order.length < 6) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      releases.shift()?.();
    }
    releases.shift()?.();
    await Promise.all(runs);
    expect(order[0]).toBe('flooder 1');
    expect(order[1]).toBe('other');
  });

  it(`are drawn at most ${MAX_DRAWINGS_IN_PROGRESS} at once for one person; one more is a 429`, async () => {
    const person = await fullAccessUser(ctx.app);
    const [chapter] = await chapters(person, 1);
    const draw = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${chapter}/images`,
        headers: person.auth,
      });
    const drawing = Array.from({ length: MAX_DRAWINGS_IN_PROGRESS }, () => draw());
    while (gates.length < MAX_DRAWINGS_IN_PROGRESS)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = await draw();
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().detail[0].type).toBe('too_many_pictures_in_progress');
    // Another person draws meanwhile.
    const other = await fullAccessUser(ctx.app);
    const [otherChapter] = await chapters(other, 1);
    const theirs = ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${otherChapter}/images`,
      headers: other.auth,
    });
    while (gates.length < MAX_DRAWINGS_IN_PROGRESS + 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    for (const open of gates.splice(0)) open();
    for (const response of await Promise.all([...drawing, theirs]))
      expect(response.statusCode, response.body).toBe(201);
    // The slots are given back: the person draws again.
    const again = draw();
    while (gates.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    gates.splice(0).forEach((open) => open());
    expect((await again).statusCode).toBe(201);
  });
});
