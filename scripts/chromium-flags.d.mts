// Types of chromium-flags.mjs for the TypeScript configs that import it (playwright.config.ts).
export const CHROMIUM_FLAGS: string[];
