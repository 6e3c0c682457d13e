// The OpenAI-compatible interviewer against a local server speaking the protocol: prompt, retries, failures.
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI, useFakeOpenAI } from '../../support/fake-openai.ts';
import { OpenAIInterviewer, readReply } from '../../../src/providers/interviewer/openai.ts';
import { createInterviewer } from '../../../src/providers/interviewer/index.ts';
import { InterviewerUnavailableError } from '../../../src/providers/interviewer/types.ts';
import {
  buildChatMessages,
  fillTemplate,
  loadPromptTemplates,
} from '../../../src/providers/interviewer/prompt.ts';
import { assistant, context, profileAnswers, user } from './helpers.ts';

const fake = useFakeOpenAI();

function interviewer(options: ConstructorParameters<typeof OpenAIInterviewer>[0] = {}) {
  return new OpenAIInterviewer({
    apiKey: 'sk-test',
    baseURL: fake.url,
    model: 'biographe-test',
    retryBaseDelayMs: 20,
    ...options,
  });
}

const richContext = context({
  personName: 'Jeanne Martin',
  profile: profileAnswers({
    birth: '1941, à Quimper',
    work: 'Institutrice pendant 35 ans',
    themes: 'Enfance, Voyages',
    name_use: 'Madame, suivi de mon nom',
  }),
  earlierChapters: [
    {
      title: 'Les étés à Douarnenez',
      summary: 'Les vacances chez ma grand-mère Louise, au bord de la mer.',
      keywords: ['Louise', 'mer'],
      themes: ['childhood'],
    },
  ],
  messages: [
    assistant(
      'Bonjour Madame Martin ! Parlons de vos voyages. Quel a été votre premier grand voyage ?',
      null,
      null,
    ),
    user('Le Maroc, en 1962, avec mon mari.'),
  ],
});

