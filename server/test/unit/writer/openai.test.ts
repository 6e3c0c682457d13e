// The OpenAI-compatible writer against a local server speaking the protocol: prompt, structured output, faithfulness, failures.
import { describe, expect, it } from 'vitest';
import { useFakeOpenAI } from '../../support/fake-openai.ts';
import { OpenAIWriter, parseJsonObject } from '../../../src/providers/writer/openai.ts';
import { createWriter } from '../../../src/providers/writer/index.ts';
import { WriterUnavailableError } from '../../../src/providers/writer/types.ts';
import { buildWriterMessages, loadWriterTemplates } from '../../../src/providers/writer/prompt.ts';
import {
  formatSummaryInstructions,
  parseSummaryInstructions,
  summaryCommentOf,
} from '../../../src/providers/writer/instructions.ts';
import {
  CHILDHOOD,
  ENGLISH,
  WORK,
  assistant,
  chapterInput,
  input,
  plain,
  user,
} from './helpers.ts';

const fake = useFakeOpenAI();

function writer(options: ConstructorParameters<typeof OpenAIWriter>[0] = {}) {
  return new OpenAIWriter({
    apiKey: 'sk-test',
    baseURL: fake.url,
    model: 'ecrivain-test',
    retryBaseDelayMs: 20,
    ...options,
  });
}

const FAITHFUL = {
  title: 'Douarnenez, la maison de pêcheur',
  keywords: ['Douarnenez', 'Louise', 'crêpes', 'Le Gall'],
  summary:
    "Je suis née en 1941 à Quimper. C'était une petite maison de pêcheur à Douarnenez, où vivait ma grand-mère Louise.\n\nÀ l'école des filles, Mademoiselle Le Gall était sévère mais juste. En 1962, au bal de Pont-l'Abbé, j'ai rencontré Jean.",
};
const reply = (value: unknown) => ({ content: JSON.stringify(value) });
/** What the browser's speech recognition hands over: no capitals, no punctuation, fillers. */
const SPEECH = [
  assistant('Où avez-vous grandi ?'),
  user(
    'ben mon père il était mineur à saint-étienne euh on habitait rue de la paix voilà et mon copain lucien il travaillait chez manufrance quoi',
  ),
];

