// The chapter page and the image manager on a phone with the text at 200 %: every control 44 px or
// more, nothing scrolls sideways, the dialogs fit, and axe finds nothing serious.
import { expect, test } from '@playwright/test';
import {
  createAccount,
  expectNoSeriousA11yViolations,
  signInWithStorage,
} from './support/accounts';
import { doubleText, expectLargeAndOnScreen } from './support/phone';
import { answerRequiredQuestions, createChapterByApi } from './support/home-helpers';

test('on a phone at 200 % text, the chapter and its pictures keep large controls and no sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount(request, { full_name: 'Jeanne Martin' });
  await answerRequiredQuestions(request, account);
  const id = await createChapterByApi(request, account);
  const headers = { authorization: `Bearer ${account.token}` };
  for (const content of [
    'Je suis née en 1941 à Roanne, dans une maison près de la gare.',
    'Mon père était cheminot et conduisait les locomotives à vapeur.',
  ]) {
    const sent = await request.post(`/api/v1/conversations/${id}/messages`, {
      headers,
      data: { content },
    });
    expect(sent.status()).toBe(200);
  }

  await signInWithStorage(page, account, `/conversations/${id}`);
  await expect(page.getByText(/Roanne/).first()).toBeVisible({ timeout: 30_000 });
  await doubleText(page);
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: 'Corriger mon histoire' }),
    page.getByRole('link', { name: 'Continuer mon histoire' }),
    page.getByRole('button', { name: 'Refaire le résumé' }),
    page.getByRole('link', { name: 'Gérer les images' }),
    page.getByRole('button', { name: 'Partager mon histoire' }),
    page.getByRole('button', { name: 'Supprimer le chapitre' }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Refaire le résumé' }).tap();
  const center = page.getByRole('dialog', { name: 'Refaire le résumé ou le titre' });
  await expectLargeAndOnScreen(page, [
    center.getByRole('button', { name: 'Chaleureux et amical' }),
    center.getByRole('button', { name: 'À la troisième personne (il, elle)' }),
    center.getByRole('button', { name: 'Générer le résumé' }),
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Corriger mon histoire' }).tap();
  // Issue 29 #7: the editor's title field comes into view with the focus.
  await expect(page.getByLabel('Titre du chapitre')).toBeFocused();
  await expect
    .poll(() =>
      page.getByLabel('Titre du chapitre').evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
  await expectLargeAndOnScreen(page, [
    page.getByLabel('Titre du chapitre'),
    page.getByRole('button', { name: 'Enregistrer' }),
  ]);
  await page.getByRole('button', { name: 'Annuler' }).tap();

  await page.getByRole('link', { name: 'Gérer les images' }).tap();
  await expect(page.getByText('1/5 images')).toBeVisible();
  await expectLargeAndOnScreen(page, [
    page.getByRole('button', { name: /^Déplacer/ }).first(),
    page.getByRole('button', { name: /^Mettre après/ }).first(),
    page.getByRole('button', { name: /^Enregistrer la légende/ }).first(),
    page.getByRole('button', { name: /^Supprimer/ }).first(),
    page.getByRole('button', { name: 'Ajouter une photo' }),
  ]);
  await expectNoSeriousA11yViolations(page);
});
