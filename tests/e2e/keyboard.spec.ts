// Keyboard only, on a desktop (issue 35 items 8–12, WCAG 2.2 focus visible / not obscured / order): the
// login form's missing fields, an answer sent in the chat, the history dialog, the inline editor opened
// and closed with Escape, the delete dialog, a picture moved with « Mettre avant », and the book wizard
// closed with Escape — also when it reopened by itself. The « Installer Chapitres » card sits in the
// bottom dock all along. After every step the focus is somewhere (not <body>) and nothing covers it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, PASSWORD } from './support/accounts';
import { createIllustratedChapter } from './support/book-helpers';
import { chatPage } from './support/chat-page';
import { removeSpeechRecognition } from './support/fake-speech';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

/**
 * A later visit on a browser that can install the app: the install offer shows in the bottom dock
 * (src/pwa/install-prompt.tsx), which is what could cover a focused control.
 */
function offerInstall(): void {
  localStorage.setItem('chapitres.install', JSON.stringify({ visits: 5, dismissedUntil: 0 }));
  sessionStorage.setItem('chapitres.install.visit', '1');
  window.addEventListener('load', () => {
    setTimeout(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    }, 0);
  });
}

interface FocusReport {
  tag: string;
  text: string;
  /** What is drawn at the centre of the focused element's visible part, when it is not that element. */
  coveredBy: string | null;
}

