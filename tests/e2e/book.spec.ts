// The book in a real browser against the real server: a full-access account (bought through the payment
// simulator) makes a book of 10 chapters with 5 photos each through the wizard, reloads mid-wizard and
// carries on, waits for the book, previews it and downloads it. The PDF is then read back page by page:
// pdfinfo (A5, an even page count), pdffonts (every font embedded, EB Garamond), pdftotext (French
// typography, the table of contents in the wizard's order pointing at the right pages, every caption on
// its photo's page), pdfimages (every photo and the portrait) and pdftoppm (every photo drawn, margins
// clear). axe on the wizard and on the book's page.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import {
  buyFullAccess,
  countColour,
  createIllustratedChapter,
  darkestInColumns,
  pdfFonts,
  pdfImages,
  pdfInfo,
  pdfText,
  pdfWordBoxes,
  photoColours,
  premiumStatus,
  raster,
  renderPages,
  uploadOwnPhoto,
  type ChapterPlan,
} from './support/book-helpers';
import { answerRequiredQuestions } from './support/home-helpers';

const BOOK_TITLE = "L'été de mes vingt ans";
const AUTHOR = 'Jeanne Martin-Dufour';
const CHAPTERS = 10;
const PHOTOS = 5;

const TITLES = [
  "L'enfance à Roanne",
  'La gare de mon père',
  "L'épicerie de ma mère",
  "L'hiver de la Loire gelée",
  "L'usine de tissage",
  'Mon amie Simone',
  'Le bal du 14 juillet',
  'Notre mariage',
  'La naissance de Paul',
  'Les vacances à la mer',
];

/** A few paragraphs with straight quotes, apostrophes, ; ! ? and "..." for the book's typography. */
function chapterText(index: number, title: string): string {
  return [
    `Je me souviens de ce temps-là comme si c'était hier ; ${title.toLowerCase()}, c'est toute une époque. Mon père disait toujours : "On n'a qu'une vie, ma fille !" Et il avait raison...`,
    `Qu'est-ce qui m'a le plus marquée ? Peut-être l'odeur du pain chaud le matin, ou le bruit des trains qui passaient au bout de la rue. Nous n'avions pas grand-chose, mais nous étions heureux ; ma mère chantait en travaillant et mon frère Paul riait de tout.`,
    `Un jour, la voisine est venue nous dire : "Vous avez vu la neige ?" Nous sommes sortis en courant ! Le souvenir numéro ${index + 1} de ce livre commence ainsi... et il ne m'a jamais quittée.`,
    `Aujourd'hui encore, quand je ferme les yeux, je revois la cour, le vieux tilleul et la barrière verte. C'était l'année où tout a changé pour nous ; je vous la raconte telle que je l'ai vécue.`,
  ].join('\n\n');
}

