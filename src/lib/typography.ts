// Spaces that must not break, in texts that come from the server or from the person (a chapter's text and
// title, the biographer's questions, a message of the server), as the catalogues already write them.
//
// French puts a space before « ? ! ; : » and inside « »: typed as a plain space, a line could end before
// the mark, and at 200 % text a lone « ? » would start the next line. Only spaces already there are made
// non-breaking (narrow before ? ! ;, full before :, full inside « »); nothing is added or removed, so an
// English text, which has no such spaces, is left as it is. For display only: what is stored and what an
// editor holds keep the person's own spaces.

const NBSP = '\u00a0';
const NNBSP = '\u202f';

export function keepTogether(text: string): string {
  return text
    .replace(/[ \t\u00a0\u202f]+([?!;])/g, `${NNBSP}$1`)
    .replace(/[ \t\u00a0\u202f]+:/g, `${NBSP}:`)
    .replace(/«[ \t\u00a0\u202f]+/g, `«${NBSP}`)
    .replace(/[ \t\u00a0\u202f]+»/g, `${NBSP}»`);
}
