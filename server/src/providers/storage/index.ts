// Picks the storage provider from configuration: disk under DATA_DIR/files, or an S3-compatible bucket.
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import type { UrlSigner } from './signing.ts';
import type { StorageProvider } from './types.ts';

export interface StorageOptions {
  kind: Config['storage']['kind'];
  dataDir: string;
  /** Signs the capability URLs; the `/files/*` route verifies with the same signer. */
  signer: UrlSigner;
  /** The S3_* settings, needed with `kind: 's3'`. */
  s3?: Config['storage']['s3'];
}

export function createStorage(options: StorageOptions): StorageProvider {
  if (options.kind === 's3') {
    const s3 = options.s3;
    if (!s3?.bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
    // The SDK is imported by S3Storage on first use only (a dynamic import), never by disk setups.
    return new S3Storage({ ...s3, bucket: s3.bucket });
  }
  return new DiskStorage(join(options.dataDir, 'files'), options.signer);
}
