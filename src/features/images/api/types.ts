// Wire shapes of the image calls (api.md § Images): the server's contract
// (server/src/contract/images.ts), imported as types only. The chapter's own image shape is
// ChapterImageWire in src/lib/conversation-query.ts.
import type {
  ChapterImage,
  MAX_LEGEND_LENGTH as ServerMaxLegendLength,
  UpdateImageBody,
} from '@contract/images';

/** What `POST /conversations/{id}/images` and `PATCH …/images/{imageId}` answer. */
export type ChapterImageResponse = ChapterImage;
/** `PATCH /conversations/{id}/images/{imageId}`. */
export type UpdateImagePayload = UpdateImageBody;

/** The server refuses longer legends (typed with the contract's own limit). */
export const MAX_LEGEND_LENGTH: typeof ServerMaxLegendLength = 500;
