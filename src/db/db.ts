// The device's durable store (Dexie/IndexedDB): what is kept where, and how the schema evolved.
//
//   chapters   copies of the person's chapters as the API sent them, so they can be read offline
//   drafts     text being composed (chat answer, summary edit…), saved while typing
//   outbox     changes made on this device that the server has not acknowledged yet
//   conflicts  a change the server refused because the chapter changed meanwhile: both versions,
//              kept until the person chooses
//   circles / circleChapters  a member's copies of the family circles they belong to and of the
//              chapters released to them (issue 31), kept until the next sync says they are gone
//   meta       small device facts (last sync, schema notes…)
//   recordings the sound of spoken answers not yet on the server (issue 20), keyed by the answer's
//              Idempotency-Key: the answer being composed, waiting in the outbox, or being uploaded
//
// Server data otherwise lives in the TanStack Query cache; jotai holds only UI/device state.
// Everything here belongs to the signed-in account and is wiped by clearLocalData() on logout.
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { CircleChapter, CircleChapterSummary, Membership } from '@contract/circle';

export const DATABASE_NAME = 'chapitres';

export interface StoredImage {
  id: string;
  url: string;
  /** The 400 px rendition (absent from copies stored before the server sent it). */
  thumbnail_url?: string;
  /** The 1200 px display rendition (absent from copies stored before the server sent it). */
  display_url?: string;
  legend: string | null;
  position: number;
  /** Who made it (absent from copies stored before the server sent it: then a photo). */
  origin?: 'photo' | 'illustration';
}

/** A chapter (API "conversation") as last received, in the wire's field names. */
export interface StoredChapter {
  id: string;
  title: string | null;
  keywords: string[];
  /** The chapter's text; lists omit it, so `has_full_text` says whether this copy has it. */
  summary: string | null;
  has_full_text: boolean;
  author: string | null;
  images: StoredImage[];
  created_at: string | null;
  updated_at: string;
  /** When this device stored the copy (ms since epoch), to drop the oldest when space runs out. */
  stored_at: number;
}

export type DraftKind =
  | 'chat'
  | 'summary'
  | 'title'
  | 'author'
  | 'legend'
  | 'onboarding'
  | 'invite'
  // A member's question to her (`circle-question:<storytellerId>`) and word under a chapter
  // (`circle-word:<storytellerId>/<chapterId>`), issue 31.
  | 'circle-question'
  | 'circle-word';
/** `${kind}:${entityId}`, e.g. `chat:<conversationId>` or `summary:<conversationId>`. */
export type DraftKey = `${DraftKind}:${string}`;

export interface Draft {
  key: DraftKey;
  value: string;
  updated_at: number;
}

export type OutboxStatus = 'pending' | 'conflict' | 'failed';

export interface OutboxOp<Payload = unknown> {
  /** Also the Idempotency-Key: a resend of the same op is answered once by the server. */
  opId: string;
  entity: string;
  entityId: string;
  field: string;
  payload: Payload;
  /** The server's `updated_at` the edit was made against (null when the entity has none, e.g. chat). */
  baseUpdatedAt: string | null;
  createdAt: number;
  /** How many times the op was handed to the network; > 0 means the server may already have it. */
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
}

export interface Conflict<Payload = unknown> {
  /** The outbox op that met the conflict (kept in the outbox with status 'conflict'). */
  opId: string;
  entity: string;
  entityId: string;
  field: string;
  localPayload: Payload;
  /** What the server holds now, as far as the sender could tell (usually the whole entity). */
  serverVersion: unknown;
  baseUpdatedAt: string | null;
  serverUpdatedAt: string | null;
  createdAt: number;
}

/** The sound of one spoken answer, kept until the server has it (src/features/interview/recording). */
export interface StoredRecording {
  /** The answer's Idempotency-Key (src/features/interview/answer-keys.ts). */
  answerKey: string;
  conversationId: string;
  /** The sound itself: bytes rather than a Blob, which some Safari versions cannot keep in IndexedDB. */
  bytes: ArrayBuffer;
  mimeType: string;
  size: number;
  durationMs: number | null;
  /** The person's message once the answer reached the server: where the sound is uploaded. */
  messageId: string | null;
  createdAt: number;
}

/** A family circle one belongs to, as GET /circles last listed it (issue 31). */
export interface StoredCircle {
  storytellerId: string;
  /** Null while only the circle's chapters were stored (its page opened before the list came). */
  membership: Membership | null;
  /** When this device last stored the circle's whole chapter list (null: never). */
  chapters_listed_at: number | null;
  stored_at: number;
}

/** A chapter released to a member, as the circle's list and the opened chapter last came. */
export interface StoredCircleChapter {
  storytellerId: string;
  chapterId: string;
  /** Its entry in the circle's list (null when it was opened before the list was stored). */
  listed: CircleChapterSummary | null;
  /** The whole chapter (text, pictures, words) once opened on this device. */
  chapter: CircleChapter | null;
  stored_at: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class ChapitresDb extends Dexie {
  chapters!: EntityTable<StoredChapter, 'id'>;
  drafts!: EntityTable<Draft, 'key'>;
  outbox!: EntityTable<OutboxOp, 'opId'>;
  conflicts!: EntityTable<Conflict, 'opId'>;
  meta!: EntityTable<MetaRow, 'key'>;
  recordings!: EntityTable<StoredRecording, 'answerKey'>;
  circles!: EntityTable<StoredCircle, 'storytellerId'>;
  circleChapters!: Table<StoredCircleChapter, [string, string]>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    // Version 1 is the scaffold's key/value table; it may exist on developers' devices.
    this.version(1).stores({ kv: 'key' });
    this.version(2)
      .stores({
        kv: null,
        chapters: 'id, updated_at, stored_at',
        drafts: 'key, updated_at',
        outbox: 'opId, createdAt, status, [entity+entityId], [entity+entityId+field]',
        conflicts: 'opId, createdAt, [entity+entityId]',
        meta: 'key',
      })
      .upgrade(async (tx) => {
        const rows = (await tx.table('kv').toArray()) as MetaRow[];
        if (rows.length > 0) await tx.table('meta').bulkPut(rows);
      });
    // Issue 20: the sound of spoken answers waiting to be sent.
    this.version(3).stores({ recordings: 'answerKey, conversationId, createdAt' });
    // Issue 31: a member's copies of the family circles and their released chapters.
    this.version(4).stores({
      circles: 'storytellerId',
      circleChapters: '[storytellerId+chapterId], storytellerId',
    });
  }
}

export const db = new ChapitresDb();
