// The spoken interview in a real browser against the real server: five answers by typing and by
// "voice" (a scripted recognition object), the four states, the countdown, pause/resume, the restart
// after the browser ends listening, the biographer's WAV, interrupt, replay, the history, the end; a
// reload mid-answer that gives the draft back; a browser without speech recognition; an answer sent
// without connection; axe on every screen.
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import { chatMessages, chatPage, storedDraft } from './support/chat-page';
import { fakeSpeech, installFakeSpeech, removeSpeechRecognition } from './support/fake-speech';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

async function openNewChapter(page: Page, request: Parameters<typeof createAccount>[0]) {
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const id = await createChapterByApi(request, account);
  const [opening] = await chatMessages(request, account, id);
  await signInWithStorage(page, account, `/conversations/${id}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau chapitre' })).toBeVisible();
  await expect(page.getByText(opening!.content, { exact: true })).toBeVisible();
  return { account, id, opening: opening! };
}

test('five answers by typing and by voice, the replies heard, interrupt, replay, history, end', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(installFakeSpeech);
  const { account, id } = await openNewChapter(page, request);
  const chat = chatPage(page);
  const speech = fakeSpeech(page);
  await chat.expectState('user-can-talk');
  await expect(
    page.getByText('Appuyez sur Répondre pour commencer à parler.').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 1. Typed. The reply is spoken, and the screen comes back by itself when the voice ends.
  await chat.answer.fill('Je suis née à Roanne, dans une maison près de la gare.');
  await chat.expectState('user-updating');
  await expect(chat.countdown).toHaveCount(0);
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await chat.expectAudioPlaying();
  await expect(chat.answer).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await chat.expectState('user-can-talk', 60_000);

  // 2. Spoken, then the countdown sends it alone.
  await chat.main('user-can-talk').click();
  await chat.expectState('user-talking');
  expect((await speech.sessions()).at(-1)).toMatchObject({
    lang: 'fr-FR',
    continuous: true,
    interimResults: true,
    started: true,
  });
  await speech.hear('Mon père');
  await expect(chat.answer).toHaveValue('Mon père');
  await speech.hear('Mon père était cheminot', true);
  await expect(chat.answer).toHaveValue('Mon père était cheminot');
  await expectNoSeriousA11yViolations(page);
  await chat.main('user-talking').click();
  await chat.expectState('user-updating');
  expect(await speech.listening()).toBe(false);
  await expect(chat.countdown).toBeVisible();
  await expect(page.getByText(/^Envoi automatique dans \d secondes?$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const started = Date.now();
  await chat.expectState('bot-talking', 60_000);
  expect(Date.now() - started).toBeGreaterThan(4_000);
  await chat.expectAudioPlaying();
  // Interrupt stops the voice at once.
  await chat.main('bot-talking').click();
  await chat.expectState('user-can-talk');
  expect((await chat.audio()).paused).toBe(true);

  // 3. Spoken with a pause: the rest is appended after the earlier words.
  await chat.main('user-can-talk').click();
  await speech.hear('Nous allions au bal', true);
  await chat.control('Pause').click();
  await expect(chat.control('Reprendre')).toBeVisible();
  expect(await speech.listening()).toBe(false);
  await expect(page.getByText(/L'écoute est en pause/).first()).toBeVisible();
  await chat.control('Reprendre').click();
  await expect.poll(() => speech.listening()).toBe(true);
  await speech.hear('le samedi soir', true);
  await expect(chat.answer).toHaveValue('Nous allions au bal le samedi soir');
  await chat.main('user-talking').click();
  await expect(chat.countdown).toBeVisible();
  // Pressing the button sends at once (and ends the countdown).
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await chat.main('bot-talking').click();
  await chat.expectState('user-can-talk');

  // 4. Spoken; the browser ends listening by itself and it starts again 200 ms later; a correction
  // stops the countdown.
  await chat.main('user-can-talk').click();
  await speech.hear('Ma mère cousait', true);
  const sessionsBefore = (await speech.sessions()).length;
  await speech.end();
  await expect.poll(async () => (await speech.sessions()).length).toBe(sessionsBefore + 1);
  await expect.poll(() => speech.listening()).toBe(true);
  await speech.hear('des robes pour tout le quartier', true);
  await expect(chat.answer).toHaveValue('Ma mère cousait des robes pour tout le quartier');
  await chat.main('user-talking').click();
  await expect(chat.countdown).toBeVisible();
  await chat.answer.press('End');
  await chat.answer.pressSequentially('.');
  await expect(chat.countdown).toHaveCount(0);
  await page.waitForTimeout(7_500);
  await chat.expectState('user-updating');
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await chat.main('bot-talking').click();

  // 5. Typed with the keyboard only: Enter on the focused main button sends.
  await chat.answer.fill('Le dimanche, nous allions chez ma tante Louise.');
  await chat.main('user-updating').focus();
  await page.keyboard.press('Enter');
  await chat.expectState('bot-talking', 60_000);
  await chat.main('bot-talking').click();
  await chat.expectState('user-can-talk');

  // Replay plays the last reply again.
  await chat.control('Réécouter').click();
  await chat.expectState('bot-talking');
  await chat.expectAudioPlaying();
  await chat.main('bot-talking').click();
  await chat.expectState('user-can-talk');

  const messages = await chatMessages(request, account, id);
  expect(messages.filter((m) => m.type === 'user').map((m) => m.content)).toEqual([
    'Je suis née à Roanne, dans une maison près de la gare.',
    'Mon père était cheminot',
    'Nous allions au bal le samedi soir',
    'Ma mère cousait des robes pour tout le quartier.',
    'Le dimanche, nous allions chez ma tante Louise.',
  ]);
  expect(messages).toHaveLength(11);
  // The central area shows the biographer's latest question.
  await expect(page.getByText(messages.at(-1)!.content, { exact: true }).first()).toBeVisible();

  // The history: every message as a bubble, the person on the right.
  await chat.control('Historique').click();
  const dialog = page.getByRole('dialog', { name: 'Historique de la conversation' });
  await expect(dialog.getByRole('listitem')).toHaveCount(11);
  await expect(dialog.locator('[data-speaker="user"]')).toHaveCount(5);
  const user = await dialog.locator('[data-speaker="user"]').first().boundingBox();
  const assistant = await dialog.locator('[data-speaker="assistant"]').first().boundingBox();
  expect(user!.x + user!.width).toBeGreaterThan(assistant!.x + assistant!.width);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The end: back to the chapter, and the chapter is on the list.
  await page.getByRole('button', { name: 'Terminer', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${id}$`));
  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a reload in the middle of an answer gives the draft back', async ({ page, request }) => {
  await page.addInitScript(installFakeSpeech);
  const { account, id } = await openNewChapter(page, request);
  const chat = chatPage(page);
  const speech = fakeSpeech(page);
  await chat.main('user-can-talk').click();
  await speech.hear('Nous habitions au troisième étage', true);
  await expect.poll(() => storedDraft(page, id)).toBe('Nous habitions au troisième étage');

  await page.reload();
  const offer = page.getByRole('region', { name: 'Vous aviez commencé une réponse' });
  await expect(offer.getByText('Nous habitions au troisième étage')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('button', { name: 'Reprendre votre réponse' }).click();
  await expect(chat.answer).toHaveValue('Nous habitions au troisième étage');
  await chat.expectState('user-updating');
  await chat.answer.pressSequentially(', sans ascenseur.');
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await expect.poll(() => storedDraft(page, id)).toBeNull();
  const messages = await chatMessages(request, account, id);
  expect(messages.filter((m) => m.type === 'user').map((m) => m.content)).toEqual([
    'Nous habitions au troisième étage, sans ascenseur.',
  ]);
});

