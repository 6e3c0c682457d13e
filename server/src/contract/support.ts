// Wire types of the support calls: the contact form.
import { Type, type Static } from '@sinclair/typebox';

export const MAX_CONTACT_MESSAGE = 10_000;

export const ContactBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    subject: Type.String({ maxLength: 200 }),
    message: Type.String({ maxLength: MAX_CONTACT_MESSAGE }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;
