// The fake OpenAI server itself, driven by the real SDK: every endpoint, streaming, scripting and recording.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { DEFAULT_CHAT_CONTENT, makeWav, startFakeOpenAI } from '../../support/fake-openai.ts';
import type { FakeOpenAI } from '../../support/fake-openai.ts';

let fake: FakeOpenAI;
let client: OpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  client = new OpenAI({ apiKey: 'sk-fake', baseURL: fake.url, maxRetries: 0, timeout: 5000 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.script.reset());

describe('fake OpenAI server', () => {
  it('listens on 127.0.0.1 with a random port', () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers chat completions in JSON, scripted or by default, and records the request', async () => {
    fake.script.chat({ content: 'Première réponse' });
    const first = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Bonjour' }],
    });
    const second = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Encore' }],
    });
    expect(first.choices[0]!.message.content).toBe('Première réponse');
    expect(second.choices[0]!.message.content).toBe(DEFAULT_CHAT_CONTENT);
    expect(fake.requestsTo('chat').map((r) => r.json.messages[0].content)).toEqual([
      'Bonjour',
      'Encore',
    ]);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-fake');
  });

  it('streams chat completions as server-sent events when asked', async () => {
    fake.script.chat({ chunks: ['Bon', 'jour ', 'Jeanne'] });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Salut' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let finish: string | null = null;
    let usage = false;
    for await (const chunk of stream) {
      if (chunk.usage) usage = true;
      const choice = chunk.choices[0];
      if (choice?.delta.content) deltas.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    expect(deltas).toEqual(['Bon', 'jour ', 'Jeanne']);
    expect(finish).toBe('stop');
    expect(usage).toBe(true);
  });

  it('returns a valid WAV for speech', async () => {
    const response = await client.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Bonjour',
      response_format: 'wav',
    });
    const wav = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    expect(fake.requestsTo('speech')[0]!.json.input).toBe('Bonjour');
    expect(makeWav(0.5, 16000).length).toBe(44 + 16000);
  });

  it('returns a decodable PNG as b64_json for images', async () => {
    const result = await client.images.generate({
      model: 'gpt-image-1',
      prompt: 'un phare breton',
      n: 2,
    });
    expect(result.data).toHaveLength(2);
    const png = Buffer.from(result.data![0]!.b64_json!, 'base64');
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.width).toBeGreaterThan(0);
    expect(fake.requestsTo('images')[0]!.json.prompt).toBe('un phare breton');
  });

  it('transcribes a multipart upload and records its fields and file', async () => {
    fake.script.transcriptions({ content: 'Je suis née à Quimper.' });
    const file = await toFile(makeWav(), 'answer.wav', { type: 'audio/wav' });
    const result = await client.audio.transcriptions.create({
      model: 'whisper-1',
      file,
      language: 'fr',
    });
    expect(result.text).toBe('Je suis née à Quimper.');
    const [request] = fake.requestsTo('transcriptions');
    expect(request!.form).toMatchObject({ model: 'whisper-1', language: 'fr' });
    expect(request!.files).toEqual([
      { field: 'file', filename: 'answer.wav', type: 'audio/wav', size: makeWav().length },
    ]);
  });

  it('plays scripted statuses, delays and garbage, in order', async () => {
    fake.script.chat(
      { status: 429 },
      { delayMs: 150, content: 'lent' },
      { raw: 'pas du JSON', contentType: 'application/json' },
    );
    await expect(
      client.chat.completions.create({ model: 'm', messages: [] }),
    ).rejects.toMatchObject({ status: 429 });
    const started = Date.now();
    const slow = await client.chat.completions.create({ model: 'm', messages: [] });
    expect(slow.choices[0]!.message.content).toBe('lent');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect(client.chat.completions.create({ model: 'm', messages: [] })).rejects.toThrow();
    expect(fake.script.pending('chat')).toBe(0);
  });

  it('can drop the connection, and answers 404 to unknown routes', async () => {
    fake.script.speech({ drop: true });
    await expect(
      client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x' }),
    ).rejects.toThrow();
    const response = await fetch(`${fake.url}/nothing-here`, { method: 'POST' });
    expect(response.status).toBe(404);
    const models = await client.models.list();
    expect(models.data[0]!.id).toBe('fake-model');
  });
});