/** Where the focus is, and whether the element drawn at its centre is it (or inside it). */
function focusReport(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active === document.documentElement) return null;
    const rect = active.getBoundingClientRect();
    // The centre of the part inside the window (a large element such as <main> overflows it).
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} « ${(element.textContent ?? '').trim().slice(0, 60)} »`;
    let coveredBy: string | null = 'outside the window';
    if (bottom > top && right > left) {
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      coveredBy =
        hit && (hit === active || active.contains(hit)) ? null : hit ? describe(hit) : 'nothing';
    }
    return {
      tag: active.tagName.toLowerCase(),
      text: (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 80),
      coveredBy,
    };
  });
}

/** The focus is on something (not <body>) that nothing covers. */
async function expectFocusShown(page: Page, step: string): Promise<void> {
  // The app scrolls a control out from under the dock on the next frame.
  await expect
    .poll(async () => {
      const report = await focusReport(page);
      if (!report) return `${step}: focus on <body>`;
      return report.coveredBy
        ? `${step}: ${report.tag} « ${report.text} » covered by ${report.coveredBy}`
        : 'ok';
    })
    .toBe('ok');
}

/** The focus is on `target` and shown. */
async function expectFocusOn(page: Page, target: Locator, step: string): Promise<void> {
  await expect(target, step).toBeFocused();
  await expectFocusShown(page, step);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking every stop on the way. */
async function tabTo(
  page: Page,
  target: Locator,
  step: string,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  for (let press = 0; press < max; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusShown(page, `${step} (Tab ${press + 1})`);
  }
  throw new Error(`${step}: not reached with ${max} presses of Tab`);
}

/** The install card is on screen in the bottom dock, and inert (hidden) while a dialog is open. */
function installCard(page: Page) {
  return page.locator('[data-bottom-dock]').getByRole('region', { name: /Installer Chapitres/ });
}

async function expectDockStepsAside(page: Page, step: string): Promise<void> {
  await expect(page.locator('[data-bottom-dock]'), step).toHaveAttribute('inert', '');
  await expect(installCard(page), step).toBeHidden();
}

test('keyboard only: focus always somewhere, never under the install card', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(offerInstall);
  await page.addInitScript(removeSpeechRecognition);

  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const chatId = await createChapterByApi(request, account);
  // Enough chapters with a title for the book wizard, each with two photos to reorder.
  const chapterIds: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    chapterIds.push(
      await createIllustratedChapter(request, account, {
        title: `Chapitre ${n}`,
        summary: `Le texte du chapitre ${n}.\n\nUne deuxième phrase pour le chapitre ${n}.`,
        photos: [
          { colour: [200, 40 * n, 40], legend: `Photo A ${n}` },
          { colour: [40, 40 * n, 200], legend: `Photo B ${n}` },
        ],
      }),
    );
  }

  // 1. Login (item 12): the button is reachable and enabled with empty fields; pressed, it names what
  //    is missing beside each field and moves the focus to the first one; nothing is sent.
  let loginCalls = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/login/access-token')) loginCalls += 1;
  });
  await page.goto('/login');
  const email = page.getByLabel('Adresse email');
  const password = page.getByLabel('Mot de passe', { exact: true });
  const signIn = page.getByRole('button', { name: 'Se connecter' });
  await expect(signIn).toBeEnabled();
  await tabTo(page, signIn, 'login button');
  await page.keyboard.press('Enter');
  await expectFocusOn(page, email, 'login: first missing field');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Veuillez entrer votre adresse email')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Veuillez entrer votre mot de passe')).toBeVisible();
  expect(loginCalls).toBe(0);
  await page.keyboard.type(account.email);
  await tabTo(page, signIn, 'login button again');
  await page.keyboard.press('Enter');
  await expectFocusOn(page, password, 'login: the password is missing');
  expect(loginCalls).toBe(0);
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  // 2. Home (item 8): every stop of the page, « Voir tous mes succès » among them, clear of the card.
  await page.goto('/');
  await expect(installCard(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // As many presses as the page has stops (never past the last one, where the focus leaves the page).
  const stops = await page.evaluate(
    () =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((element) => element.getClientRects().length > 0 && !element.closest('[inert]'))
        .length,
  );
  for (let press = 0; press < Math.min(40, stops - 1); press += 1) {
    await page.keyboard.press('Tab');
    await expectFocusShown(page, `home (Tab ${press + 1})`);
  }

  // 3. Chat (item 9): the answer sent with « ENVOYER », the focus never on <body>; the new question
  //    takes it, and Tab goes on to the answer field. Then the history dialog, over the card.
  await page.goto(`/conversations/${chatId}/chat`);
  const chat = chatPage(page);
  await expect(installCard(page)).toBeVisible();
  await tabTo(page, chat.answer, 'chat: answer field');
  await page.keyboard.type('Je suis née à Roanne, dans une maison près de la gare.');
  await chat.expectState('user-updating');
  await tabTo(page, chat.main('user-updating'), 'chat: ENVOYER');
  await page.keyboard.press('Enter');
  await expectFocusShown(page, 'chat: while sending');
  await chat.expectState('bot-talking', 60_000);
  const question = page.locator('section[data-state] p[tabindex="-1"]');
  await expectFocusOn(page, question, 'chat: the new question');
  await page.keyboard.press('Tab');
  await expectFocusOn(page, chat.answer, 'chat: Tab after the question');

  const historyButton = chat.control('Historique');
  await tabTo(page, historyButton, 'chat: Historique');
  await page.keyboard.press('Enter');
  const history = page.getByRole('dialog', { name: 'Historique de la conversation' });
  await expect(history).toBeVisible();
  await expectDockStepsAside(page, 'history dialog');
  await expectFocusShown(page, 'history dialog open');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expectFocusOn(page, historyButton, 'history dialog closed');
  await expect(installCard(page)).toBeVisible();

  // 4. Chapter page (item 10): « Corriger mon histoire » focuses the title field; Escape with nothing
  //    changed closes at once; with a change it asks, and either way the text is kept.
  await page.goto(`/conversations/${chapterIds[0]}`);
  const correct = page.getByRole('button', { name: 'Corriger mon histoire' });
  await tabTo(page, correct, 'chapter: Corriger mon histoire');
  await page.keyboard.press('Enter');
  const titleField = page.getByLabel('Titre du chapitre');
  await expectFocusOn(page, titleField, 'editor open');
  await page.keyboard.press('Escape');
  await expect(titleField).toHaveCount(0);
  await expectFocusOn(page, correct, 'editor closed, nothing changed');

  await page.keyboard.press('Enter');
  await expectFocusOn(page, titleField, 'editor open again');
  await page.keyboard.press('End');
  await page.keyboard.type(' à Roanne');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Fermer sans enregistrer ?' });
  await expect(ask).toBeVisible();
  await expectDockStepsAside(page, 'close question');
  await expectFocusOn(page, ask.getByRole('button', { name: 'Continuer à corriger' }), 'asked');
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expectFocusOn(page, titleField, 'back in the editor');
  await expect(titleField).toHaveValue('Chapitre 1 à Roanne');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await tabTo(page, ask.getByRole('button', { name: 'Fermer quand même' }), 'close anyway', {
    back: true,
  });
  await page.keyboard.press('Enter');
  await expect(titleField).toHaveCount(0);
  await expectFocusOn(page, correct, 'editor closed, draft kept');
  await page.keyboard.press('Enter');
  await expect(titleField).toHaveValue('Chapitre 1 à Roanne');
  await expectFocusOn(page, titleField, 'editor reopened with the draft');
  await tabTo(page, page.getByRole('button', { name: 'Annuler' }), 'editor: Annuler');
  await page.keyboard.press('Enter');
  await expectFocusOn(page, correct, 'editor cancelled');

  // The delete dialog, over the card, closed with Escape back to its button.
  const remove = page.getByRole('button', { name: 'Supprimer le chapitre' });
  await tabTo(page, remove, 'chapter: Supprimer le chapitre');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: /Supprimer « Chapitre 1 » \?/ });
  await expect(confirm).toBeVisible();
  await expectDockStepsAside(page, 'delete dialog');
  await expectFocusShown(page, 'delete dialog open');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocusOn(page, remove, 'delete dialog closed');

  // 5. Pictures (item 11): « Mettre avant » on picture 2; the focus follows it to the first place, on
  //    its « Mettre après » (its « Mettre avant » does nothing there), and the move is announced.
  await page.goto(`/conversations/${chapterIds[0]}/images`);
  const cards = page.locator('li[data-image-id]');
  await expect(cards).toHaveCount(2);
  const secondId = await cards.nth(1).getAttribute('data-image-id');
  await tabTo(page, cards.nth(1).getByRole('button', { name: /^Mettre avant/ }), 'Mettre avant 2');
  await page.keyboard.press('Enter');
  await expect(cards.first()).toHaveAttribute('data-image-id', secondId!);
  await expectFocusOn(
    page,
    cards.first().getByRole('button', { name: /^Mettre après/ }),
    'picture moved to the first place',
  );
  await expect(page.getByText('Image 2 déplacée à la place 1 sur 2.')).toBeAttached();

  // 6. Book wizard (items 8 and 9): « Commencer » clear of the card; the step's dialog over it; Escape
  //    back to « Reprendre à l'étape 1 » — also after a reload, when the wizard reopened by itself.
  await page.goto('/conversations/book/create');
  const start = page.getByRole('button', { name: 'Commencer' });
  await tabTo(page, start, 'wizard: Commencer');
  await page.keyboard.press('Enter');
  const step1 = page.getByRole('dialog', { name: 'Étape 1 : choix des chapitres' });
  await expect(step1).toBeVisible();
  await expectDockStepsAside(page, 'wizard step');
  await expectFocusShown(page, 'wizard step open');
  await page.keyboard.press('Escape');
  await expect(step1).toHaveCount(0);
  const resume = page.getByRole('button', { name: "Reprendre à l'étape 1" });
  await expectFocusOn(page, resume, 'wizard closed');

  await page.reload();
  await expect(step1).toBeVisible();
  await expectFocusShown(page, 'wizard reopened by itself');
  await page.keyboard.press('Escape');
  await expect(step1).toHaveCount(0);
  await expectFocusOn(page, resume, 'wizard reopened by itself, closed');
  await expect(installCard(page)).toBeVisible();
});
