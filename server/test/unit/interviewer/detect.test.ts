// Detection of what an answer mentions, and how the person's words are said back (possessives, elision).
import { describe, expect, it } from 'vitest';
import {
  detectDetails,
  soundsHeavy,
  toSecondPerson,
} from '../../../src/providers/interviewer/detect.ts';
import type { Detail } from '../../../src/providers/interviewer/detect.ts';
import { frA, frDe, frQue, render } from '../../../src/providers/interviewer/render.ts';
import { readAddress } from '../../../src/providers/interviewer/address.ts';
import { plain } from './helpers.ts';

const fr = (text: string, ownNames: string[] = []) =>
  detectDetails(text, 'fr', { register: 'vous', ownNames });
const en = (text: string, ownNames: string[] = []) =>
  detectDetails(text, 'en', { register: 'vous', ownNames });
const summary = (details: Detail[]) => details.map((d) => `${d.kind}:${d.phrase}`);

describe('detectDetails (French)', () => {
  it('finds a relative with a name, says it back with "votre" and knows the gender', () => {
    const [person] = fr('Je passais mes étés chez ma grand-mère Louise.');
    expect(person).toMatchObject({
      kind: 'person',
      phrase: 'votre grand-mère Louise',
      gender: 'f',
    });
    expect(fr('Mes parents tenaient un café.').find((d) => d.kind === 'person')).toMatchObject({
      phrase: 'vos parents',
      gender: 'pl',
    });
  });

  it('uses tu forms when the person asked to be tutoyé', () => {
    const [person] = detectDetails('Ma mère cousait le soir.', 'fr', {
      register: 'tu',
      ownNames: [],
    });
    expect(person!.phrase).toBe('ta mère');
  });

  it('finds capitalised names that are not sentence starts, and not the person', () => {
    const details = fr("L'été, je jouais avec Paul et Mademoiselle Le Gall. Jeanne, c'est moi.", [
      'Jeanne',
      'Martin',
    ]);
    expect(summary(details)).toEqual(['person:Paul', 'person:Mademoiselle Le Gall']);
  });

  it('does not take places, feasts, months or peoples for persons', () => {
    const details = fr(
      'Nous avons fêté Noël à Lyon. Les Allemands sont arrivés en Juin. La France avait changé.',
    );
    expect(details.filter((d) => d.kind === 'person')).toEqual([]);
    expect(summary(details)).toContain('place:à Lyon');
  });

  it('finds places with their preposition, and common places', () => {
    expect(summary(fr('Nous habitions en Bretagne, puis au Maroc.'))).toEqual([
      'place:en Bretagne',
      'place:au Maroc',
    ]);
    expect(summary(fr('Mon oncle travaillait à la ferme.'))).toContain('place:à la ferme');
    expect(summary(fr('On allait au bord de la mer.'))).toEqual(['place:au bord de la mer']);
  });

  it('finds years, decades, ages and moments of history', () => {
    expect(fr('Je suis arrivée en 1956 avec 200 francs.').filter((d) => d.kind === 'time')).toEqual(
      [expect.objectContaining({ phrase: 'en 1956', year: 1956 })],
    );
    expect(summary(fr('Dans les années cinquante, tout était différent.'))).toEqual([
      'time:dans les années cinquante',
    ]);
    expect(summary(fr("J'avais dix ans quand nous avons déménagé."))).toEqual(['time:à dix ans']);
    expect(summary(fr('Pendant la guerre, nous avions faim.'))).toContain('time:pendant la guerre');
  });

  it('finds feelings, but not denied ones', () => {
    expect(fr("Ce jour-là, j'ai eu très peur.").find((d) => d.kind === 'feeling')).toMatchObject({
      phrase: 'cette peur',
      heavy: true,
    });
    expect(fr("Je n'avais pas peur du tout.").filter((d) => d.kind === 'feeling')).toEqual([]);
    expect(summary(fr('Nous étions si heureux.'))).toEqual(['feeling:ce bonheur']);
  });

  it('finds sensory details and rebuilds them with the right article', () => {
    expect(summary(fr("Je me souviens de l'odeur du pain chaud chez le boulanger."))).toEqual([
      "sense:l'odeur du pain chaud",
    ]);
    expect(summary(fr('La voix de ma mère était douce.'))).toContain('sense:la voix de votre mère');
    expect(summary(fr('Ça sentait bon la cire.'))).toEqual(["sense:l'odeur de la cire"]);
    expect(summary(fr('Il faisait du bruit.'))).toEqual([]);
  });

  it('reads text typed in capitals, and emoji, without inventing names', () => {
    expect(summary(fr('MA MÈRE ÉTAIT COUTURIÈRE À PARIS'))).toEqual([
      'person:votre mère',
      'place:à Paris',
    ]);
    expect(fr('😀😀 👍')).toEqual([]);
  });

  it('keeps one entry per detail, at its last mention', () => {
    const details = fr('Paul était drôle. Plus tard, Paul est parti.');
    expect(details).toHaveLength(1);
    expect(details[0]!.at).toBeGreaterThan(10);
  });

  it('tells painful memories', () => {
    expect(soundsHeavy('Mon père est mort en 1944.', 'fr')).toBe(true);
    expect(soundsHeavy('Nous allions à la plage.', 'fr')).toBe(false);
  });
});

