// What a careful editor checks in a chapter before it is shown (issue 30 #7): sentences that open with a
// capital, paragraphs that end, no « je » in a text told in the third person, French elision of the
// pronouns. The built-in writer is made to follow these; a model server's text is checked against them
// and, when it fails, asked once to mend only that (openai.ts), as it is for faithfulness.
import type { Language, SummaryPerspective } from './types.ts';

/** Quoted speech may say « je » whoever tells the story. */
function withoutQuotes(text: string): string {
  return text.replace(/«[^»]*»|“[^”]*”|"[^"]*"/gu, ' ');
}

const FIRST_PERSON: Record<Language, RegExp> = {
  fr: /(?<![\p{L}'’])(?:je|j['’]|moi|mon|ma|mes|me|m['’])(?![\p{L}])/giu,
  // "I" only as a capital: the Roman numeral and "i" in a list are rare in a life story, "I" is not.
  en: /(?<![\p{L}'’])(?:I|my|me|mine|myself)(?![\p{L}'’])/gu,
};

/** « que elle », « que il », « si il », « de eux »: what French always elides or contracts. */
const UNELIDED_FR =
  /(?<![\p{L}'’])(?:(?:que|lorsque|puisque)\s+(?:elle|elles|il|ils|on|eux)|si\s+ils?|de\s+(?:eux|elle|elles))(?![\p{L}])/giu;

/** The faults of written form in `text`, each with a few words around it (empty when it reads well). */
export function writtenFormFaults(
  text: string,
  language: Language,
  perspective: SummaryPerspective | null,
): string[] {
  const faults: string[] = [];
  const around = (at: number, length: number) =>
    `« ${text
      .slice(Math.max(0, at - 15), at + length + 15)
      .replace(/\s+/g, ' ')
      .trim()} »`;
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const paragraph of paragraphs) {
    if (!/[.!?…»”")]$/u.test(paragraph)) faults.push(`no end mark: ${around(paragraph.length, 0)}`);
    for (const sentence of paragraph.split(/(?<=[.!?…])\s+/u)) {
      const first = /[\p{L}]/u.exec(sentence);
      if (first && /\p{Ll}/u.test(first[0]) && !/^[«“"(]/u.test(sentence))
        faults.push(`no capital: « ${sentence.slice(0, 40)} »`);
    }
  }
  if (perspective === 'troisieme') {
    const plain = withoutQuotes(text);
    for (const match of plain.matchAll(FIRST_PERSON[language]))
      faults.push(`first person: ${around(match.index!, match[0].length)}`);
  }
  if (language === 'fr')
    for (const match of text.matchAll(UNELIDED_FR))
      faults.push(`not elided: ${around(match.index!, match[0].length)}`);
  return [...new Set(faults)].slice(0, 8);
}
