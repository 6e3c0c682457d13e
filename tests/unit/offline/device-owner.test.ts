// A session that expires keeps the person's unsent work; someone else signing in on the device wipes it.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import {
  claimDeviceData,
  deviceDataReadyFor,
  rememberDeviceOwner,
} from '../../../src/offline/device-owner';

async function queueDraft() {
  await db.drafts.put({ key: 'chat:c1', value: 'mon histoire', updated_at: 1 });
}

describe('device owner', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });

  it('keeps the drafts when the same person signs in again', async () => {
    await queueDraft();
    await rememberDeviceOwner('user-a');
    await claimDeviceData('user-a');
    expect((await db.drafts.get('chat:c1'))?.value).toBe('mon histoire');
  });

  it('wipes the drafts before another person uses the device', async () => {
    await queueDraft();
    await rememberDeviceOwner('user-a');
    await claimDeviceData('user-b');
    expect(await db.drafts.count()).toBe(0);
    expect((await db.meta.get('deviceOwner'))?.value).toBe('user-b');
  });

  it("lets the device's work go out only for its owner, and not while a claim runs", async () => {
    await rememberDeviceOwner('user-a');
    expect(await deviceDataReadyFor('user-a')).toBe(true);
    const claim = claimDeviceData('user-b');
    expect(await deviceDataReadyFor('user-b')).toBe(false);
    await claim;
    expect(await deviceDataReadyFor('user-b')).toBe(true);
  });

  it('claims the device itself for a session that began without its claim', async () => {
    await queueDraft();
    await rememberDeviceOwner('user-a');
    expect(await deviceDataReadyFor('user-b')).toBe(false);
    await vi.waitFor(
      async () => {
        expect((await db.meta.get('deviceOwner'))?.value).toBe('user-b');
        expect(await db.drafts.count()).toBe(0);
      },
      { timeout: 5_000 },
    );
    expect(await deviceDataReadyFor('user-b')).toBe(true);
  });
});
