// Names that only their context tells from words (issue 30): in speech nobody capitalised, an animal's name
// doubled by its pronoun, a first name in apposition to a relative, the works after a verb of work, a boat's
// or a pub's name; and the common words the same contexts hold stay as they are.
import { describe, expect, it } from 'vitest';
import { truecase } from '../../../src/providers/speech/truecase.ts';
import { writeUp } from '../../../src/providers/speech/index.ts';

const fr = (text: string) => truecase(text, 'fr');
const en = (text: string) => truecase(text, 'en');

describe('names in context, French', () => {
  it('names an animal after its kind when its pronoun follows', () => {
    expect(fr('mon pigeon bleuet il a gagné un concours')).toBe(
      'mon pigeon Bleuet il a gagné un concours',
    );
    expect(fr('notre cheval pompon il tirait la charrette')).toBe(
      'notre cheval Pompon il tirait la charrette',
    );
  });

  it('leaves an adjective after the animal as it is', () => {
    expect(fr('mon chien noir il aboyait')).toBe('mon chien noir il aboyait');
    expect(fr('ma jument grise elle boitait')).toBe('ma jument grise elle boitait');
    expect(fr('notre pigeon voyageur il rentrait')).toBe('notre pigeon voyageur il rentrait');
    expect(fr('le chien du voisin il aboyait')).toBe('le chien du voisin il aboyait');
  });

  it('names a first name in apposition to a relative, not the word after an article', () => {
    expect(fr('dans les bras manuel mon mari il était déjà en france')).toContain(
      'bras Manuel mon mari',
    );
    expect(fr('le manuel mon frère il l’avait gardé')).toContain('le manuel mon frère');
  });

  it('keeps the name in the written chapter', () => {
    expect(writeUp('les pigeons mon pigeon bleuet il a gagné', 'fr')).toContain('Bleuet');
  });
});

describe('names in context, English', () => {
  it('names the works or the school after a verb of work', () => {
    expect(en('i started at firth brown in fifty-three')).toBe(
      'I started at Firth Brown in fifty-three',
    );
    expect(en('i taught english at girls latin in boston')).toBe(
      'I taught English at Girls Latin in Boston',
    );
  });

  it('leaves the bare nouns that follow "at" as they are', () => {
    expect(en('i worked at night in the bakery')).toBe('I worked at night in the bakery');
    expect(en('i started at school at five')).toBe('I started at school at five');
    expect(en('she worked at home')).toBe('she worked at home');
  });

  it("names a boat after it, and a pub after one's pint", () => {
    expect(en("my father's boat the morning star out of newlyn")).toContain(
      'boat the Morning Star out',
    );
    expect(en('a pint at the swordfish and then home')).toBe(
      'a pint at the Swordfish and then home',
    );
    expect(en('a pint at the rose and crown with dennis')).toContain('the Rose and Crown');
  });

  it('leaves a time after a boat and a kind of place after a pint as they are', () => {
    expect(en('we were on the boat the whole day')).toBe('we were on the boat the whole day');
    expect(en('on the boat the next morning')).toBe('on the boat the next morning');
    expect(en('a pint at the local and then home')).toBe('a pint at the local and then home');
  });

  it('takes the colour into a name of no dictionary', () => {
    expect(en('sol took me to see the red sox')).toContain('the Red Sox');
    expect(en('she wore the red dress')).toBe('she wore the red dress');
  });

  it('names an animal and a relative the same way', () => {
    expect(en('later a cat smudge she slept on the telly')).toContain('cat Smudge she');
    expect(en('pat my wife she worked at the dock')).toMatch(/^Pat my wife/);
    expect(en('a pat on the back my wife she said')).toContain('a pat on');
  });

  it('keeps a year corrected by a bare number in its clause', () => {
    expect(
      writeUp('i started at firth brown in fifty-two no fifty-three when i was fifteen', 'en'),
    ).toBe('I started at Firth Brown in 1953 when I was fifteen');
  });
});
