// Every table of the database, one file per feature.
export * from './accounts.ts';
export * from './mail.ts';
export * from './onboarding.ts';
export * from './conversations.ts';
export * from './chat.ts';
export * from './images.ts';
export * from './books.ts';
export * from './premium.ts';
export * from './trust.ts';
export * from './recordings.ts';
export * from './listening.ts';
export * from './circle.ts';
