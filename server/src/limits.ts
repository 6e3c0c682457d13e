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
} as const;
