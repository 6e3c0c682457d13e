// A small tar (POSIX ustar, with a pax header for long names) writer and reader, gzip-compressed: the
// backup archive is a plain .tar.gz that `tar xzf` also opens. Entries are written and read whole; the
// largest are a book's PDFs and photos, a few MB each.
import { createGunzip, createGzip } from 'node:zlib';
import type { Readable } from 'node:stream';

const BLOCK = 512;

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(mtime, 12), 136);
  block.write('        ', 148); // the checksum counts its own field as spaces
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A pax extended header carrying a name longer than ustar's 100 bytes. */
function paxPath(name: string): Buffer {
  const field = (length: number) => `${length} path=${name}\n`;
  let length = Buffer.byteLength(field(0));
  while (Buffer.byteLength(field(length)) !== length) length = Buffer.byteLength(field(length));
  return Buffer.from(field(length));
}

/** Writes entries to a gzip stream; `sink` receives the compressed bytes, in order. */
export class TarWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;
  private pending: Promise<void> = Promise.resolve();

  constructor(sink: (chunk: Buffer) => void | Promise<void>) {
    this.done = new Promise((resolve, reject) => {
      this.gzip.on('data', (chunk: Buffer) => {
        this.pending = this.pending.then(() => sink(chunk));
        // Awaited by add() and end(); a failed sink (a full disk) must not also be an unhandled
        // rejection, which would stop the server in the middle of a scheduled backup.
        this.pending.catch(() => {});
      });
      this.gzip.once('end', () => this.pending.then(resolve, reject));
      this.gzip.once('error', reject);
    });
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.gzip.write(bytes)) await new Promise((resolve) => this.gzip.once('drain', resolve));
  }

  async add(name: string, bytes: Buffer, mtime = Math.floor(Date.now() / 1000)): Promise<void> {
    if (Buffer.byteLength(name) > 100) {
      const pax = paxPath(name);
      await this.write(
        Buffer.concat([header('PaxHeader', pax.length, 'x', mtime), pax, padding(pax.length)]),
      );
    }
    await this.write(
      Buffer.concat([header(name, bytes.length, '0', mtime), bytes, padding(bytes.length)]),
    );
    await this.pending;
  }

  async end(): Promise<void> {
    this.gzip.end(Buffer.alloc(BLOCK * 2));
    await this.done;
  }
}

export class DamagedArchiveError extends Error {
  override readonly name = 'DamagedArchiveError';
}

/**
 * The bytes gunzip has handed over and not yet read, kept as the chunks they came in: taking an entry
 * copies each byte at most once (never a growing buffer copied again for every chunk, which made a
 * restore quadratic in the size of its largest entries).
 */
class ChunkQueue {
  private readonly chunks: Buffer[] = [];
  /** Where the unread bytes start in chunks[0]. */
  private offset = 0;
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The next `size` bytes (the caller checked they are there): a view when they sit in one chunk. */
  take(size: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length - this.offset >= size) {
      const bytes = first.subarray(this.offset, this.offset + size);
      this.advance(size);
      return bytes;
    }
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const chunk = this.chunks[0]!;
      const count = Math.min(chunk.length - this.offset, size - filled);
      chunk.copy(bytes, filled, this.offset, this.offset + count);
      filled += count;
      this.advance(count);
    }
    return bytes;
  }

  private advance(count: number): void {
    this.offset += count;
    this.length -= count;
    if (this.offset === this.chunks[0]!.length) {
      this.chunks.shift();
      this.offset = 0;
    }
  }
}

/** The entries of a .tar.gz, in order; DamagedArchiveError for a truncated or corrupt one. */
export async function* readTar(source: Readable): AsyncGenerator<{ name: string; bytes: Buffer }> {
  const gunzip = source.pipe(createGunzip({ chunkSize: 256 * 1024 }));
  source.once('error', (error) => gunzip.destroy(error));
  const queue = new ChunkQueue();
  let longName: string | null = null;
  const chunks = gunzip[Symbol.asyncIterator]();
  const need = async (length: number): Promise<boolean> => {
    while (queue.length < length) {
      let next: IteratorResult<Buffer>;
      try {
        next = (await chunks.next()) as IteratorResult<Buffer>;
      } catch (error) {
        throw new DamagedArchiveError(
          `the archive is damaged or cut short (${(error as Error).message})`,
        );
      }
      if (next.done) return false;
      queue.push(next.value);
    }
    return true;
  };
  try {
    for (;;) {
      if (!(await need(BLOCK))) throw new DamagedArchiveError('the archive is cut short');
      const block = queue.take(BLOCK);
      if (block.every((byte) => byte === 0)) break;
      const stored = Number.parseInt(
        block.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(),
        8,
      );
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (sum !== stored)
        throw new DamagedArchiveError('the archive is damaged (a header does not add up)');
      const size = Number.parseInt(
        block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(),
        8,
      );
      const type = String.fromCharCode(block[156]!);
      const name = longName ?? block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const body = size + padding(size).length;
      if (!(await need(body))) throw new DamagedArchiveError('the archive is cut short');
      const bytes = queue.take(body).subarray(0, size);
      if (type === 'x') {
        longName = /\d+ path=(.*)\n/.exec(bytes.toString('utf8'))?.[1] ?? null;
        continue;
      }
      longName = null;
      if (type === '0' || type === '\0') yield { name, bytes };
    }
    // Read to the end, so that gzip checks its length and CRC.
    try {
      while (!(await chunks.next()).done);
    } catch (error) {
      throw new DamagedArchiveError(`the archive is damaged (${(error as Error).message})`);
    }
  } finally {
    // A reader that stops early (an error, a refused entry) leaves no file open behind it.
    source.destroy();
    gunzip.destroy();
  }
}
