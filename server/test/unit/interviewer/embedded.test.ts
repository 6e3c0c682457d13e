// The embedded interviewer's behaviour turn by turn: opening, follow-ups, asking for more, moving on, languages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedInterviewer, planReply } from '../../../src/providers/interviewer/embedded.ts';
import { getBank } from '../../../src/providers/interviewer/bank.ts';
import { createInterviewer } from '../../../src/providers/interviewer/index.ts';
import { runDemo } from '../../../src/providers/interviewer/demo.ts';
import type { InterviewContext } from '../../../src/providers/interviewer/types.ts';
import {
  assistant,
  context,
  languageOf,
  plain,
  playChapter,
  profileAnswers,
  user,
} from './helpers.ts';

const interviewer = new EmbeddedInterviewer();

/** A chapter that has just opened on childhood with a bank question, awaiting `answer`. */
function afterOpening(answer: string, overrides: Partial<InterviewContext> = {}): InterviewContext {
  return context({
    messages: [
      assistant(
        'Bonjour Jeanne ! Quel est votre tout premier souvenir ?',
        'childhood.first_memory',
        'childhood',
      ),
      user(answer),
    ],
    ...overrides,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('embedded interviewer', () => {
  it('is what createInterviewer gives without a model server', () => {
    expect(createInterviewer({}).kind).toBe('embedded');
    expect(createInterviewer({ openaiApiKey: 'sk-test' }).kind).toBe('openai');
    expect(createInterviewer({ openaiBaseUrl: 'http://127.0.0.1:1/v1' }).kind).toBe('openai');
  });

  it('is deterministic: the same context always gives the same reply, without Math.random', async () => {
    const random = vi.spyOn(Math, 'random');
    const ctx = afterOpening(
      "Je me souviens de la cuisine de ma grand-mère Louise, à Quimper, en 1948. J'étais heureuse.",
    );
    const first = await interviewer.reply(ctx);
    const again = await interviewer.reply(structuredClone(ctx));
    expect(again).toEqual(first);
    expect(await interviewer.opening(context())).toEqual(await interviewer.opening(context()));
    expect(random).not.toHaveBeenCalled();
  });

  describe('opening', () => {
    it('greets the person by name and asks one first question from a wanted theme', async () => {
      const reply = await interviewer.opening(
        context({
          profile: profileAnswers({
            themes: 'Voyages, Travail',
            name_use: 'Par mon prénom, en me vouvoyant',
          }),
        }),
      );
      expect(reply.content).toMatch(/^Bonjour Jeanne\b/);
      expect(reply.theme).toBe('travels');
      expect(getBank('fr').find((q) => q.id === reply.questionId)?.theme).toBe('travels');
      expect(plain(reply.content)).toMatch(/\?$/);
      expect(reply.content.split('?')).toHaveLength(2);
    });

    it('skips wanted themes that earlier chapters covered, and never asks an asked question', async () => {
      const travelOpenings = getBank('fr')
        .filter((q) => q.theme === 'work' && q.depth === 'opening')
        .map((q) => q.id);
      const asked = travelOpenings.slice(1);
      const reply = await interviewer.opening(
        context({
          profile: profileAnswers({ themes: 'Voyages, Travail, École' }),
          earlierChapters: [
            {
              title: 'Mes voyages',
              summary: 'Le Maroc en 1960.',
              keywords: ['Maroc'],
              themes: ['travels'],
            },
          ],
          askedQuestionIds: asked,
        }),
      );
      expect(reply.theme).toBe('work');
      expect(reply.questionId).toBe(travelOpenings[0]);
      expect(plain(reply.content)).toContain("Le chapitre précédent s'intitulait « Mes voyages »");
    });

    it('starts from the onboarding answers when a theme has a hook in them', async () => {
      const reply = await interviewer.opening(
        context({
          profile: profileAnswers({ themes: 'Origines', birth: 'En 1938, à Saint-Malo' }),
        }),
      );
      expect(reply.questionId).toMatch(/^profile:birth:/);
      expect(plain(reply.content)).toContain('Vous avez vu le jour à Saint-Malo.');
    });

    it('addresses the person as asked: Madame + surname, or tutoiement', async () => {
      const madame = await interviewer.opening(
        context({ profile: profileAnswers({ name_use: 'Madame, suivi de mon nom' }) }),
      );
      expect(madame.content).toMatch(/^Bonjour Madame Martin\b/);
      const tu = await interviewer.opening(
        context({ profile: profileAnswers({ name_use: 'Par mon prénom, en me tutoyant' }) }),
      );
      expect(tu.content).toMatch(/\b(te|tu|ton|ta|tes|toi)\b/);
      expect(tu.content).not.toMatch(/\b(vous|votre|vos)\b/);
    });

    it('works with no name and an empty profile', async () => {
      const reply = await interviewer.opening(context({ personName: null, profile: [] }));
      expect(reply.content).toMatch(/^Bonjour[ !,]/);
      expect(reply.theme).toBe('childhood');
    });

    it('never proposes the children theme to someone without children', async () => {
      const reply = await interviewer.opening(
        context({
          profile: profileAnswers({ children: 'Non, aucun', themes: 'Enfants et petits-enfants' }),
        }),
      );
      expect(reply.theme).not.toBe('children');
    });
  });

  describe('follow-ups on what was just said', () => {
    it('picks up a person and quotes them back', async () => {
      const reply = await interviewer.reply(
        afterOpening(
          'Je passais tous mes jeudis avec ma grand-mère Louise, qui tricotait près du poêle.',
        ),
      );
      expect(reply.questionId).toMatch(/^follow:person:/);
      expect(reply.theme).toBe('childhood');
      expect(plain(reply.content)).toMatch(
        /(de|à|que) votre grand-mère Louise|votre grand-mère Louise/,
      );
    });

    it('picks up a place', async () => {
      const reply = await interviewer.reply(
        afterOpening("C'était la maison que nous avions à Lyon, tout près du marché couvert."),
      );
      expect(reply.questionId).toMatch(/^follow:place:/);
      expect(plain(reply.content)).toMatch(/[àÀ] Lyon/);
    });

    it('picks up a year, and says how old the person was then', async () => {
      const reply = await interviewer.reply(
        afterOpening('Tout a changé en 1956, quand nous sommes partis de la maison.', {
          profile: profileAnswers({ birth: '1941' }),
        }),
      );
      expect(reply.questionId).toMatch(/^follow:time:/);
      expect(plain(reply.content)).toMatch(/[Ee]n 1956/);
    });

    it('picks up a feeling and stays sober about a painful one', async () => {
      const reply = await interviewer.reply(
        afterOpening(
          "Je revois cette nuit d'orage, j'avais terriblement peur toute seule dans le noir.",
        ),
      );
      expect(reply.questionId).toMatch(/^follow:feeling:/);
      expect(plain(reply.content)).toContain('cette peur');
      expect(reply.content).not.toMatch(/^Merci, c'est précieux/);
    });

    it('picks up a sensory detail', async () => {
      const reply = await interviewer.reply(
        afterOpening("Le matin, toute la maison était remplie de l'odeur du café grillé."),
      );
      expect(reply.questionId).toMatch(/^follow:sense:/);
      expect(plain(reply.content)).toMatch(/l'odeur du café grillé/i);
    });

    it('does not press the same detail twice in a chapter', async () => {
      const start = [
        assistant('Quel est votre tout premier souvenir ?', 'childhood.first_memory', 'childhood'),
        user('Je me souviens très bien de Paul qui avait un grand chien noir.'),
      ];
      const first = planReply(context({ messages: start }));
      const withFirst = [...start, assistant(first.content, first.questionId, first.theme)];
      const second = planReply(
        context({
          messages: [...withFirst, user("Le dimanche, Paul m'emmenait pêcher, très tôt le matin.")],
        }),
      );
      expect(first.questionId).toMatch(/^follow:person:/);
      expect(first.question).toContain('Paul');
      // Paul is mentioned again: the interview moves on instead of asking about Paul a second time.
      expect(second.question).not.toContain('Paul');
      expect(second.questionId?.split('-')[0]).not.toBe(first.questionId?.split('-')[0]);
    });
  });

  describe('short, unsure and refusing answers', () => {
    it('asks gently for more after a short answer, but not twice in a row', async () => {
      const reply = await interviewer.reply(afterOpening('Oui, un peu.'));
      expect(reply.questionId).toMatch(/^more:\d+$/);
      expect(reply.theme).toBe('childhood');
      const again = await interviewer.reply(
        context({
          messages: [
            ...afterOpening('Oui, un peu.').messages,
            assistant(reply.content, reply.questionId, reply.theme),
            user('Bof.'),
          ],
        }),
      );
      expect(again.questionId).not.toMatch(/^more:/);
    });

    it('treats emoji-only answers as short', async () => {
      const reply = await interviewer.reply(afterOpening('😊👍'));
      expect(reply.questionId).toMatch(/^more:/);
    });

    it('does not insist when the person does not remember', async () => {
      const reply = await interviewer.reply(afterOpening('Je ne sais plus.'));
      expect(reply.questionId).not.toMatch(/^(more|follow):/);
      expect(plain(reply.content)).toMatch(/^(Ce n'est pas grave|Aucun souci)/);
    });

    it('leaves the theme at once when the person would rather not talk about it', async () => {
      const reply = await interviewer.reply(
        afterOpening("Je préfère ne pas en parler, c'était trop dur."),
      );
      expect(reply.theme).not.toBe('childhood');
      expect(plain(reply.content)).toMatch(/^(Bien sûr|C'est entendu|Très bien)/);
    });

    it('says plainly what it is when asked a question back', async () => {
      const reply = await interviewer.reply(
        afterOpening('Et vous, quel est votre premier souvenir ?'),
      );
      expect(plain(reply.content)).toContain("Je ne suis qu'un guide d'entretien");
      expect(plain(reply.content)).toMatch(/\?$/);
    });
  });

  it('moves to another theme after a few exchanges, with a transition naming it', async () => {
    const answers = Array.from(
      { length: 8 },
      (_, i) =>
        `C'était une période calme et simple, numéro ${i + 1}, rien de très particulier à ajouter là-dessus.`,
    );
    const messages = await playChapter(interviewer, context(), answers);
    const themes = messages.filter((m) => m.type === 'assistant').map((m) => m.theme);
    const firstRun = themes.findIndex((t) => t !== themes[0]);
    expect(firstRun).toBeGreaterThanOrEqual(3);
    expect(firstRun).toBeLessThanOrEqual(5);
    const switchMessage = messages.filter((m) => m.type === 'assistant')[firstRun]!;
    expect(plain(switchMessage.content)).toMatch(
      /(parlons|parlons maintenant|parler|page, celle) (de|des|du)\b/,
    );
  });

  it('acknowledges answers briefly and variedly, without repeating the last acknowledgement', async () => {
    const answers = Array.from(
      { length: 6 },
      (_, i) =>
        `Nous vivions simplement à cette époque, la vie suivait son cours tranquille, jour ${i}.`,
    );
    const messages = await playChapter(interviewer, context(), answers);
    const openings = messages
      .filter((m) => m.type === 'assistant')
      .slice(1)
      .map((m) => plain(m.content).split(/(?<=\.)\s/)[0]);
    for (let i = 1; i < openings.length; i++) expect(openings[i]).not.toBe(openings[i - 1]);
  });

  it('speaks English to an English speaker', async () => {
    const base = context({
      language: 'en',
      personName: 'Margaret Hill',
      profile: profileAnswers({ themes: 'School' }),
    });
    const messages = await playChapter(interviewer, base, [
      'My teacher was Mrs Hargreaves, she was strict but fair and kind to me.',
      'Yes.',
      'We walked to school in the snow in 1952, my brother and I.',
    ]);
    const replies = messages.filter((m) => m.type === 'assistant');
    expect(replies[0]!.content).toMatch(/^Hello Margaret\b/);
    expect(replies[0]!.theme).toBe('school');
    for (const reply of replies) expect(languageOf(reply.content), reply.content).toBe('en');
  });

  it('combines the user messages left by a failed turn into one answer', () => {
    const reply = planReply(
      context({
        messages: [
          assistant(
            'Quel est votre tout premier souvenir ?',
            'childhood.first_memory',
            'childhood',
          ),
          user('Je me souviens'),
          user('de ma grand-mère Louise qui chantait dans la cuisine.'),
        ],
      }),
    );
    expect(plain(reply.content)).toContain('votre grand-mère Louise');
  });

  it('copes with a very long answer', async () => {
    const long =
      'Nous habitions à Brest, près du port, et mon père partait en mer pendant des semaines. '
        .repeat(60)
        .slice(0, 5000);
    const reply = await interviewer.reply(afterOpening(long));
    expect(plain(reply.content)).toMatch(
      /^Merci( pour tous ces détails| d'avoir pris le temps|, il y a beaucoup)/,
    );
    expect(plain(reply.content)).toMatch(/\?$/);
  });

  it('follows up on text typed in capitals', async () => {
    const reply = await interviewer.reply(
      afterOpening('MA MÈRE ÉTAIT COUTURIÈRE ET ELLE TRAVAILLAIT TARD LE SOIR.'),
    );
    expect(reply.questionId).toMatch(/^follow:person:/);
    expect(plain(reply.content)).toContain('votre mère');
  });

  it('plays the sample interview of demo.ts in both languages', async () => {
    for (const language of ['fr', 'en'] as const) {
      const transcript = await runDemo(language);
      const replies = transcript.split('\n\n').filter((block) => /^BIOGRAPHE?R? \[/.test(block));
      expect(replies.length).toBeGreaterThanOrEqual(11);
      for (const reply of replies) expect(plain(reply), reply).toMatch(/\?$/);
    }
  });

  it('stops at once when the call is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(interviewer.reply(afterOpening('Bonjour'), controller.signal)).rejects.toThrow();
  });
});
