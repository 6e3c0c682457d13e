// Drizzle's selects on PGlite as named prepared statements, each run in one round trip into the
// WebAssembly backend.
//
// PGlite's own `query()` parses and plans the SQL again on every call and crosses into WebAssembly six
// times (Parse, Describe, Bind, Describe, Execute, Sync), decoding each reply apart; for a primary-key
// select that was most of its cost. Here a select text is parsed once per database session (Parse +
// Describe of the statement), then every run is Bind + Execute + Sync in a single call, decoded in one
// pass. Values go in and come out exactly as PGlite's `query()` would give them: parameters through
// the instance's serializers by the statement's parameter types, fields through its parsers.
//
// Nothing is cached but the statements themselves (PostgreSQL re-plans one whenever a table it reads
// changes): rows are always read from the database.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

export interface StatementResult {
  rows: unknown[][];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** Statements kept per session; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 200;

// Error fields of the protocol (ErrorResponse), by their one-letter code, under the names pg-protocol's
// DatabaseError gives them.
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

class Writer {
  private parts: Buffer[] = [];

  message(type: string, body: Buffer[]): this {
    const length = body.reduce((sum, part) => sum + part.length, 4);
    const header = Buffer.allocUnsafe(5);
    header.write(type, 0, 'latin1');
    header.writeInt32BE(length, 1);
    this.parts.push(header, ...body);
    return this;
  }

  done(): Uint8Array {
    return Buffer.concat(this.parts);
  }
}

function cstring(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'utf8');
}

function int16(value: number): Buffer {
  const buffer = Buffer.allocUnsafe(2);
  buffer.writeInt16BE(value);
  return buffer;
}

const SYNC: Buffer[] = [];

/** One reply of the backend, message by message. */
function* messages(
  reply: Uint8Array,
): Generator<{ type: number; buffer: Buffer; start: number; end: number }> {
  const buffer = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const type = buffer[offset]!;
    const length = buffer.readInt32BE(offset + 1);
    const start = offset + 5;
    const end = offset + 1 + length;
    yield { type, buffer, start, end };
    offset = end;
  }
}

function readCString(buffer: Buffer, start: number): [string, number] {
  const zero = buffer.indexOf(0, start);
  return [buffer.toString('utf8', start, zero), zero + 1];
}

function databaseError(buffer: Buffer, start: number, end: number): Error {
  const fields: Record<string, string> = {};
  let offset = start;
  while (offset < end && buffer[offset] !== 0) {
    const code = String.fromCharCode(buffer[offset]!);
    const [value, next] = readCString(buffer, offset + 1);
    fields[code] = value;
    offset = next;
  }
  const error = new Error(fields.M ?? 'database error') as Error & Record<string, unknown>;
  error.name = 'error';
  for (const [code, property] of Object.entries(ERROR_FIELDS))
    if (fields[code] !== undefined) error[property] = fields[code];
  return error;
}

