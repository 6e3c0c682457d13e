// How the biographer hands on a family question (issue 31): the relation she gave, turned to her form of
// address (« ma fille » → « votre fille » / « ta fille »), the asker's first name, the question quoted.
import { describe, expect, it } from 'vitest';
import { familyQuestionLine } from '../../../src/providers/interviewer/family.ts';
import type { FamilyQuestion } from '../../../src/providers/interviewer/types.ts';

const question = (relation: string | null, askerName: string | null = 'Marie'): FamilyQuestion => ({
  id: '00000000-0000-4000-8000-000000000000',
  text: 'Comment as-tu rencontré papa ?',
  askerName,
  relation,
});

/** The line with ordinary spaces, to read the words. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a family question in French', () => {
  it.each([
    ['ma fille', 'vous', 'Votre fille Marie vous demande : « Comment as-tu rencontré papa ? »'],
    ['ma fille', 'tu', 'Ta fille Marie te demande : « Comment as-tu rencontré papa ? »'],
    ['mon petit-fils', 'tu', 'Ton petit-fils Marie te demande'],
    ['mes enfants', 'vous', 'Vos enfants Marie vous demandent'],
    ['fille', 'tu', 'Ta fille Marie te demande'],
    ['neveu', 'tu', 'Ton neveu Marie te demande'],
    ['amie', 'tu', 'Ton amie Marie te demande'],
    [null, 'vous', 'Marie vous demande : « Comment'],
  ] as const)('%s, %s', (relation, register, expected) => {
    expect(plain(familyQuestionLine(question(relation), 'fr', register))).toContain(expected);
  });

  it('says « un de vos proches » with neither name nor relation, and keeps French typography', () => {
    const line = familyQuestionLine(question(null, null), 'fr', 'vous');
    expect(plain(line)).toMatch(/^Un de vos proches vous demande : « /);
    expect(line).toContain('papa\u202F?\u00A0»');
  });
});

describe('a family question in English', () => {
  it('turns "my grandson" into "Your grandson" and quotes the question', () => {
    expect(
      familyQuestionLine(
        { ...question('my grandson', 'Tom'), text: 'What was your first job?' },
        'en',
        'vous',
      ),
    ).toBe('Your grandson Tom asks you: “What was your first job?”');
    expect(familyQuestionLine(question(null, null), 'en', 'vous')).toMatch(
      /^Someone in your family asks you: “/,
    );
  });
});
