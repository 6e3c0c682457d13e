// The Node.js lines Chapitres runs on: the current LTS lines (22, 24, 26; README « Run it »). An older
// Node.js (20 ended its life in April 2026) is refused at start with one plain sentence, not left to fail
// later inside a dependency that needs a newer one.
export const MINIMUM_NODE = { major: 22, minor: 12 } as const;

/** The sentence to print when `version` (e.g. `process.versions.node`) is too old, else null. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor))
    return null;
  return (
    `Chapitres needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer ` +
    `(a current LTS line: 22, 24 or 26); this is Node.js ${version}. ` +
    'Install Node.js 24 (README « Put it on your own server », step 1), then run npm ci and npm run build again.'
  );
}
