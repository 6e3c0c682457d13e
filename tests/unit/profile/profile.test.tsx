// The profile's account part: name, email, language, logout, account deletion (SUPPRIMER/DELETE) and the
// terms-update dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/offline/clear-local-data', () => ({ clearLocalData: vi.fn(async () => {}) }));

import enProfile from '../../../locales/en/profile.json';
import enSupport from '../../../locales/en/support.json';
import frProfile from '../../../locales/fr/profile.json';
import { isDeleteConfirmed } from '../../../src/features/profile/delete-confirmation';
import { clearLocalData } from '../../../src/offline/clear-local-data';
import { getSession } from '../../../src/lib/session';
import { errorReply, jsonReply, mockFetch } from '../support/fetch-mock';
import { renderApp, resetApp, signInAs, testUserWire } from '../support/render-app';

beforeEach(async () => {
  await resetApp();
  vi.mocked(clearLocalData).mockClear();
  signInAs();
});

describe('delete confirmation word', () => {
  it('accepts exactly the word of her language', () => {
    expect(isDeleteConfirmed('SUPPRIMER', 'SUPPRIMER')).toBe(true);
    expect(isDeleteConfirmed('DELETE', 'DELETE')).toBe(true);
    for (const typed of [
      '',
      'supprimer',
      'Supprimer',
      'SUPPRIMER ',
      ' SUPPRIMER',
      'SUPPRIME',
      'DELETE',
    ]) {
      expect(isDeleteConfirmed(typed, 'SUPPRIMER')).toBe(false);
    }
    for (const typed of ['', 'delete', 'Delete', 'DELETE ', 'SUPPRIMER']) {
      expect(isDeleteConfirmed(typed, 'DELETE')).toBe(false);
    }
    expect(isDeleteConfirmed('', '')).toBe(false);
  });

  it('asks each language for its own word, and the English FAQ names DELETE', () => {
    expect(frProfile.delete.word).toBe('SUPPRIMER');
    expect(enProfile.delete.word).toBe('DELETE');
    expect(JSON.stringify(enSupport)).not.toContain('SUPPRIMER');
    expect(JSON.stringify(enSupport)).toContain('type DELETE');
  });
});

describe('profile page', () => {
  it('shows the name and email, and saves a new name', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply({ ...testUserWire, full_name: 'Jeanne Dupont' }),
    });
    renderApp('/profile');
    await screen.findByText('Jeanne Martin');
    expect(screen.getByText('jeanne@example.org')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier le nom' }));
    const input = screen.getByLabelText('Nom');
    await user.clear(input);
    await user.type(input, '  Jeanne Dupont ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nom' }));
    await screen.findByText('Jeanne Dupont');
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0].body ?? '')).toEqual({
      full_name: 'Jeanne Dupont',
    });
    expect(getSession()?.user?.name).toBe('Jeanne Dupont');
  });

  it('switches the language, remembers it and tells the server', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'PATCH /api/v1/users/me': jsonReply({ ...testUserWire, current_language: 'en-US' }),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'My account' });
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('chapitres.lang')).toBe('en-US');
    await waitFor(() => expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(1));
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0].body ?? '')).toEqual({
      current_language: 'en-US',
    });
  });

  it('logs out: token, user and local data cleared, back to /login', async () => {
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
    const { router } = renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('chapitres.token')).toBeNull();
    expect(window.localStorage.getItem('chapitres.user')).toBeNull();
    expect(clearLocalData).toHaveBeenCalledTimes(1);
  });

  it('deletes the account only after SUPPRIMER is typed exactly', async () => {
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'DELETE /api/v1/users/me': jsonReply({ message: 'deleted' }),
    });
    const { router } = renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer votre compte\u202f?' });
    const confirm = within(dialog).getByRole('button', {
      name: 'Supprimer définitivement',
    }) as HTMLButtonElement;
    const input = within(dialog).getByLabelText('Pour confirmer, tapez SUPPRIMER en majuscules');
    expect(confirm.disabled).toBe(true);
    await user.type(input, 'supprimer');
    expect(confirm.disabled).toBe(true);
    expect(
      within(dialog).getByText('Tapez exactement SUPPRIMER, en majuscules, pour confirmer.'),
    ).toBeTruthy();
    await user.click(confirm);
    expect(net.callsTo('DELETE /api/v1/users/me')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'SUPPRIMER');
    expect(confirm.disabled).toBe(false);
    expect(
      within(dialog).queryByText('Tapez exactement SUPPRIMER, en majuscules, pour confirmer.'),
    ).toBeNull();
    await user.click(confirm);
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(net.callsTo('DELETE /api/v1/users/me')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
    expect(clearLocalData).toHaveBeenCalledTimes(1);
    await screen.findByText('Votre compte a été supprimé.');
  });

  it('keeps the account and says so when deletion fails', async () => {
    mockFetch({
      'GET /api/v1/users/me': jsonReply(testUserWire),
      'DELETE /api/v1/users/me': errorReply(500),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'SUPPRIMER');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'La suppression du compte a échoué.',
    );
    expect(getSession()).not.toBeNull();
  });

  it('asks to accept new terms, requires the box, then sends all three acceptances', async () => {
    const stale = { ...testUserWire, is_cgv_valid: false };
    signInAs(stale);
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(stale),
      'PATCH /api/v1/users/me': jsonReply(testUserWire),
    });
    renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Nos conditions ont changé' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et continuer' }));
    expect(
      within(dialog).getByText('Vous devez accepter les conditions pour continuer.'),
    ).toBeTruthy();
    expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et continuer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0].body ?? '')).toEqual({
      cgu_validated: true,
      cgv_validated: true,
      pdc_validated: true,
    });
    expect(getSession()?.user?.needsCGUValidation).toBe(false);
  });
});

describe('the voice setting (issue 20)', () => {
  it('says the choice is not made yet, and the switch keeps the voice, then stops keeping it', async () => {
    const user = { ...testUserWire, record_answers: null };
    signInAs(user);
    const net = mockFetch({
      'GET /api/v1/users/me': jsonReply(user),
      'PATCH /api/v1/users/me': (call) =>
        jsonReply({ ...user, ...(JSON.parse(call.body ?? '{}') as object) }),
    });
    renderApp('/profile');
    const toggle = (await screen.findByRole('switch', {
      name: 'Garder le son de ma voix avec mes réponses parlées',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/Vous n'avez pas encore choisi/)).toBeTruthy();

    await userEvent.click(toggle);
    await screen.findByText('Votre voix est gardée.');
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body!)).toEqual({
      record_answers: true,
    });
    expect(getSession()?.user?.recordAnswers).toBe(true);
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);

    await userEvent.click(toggle);
    await screen.findByText(/Votre voix n'est pas gardée/);
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[1]!.body!)).toEqual({
      record_answers: false,
    });
    expect(getSession()?.user?.recordAnswers).toBe(false);
  });

  it('is not shown by a server that keeps no voice', async () => {
    mockFetch({ 'GET /api/v1/users/me': jsonReply(testUserWire) });
    renderApp('/profile');
    await screen.findByText('Jeanne Martin');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
