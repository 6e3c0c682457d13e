// The writer backed by any OpenAI-compatible chat API: structured output, retries within one time budget, a faithfulness check after.
//
// The model is told never to add a name, place, year or number; what it writes is then checked against the
// transcript and the profile. An unfaithful text is regenerated once, naming what was wrong; if the second
// one still adds something, it is returned with an `unfaithful:` warning rather than silently trusted.
import type { Language, Writer, WriterInput, WriterOutput } from './types.ts';
import { WRITER_WARNINGS, WriterUnavailableError } from './types.ts';
import type { ChatMessage, WriterPromptTemplates } from './prompt.ts';
import { buildWriterMessages, loadWriterTemplates } from './prompt.ts';
import { findUnsupported } from './faithfulness.ts';
import { writtenFormFaults } from './written-form.ts';
import { typeset } from './text.ts';
import { MAX_KEYWORDS } from './keywords.ts';
import {
  BOOK_SCHEMA,
  buildBookMessages,
  readBook,
  type BookSuggestionInput,
  type BookSuggestionOutput,
} from './book.ts';
import {
  DEFAULT_CHAT_MODEL,
  chatServer,
  type ChatServerSettings,
  type ModelServer,
} from '../model-server.ts';

/** The server's settings; `timeoutMs` is the budget of one model call (default 90 s: a chapter is long to write). */
export type OpenAIWriterOptions = ChatServerSettings;

const DEFAULT_TIMEOUT_MS = 90_000;
/** Room for a long chapter (about 2 500 words) and a reasoning model's hidden preamble. */
const MAX_COMPLETION_TOKENS = 6_000;
const MAX_TITLE_CHARS = 120;

interface Written {
  title?: string;
  keywords?: string[];
  summary?: string;
}

export class OpenAIWriter implements Writer {
  readonly kind = 'openai' as const;
  private readonly templates: WriterPromptTemplates;
  private readonly model: string;
  private readonly temperature: number;
  /** set once a server refused `response_format: json_schema` (older local servers): JSON is then asked in the prompt only */
  private structuredOutput = true;
  private readonly server: ModelServer;

  constructor(options: OpenAIWriterOptions = {}) {
    this.templates = loadWriterTemplates();
    this.model = options.model || DEFAULT_CHAT_MODEL;
    this.temperature = options.temperature ?? 0.4;
    this.server = chatServer(options, DEFAULT_TIMEOUT_MS, WriterUnavailableError);
  }

  async write(input: WriterInput, signal?: AbortSignal): Promise<WriterOutput> {
    signal?.throwIfAborted();
    if (!input.doTitle && !input.doKeywords && !input.doSummary) return { warnings: [] };
    const language: Language = input.language === 'en' ? 'en' : 'fr';
    const messages = buildWriterMessages(input, this.templates);
    const sources = [
      ...input.transcript.map((m) => m.content),
      ...input.profile.map((p) => p.answer ?? ''),
      input.personName ?? '',
      // Text the person typed into the chapter is theirs too, names included.
      ...(input.previousSummary ? [input.previousSummary] : []),
    ];
    let written = await this.complete(messages, input, signal);
    let unsupported = unsupportedIn(written, sources, language);
    if (unsupported.length > 0) {
      const correction =
        language === 'fr'
          ? `Ces éléments n'apparaissent ni dans l'entretien ni dans le profil : ${unsupported.join(', ')}. Réécrivez sans eux, sans rien inventer, et répondez par le même objet JSON.`
          : `These do not appear in the interview or the profile: ${unsupported.join(', ')}. Rewrite without them, inventing nothing, and answer with the same JSON object.`;
      written = await this.complete(
        [
          ...messages,
          { role: 'assistant', content: JSON.stringify(written) },
          { role: 'user', content: correction },
        ],
        input,
        signal,
      );
      unsupported = unsupportedIn(written, sources, language);
    }
    // The written form is checked as the built-in writer's is (written-form.ts); one mending, only
    // when the text is faithful (a mended form is not worth new inventions).
    const faults = written.summary
      ? writtenFormFaults(written.summary, language, input.options.perspective)
      : [];
    if (faults.length > 0 && unsupported.length === 0) {
      const correction =
        language === 'fr'
          ? `La forme écrite n'est pas soignée : ${faults.join(' ; ')}. Corrigez seulement cela, sans rien changer d'autre ni rien ajouter, et répondez par le même objet JSON.`
          : `The written form is not right: ${faults.join('; ')}. Mend only that, changing and adding nothing else, and answer with the same JSON object.`;
      const mended = await this.complete(
        [
          ...messages,
          { role: 'assistant', content: JSON.stringify(written) },
          { role: 'user', content: correction },
        ],
        input,
        signal,
      );
      // Kept only when it is still faithful and reads better.
      if (
        unsupportedIn(mended, sources, language).length === 0 &&
        writtenFormFaults(mended.summary ?? '', language, input.options.perspective).length <
          faults.length
      )
        written = mended;
    }
    const warnings = unsupported.length
      ? [`${WRITER_WARNINGS.unfaithful}${unsupported.join(',')}`]
      : [];
    return { ...written, warnings };
  }

  private complete(
    messages: ChatMessage[],
    input: WriterInput,
    signal?: AbortSignal,
  ): Promise<Written> {
    return this.request(messages, chapterSchema(input), (c) => readWritten(c, input), signal);
  }

