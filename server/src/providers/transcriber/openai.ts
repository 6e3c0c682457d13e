// The remote transcriber: any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI, speaches /
// faster-whisper-server, LocalAI, vLLM…), posted as multipart (`file`, `model`, `language`,
// `response_format=json`) with plain fetch. Each attempt has its own time limit; one retry follows a
// dropped connection, a timeout, 408/409/429 or a 5xx, after Retry-After or a short backoff.
import { ModelServer } from '../model-server.ts';
import { TranscriberUnavailableError, type Transcriber, type TranscriptionInput } from './types.ts';

export interface OpenAITranscriberOptions {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** Per attempt (default 60 s: ten minutes of speech take a while to transcribe). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 1). */
  maxRetries?: number;
  /** Base of the backoff between attempts (default 500 ms). */
  retryBaseMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Headers,
  ) {
    super(message);
  }
}

export class OpenAITranscriber implements Transcriber {
  readonly kind = 'openai';
  private readonly endpoint: string;
  private readonly server: ModelServer;

  constructor(private readonly options: OpenAITranscriberOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    this.server = new ModelServer({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      server: 'transcription server',
      unavailable: TranscriberUnavailableError,
      attemptMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? 1,
      retryBaseDelayMs: options.retryBaseMs ?? 500,
      maxRetryDelayMs: 8_000,
    });
  }

  transcribe(input: TranscriptionInput, signal?: AbortSignal): Promise<string> {
    // Posted with plain fetch (multipart, and servers that answer plain text): the retries and time
    // limits are the shared client's.
    return this.server.run(({ signal: attemptSignal }) => this.attempt(input, attemptSignal), {
      signal,
    });
  }

  private async attempt(input: TranscriptionInput, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    const ext = EXTENSIONS[input.mimeType] ?? 'webm';
    form.append(
      'file',
      new Blob([new Uint8Array(input.bytes)], { type: input.mimeType }),
      `answer.${ext}`,
    );
    form.append('model', this.options.model);
    form.append('language', input.language);
    form.append('response_format', 'json');
    const response = await fetch(this.endpoint, {
      method: 'POST',
      body: form,
      headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      signal,
    });
    const body = await response.text();
    if (!response.ok)
      throw new HttpError(
        response.status,
        body.slice(0, 200) || response.statusText,
        response.headers,
      );
    let text: unknown;
    try {
      text = (JSON.parse(body) as { text?: unknown }).text;
    } catch {
      // `response_format=json` was asked; a server that answers plain text anyway is still understood.
      if (!/^\s*[{[<]/.test(body)) text = body;
    }
    if (typeof text !== 'string')
      throw new TranscriberUnavailableError('The transcription server answered without a text');
    return text.trim();
  }
}
