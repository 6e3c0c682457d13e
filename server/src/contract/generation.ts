// Wire types of the chapter generation call (api.md § Conversations: `POST /conversations/{id}/generate`).
import { Type, type Static } from '@sinclair/typebox';

/** The instruction text the app builds (style, perspective, a comment of at most 500 characters). */
export const MAX_USER_INSTRUCTIONS_LENGTH = 2000;

export const GenerateParams = Type.Object({ id: Type.String() });

export const GenerateQuery = Type.Object({
  do_title: Type.Optional(Type.Boolean({ default: false })),
  do_keywords: Type.Optional(Type.Boolean({ default: false })),
  do_image: Type.Optional(Type.Boolean({ default: false })),
  do_summary: Type.Optional(Type.Boolean({ default: false })),
});
export type GenerateQuery = Static<typeof GenerateQuery>;

export const GenerateBody = Type.Object(
  {
    summary_kwargs: Type.Optional(
      Type.Object(
        {
          user_instructions: Type.Optional(
            Type.Union([Type.String({ maxLength: MAX_USER_INSTRUCTIONS_LENGTH }), Type.Null()]),
          ),
          use_previous_summary: Type.Optional(Type.Boolean({ default: true })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;
