// The storage seam: where files (audio, images, PDFs) live and how a browser gets a capability URL for one.

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly kind: 'disk' | 's3';
  /** Replaces any file under the same key; readers never see a half-written file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Whether a file is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (a chapter's or a person's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * An unguessable, expiring URL that works without the bearer token (api.md § Conventions): a
   * same-origin path for disk storage, an absolute presigned URL for S3.
   */
  signedUrl(key: string): Promise<string>;
  /**
   * Names the period during which `signedUrl` gives the same URL for the same key: an answer holding
   * URLs signed in this period is the same as long as it has not changed (the chapter list's cache).
   * Absent or null: URLs may change at any time, nothing holding them is cached.
   */
  urlPeriod?(): string | null;
  close(): Promise<void>;
}

/** Keys are plain relative paths: no `..`, no empty segment, nothing a path join could escape with. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Disk keeps each file's content type in a sidecar with this suffix: no key may end with it. */
export const META_SUFFIX = '.meta.json';

export function isValidKey(key: string): boolean {
  return (
    key.length <= 512 &&
    KEY_PATTERN.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.') &&
    !key.endsWith(META_SUFFIX)
  );
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
}

export function assertValidPrefix(prefix: string): void {
  assertValidKey(prefix.replace(/\/+$/, ''));
}
