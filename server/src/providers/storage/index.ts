// Picks the storage provider from configuration (disk under DATA_DIR/files; S3 comes with the next issue).
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { DiskStorage } from './disk.ts';
import type { UrlSigner } from './signing.ts';
import type { StorageProvider } from './types.ts';

export interface StorageOptions {
  kind: Config['storage']['kind'];
  dataDir: string;
  publicUrl: string;
  /** Signs the capability URLs; the `/files/*` route verifies with the same signer. */
  signer: UrlSigner;
}

export function createStorage(options: StorageOptions): StorageProvider {
  if (options.kind === 's3')
    throw new Error('STORAGE=s3 is not available yet in this version; use STORAGE=disk');
  return new DiskStorage(join(options.dataDir, 'files'), options.signer, options.publicUrl);
}
