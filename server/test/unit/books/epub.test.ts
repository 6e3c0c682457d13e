// Issue 33: the EPUB opened as a reader would, its XHTML read back: every chapter, every caption as the
// picture's alternative text, the table of contents and page list, the accessibility metadata, the book's
// typography, and hostile text turned into a valid file.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildEpub, escapeXml } from '../../../src/modules/books/epub.ts';
import type { BookMaterial } from '../../../src/modules/books/render.ts';
import { layoutBook } from '../../support/book-layout.ts';
import { mp4, ogg } from '../../support/audio.ts';

const ID = '6f1c1b3e-8a40-4c38-9b5f-0d2e9f9b1a11';

function open(bytes: Uint8Array) {
  const entries = unzipSync(bytes);
  const text = (name: string) => strFromU8(entries[name]!);
  const chapters = Object.keys(entries)
    .filter((name) => /^EPUB\/chapter-\d+\.xhtml$/.test(name))
    .sort()
    .map(text);
  return { entries, text, chapters, opf: text('EPUB/package.opf'), nav: text('EPUB/nav.xhtml') };
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of an XHTML document, tags removed (inline ones join what they split). */
const plain = (xhtml: string) => unescape(xhtml.replace(/<[^>]+>/g, ''));
/** The same with every kind of space as one, and word joiners gone: to look for words. */
const words = (xhtml: string) =>
  plain(xhtml)
    .replace(/\u2060/g, '')
    .replace(/[\s\u00A0\u202F]+/g, ' ');

describe('the EPUB container', () => {
  it('starts with the mimetype entry, stored', async () => {
    const bytes = await buildEpub(await layoutBook(), { id: ID });
    const view = Buffer.from(bytes);
    expect(view.readUInt32LE(0)).toBe(0x04034b50);
    expect(view.readUInt16LE(8)).toBe(0); // stored, not deflated
    const nameLength = view.readUInt16LE(26);
    const extra = view.readUInt16LE(28);
    expect(view.toString('latin1', 30, 30 + nameLength)).toBe('mimetype');
    expect(view.toString('latin1', 30 + nameLength + extra, 30 + nameLength + extra + 20)).toBe(
      'application/epub+zip',
    );
    const { entries, text } = open(bytes);
    expect(text('META-INF/container.xml')).toContain('full-path="EPUB/package.opf"');
    expect(entries['EPUB/fonts/EBGaramond-Regular.ttf']!.byteLength).toBeGreaterThan(100_000);
  });
});

describe('the book inside', () => {
  it('has every chapter, in order, with its title and its text', async () => {
    const material = await layoutBook();
    const { chapters, opf } = open(await buildEpub(material, { id: ID }));
    expect(chapters).toHaveLength(material.chapters.length);
    material.chapters.forEach((chapter, c) => {
      const found = words(chapters[c]!);
      for (const word of chapter.title.split(/\s+/))
        expect(found).toContain(word.replace(/'/g, '’'));
      expect(chapters[c]).toContain('epub:type="chapter"');
      expect(chapters[c]).toMatch(/<h1 id="chapter-title">/);
    });
    // The spine reads title page, dedication, contents, the chapters in the book's order, then the back.
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
    expect(spine).toEqual([
      'title',
      'dedication',
      'nav',
      ...material.chapters.map((_, c) => `chapter-${c + 1}`),
      'about',
    ]);
  });

  it('gives each picture its caption as alternative text, screen-sized, decorative without one', async () => {
    const material = await layoutBook();
    material.chapters[3]!.images[1]!.legend = null;
    const { chapters, entries } = open(await buildEpub(material, { id: ID }));
    const first = chapters[0]!;
    for (let i = 1; i <= 5; i++) expect(first).toContain(`alt="Photo ${i}, l’été 1962"`);
    expect(
      first.match(/<figcaption aria-hidden="true" dir="auto">Photo \d, l’été 1962</g),
    ).toHaveLength(5);
    expect(chapters[3]).toContain('alt="" role="presentation"/>');
    // Screen resolution, never the print original: the long side at most 500 px.
    for (const [name, bytes] of Object.entries(entries)) {
      if (!name.startsWith('EPUB/images/')) continue;
      const { default: sharp } = await import('sharp');
      const meta = await sharp(bytes).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(500);
    }
  });

  it('has a table of contents, a page list and landmarks', async () => {
    const material = await layoutBook();
    const { nav, chapters } = open(await buildEpub(material, { id: ID }));
    expect(nav).toContain('<nav epub:type="toc" role="doc-toc" id="toc"');
    expect(nav).toContain('Table des matières');
    material.chapters.forEach((_, c) =>
      expect(nav).toContain(`href="chapter-${String(c + 1).padStart(2, '0')}.xhtml"`),
    );
    const pageList = nav.slice(nav.indexOf('epub:type="page-list"'));
    const pages = [...pageList.matchAll(/href="([^"#]+)#page-(\d+)"/g)];
    // The long chapter (40 paragraphs) spans many pages; every page target exists where it points.
    expect(pages.length).toBeGreaterThan(20);
    for (const [, file, number] of pages) {
      const index = Number(/chapter-(\d+)/.exec(file!)?.[1] ?? 0) - 1;
      if (index >= 0)
        expect(chapters[index]).toContain(`id="page-${number}" aria-label="${number}"`);
    }
    expect(nav).toContain('epub:type="landmarks"');
  });

  it('declares its language and its accessibility', async () => {
    for (const language of ['fr', 'en'] as const) {
      const { opf, chapters } = open(await buildEpub(await layoutBook({ language }), { id: ID }));
      expect(opf).toContain(`<dc:language>${language}</dc:language>`);
      expect(chapters[0]).toContain(`lang="${language}" xml:lang="${language}"`);
      expect(opf).toContain('<meta property="schema:accessMode">textual</meta>');
      expect(opf).toContain('<meta property="schema:accessMode">visual</meta>');
      expect(opf).toContain('<meta property="schema:accessModeSufficient">textual</meta>');
      for (const feature of [
        'structuralNavigation',
        'tableOfContents',
        'pageNavigation',
        'alternativeText',
        'readingOrder',
      ])
        expect(opf).toContain(`<meta property="schema:accessibilityFeature">${feature}</meta>`);
      expect(opf).toContain('<meta property="schema:accessibilityHazard">none</meta>');
      expect(opf).toMatch(
        language === 'fr'
          ? /<meta property="schema:accessibilitySummary">Ce livre numérique suit/
          : /<meta property="schema:accessibilitySummary">This e-book follows/,
      );
      expect(opf).toContain('EPUB Accessibility 1.1 - WCAG 2.1 Level AA');
    }
  });

  it('keeps the title page, dedication, back-cover text and portrait', async () => {
    const material = await layoutBook();
    material.portrait = { ...material.chapters[0]!.images[0]!, legend: null };
    const { text, opf } = open(await buildEpub(material, { id: ID }));
    expect(text('EPUB/title.xhtml')).toContain('Jeanne Martin');
    expect(text('EPUB/title.xhtml')).toContain('Souvenirs');
    expect(text('EPUB/dedication.xhtml')).toContain('À Claire.');
    expect(text('EPUB/about.xhtml')).toContain('alt="Portrait de Jeanne Martin"');
    expect(plain(text('EPUB/about.xhtml'))).toContain('Première édition, 1er\u00A0mars\u00A02026.');
    expect(opf).toContain('<dc:creator id="author">Jeanne Martin</dc:creator>');
  });
});

describe('French typography, as in the PDF, for a reflowable text', () => {
  it('puts the right no-break spaces, guillemets and apostrophes, and no hyphen in advance', async () => {
    const material = await layoutBook();
    material.chapters[0]!.text =
      'Ma mère disait : "le bonheur est simple" ; vraiment ? Oui ! L\'été 1962, nous avons fait 3 km le 14 juillet 1960, 10 000 fois.';
    const { chapters } = open(await buildEpub(material, { id: ID }));
    const chapter = plain(chapters[0]!);
    expect(chapter).toContain(
      'disait\u00A0: «\u00A0le bonheur est simple\u00A0»\u202F; vraiment\u202F? Oui\u202F!',
    );
    expect(chapter).toContain('L’été');
    expect(chapter).toContain('3\u00A0km');
    expect(chapter).toContain('14\u00A0juillet\u00A01960');
    expect(chapter).toContain('10\u202F000');
    for (const xhtml of chapters) expect(xhtml).not.toContain('\u00AD');
  });

  it('uses English rules for an English book', async () => {
    const material = await layoutBook({ language: 'en' });
    material.chapters[0]!.text = 'She said "hello" ; it\'s fine : yes !';
    const { chapters } = open(await buildEpub(material, { id: ID }));
    expect(plain(chapters[0]!)).toContain('said “hello”; it’s fine: yes!');
  });
});

describe('hostile text', () => {
  async function hostile(): Promise<BookMaterial> {
    const material = await layoutBook();
    material.title = '<script>alert("x")</script> & Cie 👵🏼';
    material.subtitle = 'Souvenirs ]]> <!-- -->';
    material.dedication = 'À <b>Claire</b> \uD800 et à שלום עליכם';
    material.chapters[0]!.title = 'Mariage 💍 à Beyrouth — بيروت';
    material.chapters[0]!.images[0]!.legend = 'Maman "<img src=x onerror=alert(1)>" \uDC00 🎉';
    material.chapters[1]!.text = 'Texte <p>avec</p> &amp; balises \uFFFE et \uD83D fin.';
    return material;
  }

  it('escapes markup, keeps emoji and right-to-left text, drops lone surrogates', async () => {
    const { chapters, text, opf } = open(await buildEpub(await hostile(), { id: ID }));
    const all = [...chapters, text('EPUB/title.xhtml'), text('EPUB/dedication.xhtml'), opf].join(
      '\n',
    );
    expect(all).not.toContain('<script>');
    expect(all).not.toContain('<b>');
    expect(all).not.toContain('<img src=x');
    expect(all).toContain('&lt;script&gt;');
    expect(all).toContain('👵🏼');
    expect(all).toContain('💍');
    expect(all).toContain('🎉');
    expect(all).toContain('שלום עליכם');
    expect(all).toContain('بيروت');
    expect(all).not.toMatch(/\p{Cs}/u);
    expect(all).not.toContain('\uFFFE');
    // Right-to-left text is isolated from the French around it.
    expect(text('EPUB/dedication.xhtml')).toContain('<p dir="auto">');
  });

  it('escapes the five characters XML cares about and drops what it cannot hold', () => {
    expect(escapeXml('a<b>&"c"\uD800\uFFFF')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(escapeXml('😀')).toBe('😀');
  });
});

describe('the voice', () => {
  it('ends each voiced chapter with its listening link, and puts only playable recordings inside', async () => {
    const material = await layoutBook();
    material.chapters[0]!.voice = {
      url: 'https://example.org/ecouter/abc?x=1&y=2',
      speaker: 'Jeanne',
    };
    const plain = open(await buildEpub(material, { id: ID }));
    expect(plain.chapters[0]).toContain(
      '<p class="voice"><a href="https://example.org/ecouter/abc?x=1&amp;y=2" dir="auto">Écoutez la voix de Jeanne</a></p>',
    );
    expect(plain.chapters[1]).not.toContain('class="voice"');
    expect(Object.keys(plain.entries).some((name) => name.startsWith('EPUB/audio/'))).toBe(false);

    const withVoice = open(
      await buildEpub(material, {
        id: ID,
        recordings: [
          [
            { bytes: mp4(2000), mimeType: 'audio/mp4', ext: 'm4a' },
            { bytes: ogg(2000), mimeType: 'audio/ogg', ext: 'ogg' },
          ],
        ],
      }),
    );
    expect(Object.keys(withVoice.entries).filter((n) => n.startsWith('EPUB/audio/'))).toEqual([
      'EPUB/audio/c1-1.m4a',
    ]);
    expect(withVoice.chapters[0]).toContain('<audio controls="controls" src="audio/c1-1.m4a"');
    expect(withVoice.opf).toContain('<meta property="schema:accessMode">auditory</meta>');
  });
});
