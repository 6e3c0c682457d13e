// Speech text preparation: what reaches the synthesiser once markdown, emoji and typography are dealt with.
import { describe, expect, test } from 'vitest';
import {
  capText,
  MAX_SPEECH_CHARS,
  prepareSpeechText,
  splitIntoChunks,
} from '../../../src/providers/voice/text.ts';
import { EmptySpeechTextError } from '../../../src/providers/voice/types.ts';

describe('prepareSpeechText', () => {
  test('drops markdown syntax and keeps the words', () => {
    const reply = [
      '# Votre enfance',
      '',
      'Bonjour **Marie**, parlons de _votre_ ***maison*** et de `la cour`.',
      '',
      '- le puits',
      '* le verger',
      '1. la grange',
      '> Un souvenir cité',
      '',
      '---',
      'Voir [la photo](https://exemple.fr/photo.jpg) ![le chien](chien.png) ou https://exemple.fr/page.',
    ].join('\n');
    expect(prepareSpeechText(reply)).toBe(
      'Votre enfance. Bonjour Marie, parlons de votre maison et de la cour. le puits. le verger. la grange. Un souvenir cité. Voir la photo le chien ou.',
    );
  });

  test('reads tables cell by cell and drops code fences and HTML', () => {
    expect(
      prepareSpeechText(
        '| Année | Lieu |\n|---|:---:|\n| 1956 | Lyon |\n```\nmot\n```\n<p>Fin</p><br/>ici',
      ),
    ).toBe('Année, Lieu. 1956, Lyon. mot. Fin. ici.');
  });

  test('removes emoji, flags, skin tones and pictographs but keeps degrees', () => {
    expect(prepareSpeechText('Bonjour 😊 Marie 👍🏽 🇫🇷 ❤️ ✨ ★ → il faisait 30 °C 👨‍👩‍👧 !')).toBe(
      'Bonjour Marie il faisait 30 °C !',
    );
  });

  test('normalises quotes, guillemets, apostrophes, dashes, ellipses and French spaces', () => {
    expect(
      prepareSpeechText('Il m’a dit «\u00a0bonjour\u00a0» — puis “au revoir”… Vraiment\u202f?'),
    ).toBe('Il m\'a dit " bonjour ", puis "au revoir"... Vraiment ?');
    expect(prepareSpeechText('— Bonjour, dit-il.\n— Au revoir !')).toBe(
      'Bonjour, dit-il. Au revoir !',
    );
  });

  test('keeps punctuation for prosody and closes unpunctuated lines', () => {
    expect(prepareSpeechText('Où êtes-vous né ? Racontez-moi !\nEt vos parents')).toBe(
      'Où êtes-vous né ? Racontez-moi ! Et vos parents.',
    );
  });

  test.each(['', '   \n\t ', '😊🎉👍🏽', '**  **', '--- \n ***'])(
    'rejects text with nothing to say: %j',
    (text) => {
      expect(() => prepareSpeechText(text)).toThrow(EmptySpeechTextError);
      expect(() => prepareSpeechText(text)).toThrow(/Nothing to synthesise/);
    },
  );

  test('caps very long text at a sentence end', () => {
    const sentence = 'Nous allions au marché chaque samedi matin avec ma grand-mère. ';
    const long = sentence.repeat(200);
    const spoken = prepareSpeechText(long);
    expect(spoken.length).toBeLessThanOrEqual(MAX_SPEECH_CHARS);
    expect(spoken.length).toBeGreaterThan(MAX_SPEECH_CHARS - sentence.length);
    expect(spoken.endsWith('grand-mère.')).toBe(true);
  });
});

describe('capText', () => {
  test('falls back to the last space when no sentence ends in the second half', () => {
    expect(capText('un deux trois quatre cinq six', 16)).toBe('un deux trois');
    expect(capText('court', 16)).toBe('court');
  });
});

describe('splitIntoChunks', () => {
  test('keeps short text whole', () => {
    expect(splitIntoChunks('Bonjour Marie.', 100)).toEqual(['Bonjour Marie.']);
  });

  test('packs whole sentences into chunks under the limit without losing a word', () => {
    const text = Array.from(
      { length: 30 },
      (_, i) => `Voici la phrase numéro ${i}, au sujet de la maison.`,
    ).join(' ');
    const chunks = splitIntoChunks(text, 200);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(200);
      expect(chunk).toMatch(/\.$/u);
    }
    expect(chunks.join(' ')).toBe(text);
  });

  test('cuts an overlong sentence at commas, then spaces, then anywhere', () => {
    const sentence = `${'mot '.repeat(30).trim()}, ${'x'.repeat(130)}, fin.`;
    const chunks = splitIntoChunks(sentence, 50);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(50);
    expect(chunks.join(' ').replace(/\s+/gu, '')).toBe(sentence.replace(/\s+/gu, ''));
  });
});
