// The server's limits (server/src/contract/circle.ts), checked here first so people see them before
// sending. Typed against the contract's constants, so a change there fails the build here.
import type { MAX_QUESTION_LENGTH, MAX_WORD_LENGTH } from '@contract/circle';

export const QUESTION_MAX: typeof MAX_QUESTION_LENGTH = 500;
export const WORD_MAX: typeof MAX_WORD_LENGTH = 1000;
