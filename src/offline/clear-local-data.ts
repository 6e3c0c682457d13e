// Clears everything stored on the device for the signed-in account.
import { db } from '../db/db';

export async function clearLocalData(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
}
