// The French catalogues not bundled with the entry (src/lib/i18n.ts), one module: loading any of them
// loads them all (they are one chunk, `texts-fr`), in one import rather than one per namespace.
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/fr/*.json', '!../../locales/fr/{common,errors,auth,offline,pwa,privacy}.json'],
  { eager: true, import: 'default' },
);
