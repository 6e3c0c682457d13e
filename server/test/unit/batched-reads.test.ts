// Reads asked together are one read (db/batched-reads.ts): the first of a turn of the event loop at
// once, the later keys of the turn in one call, each caller its own row, a failure for that read's
// callers only, and a key asked in a later turn read again.
import { describe, expect, it } from 'vitest';
import { BatchedReads } from '../../src/db/batched-reads.ts';

interface Row {
  id: string;
  name: string;
}

function source(rows: Row[]) {
  const reads: string[][] = [];
  let failNext = false;
  const batched = new BatchedReads<Row>(
    async (keys) => {
      reads.push(keys);
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return new Map(rows.filter((row) => keys.includes(row.id)).map((row) => [row.id, row]));
    },
    (row) => ({ ...row }),
  );
  return {
    batched,
    reads,
    failOnce() {
      failNext = true;
    },
  };
}

describe('BatchedReads', () => {
  it('reads the first key of a turn at once and the later ones of the turn together', async () => {
    const rows = [
      { id: 'a', name: 'Jeanne' },
      { id: 'b', name: 'Marcel' },
    ];
    const { batched, reads } = source(rows);
    const first = batched.get('a');
    // Sent before the turn ends: a request alone waits for nothing.
    expect(reads).toEqual([['a']]);
    const answers = await Promise.all([
      first,
      batched.get('b'),
      batched.get('a'),
      batched.get('b'),
      batched.get('nobody'),
    ]);
    expect(reads).toEqual([['a'], ['b', 'a', 'nobody']]);
    expect(answers).toEqual([rows[0], rows[1], rows[0], rows[1], null]);
    // The same key's callers never share an object: one changing its row changes nothing for another.
    expect(answers[3]).not.toBe(answers[1]);
  });

  it('reads again for a key asked after its batch was sent, so later writes show', async () => {
    const rows = [{ id: 'a', name: 'Jeanne' }];
    const { batched, reads } = source(rows);
    const first = batched.get('a');
    await new Promise((resolve) => setImmediate(resolve));
    rows[0] = { id: 'a', name: 'Jeanne Dupont' };
    const second = batched.get('a');
    expect((await first)?.name).toBe('Jeanne');
    expect((await second)?.name).toBe('Jeanne Dupont');
    expect(reads).toEqual([['a'], ['a']]);
  });

  it("fails a read's callers when it fails, and reads the next keys as usual", async () => {
    const { batched, reads, failOnce } = source([{ id: 'a', name: 'Jeanne' }]);
    const first = batched.get('a');
    failOnce();
    const failed = await Promise.allSettled([batched.get('a'), batched.get('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await first).toEqual({ id: 'a', name: 'Jeanne' });
    expect(await batched.get('a')).toEqual({ id: 'a', name: 'Jeanne' });
    expect(reads).toEqual([['a'], ['a', 'b'], ['a']]);
  });
});
