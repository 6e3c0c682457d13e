// A local HTTP server speaking the OpenAI protocol (chat, speech, images, transcriptions), scriptable per test.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type FakeEndpoint = 'chat' | 'speech' | 'images' | 'transcriptions';

/** One scripted answer. Anything left out gets the endpoint's normal, valid answer. */
export interface FakeResponse {
  /** HTTP status (default 200); >= 400 answers an OpenAI-shaped error body unless `json`/`raw` is given. */
  status?: number;
  /** wait before sending the headers */
  delayMs?: number;
  /** send the headers at once, then wait this long before the body (a server that stalls mid-answer) */
  stallBodyMs?: number;
  headers?: Record<string, string>;
  /** replaces the whole JSON body */
  json?: unknown;
  /** raw body bytes, sent as they are (garbage, truncated JSON, HTML error pages) */
  raw?: string | Uint8Array;
  contentType?: string;
  /** chat: the assistant's text; transcriptions: the transcribed text */
  content?: string;
  /** chat with `stream: true`: the deltas to send (default: `content` split into words) */
  chunks?: string[];
  /** never answer (the socket stays open until the client gives up or the server closes) */
  hang?: boolean;
  /** destroy the connection without answering */
  drop?: boolean;
}

export interface FakeRequest {
  endpoint: FakeEndpoint | 'models' | 'unknown';
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** the parsed JSON body, when the body was JSON */
  json?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- request bodies are free-form by nature
  /** multipart text fields (transcriptions) */
  form?: Record<string, string>;
  /** multipart files (transcriptions) */
  files?: { field: string; filename: string; type: string; size: number }[];
  raw: Buffer;
  /** Date.now() when the request arrived */
  at: number;
}

export interface FakeScript {
  chat(...responses: FakeResponse[]): void;
  speech(...responses: FakeResponse[]): void;
  images(...responses: FakeResponse[]): void;
  transcriptions(...responses: FakeResponse[]): void;
  /** what is still queued for an endpoint */
  pending(endpoint: FakeEndpoint): number;
  /** drop every queued response and every recorded request */
  reset(): void;
}

export interface FakeOpenAI {
  /** base URL to give the SDK, ending in /v1 */
  url: string;
  requests: FakeRequest[];
  /** the recorded requests of one endpoint */
  requestsTo(endpoint: FakeEndpoint): FakeRequest[];
  script: FakeScript;
  close(): Promise<void>;
}

export const DEFAULT_CHAT_CONTENT = 'Bonjour, ceci est une réponse simulée.';
export const DEFAULT_TRANSCRIPTION = 'Transcription simulée.';

/** A 4x4 opaque PNG (checked by sharp in the fake server's own test). */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4UWEDRwzEcQBykhfBtvHR2gAAAABJRU5ErkJggg==';

