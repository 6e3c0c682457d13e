// The OpenAI-compatible voice against a local HTTP server speaking the `/audio/speech` protocol.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  OpenAIVoiceProvider,
  type OpenAIVoiceOptions,
} from '../../../src/providers/voice/openai.ts';
import { EmptySpeechTextError, VoiceUnavailableError } from '../../../src/providers/voice/types.ts';
import { encodeWav } from '../../../src/providers/voice/wav.ts';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

type Reply = (response: ServerResponse) => void;

const seen: SeenRequest[] = [];
let replies: Reply[] = [];
let server: Server;
let baseUrl: string;

/** 24 kHz mono 16-bit, as OpenAI sends, with a 440 Hz tone so the audio is not silence. */
function toneWav(ms: number): Buffer {
  const count = Math.round((24000 * ms) / 1000);
  const data = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i += 1)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24000)), i * 2);
  return encodeWav({ channels: 1, sampleRate: 24000, bitsPerSample: 16 }, data);
}

const wavReply =
  (wav: Buffer): Reply =>
  (response) => {
    response.writeHead(200, { 'content-type': 'audio/wav' });
    response.end(wav);
  };

const errorReply =
  (status: number, headers: Record<string, string> = {}): Reply =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ error: { message: `status ${status}`, type: 'server_error' } }));
  };

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function provider(options: Partial<OpenAIVoiceOptions> = {}) {
  return new OpenAIVoiceProvider({ apiKey: 'sk-test', baseUrl, timeoutMs: 5_000, ...options });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readJson(request);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    });
    const reply = replies.shift();
    if (reply) reply(response);
    // No scripted reply: never answer, like a stuck model server (the client must time out).
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  replies = [];
});

describe('OpenAIVoiceProvider', () => {
  test('posts the cleaned text to /audio/speech asking for WAV, and returns that WAV with its duration', async () => {
    replies = [wavReply(toneWav(1500))];
    const result = await provider({ model: 'gpt-4o-mini-tts', voice: 'sage' }).synthesize(
      '**Bonjour** Marie 😊 !',
      'fr',
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/audio/speech',
      authorization: 'Bearer sk-test',
    });
    expect(seen[0]!.body).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'sage',
      input: 'Bonjour Marie !',
      response_format: 'wav',
    });
    expect(seen[0]!.body.instructions).toMatch(/lentement/u);
    expect(result.durationMs).toBe(1500);
    expect(result.wav.equals(toneWav(1500))).toBe(true);
  });

  test('speaks English instructions for English users, and a slower speed for tts-1 models', async () => {
    replies = [wavReply(toneWav(200)), wavReply(toneWav(200))];
    await provider().synthesize('Hello Margaret.', 'en');
    await provider({ model: 'tts-1' }).synthesize('Bonjour.', 'fr');
    expect(seen[0]!.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'coral' });
    expect(seen[0]!.body.instructions).toMatch(/slowly/u);
    expect(seen[1]!.body).toMatchObject({ model: 'tts-1', speed: 0.9 });
    expect(seen[1]!.body).not.toHaveProperty('instructions');
  });

  test('rewrites a streamed WAV header (unknown sizes) into exact sizes', async () => {
    const streamed = toneWav(500);
    streamed.writeUInt32LE(0xffffffff, 4);
    streamed.writeUInt32LE(0xffffffff, 40);
    replies = [wavReply(streamed)];
    const { wav, durationMs } = await provider().synthesize('Bonjour.', 'fr');
    expect(durationMs).toBe(500);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });

  test('retries once after a 5xx and succeeds', async () => {
    replies = [errorReply(503), wavReply(toneWav(300))];
    const result = await provider().synthesize('Bonjour.', 'fr');
    expect(seen).toHaveLength(2);
    expect(result.durationMs).toBe(300);
  });

  test('retries once after a 429, then gives up with VoiceUnavailableError', async () => {
    replies = [
      errorReply(429, { 'retry-after-ms': '10' }),
      errorReply(429, { 'retry-after-ms': '10' }),
      wavReply(toneWav(300)),
    ];
    const attempt = provider().synthesize('Bonjour.', 'fr');
    await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
    await expect(attempt).rejects.toThrow(/429/u);
    expect(seen).toHaveLength(2);
  });

  test('does not retry a 400 and reports it as VoiceUnavailableError', async () => {
    replies = [errorReply(400), wavReply(toneWav(300))];
    await expect(provider().synthesize('Bonjour.', 'fr')).rejects.toBeInstanceOf(
      VoiceUnavailableError,
    );
    expect(seen).toHaveLength(1);
  });

  test.each([
    ['an HTML page', 'text/html', Buffer.from('<html><body>Bad gateway</body></html>')],
    ['MP3 bytes', 'audio/mpeg', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 1)])],
    ['an empty body', 'audio/wav', Buffer.alloc(0)],
    ['a WAV header with no audio', 'audio/wav', toneWav(100).subarray(0, 44)],
  ])(
    'answers VoiceUnavailableError when the server sends %s',
    async (_label, contentType, body) => {
      replies = [
        (response) => {
          response.writeHead(200, { 'content-type': contentType });
          response.end(body);
        },
      ];
      const attempt = provider().synthesize('Bonjour.', 'fr');
      await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
      await expect(attempt).rejects.toThrow(/did not answer with a WAV/u);
    },
  );

  test('a server that never answers times out (one retry) into VoiceUnavailableError', async () => {
    const started = performance.now();
    const attempt = provider({ timeoutMs: 300 }).synthesize('Bonjour.', 'fr');
    await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
    expect(seen).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
  });

  test('an unreachable server is VoiceUnavailableError', async () => {
    const attempt = provider({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 1_000 }).synthesize(
      'Bonjour.',
      'fr',
    );
    await expect(attempt).rejects.toBeInstanceOf(VoiceUnavailableError);
  });

  test('a caller abort is passed through, not turned into an outage', async () => {
    const controller = new AbortController();
    const attempt = provider().synthesize('Bonjour.', 'fr', controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('rejects empty text before calling the server', async () => {
    await expect(provider().synthesize(' 😊 ', 'fr')).rejects.toBeInstanceOf(EmptySpeechTextError);
    expect(seen).toHaveLength(0);
  });

  test('sends text over 4000 characters in several requests and joins the audio', async () => {
    const long =
      'Nous partions à la rivière tous les dimanches après la messe, avec mon frère. '.repeat(80);
    replies = [wavReply(toneWav(1000)), wavReply(toneWav(1000)), wavReply(toneWav(1000))];
    const { wav, durationMs } = await provider().synthesize(long, 'fr');
    expect(seen).toHaveLength(2);
    for (const request of seen)
      expect((request.body.input as string).length).toBeLessThanOrEqual(4000);
    expect(durationMs).toBe(2000);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });
});
