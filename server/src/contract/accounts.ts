// Wire types of the accounts calls (api.md § Accounts). The app imports these with `import type`.
import { Type, type Static } from '@sinclair/typebox';

export const AccountType = Type.Union([Type.Literal('standard'), Type.Literal('multi-users')]);
export type AccountType = Static<typeof AccountType>;
// fr or en with any region, in any casing (« en-GB », « en_gb »): the server writes it back as « en-GB ».
export const Language = Type.String({
  pattern: '^([fF][rR]|[eE][nN])([-_][a-zA-Z]{2})?$',
  maxLength: 5,
});
const Email = Type.String({ minLength: 3, maxLength: 254 });

export const SignupBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 256 }),
    full_name: Type.Optional(Type.String({ maxLength: 200 })),
    current_language: Type.Optional(Language),
    opt_in_marketing: Type.Optional(Type.Boolean()),
    opt_in_tracking: Type.Optional(Type.Boolean()),
    cgu_validated: Type.Boolean(),
    cgv_validated: Type.Boolean(),
    pdc_validated: Type.Boolean(),
    account_type: Type.Optional(AccountType),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  { username: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) },
  { additionalProperties: true },
);
export type LoginBody = Static<typeof LoginBody>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
});
export type TokenResponse = Static<typeof TokenResponse>;

export const UserPublic = Type.Object({
  id: Type.String({ format: 'uuid' }),
  full_name: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  is_cgu_valid: Type.Boolean(),
  is_cgv_valid: Type.Boolean(),
  is_pdc_valid: Type.Boolean(),
  account_type: AccountType,
  current_language: Type.String(),
  opt_in_marketing: Type.Boolean(),
  opt_in_tracking: Type.Boolean(),
  free_chapters_allowed: Type.Integer({ minimum: 0 }),
  /**
   * Keep the sound of spoken answers (issue 20): null until the person was asked. Always sent by this
   * server; optional in the type so that clients written before it still compile.
   */
  record_answers: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
export type UserPublic = Static<typeof UserPublic>;

export const UpdateMeBody = Type.Object(
  {
    full_name: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Email),
    /** Required with a new `email`: a borrowed session alone cannot change the address. */
    current_password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    current_language: Type.Optional(Language),
    opt_in_marketing: Type.Optional(Type.Boolean()),
    opt_in_tracking: Type.Optional(Type.Boolean()),
    cgu_validated: Type.Optional(Type.Boolean()),
    cgv_validated: Type.Optional(Type.Boolean()),
    pdc_validated: Type.Optional(Type.Boolean()),
    /** true or false once asked; null asks again. */
    record_answers: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

/**
 * The answer of PATCH /users/me: the person, and after an email change (which ends every other
 * session) a new token for the device that made it, which stays signed in.
 */
export const UpdateMeResponse = Type.Object({
  ...UserPublic.properties,
  access_token: Type.Optional(Type.String()),
});
export type UpdateMeResponse = Static<typeof UpdateMeResponse>;

export const TokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export type TokenBody = Static<typeof TokenBody>;
export const ResetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 512 }),
    new_password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
/** POST /undo-email-change: the link mailed to the previous address, and a new password. */
export const UndoEmailChangeBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 512 }),
    new_password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type UndoEmailChangeBody = Static<typeof UndoEmailChangeBody>;
export const Message = Type.Object({ message: Type.String() });
export type Message = Static<typeof Message>;
