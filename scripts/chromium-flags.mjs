// How the scripts start Debian's Chromium here: headless, as root, and never calling out to Google's
// services (the machine has no network but the package registries; architecture.md).
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
