// Answers as speech recognition gives them (all lower case, no punctuation, « euh », « voilà », doubled
// subjects, years in words), heard through the scripted recognition: the biographer's follow-ups take up
// what was said without mistaking a car for a place, and the chapter written from them, in the first then
// the third person, reads as written French (names and years as they are written, no tics, full stops).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
  type Account,
} from './support/accounts';
import { chatMessages, chatPage } from './support/chat-page';
import { fakeSpeech, installFakeSpeech } from './support/fake-speech';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

const SPOKEN = [
  'euh je suis née à saint-étienne en mille neuf cent quarante-six',
  'mon père il était mineur au puits couriot il descendait tous les matins à cinq heures et le dimanche on allait voir le match au stade geoffroy-guichard avec mon frère andré',
  "ma mère elle s'appelait marcelle elle travaillait chez manufrance voilà",
  'le dimanche on partait dans la peugeot à la campagne',
  "j'ai rencontré lucien au bal on s'est mariés en soixante-huit",
];

interface ConversationWire {
  title_infos: { title: string | null };
  summary_infos: { summary: string | null };
}

async function chapterOnServer(
  request: APIRequestContext,
  account: Account,
  id: string,
): Promise<ConversationWire> {
  const response = await request.get(`/api/v1/conversations/${id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ConversationWire;
}

function story(page: Page) {
  return page.getByRole('region', { name: 'Votre récit' });
}

/** What any written chapter must be, whatever its point of view. */
function expectWrittenFrench(text: string) {
  for (const word of ['Saint-Étienne', 'Marcelle', 'Manufrance', 'Lucien', '1946', '1968']) {
    expect(text, `« ${word} » in:\n${text}`).toContain(word);
  }
  for (const spoken of ['saint-étienne', 'marcelle', 'manufrance']) {
    expect(text, `lower-case « ${spoken} » in:\n${text}`).not.toContain(spoken);
  }
  expect(text, `a filler in:\n${text}`).not.toMatch(/(?<![\p{L}])(?:euh|voilà)(?![\p{L}])/iu);
  expect(text, `a doubled subject in:\n${text}`).not.toMatch(/mon père il(?![\p{L}])/iu);
  const paragraphs = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  expect(paragraphs.length).toBeGreaterThan(0);
  for (const paragraph of paragraphs) {
    expect(paragraph, `a paragraph without its full stop in:\n${text}`).toMatch(/[.!?…»]$/u);
  }
  // Every doubled subject goes (« ma mère elle s'appelait »), and a pronoun is never capitalised mid-sentence.
  expect
    .soft(text, `a doubled subject in:\n${text}`)
    .not.toMatch(
      /(?<![\p{L}])(?:(?:mon|son) père|(?:ma|sa) mère|(?:mon|son) frère) (?:il|elle)(?![\p{L}])/iu,
    );
  expect
    .soft(text, `a capitalised pronoun mid-sentence in:\n${text}`)
    .not.toMatch(/[\p{L},] (?:Il|Elle|Ils|Elles|On)(?![\p{L}])/u);
}

/** Rewrites the chapter from the answers in the given point of view, through the control centre. */
async function rewrite(page: Page, perspective: string): Promise<void> {
  await page.getByRole('button', { name: 'Refaire le résumé' }).click();
  const center = page.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
  const choice = center.getByRole('button', { name: perspective });
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await center.getByRole('checkbox', { name: /Partir du texte actuel/ }).uncheck();
  await center.getByRole('button', { name: 'Générer le résumé' }).click();
  // Unticked, her own sentences would go: she is asked first (issue 29 #10).
  await page
    .getByRole('alertdialog', { name: 'Réécrire tout le texte ?' })
    .getByRole('button', { name: 'Oui, tout réécrire' })
    .click();
  await expect(center).toHaveCount(0, { timeout: 30_000 });
}

test('answers spoken in raw recognised speech: sensible follow-ups, a chapter in written French', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.addInitScript(installFakeSpeech);
  const account = await createAccount(request, { full_name: 'Gisèle Martin' });
  await answerRequiredQuestions(request, account);
  const id = await createChapterByApi(request, account);
  const [opening] = await chatMessages(request, account, id);
  await signInWithStorage(page, account, `/conversations/${id}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau chapitre' })).toBeVisible();
  await expect(page.getByText(opening!.content, { exact: true })).toBeVisible();
  const chat = chatPage(page);
  const speech = fakeSpeech(page);

  // 1. Five answers said aloud: the "microphone" guesses, then settles; each one sent at once.
  for (const spoken of SPOKEN) {
    await chat.expectState('user-can-talk', 60_000);
    await chat.main('user-can-talk').click();
    await chat.expectState('user-talking');
    const guess = spoken.split(' ').slice(0, 3).join(' ');
    await speech.hear(guess);
    await expect(chat.answer).toHaveValue(guess);
    await speech.hear(spoken, true);
    await expect(chat.answer).toHaveValue(spoken);
    await chat.main('user-talking').click();
    await chat.expectState('user-updating');
    await chat.main('user-updating').click();
    await chat.expectState('bot-talking', 60_000);
    await chat.main('bot-talking').click();
  }
  await chat.expectState('user-can-talk');

  // 2. The answers are kept as they were heard; the follow-ups take up who and where, never « la Peugeot ».
  const messages = await chatMessages(request, account, id);
  expect(messages.filter((m) => m.type === 'user').map((m) => m.content)).toEqual(SPOKEN);
  const followUps = messages.slice(1).filter((m) => m.type === 'assistant');
  expect(followUps).toHaveLength(SPOKEN.length);
  const questions = followUps.map((m) => m.content).join('\n');
  for (const question of followUps) {
    expect(question.content, `follow-ups:\n${questions}`).not.toMatch(
      /dans la Peugeot|à la Peugeot|la vie dans la Peugeot/i,
    );
  }
  expect(
    followUps.some((m) => /Saint-Étienne|Marcelle|André|Lucien|Couriot|Manufrance/.test(m.content)),
    `no follow-up takes up a name that was said:\n${questions}`,
  ).toBe(true);
  await expect(page.getByText(messages.at(-1)!.content, { exact: true }).first()).toBeVisible();

  // 3. The end: the chapter is written on arrival, titled after the place.
  await page.getByRole('button', { name: 'Terminer', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${id}$`));
  await expect(
    story(page)
      .getByText(/Saint-Étienne/)
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  const written = await chapterOnServer(request, account, id);
  const title = written.title_infos.title ?? '';
  expect(title, `title: ${title}`).not.toBe('Souvenirs');
  expect(title, `title: ${title}`).toContain('Saint-Étienne');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoSeriousA11yViolations(page);

  // 4. Rewritten in the first person.
  await rewrite(page, 'À la première personne (je)');
  const first = (await chapterOnServer(request, account, id)).summary_infos.summary ?? '';
  await expect(
    story(page)
      .getByText(/Saint-Étienne/)
      .first(),
  ).toBeVisible();
  expectWrittenFrench(first);
  expect(first, first).toMatch(/(?<![\p{L}])(?:je|j['’])/iu);
  const shown = (await story(page).locator('p').allTextContents()).join('\n');
  for (const word of ['Marcelle', 'Manufrance', 'Lucien', '1946', '1968']) {
    expect(shown).toContain(word);
  }

  // 5. Rewritten in the third person: no « je », « nous », « on » outside what is quoted.
  await rewrite(page, 'À la troisième personne (il, elle)');
  await expect
    .poll(async () => (await chapterOnServer(request, account, id)).summary_infos.summary)
    .not.toBe(first);
  const third = (await chapterOnServer(request, account, id)).summary_infos.summary ?? '';
  await expect(
    story(page)
      .getByText(/Gisèle|Saint-Étienne/)
      .first(),
  ).toBeVisible();
  expectWrittenFrench(third);
  const outsideQuotes = third.replace(/«[^»]*»/g, ' ');
  expect(outsideQuotes, `the narrator speaks in the third person:\n${third}`).not.toMatch(
    /(?<![\p{L}])(?:je|nous|on)(?![\p{L}])|(?<![\p{L}])j['’]/iu,
  );
  await expectNoSeriousA11yViolations(page);
});