describe('detectDetails (English)', () => {
  it('finds relatives, names, places, times, feelings and senses', () => {
    const details = en(
      'My grandmother Edith lived in Leeds. In 1953 we were scared. We sang with Peter. I remember the smell of baking.',
    );
    expect(summary(details)).toEqual([
      'person:your grandmother Edith',
      'place:in Leeds',
      'time:in 1953',
      'feeling:that fear',
      'person:Peter',
      'sense:the smell of baking',
    ]);
  });

  it('says "to London" back as "in London", and skips possessive houses', () => {
    expect(summary(en('We moved to London.'))).toEqual(['place:in London']);
    expect(en("We went to John's every Sunday.").filter((d) => d.kind === 'place')).toEqual([]);
  });

  it('finds decades and ages', () => {
    expect(summary(en('In the fifties, when I was ten, things were hard.'))).toEqual([
      'time:in the fifties',
      'time:at ten',
    ]);
  });
});

describe('saying words back', () => {
  it('turns first person into second person', () => {
    expect(toSecondPerson('la soupe de ma grand-mère', 'fr', 'vous')).toBe(
      'la soupe de votre grand-mère',
    );
    expect(toSecondPerson('Mes frères et moi', 'fr', 'tu')).toBe('Tes frères et toi');
    expect(toSecondPerson('my father and I', 'en', 'vous')).toBe('your father and you');
  });

  it('elides and contracts French prepositions', () => {
    expect(frDe('Anne')).toBe("d'Anne");
    expect(frDe('le pain')).toBe('du pain');
    expect(frDe('les confitures')).toBe('des confitures');
    expect(frDe("l'odeur")).toBe("de l'odeur");
    expect(frQue('Hélène')).toBe("qu'Hélène");
    expect(frQue('votre père')).toBe('que votre père');
    expect(frA('le goût')).toBe('au goût');
  });

  it('renders register, gender and slots, slots last so typed text is never read as markup', () => {
    const text = render(
      '{Vous parlez|Tu parles} {de:person} : comment <était-il|était-elle|étaient-ils> ?',
      {
        language: 'fr',
        register: 'tu',
        gender: 'f',
        slots: { person: 'Anne {vous|tu}' },
      },
    );
    expect(plain(text)).toBe("Tu parles d'Anne {vous|tu} : comment était-elle ?");
    expect(text).toContain('\u202F?');
  });
});

describe('readAddress', () => {
  it('follows the seeded options', () => {
    expect(readAddress('Jeanne Martin', 'Par mon prénom, en me vouvoyant', 'fr')).toMatchObject({
      name: 'Jeanne',
      register: 'vous',
    });
    expect(readAddress('Jeanne Martin', 'Par mon prénom, en me tutoyant', 'fr')).toMatchObject({
      name: 'Jeanne',
      register: 'tu',
    });
    expect(readAddress('Jeanne Martin', 'Madame, suivi de mon nom', 'fr')).toMatchObject({
      name: 'Madame Martin',
      register: 'vous',
    });
    expect(readAddress('Robert Hill', 'Mr, followed by my surname', 'en')).toMatchObject({
      name: 'Mr Hill',
    });
    expect(readAddress('Jeanne Martin', 'Sans utiliser mon nom', 'fr').name).toBeNull();
  });

  it('reads custom answers', () => {
    expect(readAddress('Jeanne Martin', 'Appelez-moi Jeannot', 'fr')).toMatchObject({
      name: 'Jeannot',
      register: 'vous',
    });
    expect(readAddress('Jeanne Martin', 'Tu peux me tutoyer', 'fr')).toMatchObject({
      name: 'Jeanne',
      register: 'tu',
    });
    expect(readAddress('Jeanne Martin', 'Madame Dupré, mon nom de jeune fille', 'fr').name).toBe(
      'Madame Dupré',
    );
    expect(readAddress('Jeanne Martin', 'Mamie Jo', 'fr').name).toBe('Mamie Jo');
    expect(readAddress('Margaret Hill', 'Call me Peggy', 'en').name).toBe('Peggy');
  });

  it('defaults to the first name and vous, or no name at all', () => {
    expect(readAddress('Jean-Pierre Durand', null, 'fr')).toMatchObject({
      name: 'Jean-Pierre',
      register: 'vous',
    });
    expect(readAddress(null, null, 'fr')).toMatchObject({ name: null, register: 'vous' });
    expect(readAddress('', 'tutoie-moi', 'fr')).toMatchObject({ name: null, register: 'tu' });
  });
});