/** Selects of Drizzle (array rows) on one PGlite instance. */
export class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  private readonly prefix = `s${randomBytes(4).toString('hex')}_`;
  private counter = 0;
  private readonly toClose: string[] = [];

  constructor(private readonly pglite: PGlite) {}

  async query(text: string, params: unknown[]): Promise<StatementResult> {
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        try {
          return await this.run(text, params);
        } catch (error) {
          // A statement the session no longer has, or whose result a schema change altered: prepare
          // it again, once.
          const code = (error as { code?: string }).code;
          if (code !== '26000' && code !== '0A000') throw error;
          this.forget(text);
          return await this.run(text, params);
        }
      }),
    );
  }

  /**
   * Sends messages and answers the reply, raw: PGlite's own handler would decode every message into
   * objects (and keep them until its next `query()`), which is the very cost saved here.
   */
  private async exchange(request: Uint8Array): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(request, {
      // A view into the WebAssembly memory, valid during the call only.
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  private async run(text: string, params: unknown[]): Promise<StatementResult> {
    const statement = await this.prepare(text);
    const serializers = this.pglite.serializers;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.paramTypes[index]!];
      return Buffer.from(serialize ? serialize(value) : String(value), 'utf8');
    });
    const bind: Buffer[] = [cstring(''), cstring(statement.name), int16(0), int16(values.length)];
    for (const value of values) {
      const length = Buffer.allocUnsafe(4);
      length.writeInt32BE(value ? value.length : -1);
      bind.push(length);
      if (value) bind.push(value);
    }
    bind.push(int16(0));
    const execute = Buffer.alloc(5);
    execute.writeInt32BE(0, 1);
    const reply = await this.exchange(
      new Writer().message('B', bind).message('E', [execute]).message('S', SYNC).done(),
    );
    const parsers = statement.fields.map(
      (field) =>
        this.pglite.parsers[field.dataTypeID] as ((x: string, t: number) => unknown) | undefined,
    );
    const rows: unknown[][] = [];
    let error: Error | null = null;
    let affectedRows = 0;
    for (const { type, buffer, start, end } of messages(reply)) {
      if (type === 0x44 /* D: DataRow */) {
        const count = buffer.readInt16BE(start);
        const row = new Array<unknown>(count);
        let offset = start + 2;
        for (let index = 0; index < count; index += 1) {
          const length = buffer.readInt32BE(offset);
          offset += 4;
          if (length < 0) {
            row[index] = null;
            continue;
          }
          const value = buffer.toString('utf8', offset, offset + length);
          offset += length;
          const parse = parsers[index];
          row[index] = parse ? parse(value, statement.fields[index]!.dataTypeID) : value;
        }
        rows.push(row);
      } else if (type === 0x45 /* E: ErrorResponse */ && !error) {
        error = databaseError(buffer, start, end);
      } else if (type === 0x43 /* C: CommandComplete */) {
        const [tag] = readCString(buffer, start);
        const count = Number.parseInt(tag.split(' ').at(-1) ?? '', 10);
        if (!tag.startsWith('SELECT') && Number.isFinite(count)) affectedRows = count;
      }
    }
    if (error) throw error;
    return { rows, fields: statement.fields, affectedRows };
  }

  /** Drops a statement; it is closed in the session with the next preparation. */
  private forget(text: string): void {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    this.toClose.push(statement.name);
  }

  private async prepare(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) {
      // Most recently used last.
      this.statements.delete(text);
      this.statements.set(text, known);
      return known;
    }
    const name = `${this.prefix}${(this.counter += 1)}`;
    const request = new Writer();
    // Room for this one: the least recently used goes.
    if (this.statements.size >= MAX_STATEMENTS) this.forget(this.statements.keys().next().value!);
    // Closed first, so that a failed Parse cannot skip them (closing an unknown name is no error).
    for (const old of this.toClose.splice(0))
      request.message('C', [Buffer.from('S', 'latin1'), cstring(old)]);
    request
      .message('P', [cstring(name), cstring(text), int16(0)])
      .message('D', [Buffer.from('S', 'latin1'), cstring(name)])
      .message('S', SYNC);
    const statement: Statement = { name, paramTypes: [], fields: [] };
    for (const { type, buffer, start, end } of messages(await this.exchange(request.done()))) {
      if (type === 0x45 /* E */) throw databaseError(buffer, start, end);
      if (type === 0x74 /* t: ParameterDescription */) {
        const count = buffer.readInt16BE(start);
        for (let index = 0; index < count; index += 1)
          statement.paramTypes.push(buffer.readInt32BE(start + 2 + index * 4));
      } else if (type === 0x54 /* T: RowDescription */) {
        const count = buffer.readInt16BE(start);
        let offset = start + 2;
        for (let index = 0; index < count; index += 1) {
          const [fieldName, next] = readCString(buffer, offset);
          statement.fields.push({ name: fieldName, dataTypeID: buffer.readInt32BE(next + 6) });
          offset = next + 18;
        }
      }
    }
    this.statements.set(text, statement);
    return statement;
  }
}
