// The illustrator backed by an OpenAI-compatible images API (`/images/generations`): OpenAI's
// gpt-image and DALL·E models, or a local server speaking the same protocol.
//
// One picture has one time budget (`timeoutMs`) that retries share. Pictures come back as base64;
// nothing is fetched from the internet: a URL answer is only followed when it points at the same
// host as the configured server (a local server that hands out file links), else it is refused.
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import { buildImagePrompt } from './prompt.ts';
import {
  IllustratorUnavailableError,
  type Illustration,
  type IllustrationRequest,
  type Illustrator,
} from './types.ts';
import { ModelServer } from '../model-server.ts';

export interface OpenAIIllustratorOptions {
  apiKey?: string;
  baseURL?: string;
  /** OPENAI_IMAGE_MODEL, e.g. gpt-image-1 or dall-e-3 */
  model: string;
  /** the whole budget of one picture, retries included (default 120 s: image models are slow) */
  timeoutMs?: number;
  /** retries after a 408, 409, 429, 5xx or a connection failure (default 2) */
  maxRetries?: number;
  /** first backoff delay, doubled at each retry (default 1 s) */
  retryBaseDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_BASE_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 10_000;
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** What the image upload path accepts too: nothing larger is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

/** The request for one landscape picture, in the shape each model family accepts. */
export function imageRequest(model: string, prompt: string): ImageGenerateParamsNonStreaming {
  // gpt-image models always answer base64 and reject `response_format`.
  if (/^gpt-image/iu.test(model)) return { model, prompt, n: 1, size: '1536x1024' };
  if (/^dall-e-3/iu.test(model))
    return { model, prompt, n: 1, size: '1792x1024', response_format: 'b64_json' };
  if (/^dall-e-2/iu.test(model))
    return { model, prompt, n: 1, size: '1024x1024', response_format: 'b64_json' };
  return { model, prompt, n: 1, size: '1536x1024', response_format: 'b64_json' };
}

export class OpenAIIllustrator implements Illustrator {
  readonly kind = 'openai' as const;
  private readonly serverHost: string;
  private readonly server: ModelServer;

  constructor(private readonly options: OpenAIIllustratorOptions) {
    this.serverHost = new URL(options.baseURL || DEFAULT_BASE_URL).hostname;
    this.server = new ModelServer({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      server: 'image server',
      unavailable: IllustratorUnavailableError,
      budgetMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES),
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS,
      maxRetryDelayMs: MAX_RETRY_DELAY_MS,
    });
  }

  async illustrate(input: IllustrationRequest, signal?: AbortSignal): Promise<Illustration> {
    const prompt = buildImagePrompt(input);
    const client = await this.server.client();
    const bytes = await this.server.run(
      async ({ signal: attemptSignal, remainingMs }) => {
        const response = await client.images.generate(imageRequest(this.options.model, prompt), {
          signal: attemptSignal,
          timeout: Math.max(1, remainingMs),
          maxRetries: 0,
        });
        return this.readImage(response, attemptSignal);
      },
      { signal },
    );
    return { ...(await normalise(bytes)), prompt };
  }

  /** The picture's bytes from a base64 answer, or from a link on the image server itself. */
  private async readImage(response: unknown, signal: AbortSignal): Promise<Buffer> {
    const first = (response as { data?: { b64_json?: unknown; url?: unknown }[] } | null)
      ?.data?.[0];
    if (typeof first?.b64_json === 'string' && first.b64_json.length > 0)
      return Buffer.from(first.b64_json, 'base64');
    if (typeof first?.url === 'string') return this.download(first.url, signal);
    throw new IllustratorUnavailableError('The image server returned no picture');
  }

  private async download(link: string, signal: AbortSignal): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(link);
    } catch (error) {
      throw new IllustratorUnavailableError('The image server returned a malformed link', {
        cause: error,
      });
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname !== this.serverHost)
      throw new IllustratorUnavailableError(
        `The image server returned a link to another host (${url.hostname}); it is not fetched`,
      );
    const response = await fetch(url, { signal, redirect: 'error' });
    if (!response.ok)
      throw new IllustratorUnavailableError(`The image link answered HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_DOWNLOAD_BYTES)
      throw new IllustratorUnavailableError('The linked picture is too large');
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES)
      throw new IllustratorUnavailableError('The linked picture is too large');
    return bytes;
  }
}

/** Re-encoded as a plain PNG whatever the server sent (PNG, WebP, JPEG), with its real size. */
async function normalise(bytes: Buffer): Promise<Omit<Illustration, 'prompt'>> {
  try {
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    throw new IllustratorUnavailableError(
      'The image server returned something that is not a picture',
      {
        cause: error,
      },
    );
  }
}
