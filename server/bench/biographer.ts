// `npm run bench:biographer`: the embedded biographer and writer on the biographer corpus
// (test/fixtures/biographer). Every interview is replayed through the interviewer (each question judged)
// and written as a chapter in both perspectives and every style (each text judged). Prints the table, the
// figures next to the issue's targets (issue 30), and the times: a chat turn and a chapter (median).
// Asserts nothing: the corpus test (test/unit/biographer/corpus.test.ts) guards against regressions.
import { writeChapter } from '../src/providers/writer/embedded.ts';
import { BIOGRAPHER_CORPUS } from '../test/fixtures/biographer/corpus.ts';
import {
  TARGETS,
  formatBiographerReport,
  measureBiographer,
  PERSPECTIVES,
  replyTurn,
  type BiographerFigures,
} from '../test/support/biographer-report.ts';
import { buildInput } from '../test/support/speech-report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const report = await measureBiographer(BIOGRAPHER_CORPUS);
console.log(formatBiographerReport(report));

const LABELS: [keyof BiographerFigures, string][] = [
  ['invented', 'invented names, places or years'],
  ['formFaults', 'faults of written form'],
  ['thingsAsPersons', 'questions treating a thing as a person'],
  ['askedAgain', 'questions asking what was just said'],
  ['deniedPlaceTitles', 'titles naming a denied place'],
  ['deniedPlaceKeywords', 'keywords naming a denied place'],
  ['falseStartsKept', 'false starts kept'],
  ['followUpsOnContent', 'follow-ups built on the last answer'],
  ['mechanicalConnectors', 'mechanical connectors'],
  ['factsLost', 'facts lost'],
  ['paragraphsPerAnswer', 'paragraphs per answer'],
];
const { figures } = report;
console.log(
  `\nFigures (${figures.interviews} interviews, ${figures.questions} questions, ${figures.chapters} chapters):`,
);
for (const [key, label] of LABELS) {
  const value = figures[key];
  const shown =
    key === 'followUpsOnContent'
      ? `${Math.round(value * 100)} %`
      : key === 'paragraphsPerAnswer'
        ? value.toFixed(2)
        : String(value);
  const target = TARGETS[key];
  console.log(`  ${label.padEnd(42)} ${shown.padStart(6)}${target ? `   target ${target}` : ''}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

const turnTimes: number[] = [];
const chapterTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const interview of BIOGRAPHER_CORPUS) {
    for (let turn = 0; turn < interview.turns.length; turn++) {
      const started = performance.now();
      await replyTurn(interview, turn);
      turnTimes.push(performance.now() - started);
    }
    for (const perspective of PERSPECTIVES) {
      const input = buildInput(interview, perspective, null);
      const started = performance.now();
      writeChapter(input);
      chapterTimes.push(performance.now() - started);
    }
  }
}
console.log(
  `\nChat turn: median ${median(turnTimes).toFixed(2)} ms, max ${Math.max(...turnTimes).toFixed(2)} ms (budget 30 ms p50)`,
);
console.log(
  `Chapter: median ${median(chapterTimes).toFixed(2)} ms, max ${Math.max(...chapterTimes).toFixed(2)} ms (budget 1 s)`,
);
process.exitCode = 0;
