// Wire types of the conversation (chapter) calls (api.md § Conversations). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf, Pagination } from './common.ts';
import { PictureOrigin } from './images.ts';

export const MAX_TITLE_LENGTH = 200;
export const MAX_AUTHOR_LENGTH = 200;
export const MAX_SUMMARY_LENGTH = 100_000;

// Plain `type`/`enum` rather than anyOf: fast-json-stringify runs a validator on every anyOf value it
// writes, which made a 50-chapter list several times slower.
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export const SummaryAction = Type.Unsafe<'undo' | 'redo'>({
  type: 'string',
  enum: ['undo', 'redo'],
});
export type SummaryAction = Static<typeof SummaryAction>;

export const ConversationImage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  /**
   * The same picture at most 400 px on its long side, for cards and lists. Always sent; optional for
   * the app, whose copies stored on the device before it existed lack it.
   */
  thumbnail_url: Type.Optional(Type.String()),
  /**
   * The same picture at most 1200 px (WebP, or JPEG for photos), for the cards shown at a phone's width. Pictures stored
   * before it existed have no such file: the app then falls back to `url`. Optional as above.
   */
  display_url: Type.Optional(Type.String()),
  legend: NullableString,
  position: Type.Integer({ minimum: 1 }),
  /**
   * 'illustration' when the illustrator drew it, 'photo' when she gave it. Always sent; optional for the
   * app, whose copies stored on the device before it existed lack it (they count as photos).
   */
  origin: Type.Optional(PictureOrigin),
});
export type ConversationImageWire = Static<typeof ConversationImage>;

export const Conversation = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title_infos: Type.Object({ title: NullableString }),
  keywords_infos: Type.Object({ keywords: Type.Array(Type.String()) }),
  summary_infos: Type.Object({
    summary: NullableString,
    allowed_actions: Type.Array(SummaryAction),
    /** What the writer flagged on the shown text (docs/api.md § Generation); [] otherwise. */
    warnings: Type.Array(Type.String()),
  }),
  images: Type.Array(ConversationImage),
  created_at: Type.String(),
  updated_at: Type.String(),
  conv_author: NullableString,
  chat_count: Type.Integer({ minimum: 0 }),
  /** When she released it to her family circle (issue 31); null while private. Only in her own views. */
  released_at: Type.Optional(NullableString),
});
export type Conversation = Static<typeof Conversation>;
export const ConversationList = ListOf(Conversation);
export type ConversationList = Static<typeof ConversationList>;

export const ListConversationsQuery = Type.Intersect([
  Pagination,
  Type.Object({
    sort_by: Type.Optional(
      Type.Union([Type.Literal('created_at'), Type.Literal('updated_at')], {
        default: 'created_at',
      }),
    ),
    sort_order: Type.Optional(
      Type.Union([Type.Literal('ascending'), Type.Literal('descending')], {
        default: 'descending',
      }),
    ),
    include_summaries: Type.Optional(Type.Boolean({ default: false })),
  }),
]);
export type ListConversationsQuery = Static<typeof ListConversationsQuery>;

export const CreateConversationQuery = Type.Object({
  conv_author: Type.Optional(Type.String({ maxLength: MAX_AUTHOR_LENGTH })),
  /**
   * A bank question id (the weekly question's link, issue 31): the chapter opens on it. Never refused: an
   * unknown id, or one she was already asked, opens the chapter as usual (docs/api.md § Conversations).
   */
  question: Type.Optional(Type.String()),
});

export const UpdateConversationBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MAX_TITLE_LENGTH })),
    conv_author: Type.Optional(Type.String({ maxLength: MAX_AUTHOR_LENGTH })),
    summary: Type.Optional(Type.String({ maxLength: MAX_SUMMARY_LENGTH })),
  },
  { additionalProperties: false },
);
export type UpdateConversationBody = Static<typeof UpdateConversationBody>;

export const SummaryActionQuery = Type.Object({ action: SummaryAction });
export type SummaryActionQuery = Static<typeof SummaryActionQuery>;