/** What the book prints for a text: curly apostrophes (the only change a title of ours needs). */
function printed(text: string): string {
  return text.replace(/'/g, '\u2019');
}

const colours = photoColours(CHAPTERS * PHOTOS + 1);
const PORTRAIT_COLOUR = colours[CHAPTERS * PHOTOS]!;

const PLANS: ChapterPlan[] = TITLES.map((title, c) => ({
  title,
  summary: chapterText(c, title),
  photos: Array.from({ length: PHOTOS }, (_, p) => ({
    colour: colours[c * PHOTOS + p]!,
    legend: `Photo ${p + 1} du chapitre ${c + 1}`,
  })),
}));

function wizardStep(page: Page, step: number) {
  return page.getByTestId(`book-wizard-step-${step}`);
}

async function continueFrom(page: Page, step: number): Promise<void> {
  await wizardStep(page, step).getByTestId('book-wizard-continue').click();
  await expect(wizardStep(page, step + 1)).toBeVisible();
}

test('a book of ten illustrated chapters made through the wizard, previewed, downloaded and checked page by page', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);

  // 1. An account with full access, bought through the payment simulator.
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  await buyFullAccess(page, request, account);
  expect(await premiumStatus(request, account)).toMatchObject({
    is_full_access_granted: true,
    book_credits: 1,
  });

  // 2. Ten titled chapters with five captioned photos each, and one own photo for the portrait.
  const ids: string[] = [];
  for (const plan of PLANS) ids.push(await createIllustratedChapter(request, account, plan));
  const portraitId = await uploadOwnPhoto(request, account, PORTRAIT_COLOUR);

  // 3. The wizard.
  await signInWithStorage(page, account, '/conversations/book/create');
  const wizard = page.getByTestId('book-wizard');
  await expect(
    wizard.getByRole('heading', { level: 1, name: "Création d'un livre" }),
  ).toBeVisible();
  await expect(page.getByTestId('book-wizard-start')).toHaveText('Commencer');
  await page.getByTestId('book-wizard-start').click();

  // Step 1: all ten chapters.
  const step1 = page.getByRole('dialog', { name: 'Étape 1 : choix des chapitres' });
  await expect(step1).toBeVisible();
  await expect(step1.getByTestId('wizard-chapter')).toHaveCount(CHAPTERS);
  for (const title of TITLES) {
    await step1.getByRole('button', { name: `Choisir « ${title} »`, exact: true }).click();
    await expect(
      step1.getByRole('button', { name: `Retirer « ${title} »`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(step1.getByText('10 chapitres choisis (entre 4 et 10)')).toBeVisible();
  await continueFrom(page, 1);

  // Step 2: oldest first (the chapters were made in this order), then the sixth moved up one place.
  const step2 = page.getByRole('dialog', { name: 'Ordre des chapitres' });
  const rows = step2.getByTestId('wizard-order-row');
  const order = () =>
    rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-chapter-id')));
  expect(await order()).toEqual(ids);
  await expectNoSeriousA11yViolations(page);
  await step2.getByRole('button', { name: `Monter « ${TITLES[5]} »`, exact: true }).click();
  const bookOrder = [...ids];
  [bookOrder[4], bookOrder[5]] = [bookOrder[5]!, bookOrder[4]!];
  await expect.poll(order).toEqual(bookOrder);
  await expect(
    step2.getByText(`« ${TITLES[5]} » est maintenant le chapitre 5 sur 10.`),
  ).toBeAttached();
  const orderedTitles = bookOrder.map((id) => TITLES[ids.indexOf(id)]!);
  await continueFrom(page, 2);

  // Step 3: the author.
  const step3 = page.getByRole('dialog', { name: 'Paramètres du livre' });
  await step3.getByLabel("Nom de l'auteur").fill(AUTHOR);
  await continueFrom(page, 3);

  // Step 4: the suggestions fill the boxes; the title is then written by hand.
  const step4 = page.getByRole('dialog', { name: 'Résumé et biographie' });
  const titleField = step4.getByLabel('Titre du livre');
  await expect(titleField).not.toHaveValue('', { timeout: 30_000 });
  await expect(step4.getByLabel('Sous-titre')).not.toHaveValue('');
  await expect(step4.getByLabel('Résumé du livre')).not.toHaveValue('');
  await expect(
    step4.getByText('Nous avons rempli les cases vides avec des propositions.', { exact: false }),
  ).toBeVisible();
  const subtitle = await step4.getByLabel('Sous-titre').inputValue();
  await titleField.fill(BOOK_TITLE);
  await expect(titleField).toHaveValue(BOOK_TITLE);
  await expectNoSeriousA11yViolations(page);
  // Kept on this device on every change (a person may close the tab at any moment).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('chapitres.bookWizard') ?? ''))
    .toContain(JSON.stringify(BOOK_TITLE).slice(1, -1));

  // Reloaded mid-wizard: back at step 4 with the title as typed.
  await page.reload();
  // The introduction offers to resume at step 4 (its dialog opens again with the chapters).
  const resume = page.getByTestId('book-wizard-start');
  await expect(resume).toHaveText("Reprendre à l'étape 4");
  if (!(await wizardStep(page, 4).isVisible())) await resume.click();
  await expect(wizardStep(page, 4)).toBeVisible();
  await expect(page.getByLabel('Titre du livre')).toHaveValue(BOOK_TITLE);
  await expect(page.getByLabel('Sous-titre')).toHaveValue(subtitle);
  await continueFrom(page, 4);

  // Step 5: the cover, the second photo of the book's first chapter, named by its caption.
  const step5 = page.getByRole('dialog', { name: 'Définir la photo de couverture' });
  const cover = step5.getByRole('radio', {
    name: `Photo 2 du chapitre ${TITLES.indexOf(orderedTitles[0]!) + 1}`,
    exact: true,
  });
  await cover.check();
  await expect(cover).toBeChecked();
  await expect(step5.getByText('Photo choisie', { exact: true })).toBeVisible();
  await continueFrom(page, 5);

  // Step 6: the portrait, the person's own photo; then the book is made.
  const step6 = page.getByRole('dialog', { name: "Choisir un portrait de l'auteur" });
  const portrait = step6.getByRole('radio', { name: 'Ma photo 1', exact: true });
  await portrait.check();
  await expect(portrait).toBeChecked();
  await expect(
    step6.locator(`[data-testid="wizard-photo-option"][data-image-id="${portraitId}"] input`),
  ).toBeChecked();
  await step6.getByRole('button', { name: 'Créer le livre' }).click();

  // 4. The book's page: being made, then finished with its preview.
  await expect(page).toHaveURL(/\/book\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const bookId = /\/book\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: BOOK_TITLE })).toBeVisible();
  await expect(
    page.getByText('Votre livre est en cours de création').or(page.getByText('Aperçu uniquement')),
  ).toBeVisible();
  await expect(page.getByText('Aperçu uniquement')).toBeVisible({ timeout: 100_000 });
  // The preview opens at the first chapter, past the opening pages (title, contents…).
  const firstPage = page.getByRole('img', { name: /^Page \d+ sur \d+$/ }).first();
  await expect(firstPage.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(firstPage).not.toHaveAccessibleName(/^Page 1 sur/);
  await expect(page.getByRole('button', { name: /pages d’ouverture du livre/ })).toBeVisible();
  expect(
    await firstPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width),
  ).toBeGreaterThan(100);
  await expect(page.getByText(/^4 pages affichées sur \d+$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 5. Downloaded under the book's title.
  // Playwright's own temporary folder for this test (emptied at the start of every run).
  const dir = testInfo.outputPath('book');
  mkdirSync(dir, { recursive: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${BOOK_TITLE}.pdf`);
  const pdf = join(dir, 'book.pdf');
  await download.saveAs(pdf);

  // 6. The PDF, page by page.
  const info = pdfInfo(pdf);
  // A5: 148 × 210 mm, that is 419.53 × 595.28 pt.
  expect(info.width).toBeCloseTo(419.53, 2);
  expect(info.height).toBeCloseTo(595.28, 2);
  expect(info.pages % 2).toBe(0);
  const fonts = pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((font) => font.embedded !== 'yes')).toEqual([]);
  expect(fonts.some((font) => /EBGaramond|EB ?Garamond/i.test(font.name))).toBe(true);

  const whole = pdfText(pdf);
  expect(whole).toContain('Table des matières');
  for (const title of TITLES) expect(whole).toContain(printed(title));
  expect(whole).toContain(printed(BOOK_TITLE));
  expect(whole).toContain(AUTHOR);
  // French typography: guillemets with a space inside, curly apostrophes, the ellipsis, a space before ; ! ?
  expect(whole).toMatch(/«\s+On n’a qu’une vie, ma fille\s*!\s+»/u);
  expect(whole).toMatch(/«\s+Vous avez vu la neige\s*\?\s+»/u);
  expect(whole).toContain('Aujourd’hui encore');
  expect(whole).toContain('…');
  expect(whole).not.toContain('"');
  expect(whole).not.toContain("'");
  expect(whole).not.toContain('...');
  expect(whole).not.toMatch(/\p{L}[;!?]/u);

  // The table of contents: the ten titles in the wizard's order, each with the page its chapter opens on.
  const pageTexts = Array.from({ length: info.pages }, (_, i) => pdfText(pdf, i + 1));
  const tocIndex = pageTexts.findIndex((text) => text.includes('Table des matières'));
  expect(tocIndex).toBeGreaterThan(0);
  const toc = pageTexts[tocIndex]!;
  const tocLines = toc.split('\n');
  let previousLine = -1;
  const openings: number[] = [];
  for (const [position, title] of orderedTitles.entries()) {
    const line = tocLines.findIndex((text) => text.includes(printed(title)));
    expect(line, `${title} in the table of contents`).toBeGreaterThan(previousLine);
    previousLine = line;
    const number = /(\d+)\s*$/.exec(tocLines[line]!)?.[1];
    expect(number, `page number of ${title}`).toBeTruthy();
    const opening = Number(number);
    expect(opening).toBeGreaterThan(tocIndex + 1);
    // Chapters open on a right-hand page, with "CHAPITRE n" and the title.
    expect(opening % 2).toBe(1);
    const text = pageTexts[opening - 1]!;
    expect(text, `page ${opening}`).toMatch(new RegExp(`CHAPITRE\\s+${position + 1}\\b`));
    expect(text, `page ${opening}`).toContain(printed(title));
    openings.push(opening);
  }
  for (let i = 1; i < openings.length; i += 1)
    expect(openings[i]).toBeGreaterThan(openings[i - 1]!);

  // Every image: the fifty photos and the portrait, each photo drawn on the page of its caption.
  const images = pdfImages(pdf);
  expect(images.length).toBeGreaterThanOrEqual(CHAPTERS * PHOTOS + 1);
  const pngs = renderPages(pdf, dir, 30);
  expect(pngs).toHaveLength(info.pages);
  const rasters = await Promise.all(pngs.map((png) => raster(png.path)));
  // 30 dpi: a photo printed at least 60 mm wide covers thousands of pixels; 400 is well clear of noise.
  const drawnOn = (colour: [number, number, number]) =>
    rasters.flatMap((image, i) => (countColour(image, colour) > 400 ? [i + 1] : []));
  // The portrait closes the book, above the author's name, after the last chapter.
  const portraitPages = drawnOn(PORTRAIT_COLOUR);
  expect(portraitPages).toHaveLength(1);
  const endMatter = portraitPages[0]!;
  expect(endMatter).toBeGreaterThan(openings[openings.length - 1]!);
  expect(pageTexts[endMatter - 1]).toContain(AUTHOR);
  const bounds = [...openings, endMatter];
  for (const plan of PLANS) {
    const position = orderedTitles.indexOf(plan.title);
    for (const photo of plan.photos) {
      const pages = drawnOn(photo.colour);
      expect(pages, `${photo.legend} drawn once`).toHaveLength(1);
      const at = pages[0]!;
      expect(at, `${photo.legend} in its chapter`).toBeGreaterThanOrEqual(bounds[position]!);
      expect(at, `${photo.legend} in its chapter`).toBeLessThan(bounds[position + 1]!);
      // "Photo 1 du chapitre 1" is not "Photo 1 du chapitre 10".
      const caption = new RegExp(`${photo.legend}(?!\\d)`);
      expect(pageTexts[at - 1], `caption on page ${at}`).toMatch(caption);
      expect(
        pageTexts.filter((text) => caption.test(text)),
        photo.legend,
      ).toHaveLength(1);
    }
  }

  // Nothing overflows: every word inside the page and, across, inside its text block (15 mm outside,
  // 20 mm inside: on the left of a right-hand odd page; a few points allowed for hanging punctuation),
  // and both side margins blank on every page as drawn.
  const { pages: boxes, words } = pdfWordBoxes(pdf);
  expect(boxes).toHaveLength(info.pages);
  for (const box of boxes) {
    expect(box.width).toBeCloseTo(419.53, 1);
    expect(box.height).toBeCloseTo(595.28, 1);
  }
  const mm = 72 / 25.4;
  const outside = words.filter((w) => {
    const [left, right] = w.page % 2 === 1 ? [20 * mm, 15 * mm] : [15 * mm, 20 * mm];
    return w.xMin < left - 4 || w.xMax > 419.53 - right + 4 || w.yMin < 0 || w.yMax > 595.28;
  });
  expect(outside, 'words outside the text block').toEqual([]);
  // Page numbers (in the bottom margin) are the pages' own numbers, and the last page, a blank verso
  // that makes the count even, carries nothing at all. Fails today: the template's last line
  // `#context if calc.odd(here().page()) { pagebreak() }` (server/src/modules/books/template/book.typ:155)
  // depends on its own page break and never settles, so the blank last page gets a stray "1".
  const folios = words.filter((w) => w.yMin > 595.28 - 22 * mm);
  expect
    .soft(
      folios.filter((w) => w.word !== String(w.page)).map((w) => `page ${w.page}: "${w.word}"`),
      'page numbers',
    )
    .toEqual([]);
  expect.soft(pageTexts[info.pages - 1]!.trim(), 'the last page').toBe('');
  const px = 30 / 25.4;
  for (const [i, image] of rasters.entries()) {
    const left = darkestInColumns(image, 0, Math.floor(12 * px));
    const right = darkestInColumns(image, image.width - Math.floor(12 * px), image.width);
    expect.soft(left, `left margin of page ${i + 1}`).toBeGreaterThan(230);
    expect.soft(right, `right margin of page ${i + 1}`).toBeGreaterThan(230);
  }
  // The first chapter's opening and a page with a photo, drawn sharper for the report.
  const firstPhotoPage = drawnOn(PLANS[0]!.photos[1]!.colour)[0]!;
  for (const [name, at] of [
    ['first-chapter-opening', openings[0]!],
    ['page-with-a-photo', firstPhotoPage],
  ] as const) {
    const [drawn] = renderPages(pdf, mkdtempSync(join(dir, `${name}-`)), 72, at, at);
    expect(drawn?.page).toBe(at);
    await testInfo.attach(`${name}.png`, { path: drawn!.path, contentType: 'image/png' });
  }

  // 7. The list of books: the card with its title and its cover picture.
  await page.goto('/books');
  const card = page.getByRole('article', { name: BOOK_TITLE });
  await expect(card).toBeVisible();
  const coverImage = card.getByRole('img', { name: `Couverture du livre « ${BOOK_TITLE} »` });
  await expect(coverImage).toBeVisible();
  await expect
    .poll(() => coverImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(100);
  // The front cover shows the photo chosen at step 5.
  const coverBytes = await (await request.get((await coverImage.getAttribute('src'))!)).body();
  const coverPhoto = PLANS[TITLES.indexOf(orderedTitles[0]!)]!.photos[1]!.colour;
  expect(countColour(await raster(coverBytes), coverPhoto)).toBeGreaterThan(1000);
  await expect(card.getByRole('link', { name: 'Voir' })).toHaveAttribute('href', `/book/${bookId}`);
  await expectNoSeriousA11yViolations(page);
});
