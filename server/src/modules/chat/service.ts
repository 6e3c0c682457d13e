// The chat of a chapter: history, a turn with the interviewer (user message stored first, idempotent,
// serialised per chapter), the opening of a new chapter, and the spoken version of the latest reply.
import { AppError } from '../../errors.ts';
import { isUuid } from '../../input.ts';
import type { AssistantReply, ChatMessage, MessageRecording } from '../../contract/chat.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_MESSAGE_LENGTH } from '../../contract/chat.ts';
import {
  InterviewerUnavailableError,
  type FamilyQuestion,
  type InterviewContext,
  type Interviewer,
  type InterviewerReply,
  type TranscriptMessage,
} from '../../providers/interviewer/types.ts';
import {
  EmptySpeechTextError,
  VoiceUnavailableError,
  type VoiceProvider,
} from '../../providers/voice/types.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import { getBank } from '../../providers/interviewer/bank.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { ConversationsRepository } from '../conversations/repository.ts';
import { userLanguage, type OnboardingService } from '../onboarding/service.ts';
import type { ChatRepository, MessageRow } from './repository.ts';
import { KeyedMutex, SingleFlight } from './locks.ts';

/** Where a person's files live: deleting the folder deletes them all. */
export function userFolder(userId: string): string {
  return `users/${userId}/`;
}

export function chapterFolder(userId: string, conversationId: string): string {
  return `users/${userId}/conversations/${conversationId}/`;
}

function audioFolder(userId: string, conversationId: string): string {
  return `${chapterFolder(userId, conversationId)}audio/`;
}

/**
 * Run before a chapter's answer is stored when it has none yet (the conversations module counts the
 * free chapter then); throws to refuse the answer.
 */
export type FirstAnswerCheck = (user: UserRow, conversationId: string) => Promise<void>;

/** The recordings of these messages (the recordings module), by message id. */
export type RecordingSource = (messageIds: string[]) => Promise<Map<string, MessageRecording>>;

/**
 * The questions of her family circle (the circle-contributions module, issue 31): the one to offer when a
 * chapter opens, marked asked once the chapter exists, and answered at her next message in it.
 */
export interface FamilyQuestionSource {
  waiting(userId: string): Promise<FamilyQuestion | null>;
  asked(userId: string, questionId: string, conversationId: string): Promise<void>;
  answered(userId: string, conversationId: string): Promise<void>;
}

const FAMILY_QUESTION_PREFIX = 'family:';

export class ChatService {
  private readonly turns = new KeyedMutex();
  private readonly syntheses = new SingleFlight<Buffer>();
  private recordingSource: RecordingSource | null = null;
  private firstAnswerCheck: FirstAnswerCheck = async () => {};
  private familyQuestions: FamilyQuestionSource | null = null;

  constructor(
    private readonly repository: ChatRepository,
    private readonly conversations: ConversationsRepository,
    private readonly onboarding: OnboardingService,
    private readonly interviewer: Interviewer,
    private readonly voice: VoiceProvider,
    private readonly storage: StorageProvider,
  ) {}

  /** Set by the conversations module: the free chapter is counted at the first answer. */
  setFirstAnswerCheck(check: FirstAnswerCheck): void {
    this.firstAnswerCheck = check;
  }

  /** Set by the recordings module: the history then carries each kept recording. */
  setRecordingSource(source: RecordingSource): void {
    this.recordingSource = source;
  }

  /** Set by the circle-contributions module: a new chapter may open on a question from her family. */
  setFamilyQuestions(source: FamilyQuestionSource): void {
    this.familyQuestions = source;
  }

