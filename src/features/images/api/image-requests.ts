// The other image calls (api.md § Images) through the api-client: generate a picture, delete one, and
// "replace by a new illustration" — generate, put it in the old one's place with its legend, then
// delete the old one. Generating first means a failure never loses the picture being replaced.
import { apiRequest } from '../../../lib/api-client';
import type { ChapterImageWire } from '../../../lib/conversation-query';
import { chapterImagesPath } from './upload-image';
import type { ChapterImageResponse, UpdateImagePayload } from './types';

function imagePath(conversationId: string, imageId: string): string {
  return `${chapterImagesPath(conversationId)}/${encodeURIComponent(imageId)}`;
}

/** `POST /conversations/{id}/images` without a body: one generated picture at the next position. */
export function generateChapterImage(conversationId: string): Promise<ChapterImageResponse> {
  return apiRequest<ChapterImageResponse>(chapterImagesPath(conversationId), { method: 'POST' });
}

export async function deleteChapterImage(conversationId: string, imageId: string): Promise<void> {
  await apiRequest(imagePath(conversationId, imageId), { method: 'DELETE' });
}

/** Thrown when the new picture exists but the old one could not be swapped out: both are kept. */
export class PartialReplaceError extends Error {
  constructor(
    readonly created: ChapterImageResponse,
    readonly failure: unknown,
  ) {
    super('The new image was added but the old one was kept');
    this.name = 'PartialReplaceError';
  }
}

export async function replaceWithIllustration(
  conversationId: string,
  old: Pick<ChapterImageWire, 'id' | 'position' | 'legend'>,
): Promise<ChapterImageResponse> {
  const created = await generateChapterImage(conversationId);
  try {
    const legend = old.legend?.trim();
    const placed = await apiRequest<ChapterImageResponse>(imagePath(conversationId, created.id), {
      method: 'PATCH',
      json: { position: old.position, ...(legend ? { legend } : {}) } satisfies UpdateImagePayload,
    });
    await deleteChapterImage(conversationId, old.id);
    return { ...placed, position: old.position };
  } catch (error) {
    throw new PartialReplaceError(created, error);
  }
}
