// Process entry: `--role=all` (default: API, app and job workers in one process), `--role=api` or
// `--role=worker` (scaled out against PostgreSQL). Shuts down gracefully on SIGTERM and SIGINT.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, parseRole, resolveDataDir } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { describeMigrations } from './db/migrate.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startupWarnings } from './deployment.ts';
import { startAdminSocket } from './admin-socket.ts';
import { scheduleBackups } from './backup/schedule.ts';
import { join } from 'node:path';
import { lockDownDatabaseFiles, lockDownDataDir, PRIVATE_UMASK } from './data-dir.ts';
import { mailboxNotice } from './modules/system/mailbox-access.ts';
import { unsupportedNode } from './node-version.ts';
import { interruptedRestoreMessage } from './backup/restore-marker.ts';
import { startWorkerHealth } from './worker-health.ts';
import { dueCommands, formatDue } from './upgrade-due.ts';
import { collectWhenIdle } from './idle-memory.ts';
import { logMemoryEvery } from './memory-report.ts';
import { speechLexicon } from './providers/speech/lexicon.ts';

async function main() {
  // Everything this process creates (database, files, backups) is for its own user only (data-dir.ts).
  process.umask(PRIVATE_UMASK);
  const role = parseRole(process.argv.slice(2));
  const dataDir = resolveDataDir(process.env);
  const interrupted = interruptedRestoreMessage(dataDir);
  if (interrupted) {
    console.error(interrupted);
    process.exit(1);
  }
  const { fixed } = lockDownDataDir(dataDir);
  const config = loadConfig(process.env, role);
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
    migrate: false,
  });
  const migrations = await migrateDatabase(database);
  if (database.kind === 'pglite') lockDownDatabaseFiles(config.dataDir);
  const app = await buildApp(config, { database });
  const { queue } = app.services;
  for (const line of describeMigrations(migrations)) app.log.info(line);
  const jobLog = app.log.child({ module: 'jobs' });
  // A worker has no API port: its health check, when HEALTH_PORT is set (worker-health.ts).
  const health =
    role === 'worker' && config.healthPort !== null
      ? await startWorkerHealth({ port: config.healthPort, database, queue })
      : null;
  let adminSocket: { close(): Promise<void> } | null = null;
  let backups: { stop(): void } | null = null;
  // The recurring jobs (news of the circle, the weekly question), queued by the processes that work jobs.
  let schedules: { stop(): void } | null = null;
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  if (fixed > 0)
    app.log.warn(
      `${config.dataDir} was readable by other local users: ${fixed} files and folders are now for this user only`,
    );

  if (role === 'worker') {
    await queue.start();
    await queue.work({ log: jobLog });
    schedules = app.services.circleNews.startSchedules();
    app.log.info(
      `Chapitres worker ready in ${Date.now() - started} ms (${database.kind}${health ? `, health check on 127.0.0.1:${health.port}` : ''})`,
    );
  } else {
    await app.listen({ port: config.port, host: config.host });
    if (role === 'all') {
      await queue.work({ log: jobLog });
      schedules = app.services.circleNews.startSchedules();
    }
    // The command line beside a running embedded server asks it (admin-socket.ts).
    if (database.kind === 'pglite') {
      adminSocket = await startAdminSocket(app, { database, config });
      backups = scheduleBackups({ database, config, log: app.log });
    }
    if (config.mail.transport === 'outbox') app.log.warn(mailboxNotice(config));
    // The French words and names the biographer reads answers with (about 0.5 s to build, kept for the
    // life of the process): built now, once the server is up, rather than in the middle of the first
    // answers, where everyone's request would wait for it (npm run bench:many, issue 34). English is
    // built at its first use.
    setTimeout(() => speechLexicon('fr'), 0);
    // The back-fill commands an upgrade still needs, read from the data at each start until they ran
    // (upgrade-due.ts). A check that fails (storage unreachable) does not stop the server.
    dueCommands(app.services)
      .then((due) => formatDue(due).forEach((line) => app.log.warn(line)))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'Upgrade: could not check the back-fill commands'),
      );
    app.log.info(
      `Chapitres ready at ${config.publicUrl} in ${Date.now() - started} ms (${database.kind}, role ${role})`,
    );
  }

  // After work, once quiet, the JavaScript heap's emptied pages go back to the system (idle-memory.ts).
  const idleMemory = collectWhenIdle({
    workedBefore: true,
    onCollect: ({ ms, rssBeforeMb, rssAfterMb }) =>
      app.log.info(`memory given back after work: ${rssBeforeMb} → ${rssAfterMb} MB in ${ms} ms`),
  });
  // What holds the memory, for an operator watching it (MEMORY_LOG_SECONDS) and bench:many / bench:book.
  const memoryLog =
    config.memoryLogSeconds > 0
      ? logMemoryEvery(config.memoryLogSeconds, database.pglite, (line) => app.log.info(line))
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight work`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      backups?.stop();
      memoryLog?.stop();
      idleMemory.stop();
      schedules?.stop();
      await adminSocket?.close();
      await health?.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

const tooOld = unsupportedNode(process.versions.node);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirLockedError) console.error(error.message);
  // One line for the service manager's journal; it restarts the process.
  else console.error(`Chapitres could not start: ${startFailure(error)}`);
  process.exit(1);
});

/**
 * An error in one line: its message and its causes' (without the SQL text of Drizzle's "Failed query"
 * wrapper), and PostgreSQL's code when there is one.
 */
function startFailure(error: unknown): string {
  const chain: unknown[] = [];
  for (let link = error; link !== undefined && link !== null && chain.length < 5;) {
    chain.push(link);
    link = link instanceof Error ? link.cause : undefined;
  }
  const messages = chain
    .map((link) => (link instanceof Error ? link.message : String(link)))
    .filter(
      (message, index, all) => !(message.startsWith('Failed query:') && index < all.length - 1),
    );
  const code = (chain.at(-1) as { code?: unknown }).code;
  const line = messages.join(': ').replace(/\s+/g, ' ').trim();
  return typeof code === 'string' ? `${line} (${code})` : line;
}
