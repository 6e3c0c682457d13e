// The OpenAI-compatible transcriber against a local HTTP server speaking the `/audio/transcriptions`
// protocol (multipart: file, model, language, response_format).
import { describe, expect, test } from 'vitest';
import { OpenAITranscriber } from '../../../src/providers/transcriber/openai.ts';
import {
  createTranscriber,
  transcriberSettings,
} from '../../../src/providers/transcriber/index.ts';
import { TranscriberUnavailableError } from '../../../src/providers/transcriber/types.ts';
import { loadConfig } from '../../../src/config.ts';
import { useFakeOpenAI } from '../../support/fake-openai.ts';
import { ogg } from '../../support/audio.ts';

const fake = useFakeOpenAI();

function transcriber(options: Partial<ConstructorParameters<typeof OpenAITranscriber>[0]> = {}) {
  return new OpenAITranscriber({
    baseUrl: fake.url,
    apiKey: 'sk-test',
    model: 'whisper-1',
    timeoutMs: 2_000,
    retryBaseMs: 10,
    ...options,
  });
}

const input = { bytes: ogg(2000), mimeType: 'audio/ogg', language: 'fr' as const };

describe('OpenAITranscriber', () => {
  test('posts the recording as multipart with the model and language, and returns the trimmed text', async () => {
    fake.script.transcriptions({ content: '  Je suis née à Quimper.  ' });
    expect(await transcriber().transcribe(input)).toBe('Je suis née à Quimper.');
    const [request] = fake.requestsTo('transcriptions');
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v1/audio/transcriptions');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.form).toMatchObject({
      model: 'whisper-1',
      language: 'fr',
      response_format: 'json',
    });
    expect(request!.files).toEqual([
      { field: 'file', filename: 'answer.ogg', type: 'audio/ogg', size: input.bytes.length },
    ]);
  });

  test('sends no Authorization header to a local server without a key', async () => {
    fake.script.transcriptions({ content: 'Bonjour.' });
    await transcriber({ apiKey: null }).transcribe({ ...input, mimeType: 'audio/mp4' });
    const [request] = fake.requestsTo('transcriptions');
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.files![0]!.filename).toBe('answer.m4a');
  });

  test('an empty text (silence) is an empty string, not a failure', async () => {
    fake.script.transcriptions({ content: '' });
    expect(await transcriber().transcribe(input)).toBe('');
  });

  test('retries once after a 5xx or a 429, then succeeds', async () => {
    fake.script.transcriptions({ status: 503 }, { content: 'Enfin.' });
    expect(await transcriber().transcribe(input)).toBe('Enfin.');
    expect(fake.requestsTo('transcriptions')).toHaveLength(2);
    fake.script.reset();
    fake.script.transcriptions(
      { status: 429, headers: { 'retry-after-ms': '5' } },
      { content: 'Oui.' },
    );
    expect(await transcriber().transcribe(input)).toBe('Oui.');
  });

  test('gives up after one retry, and does not retry a 4xx', async () => {
    fake.script.transcriptions({ status: 500 }, { status: 500 }, { content: 'trop tard' });
    await expect(transcriber().transcribe(input)).rejects.toBeInstanceOf(
      TranscriberUnavailableError,
    );
    expect(fake.requestsTo('transcriptions')).toHaveLength(2);
    fake.script.reset();
    fake.script.transcriptions({ status: 400 });
    await expect(transcriber().transcribe(input)).rejects.toThrow(/400/);
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
  });

  test('a server that hangs times out (and is retried once); garbage is a failure', async () => {
    fake.script.transcriptions({ hang: true }, { hang: true });
    const started = Date.now();
    await expect(transcriber({ timeoutMs: 200 }).transcribe(input)).rejects.toBeInstanceOf(
      TranscriberUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    fake.script.reset();
    fake.script.transcriptions({ raw: '{"no_text": true}' });
    await expect(transcriber().transcribe(input)).rejects.toBeInstanceOf(
      TranscriberUnavailableError,
    );
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
  });
});

describe('choosing the transcriber', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/chapitres-transcriber-test', ...env });

  test('none without any server; TRANSCRIBE_* first, else the OPENAI_* server', () => {
    expect(createTranscriber(config({}))).toBeNull();
    expect(
      transcriberSettings(
        config({
          TRANSCRIBE_BASE_URL: 'http://127.0.0.1:8000/v1',
          TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
          OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
        }),
      ),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: null,
      model: 'Systran/faster-whisper-small',
    });
    expect(transcriberSettings(config({ OPENAI_API_KEY: 'sk-x' }))).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'whisper-1',
    });
    expect(transcriberSettings(config({ TRANSCRIBE_API_KEY: 'sk-t' }))?.baseUrl).toBe(
      'https://api.openai.com/v1',
    );
  });
});
