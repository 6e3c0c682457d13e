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
 * in, and the claim that wipes it has not run yet). The outbox asks before each change it sends.
 */
export async function deviceDataIsFor(userId: string): Promise<boolean> {
  if (claiming) return false;
  const owner = await ownerOfDevice();
  return owner === null || owner === userId;
}

/**
 * Makes the device's data `userId`'s if it is not yet: the claim running now, or a new one for a session
 * that began without its claim completing (a tab closed while it ran), so that the previous person's
 * work does not wait for ever.
 */
export function settleDeviceOwner(userId: string): Promise<void> {
  return claiming ?? claimDeviceData(userId);
}
