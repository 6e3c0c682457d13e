// The bare compiles of `npm run bench:book`, in a process of their own that the bench ends before it reads
// the idle server's memory: a library's pages mapped by two processes stay resident when one of them gives
// them back (native-memory.ts), and in use the server is the only process that loads Typst.
// Each request: Typst alone, in a fresh typesetter (a fresh compiler: Typst memoises a document it has
// seen) warmed up on a one-chapter book so that starting its thread and loading the fonts are not counted.
import { Typesetter, type TypesetJob } from '../src/modules/books/typesetter.ts';

process.on('message', (request: { job: TypesetJob; warmUp: TypesetJob }) => {
  void (async () => {
    const typesetter = new Typesetter();
    try {
      await typesetter.run(request.warmUp);
      const started = performance.now();
      await typesetter.run(request.job);
      process.send!(performance.now() - started);
    } finally {
      await typesetter.close();
    }
  })();
});
