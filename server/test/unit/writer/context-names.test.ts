// A name the person wrote elsewhere (another chapter, a caption) is how a spoken one is spelled.
import { describe, expect, it } from 'vitest';
import { writeChapter } from '../../../src/providers/writer/embedded.ts';
import type { WriterInput } from '../../../src/providers/writer/types.ts';

function input(context: string[] | undefined): WriterInput {
  return {
    language: 'fr',
    personName: 'Gisèle Martin',
    profile: [],
    context,
    transcript: [
      { type: 'assistant', content: 'Où alliez-vous danser ?' },
      {
        type: 'user',
        content: 'le samedi on allait danser aux carmes avec les copines de la filature',
      },
    ],
    previousSummary: null,
    doTitle: false,
    doKeywords: false,
    doSummary: true,
    options: { style: null, perspective: 'premiere', comment: null, usePreviousSummary: false },
  } as WriterInput;
}

describe('names from what the person wrote elsewhere', () => {
  it('spells « aux carmes » as the person wrote it in another chapter', () => {
    expect(writeChapter(input(undefined)).summary).toContain('aux carmes');
    expect(
      writeChapter(input(['Le bal des Carmes, 1958', 'On se retrouvait aux Carmes.'])).summary,
    ).toContain('aux Carmes');
  });
});
