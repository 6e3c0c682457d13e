// Issue 33: the EPUBs of the layout books (French and English, large print, with and without voice codes,
// with hostile text) checked by epubcheck: no error, no warning. epubcheck is Java and takes seconds a file,
// so the books are made first, then checked two at a time. In CI (CI set) a missing epubcheck fails the
// test; elsewhere the test is skipped without it.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEpub, type EpubOptions } from '../../src/modules/books/epub.ts';
import type { BookMaterial } from '../../src/modules/books/render.ts';
import { mp4 } from '../support/audio.ts';
import { layoutBook } from '../support/book-layout.ts';

const EPUBCHECK = '/usr/bin/epubcheck';
const available = existsSync(EPUBCHECK);
const run = promisify(execFile);

if (!available && process.env.CI)
  throw new Error(`${EPUBCHECK} is missing: CI must install the epubcheck package`);

/** epubcheck on one file: its summary line counts, and every message it printed. */
async function epubcheck(file: string): Promise<{ ok: boolean; output: string }> {
  // The client JIT and serial GC halve the JVM's start, most of a small book's check.
  const args = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', EPUBCHECK, file];
  try {
    const { stdout, stderr } = await run('java', args, { maxBuffer: 16 << 20 });
    const output = `${stdout}\n${stderr}`;
    return { ok: /Messages: 0 fatals \/ 0 errors \/ 0 warnings/.test(output), output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}` };
  }
}

async function voiced(material: BookMaterial): Promise<BookMaterial> {
  material.chapters.forEach((chapter, c) => {
    if (c % 2 === 0)
      chapter.voice = {
        url: `https://chapitres.example/ecouter/${c}?t=a&b=c`,
        speaker: material.author,
      };
  });
  material.portrait = { ...material.chapters[0]!.images[0]!, legend: null };
  material.chapters[1]!.words = [
    { text: 'Thank you, Mum!', name: 'Mary Smith', relation: 'my daughter' },
  ];
  material.cover = material.chapters[2]!.images[1]!;
  return material;
}

async function hostile(): Promise<BookMaterial> {
  const material = await layoutBook();
  material.title = '<script>alert("x")</script> & Cie 👵🏼 \uD800';
  material.subtitle = 'Souvenirs ]]> <!-- --> \u202Eà l’envers';
  material.author = 'Jeanne « la Grande » <Martin>';
  material.dedication = 'À <b>Claire</b> \uDC00 et à שלום עליכם\n\n\net à بيروت 🎉';
  material.summary = 'Résumé \uFFFE\uFFFF avec &amp; des entités &nbsp; et 👨‍👩‍👧';
  material.chapters[0]!.title = 'Mariage 💍 à Beyrouth — بيروت';
  material.chapters[0]!.images[0]!.legend = 'Maman "<img src=x onerror=alert(1)>" \uDC00';
  material.chapters[1]!.text = 'Texte <p>avec</p> &amp; balises\n\n\u0007 et \uD83D fin.';
  // Issue 31: words of the family she chose to print, as hostile as the rest.
  material.chapters[0]!.words = [
    {
      text: 'Bravo <b>Mamie</b> ]]> & "x" 🎉 \uDC00',
      name: 'Marie <i>\u202E',
      relation: 'ma fille',
    },
    { text: 'שלום עליכם\n\n\u0007 fin', name: '', relation: null },
  ];
  return material;
}

const books: [string, () => Promise<BookMaterial>, Partial<EpubOptions>][] = [
  ['fr', () => layoutBook(), {}],
  ['en', () => layoutBook({ language: 'en' }), {}],
  ['fr-large-print', () => layoutBook({ largePrint: true }), {}],
  [
    'en-large-print-voice',
    async () => voiced(await layoutBook({ language: 'en', largePrint: true })),
    {},
  ],
  [
    'fr-voice-recordings',
    async () => voiced(await layoutBook()),
    {
      recordings: [
        [{ bytes: mp4(3000), mimeType: 'audio/mp4', ext: 'm4a' }],
        null,
        [
          { bytes: mp4(2000), mimeType: 'audio/mp4', ext: 'm4a' },
          { bytes: mp4(1000), mimeType: 'audio/mp4', ext: 'm4a' },
        ],
      ],
    },
  ],
  ['hostile', hostile, {}],
];

// The EPUB is made from the book's material without the database: the PGlite pass checks it, the
// second pass on PostgreSQL (TEST_DATABASE_URL) would only spend another minute on the same files.
const secondPass = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!available || secondPass)('the EPUB under epubcheck', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chapitres-epub-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is valid for every layout book: no error, no warning', async () => {
    const files: string[] = [];
    for (const [name, material, options] of books) {
      const file = join(dir, `${name}.epub`);
      writeFileSync(
        file,
        await buildEpub(await material(), { id: crypto.randomUUID(), ...options }),
      );
      files.push(file);
    }
    const reports: { file: string; ok: boolean; output: string }[] = [];
    // Two at a time: each JVM takes a core.
    for (let i = 0; i < files.length; i += 2) {
      const pair = files.slice(i, i + 2);
      const results = await Promise.all(pair.map(epubcheck));
      results.forEach((result, j) => reports.push({ file: pair[j]!, ...result }));
    }
    const failed = reports.filter((r) => !r.ok);
    expect(failed.map((r) => `${r.file}\n${r.output}`).join('\n\n')).toBe('');
  }, 180_000);
});
