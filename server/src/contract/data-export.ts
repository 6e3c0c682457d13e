// Wire types of "Télécharger mes données": a ZIP of everything the person told, built as a job.
import { Type, type Static } from '@sinclair/typebox';

const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

export const DataExport = Type.Object({
  status: Type.Unsafe<'pending' | 'ready' | 'failed'>({
    type: 'string',
    enum: ['pending', 'ready', 'failed'],
  }),
  requested_at: Type.String(),
  /** The ZIP's link once ready; it expires (expires_at). */
  url: NullableString,
  expires_at: NullableString,
});
export type DataExport = Static<typeof DataExport>;
