// Wire shapes of the image calls (api.md § Images), field for field the same as
// server/src/contract/images.ts. Declared here because the app's TypeScript setup does not compile the
// server's files; the chapter's own image shape is ChapterImageWire in src/lib/conversation-query.ts.
import type { ChapterImageWire } from '../../../lib/conversation-query';

/** What `POST /conversations/{id}/images` and `PATCH …/images/{imageId}` answer. */
export interface ChapterImageResponse extends ChapterImageWire {
  thumbnail_url: string;
}

/** The server refuses longer legends (server/src/contract/images.ts MAX_LEGEND_LENGTH). */
export const MAX_LEGEND_LENGTH = 500;
