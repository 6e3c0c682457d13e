// Whose unsent work this device holds after a session expired, so that it is kept for that person
// and wiped before anyone else signs in on the same device.
import { db } from '../db/db';
import { clearLocalData } from './clear-local-data';

const OWNER_KEY = 'deviceOwner';

export async function rememberDeviceOwner(userId: string): Promise<void> {
  await db.meta.put({ key: OWNER_KEY, value: userId });
}

/** Called when a session starts: another person's leftovers are cleared, the owner's are kept. */
export async function claimDeviceData(userId: string): Promise<void> {
  const row = await db.meta.get(OWNER_KEY);
  const owner = typeof row?.value === 'string' ? row.value : null;
  if (owner !== null && owner !== userId) await clearLocalData();
  await db.meta.put({ key: OWNER_KEY, value: userId });
}