/** 0.25 s of a 440 Hz tone, 16-bit mono PCM at 24 kHz: small, valid, and audibly not silence. */
export function makeWav(durationS = 0.25, sampleRate = 24000): Buffer {
  const samples = Math.round(durationS * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM format
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const ROUTES = new Map<string, FakeEndpoint>([
  ['/v1/chat/completions', 'chat'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/transcriptions', 'transcriptions'],
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queues: Record<FakeEndpoint, FakeResponse[]> = {
    chat: [],
    speech: [],
    images: [],
    transcriptions: [],
  };
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'fake_server_error' } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0]!;
    const endpoint: FakeRequest['endpoint'] =
      ROUTES.get(path) ?? (path === '/v1/models' && req.method === 'GET' ? 'models' : 'unknown');
    const recorded: FakeRequest = {
      endpoint,
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      raw,
      at: Date.now(),
    };
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.includes('application/json') && raw.length > 0) {
      try {
        recorded.json = JSON.parse(raw.toString('utf8'));
      } catch {
        recorded.json = undefined;
      }
    } else if (contentType.includes('multipart/form-data')) {
      // undici's Request parses multipart bodies, so the fake needs no parser of its own.
      const form = await new Request('http://fake.local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      recorded.form = {};
      recorded.files = [];
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') recorded.form[field] = value;
        else
          recorded.files.push({ field, filename: value.name, type: value.type, size: value.size });
      }
    }
    requests.push(recorded);

    if (endpoint === 'models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }],
      });
      return;
    }
    if (endpoint === 'unknown' || req.method !== 'POST') {
      sendJson(res, 404, {
        error: {
          message: `No fake route for ${req.method} ${path}`,
          type: 'invalid_request_error',
        },
      });
      return;
    }

    const scripted = queues[endpoint].shift() ?? {};
    if (scripted.drop) {
      req.socket.destroy();
      return;
    }
    if (scripted.hang) return;
    if (scripted.delayMs) await sleep(scripted.delayMs);

    const status = scripted.status ?? 200;
    const extraHeaders = scripted.headers ?? {};
    if (scripted.raw !== undefined) {
      await sendBody(
        res,
        status,
        scripted.contentType ?? 'application/json',
        scripted.raw,
        extraHeaders,
        scripted.stallBodyMs,
      );
      return;
    }
    if (scripted.json !== undefined) {
      await sendBody(
        res,
        status,
        'application/json',
        JSON.stringify(scripted.json),
        extraHeaders,
        scripted.stallBodyMs,
      );
      return;
    }
    if (status >= 400) {
      const body = {
        error: {
          message: `Scripted error ${status}`,
          type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
          code: null,
        },
      };
      await sendBody(
        res,
        status,
        'application/json',
        JSON.stringify(body),
        extraHeaders,
        scripted.stallBodyMs,
      );
      return;
    }

    counter += 1;
    switch (endpoint) {
      case 'chat':
        await answerChat(res, recorded.json, scripted, extraHeaders, counter);
        return;
      case 'speech':
        await sendBody(res, 200, 'audio/wav', makeWav(), extraHeaders, scripted.stallBodyMs);
        return;
      case 'images': {
        const n = Math.max(1, Math.min(4, Number(recorded.json?.n ?? 1) || 1));
        const body = {
          created: Math.floor(Date.now() / 1000),
          data: Array.from({ length: n }, () => ({ b64_json: TINY_PNG_BASE64 })),
        };
        await sendBody(
          res,
          200,
          'application/json',
          JSON.stringify(body),
          extraHeaders,
          scripted.stallBodyMs,
        );
        return;
      }
      case 'transcriptions': {
        const text = scripted.content ?? DEFAULT_TRANSCRIPTION;
        const format = recorded.form?.response_format ?? 'json';
        if (format === 'text') {
          await sendBody(
            res,
            200,
            'text/plain; charset=utf-8',
            text,
            extraHeaders,
            scripted.stallBodyMs,
          );
        } else {
          const body =
            format === 'verbose_json'
              ? {
                  task: 'transcribe',
                  language: recorded.form?.language ?? 'french',
                  duration: 1,
                  text,
                  segments: [],
                }
              : { text };
          await sendBody(
            res,
            200,
            'application/json',
            JSON.stringify(body),
            extraHeaders,
            scripted.stallBodyMs,
          );
        }
        return;
      }
    }
  }

  async function answerChat(
    res: ServerResponse,
    body: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- the client's request as sent
    scripted: FakeResponse,
    headers: Record<string, string>,
    n: number,
  ): Promise<void> {
    const content = scripted.content ?? DEFAULT_CHAT_CONTENT;
    const id = `chatcmpl-fake-${n}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body?.model === 'string' ? body.model : 'fake-model';
    if (body?.stream === true) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        ...headers,
      });
      if (scripted.stallBodyMs) await sleep(scripted.stallBodyMs);
      const deltas = scripted.chunks ?? content.match(/\S+\s*/g) ?? [];
      const event = (choice: object) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, ...choice }] })}\n\n`;
      res.write(event({ delta: { role: 'assistant', content: '' }, finish_reason: null }));
      for (const delta of deltas)
        res.write(event({ delta: { content: delta }, finish_reason: null }));
      res.write(event({ delta: {}, finish_reason: 'stop' }));
      if (body?.stream_options?.include_usage) {
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usage(body, content) })}\n\n`,
        );
      }
      res.end('data: [DONE]\n\n');
      return;
    }
    const completion = {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: usage(body, content),
    };
    await sendBody(
      res,
      200,
      'application/json',
      JSON.stringify(completion),
      headers,
      scripted.stallBodyMs,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const script: FakeScript = {
    chat: (...r) => void queues.chat.push(...r),
    speech: (...r) => void queues.speech.push(...r),
    images: (...r) => void queues.images.push(...r),
    transcriptions: (...r) => void queues.transcriptions.push(...r),
    pending: (endpoint) => queues[endpoint].length,
    reset: () => {
      for (const queue of Object.values(queues)) queue.length = 0;
      requests.length = 0;
    },
  };

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
    script,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function usage(body: { messages?: { content?: unknown }[] } | undefined, content: string) {
  const promptChars = JSON.stringify(body?.messages ?? []).length;
  const prompt_tokens = Math.ceil(promptChars / 4);
  const completion_tokens = Math.ceil(content.length / 4);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function sendBody(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  stallBodyMs?: number,
): Promise<void> {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  if (stallBodyMs) {
    res.flushHeaders();
    await sleep(stallBodyMs);
  }
  res.end(body);
}

/**
 * One fake server for a test file: started before its tests, its script reset before each, closed after
 * them. The object reads the running server, so it can be declared at the top of the file.
 */
export function useFakeOpenAI(): FakeOpenAI {
  let server: FakeOpenAI | undefined;
  const live = (): FakeOpenAI => {
    if (!server) throw new Error('the fake OpenAI server starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startFakeOpenAI();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => live().script.reset());
  return {
    get url() {
      return live().url;
    },
    get requests() {
      return live().requests;
    },
    requestsTo: (endpoint) => live().requestsTo(endpoint),
    get script() {
      return live().script;
    },
    close: () => live().close(),
  };
}