  /** A title, subtitle, back-cover text and dedication for a book, from its chapters (the person's words). */
  async suggestBook(
    input: BookSuggestionInput,
    signal?: AbortSignal,
  ): Promise<BookSuggestionOutput> {
    const language: Language = input.language === 'en' ? 'en' : 'fr';
    const messages = buildBookMessages(input);
    const suggested = await this.request(
      messages,
      BOOK_SCHEMA,
      (completion) => readBook(parseJsonObject(contentOf(completion))),
      signal,
    );
    return {
      title: typeset(suggested.title, language),
      subtitle: typeset(suggested.subtitle, language),
      summary: typeset(suggested.summary, language),
      dedication: typeset(suggested.dedication, language),
    };
  }

  private async request<T>(
    messages: ChatMessage[],
    jsonSchema: object,
    read: (completion: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    const client = await this.server.client();
    let structured = this.structuredOutput;
    return this.server.run(
      async ({ signal: attemptSignal, remainingMs }) => {
        structured = this.structuredOutput;
        const completion = await client.chat.completions.create(
          {
            model: this.model,
            messages,
            temperature: this.temperature,
            max_tokens: MAX_COMPLETION_TOKENS,
            ...(structured
              ? {
                  response_format: {
                    type: 'json_schema' as const,
                    json_schema: jsonSchema as { name: string },
                  },
                }
              : {}),
          },
          { signal: attemptSignal, timeout: Math.max(1, remainingMs), maxRetries: 0 },
        );
        return read(completion);
      },
      {
        signal,
        // A server that does not know structured output refuses the request: ask again at once with
        // the JSON in the prompt only.
        retryAtOnce: (error) => {
          if (!structured || (error as { status?: unknown })?.status !== 400) return false;
          this.structuredOutput = false;
          return true;
        },
      },
    );
  }
}

/** The JSON schema of the answer: only the asked fields, all required (OpenAI's strict mode wants them so). */
export function chapterSchema(input: Pick<WriterInput, 'doTitle' | 'doKeywords' | 'doSummary'>) {
  const properties: Record<string, unknown> = {};
  if (input.doTitle) properties.title = { type: 'string' };
  if (input.doKeywords) properties.keywords = { type: 'array', items: { type: 'string' } };
  if (input.doSummary) properties.summary = { type: 'string' };
  return {
    name: 'chapter',
    strict: true,
    schema: {
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    },
  };
}

/** The asked fields from a completion, or WriterUnavailableError when the server answered something else. */
/** The text of a completion's first choice, or WriterUnavailableError. */
function contentOf(completion: unknown): string {
  const content = (completion as { choices?: { message?: { content?: unknown } }[] } | null)
    ?.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    throw new WriterUnavailableError('The model server returned no text');
  return content;
}

export function readWritten(
  completion: unknown,
  input: Pick<WriterInput, 'doTitle' | 'doKeywords' | 'doSummary' | 'language'>,
): Written {
  const content = contentOf(completion);
  const data = parseJsonObject(content);
  if (!data) throw new WriterUnavailableError('The model server returned no JSON object');
  const language: Language = input.language === 'en' ? 'en' : 'fr';
  const written: Written = {};
  if (input.doTitle) {
    const title = typeof data.title === 'string' ? cleanTitle(data.title) : '';
    if (!isText(title)) throw new WriterUnavailableError('The model server returned no title');
    written.title = typeset(title, language);
  }
  if (input.doKeywords) {
    const raw = Array.isArray(data.keywords)
      ? data.keywords
      : typeof data.keywords === 'string'
        ? data.keywords.split(/[,;\n]/)
        : null;
    if (!raw) throw new WriterUnavailableError('The model server returned no keywords');
    const keywords: string[] = [];
    for (const item of raw) {
      if (typeof item !== 'string') continue;
      const keyword = item.replace(/^[\s#*"«“-]+|[\s"»”.]+$/g, '').trim();
      if (
        keyword &&
        keyword.length <= 60 &&
        !keywords.some((k) => k.toLowerCase() === keyword.toLowerCase())
      )
        keywords.push(keyword);
    }
    if (keywords.length === 0)
      throw new WriterUnavailableError('The model server returned no keywords');
    written.keywords = keywords.slice(0, MAX_KEYWORDS);
  }
  if (input.doSummary) {
    const summary = typeof data.summary === 'string' ? data.summary : '';
    const paragraphs = summary
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
      .filter(Boolean);
    const text = paragraphs.map((p) => typeset(p, language)).join('\n\n');
    if (!isText(text)) throw new WriterUnavailableError('The model server returned garbage');
    written.summary = text;
  }
  return written;
}

/** A JSON object from the answer: the whole text, a fenced block, or the outermost braces of a chatty reply. */
export function parseJsonObject(content: string): Record<string, unknown> | null {
  const text = content
    // Reasoning models (DeepSeek, Qwen…) served raw put their thinking before the answer.
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/^[\s\S]*<\/think>/i, '')
    .trim();
  const candidates = [text];
  const fenced = text.match(/```(?:json)?\s*([\s\S]*?)```/i);
  if (fenced) candidates.push(fenced[1]!);
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate.trim());
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // next candidate
    }
  }
  return null;
}

function unsupportedIn(written: Written, sources: string[], language: Language): string[] {
  const text = [
    written.title ?? '',
    ...(written.keywords ?? []).map((k) => `${k}.`),
    written.summary ?? '',
  ].join('\n');
  return findUnsupported(text, sources, language);
}

function cleanTitle(title: string): string {
  const clean = title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:titre|title)\s*:\s*/i, '')
    .replace(/^["“«*#\s]+|["”»*\s]+$/g, '')
    .replace(/\.$/, '');
  return clean.length <= MAX_TITLE_CHARS
    ? clean
    : `${clean.slice(0, MAX_TITLE_CHARS - 1).trimEnd()}…`;
}

function isText(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && letters / text.length >= 0.4;
}
