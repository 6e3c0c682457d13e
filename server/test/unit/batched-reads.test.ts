// Reads asked together are one read (db/batched-reads.ts): one call for the keys of one turn of the
// event loop, each caller its own row, a failure for that batch only, and a key asked later read again.
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
  it('reads the keys asked in one turn at once, and gives each caller its own row', async () => {
    const rows = [
      { id: 'a', name: 'Jeanne' },
      { id: 'b', name: 'Marcel' },
    ];
    const { batched, reads } = source(rows);
    const answers = await Promise.all([
      batched.get('a'),
      batched.get('b'),
      batched.get('a'),
      batched.get('nobody'),
    ]);
    expect(reads).toEqual([['a', 'b', 'nobody']]);
    expect(answers).toEqual([rows[0], rows[1], rows[0], null]);
    // The same key's callers never share an object: one changing its row changes nothing for another.
    expect(answers[2]).not.toBe(answers[0]);
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

  it("fails a batch's callers when its read fails, and reads the next batch as usual", async () => {
    const { batched, reads, failOnce } = source([{ id: 'a', name: 'Jeanne' }]);
    failOnce();
    const failed = await Promise.allSettled([batched.get('a'), batched.get('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batched.get('a')).toEqual({ id: 'a', name: 'Jeanne' });
    expect(reads).toEqual([['a', 'b'], ['a']]);
  });
});
