// Wire types of chapter sharing (a public, read-only story page behind an unguessable token).
import { Type, type Static } from '@sinclair/typebox';

export const ShareLink = Type.Object({
  /** The public page: `${PUBLIC_URL}/s/${token}`. */
  url: Type.String(),
  created_at: Type.String(),
  /**
   * The voice kept (issue 20): whether the public page plays the chapter's recorded answers, each under
   * its question. Off unless the person chose it (`PATCH …/share`). Always sent by this server; optional
   * in the type so that clients written before it still compile.
   */
  include_voice: Type.Optional(Type.Boolean()),
  /** How many of the chapter's answers have their sound kept: the share modal offers the voice only then. */
  recording_count: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ShareLink = Static<typeof ShareLink>;

/** `PATCH /conversations/{id}/share`: the choices of an existing share link. */
export const ShareSettings = Type.Object(
  { include_voice: Type.Boolean() },
  { additionalProperties: false },
);
export type ShareSettings = Static<typeof ShareSettings>;