test('without speech recognition the person answers by typing, with a plain explanation', async ({
  page,
  request,
}) => {
  await page.addInitScript(removeSpeechRecognition);
  const { account, id } = await openNewChapter(page, request);
  const chat = chatPage(page);
  await expect(page.getByText('Ici, vous répondez en écrivant')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await chat.main('user-can-talk').click();
  await expect(chat.answer).toBeFocused();
  await page.keyboard.type("J'ai grandi à la campagne.");
  await chat.main('user-updating').click();
  await chat.expectState('bot-talking', 60_000);
  await chat.expectAudioPlaying();
  const messages = await chatMessages(request, account, id);
  expect(messages.filter((m) => m.type === 'user')).toHaveLength(1);
});

test('an answer sent without connection waits, then goes and gets its reply', async ({
  page,
  request,
  context,
}) => {
  const { account, id } = await openNewChapter(page, request);
  const chat = chatPage(page);
  await chat.answer.fill('Mon premier vélo était bleu.');
  await context.setOffline(true);
  await chat.main('user-updating').click();
  await expect(page.getByText(/votre réponse est gardée sur cet appareil/)).toBeVisible();
  await expect(chat.answer).toHaveValue('Mon premier vélo était bleu.');
  await expectNoSeriousA11yViolations(page);

  await context.setOffline(false);
  await chat.expectState('bot-talking', 90_000);
  await expect(chat.answer).toHaveValue('');
  const messages = await chatMessages(request, account, id);
  expect(messages.filter((m) => m.type === 'user').map((m) => m.content)).toEqual([
    'Mon premier vélo était bleu.',
  ]);
});