describe('OpenAIWriter', () => {
  it('asks for structured output and returns the title, keywords and summary', async () => {
    // A first-person text asked in the third person: one mending is asked (written-form.ts).
    fake.script.chat(reply(FAITHFUL), reply(FAITHFUL));
    const output = await writer().write(
      input({
        profile: CHILDHOOD.profile,
        options: {
          style: 'elegant-formel',
          perspective: 'troisieme',
          comment: 'Insistez sur la mer',
        },
      }),
    );
    expect(output.warnings).toEqual([]);
    expect(plain(output.title!)).toBe('Douarnenez, la maison de pêcheur');
    expect(output.keywords).toEqual(FAITHFUL.keywords);
    expect(output.summary!.split('\n\n')).toHaveLength(2);
    expect(output.summary).toContain('Je suis née en 1941 à Quimper.');
    expect(output.summary).toContain('Pont-l’Abbé');

    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.model).toBe('ecrivain-test');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toEqual([
      'title',
      'keywords',
      'summary',
    ]);
    expect(body.response_format.json_schema.schema.additionalProperties).toBe(false);
    const [system, request] = body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain("n'ajoutez aucun nom, aucun lieu, aucune date");
    expect(system.content).toContain('élégant et formel');
    expect(system.content).toContain('troisième personne');
    expect(system.content).toContain('« Jeanne »');
    expect(system.content).toContain('1941, à Quimper');
    expect(system.content).not.toMatch(/\{\{\w+\}\}/);
    expect(request.content).toContain(
      'Générer un résumé avec style & ton "elegant-formel" et perspective troisieme. Commentaire supplémentaire : Insistez sur la mer',
    );
    expect(request.content).toContain("Personne : euh ben c'était une petite maison de pêcheur");
    expect(request.content).toContain('Biographe : Bonjour Jeanne !');
  });

  it('asks only for the fields wanted', async () => {
    fake.script.chat(reply({ title: 'Douarnenez' }));
    const output = await writer().write(input({ doKeywords: false, doSummary: false }));
    expect(output).toEqual({ title: 'Douarnenez', warnings: [] });
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.response_format.json_schema.schema.required).toEqual(['title']);
    expect(
      await writer().write(input({ doTitle: false, doKeywords: false, doSummary: false })),
    ).toEqual({ warnings: [] });
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('reads JSON out of a chatty or fenced answer', async () => {
    fake.script.chat({
      content: `<think>je réfléchis</think>Voici :\n\`\`\`json\n${JSON.stringify(FAITHFUL)}\n\`\`\``,
    });
    const output = await writer().write(input());
    expect(output.keywords).toEqual(FAITHFUL.keywords);
  });

  it('falls back to JSON in the prompt when the server refuses structured output', async () => {
    fake.script.chat({ status: 400 }, reply(FAITHFUL));
    const w = writer();
    const output = await w.write(input());
    expect(output.summary).toBeTruthy();
    const [first, second] = fake.requestsTo('chat');
    expect(first!.json.response_format).toBeDefined();
    expect(second!.json.response_format).toBeUndefined();
  });

  it('regenerates once an unfaithful text, naming what was invented', async () => {
    const invented = {
      ...FAITHFUL,
      summary: `${FAITHFUL.summary} Ensuite, elle partit vivre à Rennes avec Pierre en 1970.`,
    };
    fake.script.chat(reply(invented), reply(FAITHFUL));
    const output = await writer().write(input());
    expect(output.warnings).toEqual([]);
    expect(output.summary).not.toContain('Rennes');
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(2);
    const correction = requests[1]!.json.messages.at(-1);
    expect(correction.role).toBe('user');
    expect(correction.content).toContain('Rennes, Pierre, 1970');
  });

  it('returns a text still unfaithful after one regeneration, with a warning', async () => {
    const invented = {
      ...FAITHFUL,
      title: 'Les années à Rennes',
      summary: `${FAITHFUL.summary} Elle avait 17 frères.`,
    };
    fake.script.chat(reply(invented), reply(invented), reply(FAITHFUL));
    const output = await writer().write(input());
    expect(output.warnings).toEqual(['unfaithful:Rennes,17']);
    expect(output.summary).toContain('17 frères');
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  // Issue 30 #7: the same written-form rules guard what a model server sends back.
  it('asks once to mend the written form, and keeps the mended text', async () => {
    const careless = {
      ...FAITHFUL,
      summary:
        "je suis née en 1941 à Quimper. C'était une petite maison de pêcheur à Douarnenez, où vivait ma grand-mère Louise\n\nÀ l'école des filles, Mademoiselle Le Gall était sévère mais juste. En 1962, au bal de Pont-l'Abbé, j'ai rencontré Jean.",
    };
    fake.script.chat(reply(careless), reply(FAITHFUL));
    const output = await writer().write(input());
    expect(plain(output.summary!)).toBe(plain(FAITHFUL.summary));
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(2);
    const correction = requests[1]!.json.messages.at(-1).content as string;
    expect(correction).toContain("La forme écrite n'est pas soignée");
    expect(correction).toContain('no capital: « je suis née en 1941');
    expect(correction).toContain('no end mark');
  });

  it('in the third person, names a « je » left outside quotations; a mending no better is dropped', async () => {
    const third = {
      title: 'Douarnenez',
      keywords: ['Douarnenez'],
      summary:
        'Elle est née en 1941 à Quimper. Sa grand-mère Louise vivait à Douarnenez, et je me souviens de la maison. Elle dit : « Je revois encore la mer. »',
    };
    fake.script.chat(reply(third), reply(third));
    const output = await writer().write(
      input({
        options: {
          perspective: 'troisieme',
          style: null,
          comment: null,
          usePreviousSummary: false,
        },
      }),
    );
    const requests = fake.requestsTo('chat');
    expect(requests).toHaveLength(2);
    const correction = requests[1]!.json.messages.at(-1).content as string;
    expect(correction).toMatch(/first person: «[^»]*et je me souviens/);
    expect(correction).not.toContain('Je revois');
    expect(output.summary).toContain('je me souviens');
  });

  it('counts the previous text, the profile and the name as sources', async () => {
    fake.script.chat(
      reply({ summary: 'Marcel Duval, ajusteur puis contremaître, se souvient de Gisèle.' }),
    );
    const output = await writer().write({
      ...chapterInput(WORK),
      doTitle: false,
      doKeywords: false,
      previousSummary: 'Ma femme Gisèle travaillait aussi chez Manufrance.',
    });
    expect(output.warnings).toEqual([]);
    const request = fake.requestsTo('chat')[0]!.json.messages[1].content;
    expect(request).toContain('gardez-le tel quel, mot pour mot');
    expect(request).toContain('Ma femme Gisèle travaillait aussi chez Manufrance.');
  });

  // Issue 29 #9: a new style or point of view applies to the kept text, not only to what is added.
  it('asks for the kept text to be written again in a new style or point of view', async () => {
    fake.script.chat(reply({ summary: 'Marcel Duval se souvient de Gisèle.' }));
    await writer().write({
      ...chapterInput(WORK),
      doTitle: false,
      doKeywords: false,
      previousSummary: 'Ma femme Gisèle travaillait aussi chez Manufrance.',
      options: {
        style: 'elegant-formel',
        perspective: null,
        comment: null,
        usePreviousSummary: true,
      },
    });
    const request = fake.requestsTo('chat')[0]!.json.messages[1].content;
    expect(request).not.toContain('mot pour mot');
    expect(request).toContain('réécrivez-le entièrement dans le style et le point de vue demandés');
    expect(request).toContain('Ma femme Gisèle travaillait aussi chez Manufrance.');
  });

  it('tells the model the answers are raw speech to write up as prose, in both languages', async () => {
    // A first-person text asked in the third person: one mending is asked (written-form.ts).
    fake.script.chat(reply(FAITHFUL), reply(FAITHFUL));
    await writer().write(input({ options: { perspective: 'troisieme' } }));
    const [system, request] = fake.requestsTo('chat')[0]!.json.messages;
    expect(system.content).toContain(
      'parole brute, transcrite par la reconnaissance vocale du navigateur',
    );
    expect(system.content).toContain('« mille neuf cent soixante-quatre » → « 1964 »');
    expect(system.content).toContain("Corriger l'écriture n'est pas inventer");
    expect(system.content).toContain('jamais un mot générique comme « Souvenirs »');
    expect(system.content).toContain('« ils se sont mariés »');
    expect(request.content).toContain('les réponses sont de la parole brute');

    fake.script.reset();
    fake.script.chat(
      reply({ title: 'Leeds', keywords: ['Leeds'], summary: 'She grew up in Leeds.' }),
    );
    await writer().write(chapterInput(ENGLISH, { perspective: 'troisieme' }));
    const [systemEn, requestEn] = fake.requestsTo('chat')[0]!.json.messages;
    expect(systemEn.content).toContain(
      "raw speech, transcribed by the browser's speech recognition",
    );
    expect(systemEn.content).toContain('Years as digits');
    expect(systemEn.content).toContain('never a generic word like “Memories”');
    expect(systemEn.content).toContain(
      'no first-person word (I, me, my, we, our) outside a quotation',
    );
    expect(requestEn.content).toContain('the answers are raw speech');
  });

  it('flags a name nobody said in a text written from a lower-case speech transcript', async () => {
    const invented = {
      title: 'Besançon, la mine',
      keywords: ['mine', 'Besançon'],
      summary: 'Son père était mineur à Besançon. Ils habitaient rue de la Paix.',
    };
    fake.script.chat(reply(invented), reply(invented));
    const output = await writer().write(
      input({
        personName: null,
        transcript: SPEECH,
        options: { perspective: 'troisieme' },
      }),
    );
    expect(output.warnings).toEqual(['unfaithful:Besançon']);
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  it('accepts a lower-case spoken name that the model capitalises', async () => {
    fake.script.chat(
      reply({
        title: 'Saint-Étienne, rue de la Paix',
        keywords: ['Saint-Étienne', 'Manufrance', 'Lucien'],
        summary:
          'Son père était mineur à Saint-Étienne. Ils habitaient rue de la Paix, et son copain Lucien travaillait chez Manufrance.',
      }),
    );
    const output = await writer().write(
      input({ personName: null, transcript: SPEECH, options: { perspective: 'troisieme' } }),
    );
    expect(output.warnings).toEqual([]);
    expect(output.summary).toContain('Saint-Étienne');
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it('writes English prompts for an English speaker', async () => {
    const leeds = reply({
      title: 'Leeds',
      keywords: ['Leeds', 'shop', 'Tom'],
      summary: 'I grew up above the corner shop in Leeds.',
    });
    // A first-person text asked in the third person: one mending is asked; no better, it is dropped.
    fake.script.chat(leeds, leeds);
    const output = await writer().write(
      chapterInput(ENGLISH, { perspective: 'troisieme', style: 'chaleureux-amical' }),
    );
    expect(output.summary).toBe('I grew up above the corner shop in Leeds.');
    const [system, request] = fake.requestsTo('chat')[0]!.json.messages;
    expect(system.content).toContain('You are the writer of Chapitres');
    expect(system.content).toContain('warm and friendly');
    expect(system.content).toContain('third person');
    expect(request.content).toContain(
      'Write a summary with style & tone "chaleureux-amical" and perspective third person',
    );
  });

  it('retries a 500, then succeeds', async () => {
    fake.script.chat({ status: 500 }, reply(FAITHFUL));
    const output = await writer().write(input());
    expect(output.title).toBeTruthy();
    expect(fake.requestsTo('chat')).toHaveLength(2);
  });

  it('gives up after maxRetries with WriterUnavailableError', async () => {
    fake.script.chat({ status: 500 }, { status: 502 }, { status: 503 }, reply(FAITHFUL));
    await expect(writer({ maxRetries: 2 }).write(input())).rejects.toBeInstanceOf(
      WriterUnavailableError,
    );
    expect(fake.requestsTo('chat')).toHaveLength(3);
  });

  it('times out a server that does not answer', async () => {
    fake.script.chat({ hang: true });
    const started = Date.now();
    await expect(writer({ timeoutMs: 300 }).write(input())).rejects.toBeInstanceOf(
      WriterUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('treats garbage as unavailable', async () => {
    const cases = [
      { content: '' },
      { content: 'Voici un joli texte sans aucun JSON.' },
      { content: '{"title": "x"' },
      reply({ title: 'Un titre', keywords: ['a'], summary: '' }),
      reply({ title: 'Un titre', summary: 'Un texte.' }),
      reply({ title: 42, keywords: ['a'], summary: 'Un texte.' }),
      reply({ title: 'Un titre', keywords: ['a'], summary: '?!?! ... 1234 ### 5678 %%%' }),
      { json: { id: 'x', object: 'chat.completion', choices: [] } },
      { raw: '<html>Bad gateway</html>', contentType: 'text/html' },
    ];
    for (const scripted of cases) {
      fake.script.reset();
      fake.script.chat(scripted);
      await expect(
        writer({ maxRetries: 0 }).write(input()),
        JSON.stringify(scripted),
      ).rejects.toBeInstanceOf(WriterUnavailableError);
    }
  });

  it('lets the caller abort without blaming the model server', async () => {
    fake.script.chat({ hang: true });
    const controller = new AbortController();
    const pending = writer().write(input(), controller.signal);
    setTimeout(() => controller.abort(new Error('client left')), 50);
    await expect(pending).rejects.toThrow('client left');
  });

  it('is chosen by createWriter when a base URL is set, and works without a key', async () => {
    fake.script.chat(reply(FAITHFUL));
    const chosen = createWriter({ openaiBaseUrl: fake.url, openaiModel: 'llama3' });
    expect(chosen.kind).toBe('openai');
    await chosen.write(input());
    expect(fake.requestsTo('chat')[0]!.json.model).toBe('llama3');
  });
});

describe('prompt and instructions', () => {
  it('loads the templates and fills every placeholder in both languages', () => {
    const templates = loadWriterTemplates();
    for (const language of ['fr', 'en'] as const) {
      for (const messages of [
        buildWriterMessages(
          input({ language, personName: null, previousSummary: 'Texte.' }),
          templates,
        ),
        buildWriterMessages(input({ language, doSummary: false }), templates),
      ])
        for (const message of messages) expect(message.content).not.toMatch(/\{\{\w+\}\}/);
    }
  });

  it('keeps a long transcript bounded', () => {
    const long = 'x'.repeat(5000);
    const transcript = Array.from({ length: 40 }, (_, i) => ({
      type: i % 2 ? ('user' as const) : ('assistant' as const),
      content: long,
    }));
    const [, request] = buildWriterMessages(input({ transcript }), loadWriterTemplates());
    expect(request!.content.length).toBeLessThan(70_000);
  });

  it("writes and reads the spec's instruction text", () => {
    const options = {
      style: 'direct-percutant' as const,
      perspective: 'premiere' as const,
      comment: 'Plus court',
      usePreviousSummary: false,
    };
    const text = formatSummaryInstructions(options);
    expect(text).toBe(
      'Générer un résumé avec style & ton "direct-percutant" et perspective premiere. Commentaire supplémentaire : Plus court',
    );
    expect(parseSummaryInstructions(text, false)).toEqual(options);
    expect(
      formatSummaryInstructions({
        style: null,
        perspective: null,
        comment: null,
        usePreviousSummary: true,
      }),
    ).toBe('Générer un résumé');
    expect(parseSummaryInstructions(undefined)).toEqual({
      style: null,
      perspective: null,
      comment: null,
      usePreviousSummary: true,
    });
    expect(
      parseSummaryInstructions('Générer un résumé avec perspective troisième').perspective,
    ).toBe('troisieme');
    // A text that is not the app's format is the person's comment, whole.
    expect(parseSummaryInstructions('Plus court, perspective troisieme')).toMatchObject({
      perspective: null,
      comment: 'Plus court, perspective troisieme',
    });
    expect(summaryCommentOf('Générer un résumé avec style & ton "elegant-formel"')).toBe('');
    expect(
      summaryCommentOf(`Générer un résumé. Commentaire supplémentaire : ${'a'.repeat(600)}`),
    ).toHaveLength(600);
  });

  it('parses JSON only when there is an object', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonObject('Réponse : {"a": 1} voilà')).toEqual({ a: 1 });
    expect(parseJsonObject('[1, 2]')).toBeNull();
    expect(parseJsonObject('rien')).toBeNull();
  });
});
