// The built-in writer: paragraphs from the person's answers, both perspectives, styles, reuse of the current text.
import { describe, expect, it } from 'vitest';
import {
  EmbeddedWriter,
  withoutStylePhrase,
  writeChapter,
} from '../../../src/providers/writer/embedded.ts';
import { createWriter } from '../../../src/providers/writer/index.ts';
import { stylePhrases } from '../../../src/providers/writer/phrases.ts';
import {
  genderFromWords,
  frenchThirdPerson,
  readNarrator,
  retell,
} from '../../../src/providers/writer/perspective.ts';
import { SUMMARY_STYLES } from '../../../src/providers/writer/types.ts';
import type { SummaryStyle } from '../../../src/providers/writer/types.ts';
import {
  CHAPTERS,
  CHILDHOOD,
  ENGLISH,
  LOVE,
  WAR,
  WORK,
  assistant,
  chapterInput,
  input,
  plain,
  user,
} from './helpers.ts';

const summaryOf = (...args: Parameters<typeof chapterInput>) =>
  plain(writeChapter(chapterInput(...args)).summary!);

describe('EmbeddedWriter', () => {
  it('is what createWriter gives without a model server', async () => {
    const writer = createWriter({});
    expect(writer).toBeInstanceOf(EmbeddedWriter);
    expect(writer.kind).toBe('embedded');
    const output = await writer.write(input());
    expect(output.summary).toBeTruthy();
    expect(output.warnings).toEqual([]);
  });

  it('writes only what was asked', () => {
    const output = writeChapter(input({ doTitle: false, doKeywords: false }));
    expect(output.title).toBeUndefined();
    expect(output.keywords).toBeUndefined();
    expect(output.summary).toBeTruthy();
    expect(writeChapter(input({ doSummary: false })).summary).toBeUndefined();
  });

  it('cleans the speech and keeps the first person', () => {
    const text = summaryOf(CHILDHOOD);
    expect(text).toMatch(/^C'était une petite maison de pêcheur à Douarnenez/);
    expect(text).not.toMatch(/\b(euh|ben|quoi)\b/);
    expect(text).not.toMatch(/je je/i);
    expect(text).toContain('Je voulais déjà être institutrice');
    expect(text).toContain("C'est là que j'ai rencontré Jean, en 1962 : il dansait très mal");
    expect(text).toContain('Ma grand-mère Louise vivait avec nous.');
    // Every sentence starts with a capital and ends with a full stop (or its own ! ? »).
    for (const paragraph of text.split('\n\n')) {
      expect(paragraph).toMatch(/^\p{Lu}/u);
      expect(paragraph).toMatch(/[.!?»]$/);
    }
  });

  it('groups the answers into paragraphs by the theme of the questions', () => {
    const paragraphs = summaryOf(CHILDHOOD).split('\n\n');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toContain('Douarnenez');
    expect(paragraphs[0]).toContain('coquillage');
    expect(paragraphs[1]).toContain('Le Gall');
    expect(paragraphs[2]).toContain('Jean');
  });

  it('finds themes in the questions of a model interviewer that gives none', () => {
    const transcript = CHILDHOOD.transcript.map((m) => ({ ...m, theme: null, questionId: null }));
    const paragraphs = writeChapter(input({ transcript })).summary!.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
  });

  it('drops answers that say nothing, and writes nothing from nothing', () => {
    expect(summaryOf(WAR)).not.toMatch(/sais plus/);
    const output = writeChapter(
      input({
        transcript: [
          assistant('Parlez-moi de votre enfance.', 'childhood'),
          user('Oui.'),
          user('je ne sais plus'),
        ],
      }),
    );
    expect(output.summary).toBeUndefined();
    expect(output.title).toBeUndefined();
    expect(output.warnings).toEqual(['not_enough_content']);
  });

  it('tells the third person by name at paragraph starts, then with the pronoun', () => {
    const text = summaryOf(WORK, { perspective: 'troisieme' });
    const paragraphs = text.split('\n\n');
    expect(paragraphs[0]).toMatch(/^Marcel est entré à l'usine à quatorze ans, en 1952/);
    expect(paragraphs[0]).toContain('Il était apprenti ajusteur');
    expect(paragraphs[0]).toContain('Il prenait le tram avec son copain Lucien');
    expect(text).toContain('il est devenu contremaître à son tour');
    expect(text).toContain('Il se souvient de la grève');
    // Issue 30: a sentence whose « on » nothing names (the workshop, not the family) is quoted as he said it;
    // the narration outside the quotations has no first person.
    expect(text.replace(/«[^»]*»/g, '')).not.toMatch(
      /(?<![\p{L}'])(je|j'|mon|ma|mes)(?![\p{L}])/iu,
    );
    expect(text).not.toMatch(/la famille (?:faisait|commençait)/);
  });

  it('retells the narrator as an object and the couple as « ils » (issue 17)', () => {
    const text = plain(summaryOf(LOVE, { perspective: 'troisieme' }));
    expect(text).toContain("Il l'a invitée à danser une valse et il lui a marché sur les pieds !");
    expect(text).toContain("Ils se sont mariés en 1957 à l'église Saint-Pierre.");
    expect(text).toContain('Sa mère avait cousu sa robe elle-même.');
  });

  it('retells « avec nous » so that « Elle » after it is the grandmother, not the narrator', () => {
    const text = plain(summaryOf(CHILDHOOD, { perspective: 'troisieme' }));
    expect(text).toMatch(
      /Sa grand-mère Louise vivait avec eux\. Elle était toute petite, toujours en coiffe/,
    );
  });

  it('uses the gender the person gives about themselves, and the name alone when none is known', () => {
    expect(summaryOf(CHILDHOOD, { perspective: 'troisieme' })).toContain(
      'Elle est née en 1941 à Quimper.',
    );
    const unknown = writeChapter(
      input({
        personName: 'Claude Petit',
        transcript: [
          assistant('Votre enfance ?', 'childhood'),
          user("J'habitais à Nantes avec mes parents. Je jouais dans la cour."),
        ],
        options: { perspective: 'troisieme' },
      }),
    ).summary!;
    expect(plain(unknown)).toBe(
      'Claude habitait à Nantes avec ses parents. Claude jouait dans la cour.',
    );
    const nameless = writeChapter(
      input({
        personName: null,
        transcript: [
          assistant('Votre enfance ?', 'childhood'),
          user('Je suis née à Nantes. Je jouais dans la cour.'),
        ],
        options: { perspective: 'troisieme' },
      }),
    ).summary!;
    expect(plain(nameless)).toBe('Elle est née à Nantes. Elle jouait dans la cour.');
  });

  it('retells English in the third person', () => {
    const text = summaryOf(ENGLISH, { perspective: 'troisieme' });
    expect(text).toContain('Her dad ran the shop and her mum did the books.');
    expect(text).toMatch(
      /(She|Margaret) was a little girl and she loved the smell of the sweets\./,
    );
    expect(text).toContain('Her brother Tom was always teasing her.');
    expect(text).toContain('They lived above the corner shop on Harehills Lane in Leeds.');
  });

  it("changes only connectives between styles, never the person's words", () => {
    for (const chapter of CHAPTERS) {
      for (const perspective of ['premiere', 'troisieme'] as const) {
        const base = stripConnectives(
          summaryOf(chapter, { perspective, style: null }),
          null,
          chapter.language,
        );
        for (const style of SUMMARY_STYLES) {
          const styled = summaryOf(chapter, { perspective, style });
          expect(
            stripConnectives(styled, style, chapter.language),
            `${chapter.name} ${perspective} ${style}`,
          ).toBe(base);
        }
      }
    }
    // And the styles do read differently.
    const texts = new Set(SUMMARY_STYLES.map((style) => summaryOf(CHILDHOOD, { style })));
    expect(texts.size).toBe(SUMMARY_STYLES.length);
  });

  it('is deterministic', () => {
    for (const chapter of CHAPTERS) {
      const a = writeChapter(
        chapterInput(chapter, { perspective: 'troisieme', style: 'creatif-inspirant' }),
      );
      const b = writeChapter(
        chapterInput(chapter, { perspective: 'troisieme', style: 'creatif-inspirant' }),
      );
      expect(b).toEqual(a);
    }
  });

  it('says it cannot follow a comment instead of pretending', () => {
    const output = writeChapter(
      input({ options: { comment: 'Parlez davantage de ma grand-mère' } }),
    );
    expect(output.warnings).toEqual(['comment_not_applied']);
    expect(output.summary).toBe(writeChapter(input()).summary);
  });
});

describe('usePreviousSummary', () => {
  const handEdited =
    "Je suis née à Quimper, mais toute mon enfance s'est passée dans la petite maison de pêcheur de Douarnenez, avec une grande cuisine et deux chambres sous le toit. Ma grand-mère Louise vivait avec nous.\n\nElle était toute petite, toujours en coiffe, et elle chantait en breton en faisant les crêpes le vendredi. Mon père partait en mer toute la semaine et rentrait le samedi avec un coquillage pour moi, ça sentait le goudron et le poisson.";

  it('keeps the hand-edited text word for word and adds only what it does not tell', () => {
    const output = writeChapter(input({ previousSummary: handEdited }));
    const summary = output.summary!;
    expect(summary.startsWith(handEdited)).toBe(true);
    const added = plain(summary.slice(handEdited.length));
    expect(added).toContain('Le Gall');
    expect(added).toContain('Jean');
    expect(added).not.toContain('coiffe');
    expect(added).not.toContain('Douarnenez');
  });

  it('keeps the text as it is, and says nothing new was told, when nothing else was asked', () => {
    const first = writeChapter(input()).summary!;
    const again = writeChapter(
      input({ previousSummary: first, options: { perspective: null, style: null } }),
    );
    expect(again.summary).toBe(first);
    expect(again.warnings).toEqual(['no_new_content']);
    // The first person asked of a text already told in the first person: nothing to change either.
    const same = writeChapter(input({ previousSummary: first }));
    expect(same.summary).toBe(first);
  });

  // Issue 29 #9: « Partir du texte actuel » ticked used to ignore a new style or point of view.
  it('retells the kept text in the third person when asked, her corrections included', () => {
    const first = writeChapter(input()).summary!;
    const corrected = `${first}\n\nJe garde un souvenir très doux de la cuisine.`;
    const again = writeChapter(
      input({ previousSummary: corrected, options: { perspective: 'troisieme' } }),
    );
    const text = plain(again.summary!);
    expect(again.warnings).not.toContain('no_new_content');
    expect(text).not.toBe(plain(corrected));
    expect(text).not.toMatch(/(?<![«\p{L}])Je suis née/u);
    expect(text).toMatch(/Jeanne|Elle|elle/);
    // Her own sentence is kept, retold.
    expect(text).toMatch(/souvenir très doux de la cuisine/);
  });

  it('writes the kept text in a new style, without the openings of the old one', () => {
    const creative = writeChapter(
      input({ options: { style: 'creatif-inspirant', perspective: null } }),
    ).summary!;
    expect(plain(creative)).toMatch(/^Tout commence ainsi : /);
    const formal = writeChapter(
      input({
        previousSummary: creative,
        options: { style: 'elegant-formel', perspective: null },
      }),
    );
    const text = plain(formal.summary!);
    expect(formal.warnings).toEqual([]);
    expect(text).not.toContain('Tout commence ainsi');
    expect(text).toMatch(/Par ailleurs, |En outre, |De plus, |Du reste, /);
    expect(text).toContain('Douarnenez');
  });

  it('says so when the first person is asked of a text told in the third person', () => {
    const third = writeChapter(input({ options: { perspective: 'troisieme' } })).summary!;
    const again = writeChapter(
      input({ previousSummary: third, options: { perspective: 'premiere' } }),
    );
    expect(again.summary).toBe(third);
    expect(again.warnings).toEqual(['perspective_not_applied']);
  });

  it('removes only the openings a style added, not the words of a sentence', () => {
    expect(withoutStylePhrase('Ensuite, je suis partie.', 'fr')).toBe('Je suis partie.');
    expect(withoutStylePhrase('Tout commence ainsi\u00A0: je suis née.', 'fr')).toBe(
      'Je suis née.',
    );
    expect(withoutStylePhrase('Et nous partions.', 'fr')).toBe('Et nous partions.');
  });

  it('writes a new text when asked not to reuse the current one', () => {
    const output = writeChapter(
      input({ previousSummary: handEdited, options: { usePreviousSummary: false } }),
    );
    expect(output.summary).not.toContain('toute mon enfance');
    expect(output.summary).toBe(writeChapter(input()).summary);
  });

  it('continues the paragraph openings after the kept text', () => {
    const output = writeChapter(
      input({ previousSummary: handEdited, options: { style: 'creatif-inspirant' } }),
    );
    // The style applies to the kept text: it opens the chapter once, and its words are all kept.
    const text = plain(output.summary!);
    expect(text.match(/Tout commence ainsi/g)).toHaveLength(1);
    expect(text).toContain('toujours en coiffe');
    expect(text).toContain('Le Gall');
  });
});

describe('perspective helpers', () => {
  it('conjugates first-person French verbs it is sure of', () => {
    const cases: [string, string | null][] = [
      ['suis', 'est'],
      ['ai', 'a'],
      ['étais', 'était'],
      ['vais', 'va'],
      ['peux', 'peut'],
      ['viens', 'vient'],
      ['prends', 'prend'],
      ['travaille', 'travaille'],
      ['serai', 'sera'],
      ['finis', 'finit'],
      ['mets', 'met'],
      ['allai', null],
    ];
    for (const [verb, third] of cases) expect(frenchThirdPerson(verb), verb).toBe(third);
  });

  it('retells reflexive and negative forms', () => {
    const narrator = { name: 'Jeanne', gender: 'f' as const, language: 'fr' as const };
    expect(retell('Je me suis mariée en juin.', narrator, true).text).toBe(
      "Elle s'est mariée en juin.",
    );
    expect(retell('Je ne suis jamais allée à Paris.', narrator, true).text).toBe(
      "Elle n'est jamais allée à Paris.",
    );
    expect(retell("Je m'appelle Jeanne.", narrator, false).text).toBe("Jeanne s'appelle Jeanne.");
    expect(retell('Il me disait toujours ça.', narrator, true).text).toBe(
      'Il lui disait toujours ça.',
    );
    expect(retell('Tu vois ce que tu fais.', narrator, true).ok).toBe(false);
    expect(retell('« Je reviendrai », disait mon père.', narrator, true).text).toBe(
      '« Je reviendrai », disait son père.',
    );
  });

  it('names her by her first name, never twice in a sentence, and says "the author" only without a name (issue 35)', () => {
    const sentence = 'My brother Stanley was two years older than me.';
    // Her first name, from her account's name; her gender from it when English says it.
    const margaret = readNarrator('Margaret Hill', [], [], 'en');
    expect(margaret).toEqual({ name: 'Margaret', gender: 'f', language: 'en' });
    expect(retell(sentence, margaret, false)).toMatchObject({
      text: 'Her brother Stanley was two years older than her.',
      ok: true,
    });
    expect(retell('I went to school in Leeds.', margaret, false).text).toBe(
      'Margaret went to school in Leeds.',
    );
    // No pronoun known: a sentence that would name her twice is quoted as she said it, not retold.
    for (const narrator of [
      { name: 'Margaret', gender: null, language: 'en' as const },
      { name: null, gender: null, language: 'en' as const },
    ]) {
      expect(retell(sentence, narrator, false).ok, String(narrator.name)).toBe(false);
      expect(retell('I loved my mother.', narrator, true).ok, String(narrator.name)).toBe(false);
    }
    // Named once, it is retold.
    expect(
      retell('I went to school in Leeds.', { name: null, gender: null, language: 'en' }, false)
        .text,
    ).toBe('The author went to school in Leeds.');
    const jeanne = { name: 'Jeanne', gender: null, language: 'fr' as const };
    expect(retell('Mon frère était plus âgé que moi.', jeanne, false).text).toBe(
      'Son frère était plus âgé que Jeanne.',
    );
    expect(retell('Je pensais à moi.', jeanne, false).ok).toBe(false);

    const chapter = (personName: string | null) =>
      plain(
        writeChapter(
          input({
            language: 'en',
            personName,
            transcript: [assistant('Tell me about your family.', 'family'), user(sentence)],
            options: { perspective: 'troisieme' },
          }),
        ).summary!,
      );
    expect(chapter('Margaret Hill')).toContain('Her brother Stanley was two years older than her.');
    const nameless = chapter(null);
    expect(nameless).not.toMatch(/the author.*the author/i);
    expect(nameless).toContain(sentence);
  });

  it("reads gender from the person's own words or from how they want to be called", () => {
    expect(genderFromWords('Je suis née à Brest et je suis restée longtemps.', 'fr')).toBe('f');
    expect(genderFromWords("J'étais content, je suis devenu contremaître.", 'fr')).toBe('m');
    expect(genderFromWords("J'habitais à Brest.", 'fr')).toBeNull();
    expect(genderFromWords('I was a little girl.', 'en')).toBe('f');
    const narrator = readNarrator('Odette Bernard', LOVE.profile, [], 'fr');
    expect(narrator).toEqual({ name: 'Odette', gender: 'f', language: 'fr' });
  });
});

/** The summary with every phrase of the style's bank taken out and the first letters evened, to compare the person's words. */
function stripConnectives(text: string, style: SummaryStyle | null, language: 'fr' | 'en'): string {
  const phrases = stylePhrases(style, language);
  let out = plain(text);
  const bank = [phrases.first, ...phrases.openers, ...phrases.links]
    .filter(Boolean)
    .map(plain)
    .sort((a, b) => b.length - a.length);
  for (const phrase of bank) out = out.split(phrase).join('');
  const reported = [
    ...stylePhrases(style, language).reported,
    ...stylePhrases(null, language).reported,
  ];
  for (const template of reported) {
    const pattern = plain(template)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\\\{(subject|possessive)\\\}|\{(subject|possessive)\}/g, "[\\p{L}']+");
    out = out.replace(new RegExp(pattern, 'giu'), '[quote]');
  }
  return out
    .replace(
      /(^|[.!?»”:]\s+)(\p{L})/gu,
      (_, lead: string, letter: string) => `${lead}${letter.toLowerCase()}`,
    )
    .replace(/^\p{L}/u, (l) => l.toLowerCase())
    .replace(
      /(?<![\p{L}'])(elle|il|she|he|jeanne|marcel|odette|henri|margaret)(?![\p{L}])/giu,
      '[who]',
    )
    .replace(/\s+/g, ' ')
    .toLowerCase();
}
