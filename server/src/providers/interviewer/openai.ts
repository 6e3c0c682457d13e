// The interviewer backed by any OpenAI-compatible chat API (OpenAI, Mistral, Ollama, vLLM, llama.cpp…).
//
// One call has one time budget (`timeoutMs`) that retries share: the person is waiting in front of the
// screen, so a slow server is given up on rather than tried again for another full timeout.
import type { InterviewContext, Interviewer, InterviewerReply } from './types.ts';
import { InterviewerUnavailableError } from './types.ts';
import type { ChatMessage, PromptTemplates } from './prompt.ts';
import { buildChatMessages, loadPromptTemplates } from './prompt.ts';
import { EmbeddedInterviewer } from './embedded.ts';
import { findUnsupported } from '../writer/faithfulness.ts';
import { PRODUCT_NAMES } from '../understanding/index.ts';
import {
  DEFAULT_CHAT_MODEL,
  chatServer,
  type ChatServerSettings,
  type ModelServer,
} from '../model-server.ts';

/** The server's settings; `timeoutMs` is the budget of one opening or reply (default 30 s). */
export type OpenAIInterviewerOptions = ChatServerSettings;

const DEFAULT_TIMEOUT_MS = 30_000;
/** A biographer's turn is a sentence or two; this leaves room for reasoning models' hidden preamble too. */
const MAX_COMPLETION_TOKENS = 400;
const MAX_REPLY_CHARS = 1_500;

export class OpenAIInterviewer implements Interviewer {
  readonly kind = 'openai' as const;
  private readonly templates: PromptTemplates;
  private readonly model: string;
  private readonly temperature: number;
  private readonly server: ModelServer;
  /** Asks when the model keeps inventing (see `faithful`). */
  private readonly fallback = new EmbeddedInterviewer();

  constructor(options: OpenAIInterviewerOptions = {}) {
    this.templates = loadPromptTemplates();
    this.model = options.model || DEFAULT_CHAT_MODEL;
    this.temperature = options.temperature ?? 0.7;
    this.server = chatServer(options, DEFAULT_TIMEOUT_MS, InterviewerUnavailableError);
  }

  opening(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    // The opening instruction is the first user turn; a new chapter has no transcript after it.
    const messages = buildChatMessages({ ...ctx, messages: [] }, this.templates);
    return this.faithful(ctx, messages, signal, () => this.fallback.opening(ctx, signal));
  }

  reply(ctx: InterviewContext, signal?: AbortSignal): Promise<InterviewerReply> {
    const messages = buildChatMessages(ctx, this.templates);
    return this.faithful(ctx, messages, signal, () => this.fallback.reply(ctx, signal));
  }

  /**
   * Issue 30 #7: what the model asks is checked as the writer's text is — no name, place or year that
   * she, her profile, her chapters or the family did not say. An inventing question is asked again once,
   * naming what was invented; if the second still invents, the built-in biographer asks instead (it only
   * uses what was said).
   */
  private async faithful(
    ctx: InterviewContext,
    messages: ChatMessage[],
    signal: AbortSignal | undefined,
    fallback: () => Promise<InterviewerReply>,
  ): Promise<InterviewerReply> {
    const first = await this.complete(messages, signal);
    const invented = inventedIn(first.content, ctx, messages);
    if (invented.length === 0) return first;
    const correction =
      ctx.language === 'en'
        ? `These were never said: ${invented.join(', ')}. Ask your question again without them, inventing nothing.`
        : `Ceci n'a jamais été dit : ${invented.join(', ')}. Posez de nouveau votre question sans cela, sans rien inventer.`;
    const second = await this.complete(
      [
        ...messages,
        { role: 'assistant', content: first.content },
        { role: 'user', content: correction },
      ],
      signal,
    );
    if (inventedIn(second.content, ctx, messages).length === 0) return second;
    return fallback();
  }

  private async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<InterviewerReply> {
    const client = await this.server.client();
    return this.server.run(
      async ({ signal: attemptSignal, remainingMs }) => {
        const completion = await client.chat.completions.create(
          {
            model: this.model,
            messages,
            temperature: this.temperature,
            max_tokens: MAX_COMPLETION_TOKENS,
          },
          { signal: attemptSignal, timeout: Math.max(1, remainingMs), maxRetries: 0 },
        );
        return { content: readReply(completion), questionId: null, theme: null };
      },
      { signal },
    );
  }
}

/**
 * Names, places and years in a question that nothing she gave says: her answers, her profile, her name,
 * her earlier chapters, and what the prompt handed over (the family's question, a bank question).
 */
function inventedIn(question: string, ctx: InterviewContext, messages: ChatMessage[]): string[] {
  const sources = [
    ...messages.filter((m) => m.role === 'user').map((m) => m.content),
    ...ctx.messages.map((m) => m.content),
    ...ctx.profile.map((p) => p.answer),
    ctx.personName ?? '',
    ...ctx.earlierChapters.flatMap((c) => [c.title ?? '', c.summary ?? '', ...c.keywords]),
    ...(ctx.familyQuestion
      ? [
          ctx.familyQuestion.text,
          ctx.familyQuestion.askerName ?? '',
          ctx.familyQuestion.relation ?? '',
        ]
      : []),
  ];
  return findUnsupported(question, sources, ctx.language === 'en' ? 'en' : 'fr', PRODUCT_NAMES);
}

/** The reply text, or InterviewerUnavailableError when the server answered something that is not one. */
export function readReply(completion: unknown): string {
  const choice = (completion as { choices?: { message?: { content?: unknown } }[] } | null)
    ?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string')
    throw new InterviewerUnavailableError('The model server returned no text');
  const text = content
    // Reasoning models (DeepSeek, Qwen…) served raw put their thinking before the answer.
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/^[\s\S]*<\/think>/i, '')
    .replace(/^\s*(?:\*\*)?(?:biographe|biographer|assistant|interviewer)(?:\*\*)?\s*:\s*/i, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/^["“«]\s*([\s\S]*?)\s*["”»]$/u, '$1');
  if (!text) throw new InterviewerUnavailableError('The model server returned an empty reply');
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || letters / text.length < 0.4)
    throw new InterviewerUnavailableError('The model server returned garbage');
  if (text.length <= MAX_REPLY_CHARS) return text;
  // A runaway model: keep whole sentences up to the limit.
  const cut = text.slice(0, MAX_REPLY_CHARS);
  const end = Math.max(cut.lastIndexOf('?'), cut.lastIndexOf('.'), cut.lastIndexOf('!'));
  return end > MAX_REPLY_CHARS / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}
