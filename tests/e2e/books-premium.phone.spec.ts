// The pages of books, plans, support and the profile on a phone with the text at 200 %: every control
// 44 px or more and on screen, nothing scrolls sideways, and axe finds nothing serious.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import { doubleText, expectLargeAndOnScreen } from './support/phone';
import { answerRequiredQuestions } from './support/home-helpers';
import { finishedBook } from './support/premium-helpers';

test('on a phone at 200 % text: plans, support, profile, books, a book and the wizard', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const bookId = await finishedBook(page, request, account);
  await signInWithStorage(page, account, '/subscription');

  await expect(page.getByTestId('plan-pack')).toBeVisible();
  await doubleText(page);
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: 'Choisir le pack 12 mois' }),
    page.getByRole('button', { name: 'Utiliser ce code' }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await doubleText(page);
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: /Le micro ne marche pas/ }),
    page.getByRole('button', { name: 'Envoyer le message' }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/profile');
  await expect(page.getByTestId('subscription-panel')).toBeVisible();
  // Every section loaded (the progress list came last and overflowed by 130 px once enlarged): the
  // sideways check passes at its first good reading, so it must not read before the page is whole.
  await expect(page.getByText('Accompli', { exact: true })).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Questions sans réponse' })).toBeVisible();
  await doubleText(page);
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: 'Mes choix de confidentialité' }),
    page.getByRole('button', { name: 'Préparer mes données' }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/books');
  await expect(page.getByText('Au bord de l’eau').first()).toBeVisible();
  await doubleText(page);
  await expectLargeAndOnScreen(page, [page.getByRole('link', { name: /Voir/ }).first()]);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/book/${bookId}`);
  await expect(page.getByText('Aperçu uniquement').first()).toBeVisible({ timeout: 30_000 });
  await doubleText(page);
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: 'Télécharger', exact: true }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/conversations/book/create');
  await doubleText(page);
  await page.getByRole('button', { name: /Commencer|Reprendre/ }).tap();
  const step = page.getByRole('dialog', { name: 'Étape 1 : choix des chapitres' });
  await expect(step).toBeVisible();
  // A sheet no taller than the screen, its buttons in view without scrolling.
  const sheet = await step.boundingBox();
  expect(sheet!.height).toBeLessThanOrEqual(page.viewportSize()!.height + 1);
  await expect(page.getByTestId('book-wizard-continue')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('book-wizard-back')).toBeInViewport({ ratio: 1 });
  await expectLargeAndOnScreen(page, [
    step.getByRole('button', { name: /Choisir « Souvenir numéro 1 »/ }),
    page.getByTestId('book-wizard-continue'),
  ]);
  await expectNoSeriousA11yViolations(page);
});
