// Files on the local disk under DATA_DIR/files, served by the app's own `/files/*` route with signed URLs.
// The URLs are same-origin paths, never built from PUBLIC_URL: the app may be opened as localhost, as
// 192.168.1.20 from a phone or through a proxy's name, and the page, its Content-Security-Policy
// (`img-src 'self'`) and the service worker's picture cache all agree with a path whatever the host.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UrlSigner } from './signing.ts';
import {
  META_SUFFIX,
  assertValidKey,
  assertValidPrefix,
  type StorageProvider,
  type StoredFile,
} from './types.ts';

export class DiskStorage implements StorageProvider {
  readonly kind = 'disk' as const;

  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
    private readonly now: () => number = Date.now,
  ) {}

  private path(key: string): string {
    assertValidKey(key);
    // The content type travels beside the bytes, as S3 keeps it in the object's metadata.
    return join(this.root, key);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(`${tmp}m`, JSON.stringify({ contentType }));
    await writeFile(tmp, bytes);
    // Metadata first: a reader that finds the bytes always finds their type.
    await rename(`${tmp}m`, path + META_SUFFIX);
    await rename(tmp, path);
  }

  async get(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      const [bytes, meta] = await Promise.all([
        readFile(path),
        readFile(path + META_SUFFIX, 'utf8'),
      ]);
      const { contentType } = JSON.parse(meta) as { contentType?: string };
      return { bytes, contentType: contentType ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(path + META_SUFFIX, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    // Prefixes are folders ("users/<id>/"): removing the folder removes everything under it.
    await rm(join(this.root, prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async signedUrl(key: string): Promise<string> {
    assertValidKey(key);
    const expires = UrlSigner.expiryFor(this.now());
    const signature = this.signer.sign(key, expires);
    return `/files/${key}?expires=${expires}&signature=${signature}`;
  }

  urlPeriod(): string {
    return String(UrlSigner.expiryFor(this.now()));
  }

  async close(): Promise<void> {}
}
