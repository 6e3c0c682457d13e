// The operators' command line beside a running embedded server. PGlite belongs to the server's process
// (db/lock.ts), so the command line cannot open it: the server listens on a Unix socket in DATA_DIR
// (mode 0600: only the account that runs the server, or root, can connect) and runs the commands
// itself, on its own services, so what a command does is seen at once by the app.
//
// One connection, one command. The client sends one JSON line {argv}; the server answers JSON lines:
// {line} to print, {file: {path, base64}} to write on the client's side, {chunk: {path, base64}} and
// {close: path} for a file sent piece by piece (a backup), then {exit, error?}.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { executeCommand, UsageError, type CliContext, type CliOutput } from './cli.ts';

export const ADMIN_SOCKET = 'admin.sock';

/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

type Reply =
  | { line: string }
  | { file: { path: string; base64: string } }
  | { chunk: { path: string; base64: string } }
  | { close: string }
  | { exit: 0 | 1 | 2; error?: string };

/** Writes a reply; waits when the client reads slower than the server writes (a backup). */
async function send(socket: Socket, reply: Reply): Promise<void> {
  if (!socket.write(`${JSON.stringify(reply)}\n`))
    await new Promise((resolve) => socket.once('drain', resolve));
}

/** Starts the admin socket of a server that owns DATA_DIR; null when the path is too long for one. */
export async function startAdminSocket(
  app: FastifyInstance,
  context: CliContext,
): Promise<{ close(): Promise<void> } | null> {
  const path = join(context.config.dataDir, ADMIN_SOCKET);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    app.log.warn(
      `DATA_DIR is too long a path for the command line's socket (${path}): stop the server to use npm run cli.`,
    );
    return null;
  }
  // This process holds DATA_DIR's lock: a socket file left here is a dead server's.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    const lines = createInterface({ input: socket });
    lines.once('line', (text) => {
      lines.close();
      void answer(app, context, socket, text);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

async function answer(app: FastifyInstance, context: CliContext, socket: Socket, text: string) {
  const output: CliOutput = {
    print: (line) => void send(socket, { line }),
    writeFile: (path, bytes) => send(socket, { file: { path, base64: bytes.toString('base64') } }),
    stream: (path) => ({
      write: (chunk) => send(socket, { chunk: { path, base64: chunk.toString('base64') } }),
      close: () => send(socket, { close: path }),
    }),
  };
  try {
    const { argv } = JSON.parse(text) as { argv: unknown };
    if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string'))
      throw new UsageError('The command line sent no command.');
    app.log.info(`command line: ${argv.slice(0, 2).join(' ')}`);
    await executeCommand(argv, app.services, output, context);
    await send(socket, { exit: 0 });
  } catch (error) {
    const usage = error instanceof UsageError;
    if (!usage) app.log.error(error, 'a command from the command line failed');
    await send(socket, { exit: usage ? 2 : 1, error: (error as Error).message });
  } finally {
    socket.end();
  }
}

/**
 * Sends the command to the server running on DATA_DIR, if one listens; false when none does (the
 * caller then opens the database itself, and the data directory's lock says so if a server holds it
 * without a socket). Throws UsageError or Error as the command did in the server.
 */
export async function askRunningServer(
  dataDir: string,
  argv: string[],
  output: CliOutput,
): Promise<boolean> {
  const path = join(dataDir, ADMIN_SOCKET);
  if (!existsSync(path)) return false;
  const socket = await new Promise<Socket | null>((resolve) => {
    const connection = createConnection(path);
    connection.once('connect', () => resolve(connection));
    connection.once('error', () => resolve(null)); // a dead server's socket file
  });
  if (!socket) return false;
  // A reset later ends the answer early, said below in one line (never an unhandled 'error').
  socket.on('error', () => {});
  socket.write(`${JSON.stringify({ argv })}\n`);
  let result: { exit: number; error?: string } | null = null;
  const streams = new Map<string, ReturnType<CliOutput['stream']>>();
  try {
    for await (const text of createInterface({ input: socket, crlfDelay: Infinity }))
      result = (await take(text, output, streams)) ?? result;
  } catch (error) {
    socket.destroy();
    // Reset by a server that stopped, or not our protocol: one plain line, not a stack trace. A file
    // that could not be written here says so itself.
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).syscall === 'read')
      throw new Error('The connection to the server broke before the command finished.');
    throw error;
  }
  if (!result) throw new Error('The server closed the connection before the command finished.');
  if (result.exit === 2) throw new UsageError(result.error ?? 'Usage error');
  if (result.exit !== 0) throw new Error(result.error ?? 'The command failed in the server.');
  return true;
}

/** Acts on one line of the server's answer; the exit when it is the last. */
async function take(
  text: string,
  output: CliOutput,
  streams: Map<string, ReturnType<CliOutput['stream']>>,
): Promise<{ exit: number; error?: string } | null> {
  const reply = JSON.parse(text) as Reply;
  if ('line' in reply) output.print(reply.line);
  else if ('file' in reply)
    await output.writeFile(reply.file.path, Buffer.from(reply.file.base64, 'base64'));
  else if ('chunk' in reply) {
    const { path, base64 } = reply.chunk;
    if (!streams.has(path)) streams.set(path, output.stream(path));
    await streams.get(path)!.write(Buffer.from(base64, 'base64'));
  } else if ('close' in reply) {
    await streams.get(reply.close)?.close();
    streams.delete(reply.close);
  } else return reply;
  return null;
}

/** A server answers on DATA_DIR's socket (a leftover socket file of a dead one does not). */
export async function serverListens(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(join(dataDir, ADMIN_SOCKET));
    connection.once('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('error', () => resolve(false));
  });
}
