// Whether a chapter is told in the first person (« je ») or the third (« il », « elle »), read from its
// text: a book whose chapters mix both reads oddly, and the wizard says so (it changes nothing itself).
// A plain count of pronouns outside quotations — a guess, so the wizard's note says « semble ».

export type NarrativePerson = 'first' | 'third';

const FIRST = new Set([
  // French: je, j', me, m', moi, mon, ma, mes (« nous » is left out: a storyteller's « nous » is often
  // the family, in either person).
  'je',
  'j',
  'moi',
  'mon',
  'ma',
  'mes',
  'me',
  'm',
  // English.
  'i',
  'me',
  'my',
  'mine',
  'myself',
]);
const THIRD = new Set(['il', 'elle', 'lui', 'he', 'she', 'him', 'his', 'her', 'hers']);

/** Too short to tell. */
const MIN_WORDS = 30;

/** Quoted speech (« … », “…”, "…") says « je » whoever tells the story: left out of the count. */
function withoutQuotes(text: string): string {
  return text.replace(/«[^»]*»|“[^”]*”|"[^"]*"/g, ' ');
}

export function narrativePerson(text: string | null | undefined): NarrativePerson | null {
  if (!text) return null;
  const words = withoutQuotes(text)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (words.length < MIN_WORDS) return null;
  let first = 0;
  let third = 0;
  for (const word of words) {
    if (FIRST.has(word)) first++;
    else if (THIRD.has(word)) third++;
  }
  // A first-person story speaks of others too (« mon père… il »); a third-person one hardly ever says
  // « je » outside quotes.
  if (first >= 3 && first * 4 >= third) return 'first';
  if (third >= 3 && first <= 1) return 'third';
  return null;
}

/** The chapters' titles by person, when the chosen chapters mix both; null when they do not. */
export function mixedPersons(
  chapters: readonly { title: string; text: string | null }[],
): { first: string[]; third: string[] } | null {
  const first: string[] = [];
  const third: string[] = [];
  for (const chapter of chapters) {
    const person = narrativePerson(chapter.text);
    if (person === 'first') first.push(chapter.title);
    else if (person === 'third') third.push(chapter.title);
  }
  return first.length > 0 && third.length > 0 ? { first, third } : null;
}
