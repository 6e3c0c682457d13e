// Accounts in a real browser against the real server: sign up, validate by mail, log out, fail a
// login, reset the password by mail, log in, delete the account — and axe on every screen.
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  expectNoSeriousA11yViolations,
  linkIn,
  signInWithStorage,
  uniqueEmail,
  waitForMail,
} from './support/accounts';

test('a person signs up, validates the email, logs out, resets the password and deletes the account (French)', async ({
  page,
}) => {
  const email = uniqueEmail('marie');
  await page.goto('/register');
  await expect(page).toHaveTitle('Chapitres – Créer un compte');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('court');
  await expect(page.getByText('au moins 8 caractères')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Créer mon compte' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Votre mot de passe respecte toutes les règles.')).toBeVisible();
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill(PASSWORD);
  await expect(submit).toBeDisabled(); // terms not yet accepted
  await page.getByRole('checkbox', { name: /J'accepte les conditions/ }).check();
  await submit.click();

  // Signed in automatically; standard accounts may be sent to onboarding first.
  await expect(page).toHaveURL(/\/(onboarding)?$/);
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();

  const mail = await waitForMail(page.request, email, /Confirmez votre adresse email/);
  await page.goto(linkIn(mail));
  await expect(page.getByText('Votre email est validé')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The same link a second time is refused.
  await page.goto(linkIn(mail));
  await expect(page.getByText("Erreur lors de la validation de l'email")).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais1!mdp');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();

  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez vos emails' })).toBeVisible();

  const reset = await waitForMail(page.request, email, /Choisissez un nouveau mot de passe/);
  await page.goto(linkIn(reset));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2@mdp');
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill('Nouveau2@mdp');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau2@mdp');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
  const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await dialog.getByLabel(/Pour confirmer, tapez SUPPRIMER/).fill('supprimer');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Pour confirmer, tapez SUPPRIMER/).fill('SUPPRIMER');
  await confirm.click();
  await expect(page).toHaveURL(/\/login$/);
  const gone = await page.request.post('/api/v1/login/access-token', {
    form: { username: email, password: 'Nouveau2@mdp' },
  });
  expect(gone.status()).toBe(400);
  expect(await page.evaluate(() => localStorage.getItem('chapitres.token'))).toBeNull();
});

test('a multi-user account signs up in English', async ({ page }) => {
  const email = uniqueEmail('family');
  await page.goto('/register-multi');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /family or group/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm the password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: /Create my account/ }).click();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('chapitres.user') ?? '{}'));
  expect(me.accountType).toBe('multi-users');
  const mail = await waitForMail(page.request, email, /Confirm your email address/);
  expect(mail.text).toContain('/email-validation?token=');
});

test('a guest is sent to the login page and comes back to the address asked for', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { account_type: 'multi-users' });
  await page.goto('/books');
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Adresse email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/books$/);
  await expect(page).toHaveTitle('Chapitres – Mes livres');
});

test('an unknown address shows the lost page; a reset link without token says so', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInWithStorage(page, account, '/nowhere/at/all');
  await expect(page.getByRole('heading', { name: 'Vous semblez perdu' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/reset-password');
  await expect(page.getByText('Jeton manquant.')).toBeVisible();
});

test('a session revoked on the server logs the person out with a message', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signInWithStorage(page, account, '/profile');
  await expect(page.getByText(account.email)).toBeVisible();
  // The page's own calls first (the email shows from the stored user before they are done): one still
  // out when the session is revoked would end it on this page, and the reload would find it ended.
  await page.waitForLoadState('networkidle');
  await request.post('/api/v1/users/me/logout-all', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Vous avez été déconnecté. Veuillez vous reconnecter.'),
  ).toBeVisible();
});

test('a borrowed session changes the email: the owner is told, takes her address back and signs in again (issue 28)', async ({
  page,
  browser,
}) => {
  const owner = await createAccount(page.request);
  // Her address is confirmed (a reset link would go to no other).
  const confirm = await waitForMail(page.request, owner.email, /Confirmez votre adresse email/);
  expect(
    (
      await page.request.post('/api/v1/validate-email', {
        data: { token: new URL(linkIn(confirm), 'http://x').searchParams.get('token') },
      })
    ).status(),
  ).toBe(200);

  // Someone at her unlocked tablet opens the profile and changes the address: the password is asked.
  await signInWithStorage(page, owner, '/profile');
  await expect(page.getByText(owner.email)).toBeVisible();
  // The tablet she left elsewhere is another session: it ends with the change.
  const other = await browser.newContext();
  const otherAuth = { authorization: `Bearer ${owner.token}` };
  expect((await other.request.get('/api/v1/users/me', { headers: otherAuth })).status()).toBe(200);

  await page.getByRole('button', { name: "Changer d'adresse email" }).click();
  const thief = uniqueEmail('voleur');
  await page.getByLabel('Nouvelle adresse email').fill(thief);
  await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
  await expect(page.getByText('Veuillez indiquer votre mot de passe actuel.')).toBeVisible();
  await page.getByLabel('Votre mot de passe actuel', { exact: true }).fill('Devine1!mdp');
  await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
  await expect(page.getByText("Ce mot de passe n'est pas le bon.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Votre mot de passe actuel', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: "Enregistrer l'adresse" }).click();
  // The device that made the change stays signed in, with the new, unconfirmed address.
  await expect(page.getByText(thief, { exact: true })).toBeVisible();
  await expect(page.getByText(/Cette adresse n'est pas encore confirmée/)).toBeVisible();
  expect((await other.request.get('/api/v1/users/me', { headers: otherAuth })).status()).toBe(401);
  await other.close();

  // A reset asked for the new, unconfirmed address sends nothing there.
  await page.request.post(`/api/v1/password-recovery/${encodeURIComponent(thief)}`);

  // The owner's own mailbox has the notice, with the way back.
  const notice = await waitForMail(
    page.request,
    owner.email,
    /adresse email de votre compte a changé/,
  );
  expect(notice.text).toContain(thief);
  await page.goto(linkIn(notice));
  await expect(
    page.getByRole('heading', { name: "Annuler le changement d'adresse" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Reprise3#mdp');
  await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill('Reprise3#mdp');
  await page.getByRole('button', { name: 'Récupérer mon adresse' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText('Votre adresse email vous a été rendue.', { exact: false }),
  ).toBeVisible();

  // Her address and her new password open the account; the old password no longer does.
  const stolen = await page.request.post('/api/v1/login/access-token', {
    form: { username: owner.email, password: owner.password },
  });
  expect(stolen.status()).toBe(400);
  await page.getByLabel('Adresse email').fill(owner.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Reprise3#mdp');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(owner.email)).toBeVisible();
  const mails = await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(thief)}`);
  const thiefMails = ((await mails.json()) as { data: { text: string }[] }).data;
  expect(thiefMails.some((mail) => mail.text.includes('/reset-password?token='))).toBe(false);
});