  /**
   * The greeting and first question of a new chapter (nothing is stored here). When it asks a family
   * question, its question id is `family:{id}` whichever interviewer said it (see `opened`).
   *
   * `questionId` is a bank question asked for by the weekly question's link (issue 31): the chapter opens
   * on it, its id and theme stored with the opening whichever interviewer said it. A family question
   * waiting comes first all the same; an unknown id, or one she was already asked, is ignored.
   */
  async opening(user: UserRow, questionId?: string): Promise<InterviewerReply> {
    const familyQuestion = (await this.familyQuestions?.waiting(user.id)) ?? null;
    const base = await this.context(user, null, null);
    const bankQuestion =
      !familyQuestion && questionId
        ? (getBank(base.language).find(
            (q) => q.id === questionId && !base.askedQuestionIds.includes(q.id),
          ) ?? null)
        : null;
    const context: InterviewContext = {
      ...base,
      familyQuestion,
      openingQuestionId: bankQuestion?.id ?? null,
    };
    const reply = await this.ask(() => this.interviewer.opening(context));
    if (familyQuestion)
      return { ...reply, questionId: `${FAMILY_QUESTION_PREFIX}${familyQuestion.id}`, theme: null };
    if (bankQuestion) return { ...reply, questionId: bankQuestion.id, theme: bankQuestion.theme };
    return reply;
  }

  /** Once the chapter of an opening exists: the family question it asked is marked asked in it. */
  async opened(user: UserRow, conversationId: string, opening: InterviewerReply): Promise<void> {
    const id = opening.questionId?.startsWith(FAMILY_QUESTION_PREFIX)
      ? opening.questionId.slice(FAMILY_QUESTION_PREFIX.length)
      : null;
    if (id && this.familyQuestions) await this.familyQuestions.asked(user.id, id, conversationId);
  }

  async history(
    user: UserRow,
    conversationId: string,
    skip: number,
    limit: number,
  ): Promise<{ data: ChatMessage[]; count: number }> {
    await this.assertOwned(user, conversationId);
    const { rows, count } = await this.repository.page(conversationId, skip, limit);
    const userIds = rows.filter((row) => row.type === 'user').map((row) => row.id);
    const recordings =
      this.recordingSource && userIds.length > 0 ? await this.recordingSource(userIds) : null;
    return {
      data: rows.map((row) => {
        const recording = recordings?.get(row.id);
        return {
          id: row.id,
          type: row.type,
          content: row.content,
          created_at: row.createdAt.toISOString(),
          ...(recording ? { recording } : {}),
        };
      }),
      count,
    };
  }

  async send(
    user: UserRow,
    conversationId: string,
    rawContent: string,
    idempotencyKey: string | undefined,
  ): Promise<AssistantReply> {
    const chapter = isUuid(conversationId)
      ? await this.conversations.owned(user.id, conversationId)
      : null;
    if (!chapter) throw new AppError('not_found');
    const content = rawContent.trim();
    if (content.length === 0 || content.length > MAX_MESSAGE_LENGTH)
      throw new AppError('validation_error', {}, { loc: ['body', 'content'] });
    const key = idempotencyKey?.trim() || null;
    if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
      throw new AppError('validation_error', {}, { loc: ['header', 'idempotency-key'] });

    // One turn at a time per chapter: a second message waits for the first reply instead of interleaving.
    return this.turns.run(conversationId, async () => {
      let message: MessageRow | null = null;
      // A key already used is looked up before anything else only for a chapter's first answer, which
      // may count the chapter. Later, the insert finds it (its conflict) in one round trip less.
      if (key !== null && !chapter.freeCounted) {
        message = await this.repository.findByIdempotencyKey(user.id, key);
        if (message) {
          const done = await this.answered(message, conversationId);
          if (done) return done;
        }
      }
      if (!message) {
        // Counted once, at the first answer; refused when no free chapter is left. A chapter counted
        // already (every answer after its first) needs no check: counting is never undone.
        if (!chapter.freeCounted) await this.firstAnswerCheck(user, conversationId);
        const inserted = await this.repository.insertUserMessage(
          conversationId,
          user.id,
          content,
          key,
        );
        // The key was used already (a retry, or another process storing the same message meanwhile).
        message = inserted ?? (await this.repository.findByIdempotencyKey(user.id, key!));
        if (!message) throw new AppError('internal_error');
        // A message stored just now has no reply yet; one stored before may.
        if (!inserted) {
          const done = await this.answered(message, conversationId);
          if (done) return done;
        }
      }
      // The user's message is stored: whatever happens to the interviewer now, nothing said is lost.
      const turn = await this.repository.turn(conversationId, user.id);
      // Her answer in a chapter that asked a family question: the one who asked is told (once).
      if (turn.transcript.some((m) => m.questionId?.startsWith(FAMILY_QUESTION_PREFIX)))
        await this.familyQuestions?.answered(user.id, conversationId);
      const context = await this.context(user, conversationId, turn);
      const reply = await this.ask(() => this.interviewer.reply(context));
      // Stored with the chapter's updatedAt set (insertReply).
      const stored =
        (await this.repository.insertReply(conversationId, user.id, reply, message.id)) ??
        (await this.repository.findReply(message.id));
      return {
        id: stored!.id,
        type: 'assistant' as const,
        content: stored!.content,
        user_message_id: message.id,
      };
    });
  }

