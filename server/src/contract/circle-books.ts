// Wire types of a contributor preparing her book (issue 31, api.md « A contributor prepares her book »):
// the chapters the book wizard may offer, which are only the chapters she released to her circle. The
// creation, suggestions and books themselves use the Book types of contract/books.ts.
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from './common.ts';

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export const CircleBookPicture = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  legend: NullableString,
});
export type CircleBookPicture = Static<typeof CircleBookPicture>;

/** One of her released chapters with a title, as the book wizard shows it. */
export const CircleBookChapter = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  /** When she began it (the wizard lists chapters oldest first). */
  created_at: Type.String(),
  /** Her current text (the wizard tells « je » from « il / elle »); null when not written yet. */
  text: NullableString,
  /** In their order; the first is the chapter's main picture. */
  images: Type.Array(CircleBookPicture),
});
export type CircleBookChapter = Static<typeof CircleBookChapter>;
export const CircleBookChapterList = ListOf(CircleBookChapter);
export type CircleBookChapterList = Static<typeof CircleBookChapterList>;
