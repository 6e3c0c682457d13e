// The back-fill commands the server says are still due after an upgrade: `images renditions` while a
// picture stored before display renditions existed has none, and no longer once the command has run.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { images } from '../../src/db/schema/index.ts';
import { displayKeyOf } from '../../src/modules/images/service.ts';
import { dueCommands, formatDue } from '../../src/upgrade-due.ts';
import { useTestApp } from '../support/build.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';

const ctx = useTestApp({ env: { FREE_CHAPTERS: '1000' } });

async function newChapter(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** Uploads a picture to the chapter; its storage key. */
async function uploadPicture(user: TestUser, chapterId: string): Promise<string> {
  const data = await sharp({
    create: { width: 600, height: 400, channels: 3, background: '#8a5a44' },
  })
    .jpeg()
    .toBuffer();
  const body = multipart([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${chapterId}/images`,
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  const [row] = await ctx.database.db.select().from(images).where(eq(images.id, id));
  return row!.key;
}

describe('the back-fill commands still due', () => {
  it('asks for `images renditions` while older pictures lack their display rendition', async () => {
    const user = await createUser(ctx.app);
    const chapterId = await newChapter(user);
    const storage = ctx.app.services.storage;
    const older = [await uploadPicture(user, chapterId), await uploadPicture(user, chapterId)];
    const gone = await uploadPicture(user, chapterId);
    await uploadPicture(user, chapterId);
    // Pictures stored as they are today: nothing due.
    expect(await dueCommands(ctx.app.services)).toEqual([]);

    // As an older version left them: the oldest pictures without a display file. One of them has lost
    // its file too: the command cannot mend it, so it is not counted.
    for (const key of [...older, gone]) await storage.delete(displayKeyOf(key));
    await storage.delete(gone);
    const due = await dueCommands(ctx.app.services);
    expect(due).toEqual([
      {
        command: 'npm run cli -- images renditions',
        why: '2 pictures stored before display renditions existed',
      },
    ]);
    expect(formatDue(due)).toEqual([
      'Upgrade: still to run: npm run cli -- images renditions (2 pictures stored before display renditions existed)',
    ]);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await ctx.app.services.images.addMissingRenditions();
    expect(result).toMatchObject({ made: 2, unreadable: 1 });
    for (const key of older) expect(await storage.has(displayKeyOf(key))).toBe(true);
    expect(await dueCommands(ctx.app.services)).toEqual([]);
    expect(formatDue([])).toEqual([]);
  });
});
