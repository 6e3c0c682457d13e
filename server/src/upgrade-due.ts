// The back-fill commands an operator still has to run after an upgrade, read from the data itself: the
// server logs them after start (formatDue) until their work is done, so nobody has to remember them.
//
// Today one: `images renditions` makes the cards' display rendition of the pictures stored before it
// existed. Nothing in the database records which pictures have it (it is a file beside the picture), so
// this looks at files, boundedly: pictures get it at upload since it exists, so those without it are the
// oldest ones; the check reads the oldest pictures a page at a time and stops at the first page holding
// a picture that has one. Once the command has run that is one page of `has` calls at each start.
import { asc } from 'drizzle-orm';
import type { AppServices } from './app.ts';
import { images } from './db/schema/index.ts';
import { displayKeyOf } from './modules/images/service.ts';

export interface DueCommand {
  /** What to run, as an operator types it. */
  command: string;
  /** Why it is due, with how much is left to do. */
  why: string;
}

/** Pictures looked at per page, and at most in all (a data set never upgraded stops there). */
const PAGE = 20;
const MOST_CHECKED = 500;

export async function dueCommands(
  services: Pick<AppServices, 'database' | 'storage'>,
): Promise<DueCommand[]> {
  const due: DueCommand[] = [];
  const missing = await picturesWithoutDisplayRendition(services);
  if (missing.count > 0) {
    const pictures = missing.count === 1 ? '1 picture' : `${missing.count} pictures`;
    due.push({
      command: 'npm run cli -- images renditions',
      why: `${missing.atLeast ? 'at least ' : ''}${pictures} stored before display renditions existed`,
    });
  }
  return due;
}

/** The lines the server logs at start, one per due command. */
export function formatDue(list: DueCommand[]): string[] {
  return list.map(({ command, why }) => `Upgrade: still to run: ${command} (${why})`);
}

/**
 * How many of the oldest pictures have no display rendition while their file is there (a picture whose
 * file is gone is nothing the command can mend); `atLeast` when the walk stopped at its bound.
 */
async function picturesWithoutDisplayRendition({
  database,
  storage,
}: Pick<AppServices, 'database' | 'storage'>): Promise<{ count: number; atLeast: boolean }> {
  let count = 0;
  for (let offset = 0; offset < MOST_CHECKED; offset += PAGE) {
    // Read here rather than through the images service: this looks across every person's pictures in
    // age order, which no request does.
    const page = await database.db
      .select({ key: images.key })
      .from(images)
      .orderBy(asc(images.createdAt), asc(images.id))
      .offset(offset)
      .limit(PAGE);
    const checks = await Promise.all(
      page.map(async ({ key }) => {
        if (await storage.has(displayKeyOf(key))) return 'has' as const;
        return (await storage.has(key)) ? ('missing' as const) : ('gone' as const);
      }),
    );
    count += checks.filter((check) => check === 'missing').length;
    if (page.length < PAGE || checks.includes('has')) return { count, atLeast: false };
  }
  return { count, atLeast: true };
}
