// Onboarding in a real browser against the real server: a new standard account is sent to the
// wizard, required questions are enforced, answers survive a reload, a checkbox answer is joined with
// the custom text, finishing lands on the empty list — and axe on each kind of step.
import { expect, test } from '@playwright/test';
import { PASSWORD, expectNoSeriousA11yViolations, uniqueEmail } from './support/accounts';
import { nextButton, onboardingAnswers, tokenOf } from './support/home-helpers';

test('a new person goes through onboarding and lands on an empty list', async ({ page }) => {
  const email = uniqueEmail('onboarding');
  await page.goto('/register');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page).toHaveTitle('Chapitres – Faisons connaissance');
  await expect(page.getByRole('heading', { level: 2, name: 'Bienvenue !' })).toBeVisible();
  await expect(page.getByText(/^Étape 1 sur \d+$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await nextButton(page).click();

  // The first question is required: it cannot be skipped.
  const birth = page.getByRole('heading', { level: 2, name: /En quelle année/ });
  await expect(birth).toBeFocused();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Veuillez répondre à cette question pour continuer.')).toBeVisible();
  await page.getByRole('textbox', { name: /En quelle année/ }).fill('En 1946, à Saint-Étienne');
  await page.getByRole('button', { name: 'Suivant' }).click();

  // Optional text questions: skipped, except one answered.
  await expect(
    page.getByRole('heading', { level: 2, name: /Parlez-nous de votre famille/ }),
  ).toBeFocused();
  await page.getByRole('textbox').fill('Mes parents Louis et Marie, deux frères');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('button', { name: 'Suivant' }).click(); // children
  await page.getByRole('button', { name: 'Suivant' }).click(); // work

  // Checkboxes with a custom answer; a reload keeps what was ticked (Dexie draft).
  const themes = page.getByRole('group', { name: /De quels sujets/ });
  await expect(themes).toBeVisible();
  const options = themes.getByRole('checkbox');
  await options.nth(0).check();
  await options.nth(2).check();
  const first = (await options.nth(0).getAttribute('value')) ?? '';
  const third = (await options.nth(2).getAttribute('value')) ?? '';
  await themes.getByRole('textbox').fill('Les bals du samedi');
  await expectNoSeriousA11yViolations(page);
  await page.waitForTimeout(500); // the draft is written 300 ms after the last keystroke
  await page.reload();
  await expect(page.getByRole('group', { name: /De quels sujets/ })).toBeVisible();
  await expect(options.nth(0)).toBeChecked();
  await expect(options.nth(2)).toBeChecked();
  await expect(themes.getByRole('textbox')).toHaveValue('Les bals du samedi');
  await page.getByRole('button', { name: 'Suivant' }).click();

  // Radio questions.
  const audience = page.getByRole('group', { name: /Pour qui écrivez-vous/ });
  await audience.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page
    .getByRole('group', { name: /Comment préférez-vous répondre/ })
    .getByRole('radio')
    .first()
    .check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Comment le biographe/ })).toBeFocused();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Merci !' })).toBeFocused();
  await expect(page.getByText(`${first}, ${third}, Les bals du samedi`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Terminer' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Commencez votre première histoire' }),
  ).toBeVisible();
  const answers = await onboardingAnswers(page.request, await tokenOf(page));
  expect(answers.find((a) => a.question_id === 'birth')?.answer).toBe('En 1946, à Saint-Étienne');
  expect(answers.find((a) => a.question_id === 'themes')?.answer).toBe(
    `${first}, ${third}, Les bals du samedi`,
  );
  expect(answers.some((a) => a.question_id === 'children')).toBe(false);

  // Done: the list no longer sends the person back to onboarding.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes histoires' })).toBeVisible();
});
