// Wire types of chapter sharing (a public, read-only story page behind an unguessable token).
import { Type, type Static } from '@sinclair/typebox';

export const ShareLink = Type.Object({
  /** The public page: `${PUBLIC_URL}/s/${token}`. */
  url: Type.String(),
  created_at: Type.String(),
});
export type ShareLink = Static<typeof ShareLink>;
