// The chat on a phone with the text at 200 %: every control stays on screen, 44 px or more, nothing
// scrolls sideways, and an answer can still be spoken and sent.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import { chatPage } from './support/chat-page';
import { fakeSpeech, installFakeSpeech } from './support/fake-speech';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

test('on a phone at 200 % text, the chat keeps large controls and no sideways scrolling', async ({
  page,
  request,
}) => {
  await page.addInitScript(installFakeSpeech);
  const account = await createAccount(request);
  await answerRequiredQuestions(request, account);
  const id = await createChapterByApi(request, account);
  await signInWithStorage(page, account, `/conversations/${id}/chat`);
  const chat = chatPage(page);
  await chat.expectState('user-can-talk');
  // The browser warning (Android) is the shell's business: closed so it does not count here.
  const closeWarning = page.getByRole('button', { name: 'Fermer', exact: true });
  if (await closeWarning.isVisible()) await closeWarning.click();
  // The person's own text size doubled (the app's base is 112.5 % of the browser's).
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '225%';
  });

  const controls = [
    chat.control('Historique'),
    chat.control('Pause'),
    chat.main('user-can-talk'),
    chat.control('Effacer'),
    chat.control('Réécouter'),
    page.getByRole('button', { name: 'Terminer', exact: true }),
  ];
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  await chat.main('user-can-talk').tap();
  await fakeSpeech(page).hear('Je suis allée à l’école à pied', true);
  await chat.main('user-talking').tap();
  await expect(chat.countdown).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await chat.main('user-updating').tap();
  await chat.expectState('bot-talking', 60_000);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Issue 29 #1: the biographer's new question is in view from its start, and read first.
  const question = page
    .getByRole('region', { name: 'Le biographe vous demande :' })
    .locator('p[tabindex="-1"]');
  await expect(question).toBeFocused();
  const top = await question.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(page.viewportSize()!.height / 2);
});
