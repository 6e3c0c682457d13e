// The typesetter stopped for idleness gives Typst's code back to the system (issue 34: the server's memory
// after books), and the next book is made as before.
import { afterAll, describe, expect, test } from 'vitest';
import { canTrimNativeMemory } from '../../../src/native-memory.ts';
import { interiorJob } from '../../../src/modules/books/render.ts';
import { TYPST_LIBRARY, Typesetter } from '../../../src/modules/books/typesetter.ts';
import { plainMaterial } from '../../support/book-material.ts';
import { until } from '../../support/processes.ts';
import { residentKb } from '../../support/resident.ts';

const typesetter = new Typesetter({ idleMs: 200 });
afterAll(() => typesetter.close());

const material = plainMaterial(['Enfance', 'Jeunesse']);

describe('the typesetter stopped for idleness', () => {
  test.runIf(canTrimNativeMemory())(
    'gives all of Typst’s code back, and typesets again',
    async () => {
      const first = await typesetter.run(await interiorJob(material));
      expect(first.print!.pages).toBeGreaterThan(0);
      const running = residentKb(TYPST_LIBRARY);
      expect(running).toBeGreaterThan(4096);
      await until(
        'the typesetter stopped',
        async () => typesetter.stats().stoppedIdle === 1 || null,
      );
      // Every page of the library's code advised away: how many leave memory depends on who else maps
      // them (the test runner's other workers make books too; native-memory.test.ts measures the drop).
      await until('Typst’s code given back', async () =>
        typesetter.stats().libraryBytesReleased >= running * 1024 ? true : null,
      );
      const second = await typesetter.run(await interiorJob(material));
      expect(second.print!.pages).toBe(first.print!.pages);
    },
  );
});
