// Wire types of a chapter's listening page (issue 20): the public page a printed book's voice code opens.
import { Type, type Static } from '@sinclair/typebox';

export const ListenLink = Type.Object({
  /** The public page: `${PUBLIC_URL}/l/${token}`. */
  url: Type.String(),
  created_at: Type.String(),
});
export type ListenLink = Static<typeof ListenLink>;
