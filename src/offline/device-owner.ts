// Whose unsent work this device holds after a session expired, so that it is kept for that person
// and wiped before anyone else signs in on the same device.
import { db } from '../db/db';
import { clearLocalData } from './clear-local-data';

const OWNER_KEY = 'deviceOwner';

export async function rememberDeviceOwner(userId: string): Promise<void> {
  await db.meta.put({ key: OWNER_KEY, value: userId });
}

/** The claim running now, if any: until it ends the device may still hold the previous person's work. */
let claiming: Promise<void> | null = null;

async function ownerOfDevice(): Promise<string | null> {
  const row = await db.meta.get(OWNER_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}

/** Called when a session starts: another person's leftovers are cleared, the owner's are kept. */
export function claimDeviceData(userId: string): Promise<void> {
  const run = (async () => {
    const owner = await ownerOfDevice();
    if (owner !== null && owner !== userId) await clearLocalData();
    await db.meta.put({ key: OWNER_KEY, value: userId });
  })();
  claiming = run;
  const done = () => {
    if (claiming === run) claiming = null;
  };
  run.then(done, done);
  return run;
}

/**
 * Whether what this device keeps may go out under `userId`'s session now: not while a claim runs, nor
 * while the device still holds another person's unsent work (her session expired, someone else signed
 * in, and the claim that wipes it has not run yet). That claim is started here when none runs, for a
 * session that began without it completing (a tab closed while it ran), so the previous person's work
 * never waits for ever. The outbox asks before each change it sends.
 */
export async function deviceDataReadyFor(userId: string): Promise<boolean> {
  if (claiming) return false;
  const owner = await ownerOfDevice();
  if (owner === null || owner === userId) return true;
  if (!claiming)
    claimDeviceData(userId).catch((error: unknown) =>
      console.error('The device could not be claimed', error),
    );
  return false;
}
