// Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2…), handed to browsers as presigned
// GET URLs. The SDK is loaded on first use, so a disk-storage process never imports it.
import type { S3Client } from '@aws-sdk/client-s3';
import { URL_WINDOW_SECONDS } from './signing.ts';
import {
  assertValidKey,
  assertValidPrefix,
  type StorageProvider,
  type StoredFile,
} from './types.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (`https://minio.example:9000`); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** Both or neither; neither lets the SDK find credentials itself (environment, instance role…). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
  now?: () => number;
  /** Keys per listing page while deleting a prefix (S3's maximum, 1000, unless told). */
  listPageSize?: number;
}

/** SigV4 presigned URLs cannot be valid for more than 7 days. */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 60 * 60;
/** URLs are signed at the start of a step of this length, so one file keeps one URL for the whole step. */
export const PRESIGN_STEP_SECONDS = URL_WINDOW_SECONDS / 2;

/**
 * When to sign a presigned URL issued at `nowMs`, and for how long. Like the disk signer, the expiry is
 * rounded to a boundary so a file keeps one URL for days (browsers and the service worker can cache it);
 * unlike it, SigV4 caps the lifetime at 7 days from the signing date and refuses signing dates in the
 * future, so the URL is signed at the start of a 3.5-day step and lives 7 days from there: stable for
 * 3.5 days, and always valid for at least 3.5 more days (at most 7).
 */
export function presignTiming(nowMs: number): { signingDate: Date; expiresIn: number } {
  const now = Math.floor(nowMs / 1000);
  const start = Math.floor(now / PRESIGN_STEP_SECONDS) * PRESIGN_STEP_SECONDS;
  return { signingDate: new Date(start * 1000), expiresIn: PRESIGN_MAX_SECONDS };
}

/**
 * The origin browsers fetch presigned URLs from, for the app's Content-Security-Policy: the endpoint
 * itself with path-style URLs, `bucket.endpoint` otherwise; AWS's regional host without an endpoint.
 */
export function s3BrowserOrigin(
  options: Pick<S3StorageOptions, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>,
): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  if (!options.forcePathStyle) endpoint.hostname = `${options.bucket}.${endpoint.hostname}`;
  return endpoint.origin;
}

interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
  client: S3Client;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export class S3Storage implements StorageProvider {
  readonly kind = 's3' as const;
  private sdk: Promise<Sdk> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: S3StorageOptions) {
    if (!options.bucket) throw new Error('S3 storage needs a bucket (S3_BUCKET)');
    if (!options.accessKeyId !== !options.secretAccessKey)
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    this.now = options.now ?? Date.now;
  }

  private load(): Promise<Sdk> {
    this.sdk ??= (async () => {
      const [s3, presigner] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.options;
      const client = new s3.S3Client({
        region,
        endpoint: endpoint ?? undefined,
        forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
        // CRC32 trailers on uploads.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, getSignedUrl: presigner.getSignedUrl, client };
    })();
    return this.sdk;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    const { s3, client } = await this.load();
    // A PUT replaces the object at once: readers see the old or the new bytes, never a mix.
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    const { s3, client } = await this.load();
    try {
      const response = await client.send(
        new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      const body = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
      return {
        bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
        contentType: response.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    assertValidKey(key);
    const { s3, client } = await this.load();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { s3, client } = await this.load();
    // S3 answers 204 whether or not the object existed.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const { s3, client } = await this.load();
    // A folder, as on disk: "users/a" and "users/a/" both mean everything under "users/a/", never "users/ab".
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: folder,
          ContinuationToken: continuationToken,
          MaxKeys: this.options.listPageSize,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      // One listing page holds at most 1000 keys, which is also DeleteObjects' limit.
      for (let start = 0; start < keys.length; start += 1000) {
        const result = await client.send(
          new s3.DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: {
              Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })),
              Quiet: true,
            },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(
            `S3 could not delete ${failed.length} object(s) under ${folder}: ` +
              `${failed[0]!.Key} (${failed[0]!.Code}: ${failed[0]!.Message})`,
          );
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async signedUrl(key: string): Promise<string> {
    assertValidKey(key);
    const { s3, client, getSignedUrl } = await this.load();
    const { signingDate, expiresIn } = presignTiming(this.now());
    return getSignedUrl(
      client,
      new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      {
        signingDate,
        expiresIn,
      },
    );
  }

  urlPeriod(): string | null {
    // Credentials the SDK finds itself (an instance role, STS) are renewed under us, and a URL signed
    // with them dies with them: only URLs signed with the configured keys stay the same for the step.
    if (!this.options.accessKeyId) return null;
    return String(presignTiming(this.now()).signingDate.getTime());
  }

  async close(): Promise<void> {
    const sdk = this.sdk;
    this.sdk = null;
    if (sdk) (await sdk.catch(() => null))?.client.destroy();
  }
}
