// Wire types of the service endpoints: the public configuration the app reads at start.
import { Type, type Static } from '@sinclair/typebox';

const Provider = Type.Union([Type.Literal('embedded'), Type.Literal('openai')]);

export const PublicFeatures = Type.Object({
  interviewer: Provider,
  writer: Provider,
  voice: Provider,
  illustrations: Provider,
  /** Server speech-to-text (`POST /transcriptions`): 'none' when no transcription server is configured. */
  transcription: Type.Union([Type.Literal('none'), Type.Literal('openai')]),
});
export type PublicFeatures = Static<typeof PublicFeatures>;

export const PublicConfig = Type.Object({
  /** 'off': a server without payments (PAYMENTS=off), every account has full access, no price shown. */
  payment_provider: Type.Union([Type.Literal('demo'), Type.Literal('stripe'), Type.Literal('off')]),
  mail_transport: Type.Union([Type.Literal('outbox'), Type.Literal('smtp')]),
  support_email: Type.String(),
  terms_version: Type.Integer(),
  limits: Type.Object({
    free_chapters: Type.Integer(),
    images_per_chapter: Type.Integer(),
    book_min_chapters: Type.Integer(),
    book_max_chapters: Type.Integer(),
    message_max_length: Type.Integer(),
    summary_comment_max_length: Type.Integer(),
    onboarding_answer_max_length: Type.Integer(),
    image_max_bytes: Type.Integer(),
    /** A spoken answer's recording, and the transcription call's file (issue 20). */
    recording_max_bytes: Type.Optional(Type.Integer()),
    recording_max_ms: Type.Optional(Type.Integer()),
  }),
  features: PublicFeatures,
  analytics: Type.Object({
    provider: Type.Union([Type.Literal('embedded'), Type.Literal('posthog')]),
    posthog_host: Type.Union([Type.String(), Type.Null()]),
    posthog_key: Type.Union([Type.String(), Type.Null()]),
    /** PostHog only: visits may be recorded (texts and inputs masked) for people who opted in. */
    session_recording: Type.Boolean(),
  }),
});
export type PublicConfig = Static<typeof PublicConfig>;
