// `npm test`: every suite in turn (app unit tests, server integration on PGlite, browser journeys),
// then one closing line summing them. `--with-pg` adds the server suite again on the real PostgreSQL
// (TEST_DATABASE_URL, default the local server). `--only=unit,server,e2e,server-pg` picks suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const args = process.argv.slice(2);
const withPg = args.includes('--with-pg');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTests ?? 0),
    skipped: report.numPendingTests + report.numTodoTests,
    // A file that crashed before running its tests counts as a failure.
    brokenFiles: report.testResults.filter(
      (r) => r.status === 'failed' && r.assertionResults.length === 0,
    ).length,
    failures: report.testResults.flatMap((r) => {
      const file = r.name.replace(`${root}/`, '');
      const tests = r.assertionResults.filter((a) => a.status === 'failed');
      if (r.status === 'failed' && tests.length === 0) return [`${file}: ${firstLine(r.message)}`];
      return tests.map((a) => `${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }),
  };
}

/** The first line of a failure message, short enough for the closing summary. */
function firstLine(message) {
  return (message ?? '').split('\n')[0].slice(0, 300);
}

/** Every failed test of a Playwright report, with the file, the title and the first error line. */
function playwrightFailures(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.ok
        ? []
        : [
            `${[...here, spec.title].join(' > ')}: ${firstLine(
              spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message,
            )}`,
          ],
    ),
    ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here)),
  ];
}

function playwrightCounts(file) {
  const { stats, errors, suites } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    brokenFiles: errors?.length ?? 0,
    failures: [
      ...(suites ?? []).flatMap((suite) => playwrightFailures(suite)),
      ...(errors ?? []).map((e) => firstLine(e.message)),
    ],
  };
}

const suites = [
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'unit.json')}`,
    ],
    cwd: root,
    report: join(reports, 'unit.json'),
    count: vitestCounts,
  },
  {
    name: 'server',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'server.json')}`,
    ],
    cwd: join(root, 'server'),
    env: { TEST_DATABASE_URL: '' },
    report: join(reports, 'server.json'),
    count: vitestCounts,
  },
  {
    name: 'e2e',
    // The journeys run against the app as built now: a `dist/` left from before a change would test the
    // old app (its catalogues, its code). E2E_REUSE_BUILD=1 skips the build for a quick rerun.
    before: () => {
      if (process.env.E2E_REUSE_BUILD === '1' && existsSync(join(root, 'dist', 'index.html')))
        return true;
      return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status === 0;
    },
    cmd: ['npx', 'playwright', 'test'],
    cwd: root,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    report: join(reports, 'e2e.json'),
    count: playwrightCounts,
  },
  {
    name: 'server-pg',
    enabled: withPg,
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'server-pg.json')}`,
    ],
    cwd: join(root, 'server'),
    env: { TEST_DATABASE_URL: pgUrl },
    report: join(reports, 'server-pg.json'),
    count: vitestCounts,
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failures = [];
let ok = true;
for (const suite of suites) {
  if (suite.enabled === false || (only && !only.includes(suite.name))) continue;
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  if (suite.before && !suite.before()) {
    ok = false;
    lines.push(`${suite.name}: could not prepare`);
    totals.failed += 1;
    continue;
  }
  const [bin, ...rest] = suite.cmd;
  const run = spawnSync(bin, rest, {
    cwd: suite.cwd,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let counts = { passed: 0, failed: 1, skipped: 0, brokenFiles: 0 };
  if (existsSync(suite.report)) counts = suite.count(suite.report);
  const failed = counts.failed + counts.brokenFiles;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  lines.push(
    `${suite.name}: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped (${seconds} s, exit ${run.status})`,
  );
  for (const failure of counts.failures ?? []) failures.push(`${suite.name}: ${failure}`);
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  if (run.status !== 0 || failed > 0 || counts.passed === 0) ok = false;
  if (run.status !== 0 && failed === 0) totals.failed += 1; // crashed runner with no failing test recorded
}

console.log('\n=== summary ===');
if (failures.length > 0) {
  console.log('failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
for (const line of lines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
