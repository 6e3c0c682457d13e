// Process entry: `--role=all` (default: API, app and job workers in one process), `--role=api` or
// `--role=worker` (scaled out against PostgreSQL). Shuts down gracefully on SIGTERM and SIGINT.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, parseRole, resolveDataDir } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startupWarnings } from './deployment.ts';
import { startAdminSocket } from './admin-socket.ts';
import { scheduleBackups } from './backup/schedule.ts';
import { join } from 'node:path';
import { lockDownDatabaseFiles, lockDownDataDir, PRIVATE_UMASK } from './data-dir.ts';
import { mailboxNotice } from './modules/system/mailbox-access.ts';
import { unsupportedNode } from './node-version.ts';

async function main() {
  // Everything this process creates (database, files, backups) is for its own user only (data-dir.ts).
  process.umask(PRIVATE_UMASK);
  const role = parseRole(process.argv.slice(2));
  const { fixed } = lockDownDataDir(resolveDataDir(process.env));
  const config = loadConfig(process.env, role);
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  if (database.kind === 'pglite') lockDownDatabaseFiles(config.dataDir);
  const app = await buildApp(config, { database });
  const { queue } = app.services;
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
    await queue.work();
    schedules = app.services.circleNews.startSchedules();
    app.log.info(`Chapitres worker ready in ${Date.now() - started} ms (${database.kind})`);
  } else {
    await app.listen({ port: config.port, host: config.host });
    if (role === 'all') {
      await queue.work();
      schedules = app.services.circleNews.startSchedules();
    }
    // The command line beside a running embedded server asks it (admin-socket.ts).
    if (database.kind === 'pglite') {
      adminSocket = await startAdminSocket(app, { database, config });
      backups = scheduleBackups({ database, config, log: app.log });
    }
    if (config.mail.transport === 'outbox') app.log.warn(mailboxNotice(config));
    app.log.info(
      `Chapitres ready at ${config.publicUrl} in ${Date.now() - started} ms (${database.kind}, role ${role})`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight work`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      backups?.stop();
      schedules?.stop();
      await adminSocket?.close();
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
  else console.error(error);
  process.exit(1);
});
