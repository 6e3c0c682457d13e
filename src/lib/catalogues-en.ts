// Every English catalogue, one module (the `texts-en` chunk): see catalogues-fr.ts.
export default import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
  eager: true,
  import: 'default',
});
