// Wire types of the image calls (api.md § Images). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

export const MAX_LEGEND_LENGTH = 500;

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** Who made a chapter's picture. A plain enum, not anyOf (see contract/conversations.ts: the list's speed). */
export type PictureOrigin = 'photo' | 'illustration';
export const PictureOrigin = Type.Unsafe<PictureOrigin>({
  type: 'string',
  enum: ['photo', 'illustration'],
});

/** A chapter's image as the image calls answer it: the chapter wire's `{id, url, legend, position}` plus the thumbnail. */
export const ChapterImage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  thumbnail_url: Type.String(),
  /** At most 1200 px (WebP, JPEG for photos), for a card's width (no file for pictures stored before it). */
  display_url: Type.String(),
  legend: NullableString,
  position: Type.Integer({ minimum: 1 }),
  /** 'illustration' when the illustrator drew it (only those can be drawn again), 'photo' when she gave it. */
  origin: PictureOrigin,
});
export type ChapterImage = Static<typeof ChapterImage>;

/** One of the person's own photos (`POST /images`, `GET /images`). */
export const UserImage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  thumbnail_url: Type.String(),
  legend: NullableString,
});
export type UserImage = Static<typeof UserImage>;
export const UserImageList = ListOf(UserImage);
export type UserImageList = Static<typeof UserImageList>;

/** `PATCH /conversations/{id}/images/{imageId}`: a new legend (blank or null clears it), a new position, or both. */
export const UpdateImageBody = Type.Object(
  {
    legend: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: MAX_LEGEND_LENGTH }),
    ),
    position: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateImageBody = Static<typeof UpdateImageBody>;
