// Backups made by the embedded server itself, every BACKUP_EVERY_HOURS (24) into BACKUP_DIR
// (DATA_DIR/backups), keeping the BACKUP_KEEP (7) newest. The first one is due one period after the
// newest already there (a minute after start when there is none or it is overdue), so restarts
// neither skip nor multiply them. Copy them off the box: a backup on the same disk survives mistakes,
// not a dead disk.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { backupInto, describeBackup, partialFile, type BackupContext } from './backup.ts';

const NAME = /^chapitres-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;
/** An archive being written (backup.ts partialFile): renamed to NAME once complete. */
const PARTIAL = /^chapitres-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz\.partial$/;
const FIRST_DELAY_MS = 60_000;

export interface ScheduleContext extends BackupContext {
  config: BackupContext['config'] & Pick<Config, 'backups'>;
  log: FastifyBaseLogger;
}

function existing(dir: string): { name: string; mtimeMs: number }[] {
  return readdirSync(dir)
    .filter((name) => NAME.test(name))
    .map((name) => ({ name, mtimeMs: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/** A partial archive untouched this long is debris: a backup being written grows every few seconds. */
export const STALE_PARTIAL_MS = 10 * 60_000;

/**
 * Removes the half-written archives a crash or a full disk left (never complete, never restorable, and
 * not counted in BACKUP_KEEP). Called at start and before each backup; one written right now (a command
 * line's backup into this folder) is left alone. The names removed.
 */
export function sweepPartials(dir: string, nowMs = Date.now()): string[] {
  if (!existsSync(dir)) return [];
  const removed = readdirSync(dir).filter(
    (name) => PARTIAL.test(name) && nowMs - statSync(join(dir, name)).mtimeMs >= STALE_PARTIAL_MS,
  );
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

/** How long until the next backup: a period after the newest one, at least a minute from now. */
export function nextBackupDelay(newestMs: number | null, nowMs: number, everyMs: number): number {
  if (newestMs === null) return FIRST_DELAY_MS;
  return Math.max(FIRST_DELAY_MS, newestMs + everyMs - nowMs);
}

/** Makes one backup now and removes the oldest beyond BACKUP_KEEP; the path written. */
export async function backupNow(context: ScheduleContext, now = new Date()): Promise<string> {
  const { dir, keep } = context.config.backups;
  mkdirSync(dir, { recursive: true });
  const name = `chapitres-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
  const path = join(dir, name);
  const swept = sweepPartials(dir);
  if (swept.length) context.log.warn(`Removed unfinished backups: ${swept.join(', ')}`);
  const manifest = await backupInto(partialFile(path), context);
  for (const old of existing(dir).slice(keep)) rmSync(join(dir, old.name), { force: true });
  context.log.info(`Backup written to ${describeBackup(path, manifest)}`);
  return path;
}

export function scheduleBackups(context: ScheduleContext): { stop(): void } {
  const { dir, everyHours, keep } = context.config.backups;
  const swept = sweepPartials(dir);
  if (swept.length) context.log.warn(`Removed unfinished backups: ${swept.join(', ')}`);
  if (everyHours === 0) {
    context.log.info('Automatic backups are off (BACKUP_EVERY_HOURS=0)');
    return { stop() {} };
  }
  mkdirSync(dir, { recursive: true });
  const everyMs = everyHours * 3600_000;
  let timer: NodeJS.Timeout;
  const plan = (delayMs: number) => {
    timer = setTimeout(() => {
      backupNow(context)
        .catch((error: unknown) =>
          context.log.error(error, `The automatic backup to ${dir} failed`),
        )
        .finally(() => plan(everyMs));
    }, delayMs);
    timer.unref();
  };
  const delay = nextBackupDelay(existing(dir)[0]?.mtimeMs ?? null, Date.now(), everyMs);
  context.log.info(
    `Backups every ${everyHours} h to ${dir}, keeping the ${keep} newest; the next in ${Math.round(delay / 60_000)} min`,
  );
  plan(delay);
  return { stop: () => clearTimeout(timer) };
}