  /** WAV of the chapter's latest assistant message: synthesised once, kept until a newer one exists. */
  async latestAudio(user: UserRow, conversationId: string): Promise<Buffer> {
    await this.assertOwned(user, conversationId);
    const message = await this.repository.latestAssistant(conversationId);
    if (!message) throw new AppError('not_found');
    const folder = audioFolder(user.id, conversationId);
    const key = `${folder}${message.id}.wav`;
    return this.syntheses.run(key, async () => {
      const cached = await this.storage.get(key);
      if (cached) return cached.bytes;
      let wav: Buffer;
      try {
        ({ wav } = await this.voice.synthesize(message.content, userLanguage(user)));
      } catch (error) {
        if (error instanceof VoiceUnavailableError) throw new AppError('voice_unavailable');
        // Nothing speakable in the message: there is no audio for it.
        if (error instanceof EmptySpeechTextError) throw new AppError('not_found');
        throw error;
      }
      // The older replies' audio is never asked for again (only the latest is served).
      await this.storage.deletePrefix(folder);
      await this.storage.put(key, wav, 'audio/wav');
      return wav;
    });
  }

  async deleteChapterFiles(userId: string, conversationId: string): Promise<void> {
    await this.storage.deletePrefix(chapterFolder(userId, conversationId));
  }

  async deleteFilesOf(userId: string): Promise<void> {
    await this.storage.deletePrefix(userFolder(userId));
  }

  private async answered(
    message: MessageRow,
    conversationId: string,
  ): Promise<AssistantReply | null> {
    // A key is the client's promise that it is the same message: it cannot move to another chapter.
    if (message.conversationId !== conversationId || message.type !== 'user')
      throw new AppError('validation_error', {}, { loc: ['header', 'idempotency-key'] });
    const reply = await this.repository.findReply(message.id);
    return reply
      ? { id: reply.id, type: 'assistant', content: reply.content, user_message_id: message.id }
      : null;
  }

  private async assertOwned(user: UserRow, conversationId: string): Promise<void> {
    if (!isUuid(conversationId) || !(await this.conversations.exists(user.id, conversationId)))
      throw new AppError('not_found');
  }

  private async ask(call: () => Promise<InterviewerReply>): Promise<InterviewerReply> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof InterviewerUnavailableError) throw new AppError('ai_unavailable');
      throw error;
    }
  }

  private async context(
    user: UserRow,
    conversationId: string | null,
    /** The chapter's transcript and the questions asked already, read together at an answer. */
    turn: { transcript: TranscriptMessage[]; askedQuestionIds: string[] } | null,
  ): Promise<InterviewContext> {
    const [profile, earlierChapters, askedQuestionIds] = await Promise.all([
      this.onboarding.profile(user),
      this.conversations.earlierChapters(user.id, conversationId),
      turn ? turn.askedQuestionIds : this.repository.askedQuestionIds(user.id),
    ]);
    return {
      language: userLanguage(user),
      personName: user.fullName.trim() || null,
      profile,
      earlierChapters,
      askedQuestionIds,
      messages: turn?.transcript ?? [],
    };
  }
}
