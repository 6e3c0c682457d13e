// Build-time values the app reads from import.meta.env.

/**
 * Identifies this build; the persisted query cache of another build is discarded (TanStack `buster`).
 * vite.config.ts defines VITE_BUILD_ID; in dev and tests the mode stands in for it.
 */
export const buildId: string = import.meta.env.VITE_BUILD_ID ?? `dev-${import.meta.env.MODE}`;
