// The chapter list's answer, kept in memory per process (docs/decisions.md § Speed (issue 18)).
//
// An answer is kept under the person, the list's options, the person's content version and the period of
// the file URLs inside it, and served only while all four are what they are now:
// - the content version (users.content_version) is bumped by triggers in the transaction of any write that
//   changes what the list shows (migration 0008), whoever writes; the request reads it with the person
//   (the authentication's select), before the list is read, so a kept answer is never older than its
//   version: a write committed before the request always misses;
// - the period is the storage's: within it, signing a file's key gives the same URL (signing.ts, s3.ts),
//   so a kept answer's URLs are byte for byte those a new one would carry; a new period misses.
// An answer kept is the route's own serialisation (the response schema's serializer), with its gzip and
// brotli encodings made at most once, and an ETag that is a hash of its bytes: a 304 can only tell a
// browser that what it holds is exactly what it would get.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ListEncoding = 'br' | 'gzip' | 'identity';

/** Answers kept per process, and their bytes (all encodings together), whichever is reached first. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

export interface ListAnswer {
  /** The JSON as the route serialises it. */
  readonly json: Buffer;
  /** A weak validator (the same JSON whatever the encoding): a hash of `json`. */
  readonly etag: string;
  encoded(encoding: ListEncoding): Promise<Buffer>;
}

class Entry implements ListAnswer {
  readonly etag: string;
  private readonly encodings = new Map<'br' | 'gzip', Promise<Buffer>>();
  size: number;

  constructor(
    readonly version: number,
    readonly period: string,
    readonly json: Buffer,
    private readonly onGrow: (entry: Entry, bytes: number) => void,
  ) {
    this.etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    this.size = json.length;
  }

  encoded(encoding: ListEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.json);
    let made = this.encodings.get(encoding);
    if (!made) {
      made = (
        encoding === 'br'
          ? brotli(this.json, {
              params: {
                // Made once per version of a list: a middle quality is most of the gain, in a few ms.
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : gzipAsync(this.json, { level: 6 })
      ).then((bytes) => {
        this.onGrow(this, bytes.length);
        return bytes;
      });
      // A failure is not kept: the next request tries again.
      made.catch(() => this.encodings.delete(encoding));
      this.encodings.set(encoding, made);
    }
    return made;
  }
}

export class ListCache {
  /** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
  private readonly entries = new Map<string, Entry>();
  /** Answers being made, so that simultaneous requests make each one once. */
  private readonly making = new Map<string, Promise<Entry>>();
  private bytes = 0;

  constructor(
    private readonly limits: { entries: number; bytes: number } = {
      entries: MAX_ENTRIES,
      bytes: MAX_BYTES,
    },
  ) {}

  /**
   * The kept answer for `key` (person and options) at this version and period, else the one `make`
   * serialises now. `period` is asked again after making it: an answer whose URLs may come from two
   * periods is served once and not kept.
   */
  async get(
    key: string,
    version: number,
    period: () => string,
    make: () => Promise<string | Buffer | ArrayBuffer>,
  ): Promise<ListAnswer> {
    const before = period();
    const kept = this.entries.get(key);
    if (kept && kept.version === version && kept.period === before) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const making = `${key}\n${version}\n${before}`;
    let entry = this.making.get(making);
    if (!entry) {
      entry = (async () => {
        const made = await make();
        const json =
          typeof made === 'string'
            ? Buffer.from(made, 'utf8')
            : Buffer.isBuffer(made)
              ? made
              : Buffer.from(new Uint8Array(made));
        const answer = new Entry(version, before, json, this.grower(key));
        if (period() === before) this.keep(key, answer);
        return answer;
      })();
      this.making.set(making, entry);
      void entry.then(
        () => this.making.delete(making),
        () => this.making.delete(making),
      );
    }
    return entry;
  }

  /** The number of answers kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, entry: Entry): void {
    // A newer version replaces an older one (a version never goes back); an answer of an older version
    // made meanwhile by a slower request does not replace a newer one.
    const current = this.entries.get(key);
    if (current && current.version > entry.version) return;
    if (current) this.forget(key, current);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.trim();
  }

  /**
   * The kept answer's way to report its encodings' bytes. Made here, not where the answer is made: a
   * closure there would share its scope with `make`, and so keep the request and the reply that asked
   * (sockets, buffers) alive as long as the answer is kept (2,000 of them at 3,000 storytellers).
   */
  private grower(key: string): (entry: Entry, bytes: number) => void {
    return (entry, bytes) => this.grow(key, entry, bytes);
  }

  private grow(key: string, entry: Entry, bytes: number): void {
    entry.size += bytes;
    if (this.entries.get(key) !== entry) return;
    this.bytes += bytes;
    this.trim();
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  private trim(): void {
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.forget(oldestKey, oldest);
    }
  }
}

/** The encoding to answer in: brotli, else gzip, when `Accept-Encoding` allows it (q > 0). */
export function chooseEncoding(header: string | undefined): ListEncoding {
  if (!header) return 'identity';
  let gzipOk = false;
  let starOk: boolean | null = null;
  let brOk: boolean | null = null;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params
      .map((param) => param.trim().toLowerCase())
      .find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') brOk = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzipOk = gzipOk || accepted;
    else if (name === '*') starOk = accepted;
  }
  if (brOk ?? starOk) return 'br';
  if (gzipOk) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names this (weak) ETag: weak comparison, `*` included. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}
