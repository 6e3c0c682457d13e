// Stored chapters: what the API sent is kept for offline reading, a list never wipes a stored text,
// and chapters deleted elsewhere leave the device.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import {
  storeChapter,
  storeChapterList,
  type ConversationLike,
} from '../../../src/offline/stored-chapters';

function conversation(id: string, overrides: Partial<ConversationLike> = {}): ConversationLike {
  return {
    id,
    title_infos: { title: `Chapitre ${id}` },
    keywords_infos: { keywords: ['Lyon', 'école'] },
    summary_infos: { summary: null },
    images: [
      { id: 'i2', url: '/files/i2.jpg?sig=2', legend: null, position: 2 },
      { id: 'i1', url: '/files/i1.jpg?sig=1', legend: 'Maman', position: 1 },
    ],
    conv_author: 'Jeanne',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-02T00:00:00Z',
    ...overrides,
  };
}

beforeEach(async () => {
  await db.chapters.clear();
});

describe('stored chapters', () => {
  it('keeps an opened chapter with its text, author and ordered pictures', async () => {
    await storeChapter(conversation('c1', { summary_infos: { summary: 'Je suis née à Lyon.' } }));
    const row = await db.chapters.get('c1');
    expect(row).toMatchObject({
      title: 'Chapitre c1',
      summary: 'Je suis née à Lyon.',
      has_full_text: true,
      author: 'Jeanne',
      keywords: ['Lyon', 'école'],
    });
    expect(row!.images.map((i) => [i.id, i.legend])).toEqual([
      ['i1', 'Maman'],
      ['i2', null],
    ]);
  });

  it('does not let the list (which has no text) erase a stored text', async () => {
    await storeChapter(conversation('c1', { summary_infos: { summary: 'Le texte' } }));
    await storeChapterList([conversation('c1', { title_infos: { title: 'Nouveau titre' } })], {
      complete: true,
    });
    expect(await db.chapters.get('c1')).toMatchObject({
      title: 'Nouveau titre',
      summary: 'Le texte',
      has_full_text: true,
    });
  });

  it('flags a stored text as not current when the chapter changed since', async () => {
    await storeChapter(conversation('c1', { summary_infos: { summary: 'Ancien texte' } }));
    await storeChapterList([conversation('c1', { updated_at: '2025-02-01T00:00:00Z' })], {
      complete: true,
    });
    expect(await db.chapters.get('c1')).toMatchObject({
      summary: 'Ancien texte',
      has_full_text: false,
      updated_at: '2025-02-01T00:00:00Z',
    });
  });

  it('removes chapters missing from a complete list only', async () => {
    await storeChapterList([conversation('c1'), conversation('c2')], { complete: true });
    await storeChapterList([conversation('c2')], { complete: false });
    expect((await db.chapters.toArray()).map((c) => c.id).sort()).toEqual(['c1', 'c2']);
    await storeChapterList([conversation('c2')], { complete: true });
    expect((await db.chapters.toArray()).map((c) => c.id)).toEqual(['c2']);
  });
});
