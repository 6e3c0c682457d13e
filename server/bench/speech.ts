// `npm run bench:speech`: how the embedded writer copes with spoken answers. Every sample of the speech
// corpus (test/fixtures/speech) is written in both perspectives and every style, and each text is
// measured: sentences without a capital, unclosed paragraphs, fillers left in, names without their
// capital or accents, first person in a third-person text, the longest sentence, facts kept, names
// invented, generic titles. Prints the table and the time per chapter (median); asserts nothing.
import { writeChapter } from '../src/providers/writer/embedded.ts';
import { SPEECH_CORPUS } from '../test/fixtures/speech/corpus.ts';
import {
  PERSPECTIVES,
  STYLES,
  buildInput,
  formatReport,
  measureCorpus,
} from '../test/support/speech-report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const reports = measureCorpus(SPEECH_CORPUS);
console.log(formatReport(reports));

const inputs = SPEECH_CORPUS.flatMap((sample) =>
  PERSPECTIVES.flatMap((perspective) =>
    STYLES.map((style) => buildInput(sample, perspective, style)),
  ),
);
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const input of inputs) {
    const started = performance.now();
    writeChapter(input);
    times.push(performance.now() - started);
  }
}
times.sort((a, b) => a - b);
const median = times.length ? times[Math.floor(times.length / 2)]! : 0;
console.log(
  `\nTime per chapter (${times.length} runs, ${inputs.length} texts × ${RUNS}): median ${median.toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms`,
);
process.exitCode = 0;
