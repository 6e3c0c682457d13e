// Prompt shown when a new version of the app is waiting (placeholder until the PWA layer lands).
export function UpdatePrompt() {
  return null;
}