describe('openai interviewer', () => {
  it('sends the profile, the earlier chapters and the transcript, and returns the reply', async () => {
    fake.script.chat({ content: 'Le Maroc en 1962 : comment avez-vous fait le voyage ?' });
    const reply = await interviewer().reply(richContext);
    expect(reply).toEqual({
      content: 'Le Maroc en 1962 : comment avez-vous fait le voyage ?',
      questionId: null,
      theme: null,
    });

    const [request] = fake.requestsTo('chat');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    const body = request!.json;
    expect(body.model).toBe('biographe-test');
    const [system, ...turns] = body.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Vous êtes le biographe');
    expect(system!.content).toContain('Institutrice pendant 35 ans');
    expect(system!.content).toContain('1941, à Quimper');
    expect(system!.content).toContain('« Madame Martin »');
    expect(system!.content).toContain('vouvoyez-la');
    expect(system!.content).toContain('Les étés à Douarnenez');
    expect(system!.content).toContain('Les vacances chez ma grand-mère Louise');
    expect(system!.content).toMatch(/thèmes qu'elle souhaite raconter : enfance, voyages/);
    expect(system!.content).toMatch(/déjà abordés[^\n]*: enfance/);
    expect(system!.content).toContain('parole brute, transcrite par la reconnaissance vocale');
    expect(system!.content).toContain("« la peugeot », « la 2cv ») n'est jamais un lieu");
    expect(system!.content).not.toMatch(/\{\{\w+\}\}/);
    // The opening instruction comes first, then the transcript alternates assistant and user.
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[0]!.content).toMatch(/nouveau chapitre/i);
    expect(turns[1]!.content).toContain('Quel a été votre premier grand voyage');
    expect(turns[2]!.content).toBe('Le Maroc, en 1962, avec mon mari.');
  });

  // Issue 30 #7: the model's question is checked for what was never said, as the writer's text is.
  it('asks again once a question that invents a name, naming it, and keeps the faithful one', async () => {
    fake.script.chat(
      { content: 'Et votre fils Pierre, est-il venu au Maroc avec vous en 1962 ?' },
      { content: 'Qui était du voyage au Maroc, en plus de votre mari ?' },
    );
    const reply = await interviewer().reply(richContext);
    expect(reply.content).toBe('Qui était du voyage au Maroc, en plus de votre mari ?');
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(2);
    const correction = requests[1]!.json.messages.at(-1);
    expect(correction).toEqual({
      role: 'user',
      content: expect.stringContaining("Ceci n'a jamais été dit : Pierre"),
    });
  });

  it('lets the built-in biographer ask when the model invents twice', async () => {
    fake.script.chat(
      { content: 'Parlez-moi de votre sœur Odile à Casablanca.' },
      { content: 'Et Odile, à Casablanca, que faisait-elle ?' },
    );
    const reply = await interviewer().reply(richContext);
    expect(fake.requestsTo('chat')).toHaveLength(2);
    expect(reply.content).not.toMatch(/Odile|Casablanca/);
    expect(reply.content).toMatch(/\?$/);
  });

  it('takes names from her chapters, her profile and the family as said', async () => {
    fake.script.chat({
      content: 'Votre grand-mère Louise venait-elle aussi à Quimper, Madame Martin ?',
    });
    const reply = await interviewer().reply(richContext);
    expect(reply.content).toContain('Louise');
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('opens a chapter with the same prompt and an instruction to greet and ask the first question', async () => {
    fake.script.chat({ content: 'Bonjour Madame Martin ! Quel est votre tout premier souvenir ?' });
    const reply = await interviewer().opening({ ...richContext, messages: [] });
    expect(reply.content).toBe('Bonjour Madame Martin ! Quel est votre tout premier souvenir ?');
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.messages).toHaveLength(2);
    expect(body.messages[1].role).toBe('user');
    expect(body.messages[1].content).toMatch(/Saluez la personne/);
  });

  it('speaks English to an English speaker', async () => {
    fake.script.chat({ content: 'Hello Margaret! What is your very first memory?' });
    await interviewer().opening(context({ language: 'en', personName: 'Margaret Hill' }));
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.messages[0].content).toContain('You are the biographer');
    expect(body.messages[0].content).toContain('Address the person as “Margaret”');
    expect(body.messages[0].content).toContain('Answers may be raw speech');
    expect(body.messages[0].content).toContain('is never a place');
    expect(body.messages[1].content).toMatch(/A new chapter begins/);
  });

  it('merges user messages left by a failed turn into one user turn', async () => {
    fake.script.chat({ content: 'Merci. Et ensuite ?' });
    await interviewer().reply({
      ...richContext,
      messages: [...richContext.messages, user('Nous avons pris le bateau à Marseille.')],
    });
    const turns = fake.requestsTo('chat')[0]!.json.messages.slice(1);
    expect(turns.map((t: { role: string }) => t.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[2].content).toBe(
      'Le Maroc, en 1962, avec mon mari.\n\nNous avons pris le bateau à Marseille.',
    );
  });

  it('retries on 429 and 500 with a growing backoff, then succeeds', async () => {
    fake.script.chat(
      { status: 429 },
      { status: 500 },
      { content: 'Quel souvenir gardez-vous de ce voyage ?' },
    );
    const reply = await interviewer({ retryBaseDelayMs: 100 }).reply(richContext);
    expect(reply.content).toBe('Quel souvenir gardez-vous de ce voyage ?');
    const attempts = fake.requestsTo('chat');
    expect(attempts).toHaveLength(3);
    const firstGap = attempts[1]!.at - attempts[0]!.at;
    const secondGap = attempts[2]!.at - attempts[1]!.at;
    expect(firstGap).toBeGreaterThanOrEqual(75);
    expect(secondGap).toBeGreaterThanOrEqual(155);
  });

  it('honours Retry-After from the server', async () => {
    fake.script.chat(
      { status: 503, headers: { 'retry-after-ms': '300' } },
      { content: 'Et ensuite ?' },
    );
    await interviewer({ retryBaseDelayMs: 1 }).reply(richContext);
    const [first, second] = fake.requestsTo('chat');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(280);
  });

  it('gives up after maxRetries and says the interviewer is unavailable', async () => {
    fake.script.chat(
      { status: 500 },
      { status: 502 },
      { status: 503 },
      { content: 'jamais envoyé' },
    );
    await expect(interviewer({ maxRetries: 2 }).reply(richContext)).rejects.toBeInstanceOf(
      InterviewerUnavailableError,
    );
    expect(fake.requestsTo('chat')).toHaveLength(3);
  });

  it('does not retry a request the server refuses (401, 400)', async () => {
    fake.script.chat({ status: 401 }, { content: 'jamais envoyé' });
    await expect(interviewer().reply(richContext)).rejects.toBeInstanceOf(
      InterviewerUnavailableError,
    );
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('times out a server that does not answer', async () => {
    fake.script.chat({ hang: true });
    const started = Date.now();
    await expect(interviewer({ timeoutMs: 300 }).reply(richContext)).rejects.toBeInstanceOf(
      InterviewerUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out a server that stalls in the middle of its answer', async () => {
    fake.script.chat({ stallBodyMs: 3000, content: 'trop tard' });
    await expect(interviewer({ timeoutMs: 300 }).reply(richContext)).rejects.toBeInstanceOf(
      InterviewerUnavailableError,
    );
  });

  it('keeps retries within the time budget', async () => {
    fake.script.chat({ status: 500, headers: { 'retry-after': '5' } }, { content: 'trop tard' });
    const started = Date.now();
    await expect(interviewer({ timeoutMs: 400 }).reply(richContext)).rejects.toBeInstanceOf(
      InterviewerUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('treats empty, non-text and broken answers as garbage', async () => {
    const cases = [
      { content: '' },
      { content: '   \n ' },
      {
        json: {
          id: 'x',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: null, tool_calls: [] },
              finish_reason: 'tool_calls',
            },
          ],
        },
      },
      { json: { id: 'x', object: 'chat.completion', choices: [] } },
      { json: { unexpected: true } },
      { raw: '{"choices": [', contentType: 'application/json' },
      { raw: '<html>Bad gateway</html>', contentType: 'text/html' },
      { content: '<think>Je réfléchis…</think>' },
      { content: '?!?! ... 1234 ###' },
    ];
    for (const scripted of cases) {
      fake.script.reset();
      fake.script.chat(scripted);
      await expect(
        interviewer({ maxRetries: 0 }).reply(richContext),
        JSON.stringify(scripted),
      ).rejects.toBeInstanceOf(InterviewerUnavailableError);
    }
  });

  it('cannot reach a closed port: unavailable, not a crash', async () => {
    const closed = await startFakeOpenAI();
    const url = closed.url;
    await closed.close();
    const offline = new OpenAIInterviewer({
      baseURL: url,
      maxRetries: 1,
      retryBaseDelayMs: 10,
      timeoutMs: 2000,
    });
    await expect(offline.reply(richContext)).rejects.toBeInstanceOf(InterviewerUnavailableError);
  });

  it('lets the caller abort without blaming the model server', async () => {
    fake.script.chat({ hang: true });
    const controller = new AbortController();
    const pending = interviewer().reply(richContext, controller.signal);
    setTimeout(() => controller.abort(new Error('client left')), 50);
    await expect(pending).rejects.toThrow('client left');
  });

  it('is chosen by createInterviewer when a base URL is set, and works without a key', async () => {
    fake.script.chat({ content: 'Bonjour !  Quel est votre premier souvenir ?' });
    const chosen = createInterviewer({ openaiBaseUrl: fake.url, openaiModel: 'llama3' });
    expect(chosen.kind).toBe('openai');
    await chosen.opening(context());
    const request = fake.requestsTo('chat')[0]!;
    expect(request.json.model).toBe('llama3');
    expect(request.headers.authorization).toBeDefined();
  });
});

describe('readReply', () => {
  const completion = (content: unknown) => ({ choices: [{ message: { content } }] });

  it('strips reasoning, role labels and wrapping quotes', () => {
    expect(readReply(completion('<think>plan</think>\nQuel était son prénom ?'))).toBe(
      'Quel était son prénom ?',
    );
    expect(readReply(completion('Biographe : Et ensuite ?'))).toBe('Et ensuite ?');
    expect(readReply(completion('« Et ensuite ? »'))).toBe('Et ensuite ?');
  });

  it('cuts a runaway answer at a sentence end', () => {
    const text = readReply(completion(`${'Une phrase assez longue pour remplir. '.repeat(80)}`));
    expect(text.length).toBeLessThanOrEqual(1500);
    expect(text).toMatch(/\.$/);
  });
});

describe('prompt templates', () => {
  it('are loaded from files and fill every placeholder', () => {
    const templates = loadPromptTemplates();
    for (const language of ['fr', 'en'] as const) {
      const messages = buildChatMessages(context({ language, personName: null }), templates);
      expect(messages[0]!.content).not.toMatch(/\{\{\w+\}\}/);
    }
    expect(fillTemplate('a {{x}} {{y}}', { x: '1' })).toBe('a 1 {{y}}');
  });

  it('keeps the prompt bounded for a long transcript and many chapters', () => {
    const long = 'x'.repeat(4000);
    const messages = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? user(long) : assistant(long, null, null),
    );
    const chapters = Array.from({ length: 30 }, (_, i) => ({
      title: `Chapitre ${i}`,
      summary: 'r'.repeat(2000),
      keywords: [],
      themes: [],
    }));
    const built = buildChatMessages(
      context({ messages, earlierChapters: chapters }),
      loadPromptTemplates(),
    );
    const total = built.reduce((sum, m) => sum + m.content.length, 0);
    expect(total).toBeLessThan(50_000);
    expect(built[built.length - 1]!.content).toBe(long);
    expect(built[0]!.content).toContain('Chapitre 0');
  });
});
