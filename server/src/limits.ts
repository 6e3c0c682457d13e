// Product limits in one place: modules enforce them and GET /api/v1/config publishes them, so the app
// and the server cannot disagree (spec §9, api.md).
export const limits = {
  imagesPerChapter: 5,
  bookMinChapters: 4,
  bookMaxChapters: 10,
  messageMaxLength: 5000,
  summaryCommentMaxLength: 500,
  onboardingAnswerMaxLength: 255,
  imageMaxBytes: 15 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  /** A spoken answer's recording (issue 20): one file, at most this size and this length. */
  recordingMaxBytes: 10 * 1024 * 1024,
  recordingMaxMs: 10 * 60 * 1000,
  /** Every recording of one account together (about 40 hours of Opus at 32 kbit/s). */
  recordingsMaxBytesPerAccount: 500 * 1024 * 1024,
} as const;
