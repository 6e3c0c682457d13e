// The operators' command line beside a running embedded server. PGlite belongs to the server's process
// (db/lock.ts), so the command line cannot open it: the server listens on a Unix socket in DATA_DIR
// (mode 0600: only the account that runs the server, or root, can connect) and runs the commands
// itself, on its own services, so what a command does is seen at once by the app.
//
// One connection, one command. The client sends one JSON line {argv}; the server answers JSON lines:
// {line} to print, {file: {path, base64}} to write on the client's side, {chunk: {path, base64}} and
// {close: path} for a file sent piece by piece (a backup), then {exit, error?, stack?}. Either side may
// go away in the middle (a server killed, a command line interrupted): the other says so in one line
// and carries on — a server never falls because its command line did, and a half-written file is removed.
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
  | { exit: 0 | 1 | 2; error?: string; stack?: string };

/** The command line went away before its command finished (interrupted, killed). */
class ClientGone extends Error {}

/**
 * Writes a reply; waits when the client reads slower than the server writes (a backup). Throws
 * ClientGone once the client is gone, so a long command stops instead of waiting for ever.
 */
async function send(socket: Socket, reply: Reply): Promise<void> {
  if (socket.destroyed || !socket.writable)
    throw new ClientGone('The command line went away before the command finished.');
  if (socket.write(`${JSON.stringify(reply)}\n`)) return;
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      socket.off('close', gone);
      resolve();
    };
    const gone = () => {
      socket.off('drain', drained);
      reject(new ClientGone('The command line went away before the command finished.'));
    };
    socket.once('drain', drained);
    socket.once('close', gone);
  });
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
    // A client killed mid-answer resets the connection: the command stops (send), the server stays up.
    socket.on('error', () => {});
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
  // Once the client is gone, an archive's pieces are dropped and its close() says so: a write that
  // rejected would be an unhandled rejection in the tar writer's chain of writes (backup/tar.ts).
  let gone = false;
  const output: CliOutput = {
    print: (line) => void send(socket, { line }).catch(() => {}),
    writeFile: (path, bytes) => send(socket, { file: { path, base64: bytes.toString('base64') } }),
    stream: (path) => ({
      write: async (chunk) => {
        if (gone) return;
        await send(socket, { chunk: { path, base64: chunk.toString('base64') } }).catch(() => {
          gone = true;
        });
      },
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
    if (error instanceof ClientGone) {
      app.log.warn(`command line: ${error.message}`);
      return;
    }
    const usage = error instanceof UsageError;
    if (!usage) app.log.error(error, 'a command from the command line failed');
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    // The stack is shown only by `npm run cli -- --debug …`.
    await send(socket, { exit: usage ? 2 : 1, error: message, stack }).catch(() => {});
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
  const streams = new Map<string, CliStream>();
  try {
    const result = await readAnswer(socket, output, streams);
    if (!result)
      throw new Error(
        `The server closed the connection before the command finished${unwritten(streams)}: see the server's log.`,
      );
    if (result.exit === 2) throw new UsageError(result.error ?? 'Usage error');
    if (result.exit !== 0) {
      const failed = new Error(result.error ?? 'The command failed in the server.');
      if (result.stack) failed.stack = `${result.stack}\n    (in the server)`;
      throw failed;
    }
    return true;
  } finally {
    socket.destroy();
    // A file still open was not finished: nothing half-written is left behind.
    for (const stream of streams.values()) stream.abort?.();
  }
}

type CliStream = ReturnType<CliOutput['stream']>;
type Exit = Extract<Reply, { exit: unknown }>;

/** The server's answer, acted on line by line; null when the connection ended before its exit. */
async function readAnswer(
  socket: Socket,
  output: CliOutput,
  streams: Map<string, CliStream>,
): Promise<Exit | null> {
  let result: Exit | null = null;
  try {
    for await (const text of createInterface({ input: socket, crlfDelay: Infinity }))
      result = (await take(text, output, streams)) ?? result;
  } catch (error) {
    // Reset by a server that stopped, or a line cut short by its end: said in one line by the caller.
    // A file that could not be written here (disk full) says so itself.
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).syscall === 'read')
      return null;
    throw error;
  }
  return result;
}

/** ", so FILE was not written" for the files a broken answer left unfinished. */
function unwritten(streams: Map<string, CliStream>): string {
  const paths = [...streams.keys()];
  return paths.length ? `, so ${paths.join(', ')} was not written` : '';
}

/** Acts on one line of the server's answer; the exit when it is the last. */
async function take(
  text: string,
  output: CliOutput,
  streams: Map<string, CliStream>,
): Promise<Exit | null> {
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
