// Wire types of the family circle (issue 31; docs/api.md « The family circle »). The storyteller's side
// is under /circle (her members, her questions) and her chapters (/conversations/{id}/release, words,
// suggested photos); a member's side is under /circles/{storytellerId}. A member never sees another
// member's address; anything of a circle one is not in is a 404.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

// Plain enums and type arrays rather than anyOf (fast-json-stringify validates every anyOf value).
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export type CircleRole = 'reader' | 'contributor';
export const CircleRole = Type.Unsafe<CircleRole>({
  type: 'string',
  enum: ['reader', 'contributor'],
});
export type CircleNotify = 'immediate' | 'weekly' | 'never';
export const CircleNotify = Type.Unsafe<CircleNotify>({
  type: 'string',
  enum: ['immediate', 'weekly', 'never'],
});

export const MAX_RELATION_LENGTH = 60;
export const MAX_QUESTION_LENGTH = 500;
export const MAX_WORD_LENGTH = 1000;

// ------------------------------------------------------------------ the storyteller's side

/** One person of her circle, as she sees them. */
export const CircleMember = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  /** The member's own name once they joined (null while invited or when they gave none). */
  name: NullableString,
  relation: NullableString,
  role: CircleRole,
  status: Type.Unsafe<'invited' | 'active'>({ type: 'string', enum: ['invited', 'active'] }),
  invited_at: Type.String(),
  accepted_at: NullableString,
  /** While invited: when the link stops working. */
  invite_expires_at: NullableString,
  can_make_book: Type.Boolean(),
});
export type CircleMember = Static<typeof CircleMember>;
export const CircleMemberList = ListOf(CircleMember);
export type CircleMemberList = Static<typeof CircleMemberList>;

/** `POST /circle/members`: invites an address (an address already in the circle changes nothing: 200). */
export const InviteBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    role: CircleRole,
    relation: Type.Optional(NullableString),
  },
  { additionalProperties: false },
);
export type InviteBody = Static<typeof InviteBody>;

/** `PATCH /circle/members/{id}`. */
export const UpdateMemberBody = Type.Object(
  {
    role: Type.Optional(CircleRole),
    relation: Type.Optional(NullableString),
    can_make_book: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

/** `POST /conversations/{id}/release` (and the chapter wire's `released_at`). */
export const Release = Type.Object({ released_at: NullableString });
export type Release = Static<typeof Release>;

/** A question from the family, as she sees it (`GET /circle/questions`). */
export const CircleQuestion = Type.Object({
  id: Type.String({ format: 'uuid' }),
  text: Type.String(),
  asker_name: Type.String(),
  relation: NullableString,
  status: Type.Unsafe<'waiting' | 'asked' | 'answered' | 'declined'>({
    type: 'string',
    enum: ['waiting', 'asked', 'answered', 'declined'],
  }),
  /** The chapter it was asked in (null until asked). Only sent to the member once that chapter is released. */
  conversation_id: NullableString,
  created_at: Type.String(),
});
export type CircleQuestion = Static<typeof CircleQuestion>;
export const CircleQuestionList = ListOf(CircleQuestion);
export type CircleQuestionList = Static<typeof CircleQuestionList>;

/** A word left under a chapter. `hidden` is only ever true in her own view. */
export const ChapterWord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  author_name: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
  hidden: Type.Boolean(),
  /** Whether she chose to print it in the book. */
  printed: Type.Boolean(),
  /** Whether the one asking wrote it (a member may delete their own word). */
  mine: Type.Boolean(),
});
export type ChapterWord = Static<typeof ChapterWord>;
export const ChapterWordList = ListOf(ChapterWord);
export type ChapterWordList = Static<typeof ChapterWordList>;

/** `PATCH /conversations/{id}/words/{wordId}` (hers). */
export const UpdateWordBody = Type.Object(
  { hidden: Type.Optional(Type.Boolean()), printed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdateWordBody = Static<typeof UpdateWordBody>;

/** A photo suggested by a contributor, waiting for her answer. */
export const SuggestedPhoto = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  thumbnail_url: Type.String(),
  legend: NullableString,
  contributor_name: Type.String(),
  created_at: Type.String(),
});
export type SuggestedPhoto = Static<typeof SuggestedPhoto>;
export const SuggestedPhotoList = ListOf(SuggestedPhoto);
export type SuggestedPhotoList = Static<typeof SuggestedPhotoList>;

// ------------------------------------------------------------------ the invitation

/** `GET /circle/invitations/{token}` (no sign-in needed): what the link is. */
export const InvitationInfo = Type.Object({
  storyteller_name: Type.String(),
  role: CircleRole,
  expires_at: Type.String(),
});
export type InvitationInfo = Static<typeof InvitationInfo>;

// ------------------------------------------------------------------ a member's side

/** A circle one belongs to (`GET /circles`). */
export const Membership = Type.Object({
  storyteller_id: Type.String({ format: 'uuid' }),
  storyteller_name: Type.String(),
  role: CircleRole,
  notify: CircleNotify,
  can_make_book: Type.Boolean(),
  joined_at: Type.String(),
});
export type Membership = Static<typeof Membership>;
export const MembershipList = ListOf(Membership);
export type MembershipList = Static<typeof MembershipList>;

/** `PATCH /circles/{storytellerId}`: when the news of a released chapter comes. */
export const UpdateMembershipBody = Type.Object(
  { notify: CircleNotify },
  { additionalProperties: false },
);
export type UpdateMembershipBody = Static<typeof UpdateMembershipBody>;

/** A picture of a released chapter, with who gave it when a member did. */
export const CirclePicture = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  thumbnail_url: Type.String(),
  legend: NullableString,
  position: Type.Integer({ minimum: 1 }),
  /** « Marie » for a photo a member gave, « un proche » once their account is gone; null for hers. */
  credit: NullableString,
});
export type CirclePicture = Static<typeof CirclePicture>;

/** A released chapter in a member's list: no text, its first lines. */
export const CircleChapterSummary = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: NullableString,
  first_lines: Type.String(),
  thumbnail_url: NullableString,
  released_at: Type.String(),
  updated_at: Type.String(),
});
export type CircleChapterSummary = Static<typeof CircleChapterSummary>;
export const CircleChapterList = ListOf(CircleChapterSummary);
export type CircleChapterList = Static<typeof CircleChapterList>;

/** A released chapter as a member reads it: her text, her pictures, the visible words. */
export const CircleChapter = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: NullableString,
  keywords: Type.Array(Type.String()),
  text: Type.String(),
  pictures: Type.Array(CirclePicture),
  words: Type.Array(ChapterWord),
  released_at: Type.String(),
  updated_at: Type.String(),
});
export type CircleChapter = Static<typeof CircleChapter>;

/** `POST /circles/{storytellerId}/questions` (a contributor). */
export const AskBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: MAX_QUESTION_LENGTH }) },
  { additionalProperties: false },
);
export type AskBody = Static<typeof AskBody>;

/** `POST /circles/{storytellerId}/chapters/{id}/words` (any member). */
export const WordBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: MAX_WORD_LENGTH }) },
  { additionalProperties: false },
);
export type WordBody = Static<typeof WordBody>;
