// The interface language (issue 35): the browser's at the first visit, with its region; then the
// person's latest choice, kept on this device and on her account, and the account's as last read from
// the server applied and kept so that a reload agrees (src/lib/i18n.ts, src/lib/language-choice.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocaleTag, initI18n, setLanguage } from '../../../src/lib/i18n';
import {
  chooseLanguage,
  followAccountLanguage,
  followSessionLanguage,
} from '../../../src/lib/language-choice';
import { clearSession, getSession, setSessionUser } from '../../../src/lib/session';
import { jsonReply, mockFetch } from '../support/fetch-mock';
import { signInAs, testUserWire } from '../support/render-app';

function browserSpeaks(...tags: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(tags);
}

/** A new page: the modules run again and read what this device kept (i18next itself is shared). */
async function reload() {
  vi.resetModules();
  const i18n = await import('../../../src/lib/i18n');
  await i18n.initI18n();
  return i18n;
}

beforeEach(async () => {
  await initI18n();
  await setLanguage('fr', { remember: false });
  clearSession();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the first visit', () => {
  it('opens in English for an en-GB browser, with <html lang="en"> and British dates', async () => {
    browserSpeaks('en-GB', 'en');
    const i18n = await reload();
    expect(i18n.currentLanguage()).toBe('en');
    expect(i18n.getLocaleTag()).toBe('en-GB');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.i18n.t('dialog.title', { ns: 'privacy' })).toBe('Your privacy choices');
  });

  it('opens in English for an en-US browser, in French for one that speaks neither', async () => {
    browserSpeaks('en-US');
    expect((await reload()).getLocaleTag()).toBe('en-US');
    browserSpeaks('de-DE', 'es');
    const i18n = await reload();
    expect(i18n.currentLanguage()).toBe('fr');
    expect(i18n.getLocaleTag()).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('follows the order of preference, and a choice kept on the device wins over the browser', async () => {
    browserSpeaks('fr-FR', 'en-GB');
    expect((await reload()).getLocaleTag()).toBe('fr-FR');
    browserSpeaks('en-GB');
    localStorage.setItem('chapitres.lang', 'fr-FR');
    expect((await reload()).currentLanguage()).toBe('fr');
    // What older versions kept (« en ») still reads as English.
    browserSpeaks('fr-FR');
    localStorage.setItem('chapitres.lang', 'en');
    const i18n = await reload();
    expect(i18n.currentLanguage()).toBe('en');
    expect(i18n.getLocaleTag()).toBe('en-GB');
  });
});

describe('the latest choice wins', () => {
  it('applies the account’s language once read from the server, and a reload agrees', async () => {
    mockFetch({});
    localStorage.setItem('chapitres.lang', 'fr-FR');
    signInAs({ current_language: 'en-GB' });
    const stop = followSessionLanguage();
    await vi.waitFor(() => expect(getLocaleTag()).toBe('en-GB'));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('chapitres.lang')).toBe('en-GB');

    // Changed on another device: the next answer of GET /users/me brings it here.
    setSessionUser({ ...getSession()!.user!, currentLanguage: 'fr-FR' });
    await vi.waitFor(() => expect(getLocaleTag()).toBe('fr-FR'));
    setSessionUser({ ...getSession()!.user!, currentLanguage: 'en-GB' });
    await vi.waitFor(() => expect(getLocaleTag()).toBe('en-GB'));
    stop();

    const i18n = await reload();
    expect(i18n.currentLanguage()).toBe('en');
    expect(i18n.getLocaleTag()).toBe('en-GB');
  });

  it('sends a choice made while signed in to the account and keeps it on the device', async () => {
    const net = mockFetch({
      'PATCH /api/v1/users/me': jsonReply({ ...testUserWire, current_language: 'en-US' }),
    });
    signInAs({ current_language: 'fr-FR' });
    const stop = followSessionLanguage();
    await chooseLanguage('en');
    expect(JSON.parse(net.callsTo('PATCH /api/v1/users/me')[0]!.body ?? '')).toEqual({
      current_language: 'en-US',
    });
    expect(getSession()?.user?.currentLanguage).toBe('en-US');
    expect(localStorage.getItem('chapitres.lang')).toBe('en-US');
    expect(localStorage.getItem('chapitres.langPending')).toBeNull();
    expect(getLocaleTag()).toBe('en-US');
    stop();
    expect((await reload()).getLocaleTag()).toBe('en-US');
  });

  it('keeps a choice the account has not received yet, rather than undo it with the older one', async () => {
    let online = false;
    const net = mockFetch({
      'PATCH /api/v1/users/me': () =>
        online ? jsonReply({ ...testUserWire, current_language: 'en-US' }) : 'network-error',
    });
    signInAs({ current_language: 'fr-FR' });
    const stop = followSessionLanguage();
    await chooseLanguage('en');
    expect(getLocaleTag()).toBe('en-US');
    expect(localStorage.getItem('chapitres.langPending')).toBe('1');

    // The account, read again, still says French: the choice stays and is sent again.
    online = true;
    setSessionUser({ ...getSession()!.user!, currentLanguage: 'fr-FR' });
    await vi.waitFor(() => expect(localStorage.getItem('chapitres.langPending')).toBeNull());
    expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(2);
    expect(getLocaleTag()).toBe('en-US');
    expect(getSession()?.user?.currentLanguage).toBe('en-US');
    stop();
  });

  it('sends a choice made before signing in at sign-in, instead of applying the account’s', async () => {
    const net = mockFetch({
      'PATCH /api/v1/users/me': jsonReply({ ...testUserWire, current_language: 'en-US' }),
    });
    await chooseLanguage('en');
    expect(net.calls).toHaveLength(0);
    signInAs({ current_language: 'fr-FR' });
    await followAccountLanguage(getSession()!.user);
    expect(net.callsTo('PATCH /api/v1/users/me')).toHaveLength(1);
    expect(getLocaleTag()).toBe('en-US');
  });

  it('applies the account’s language at sign-in when nothing was chosen on this device', async () => {
    mockFetch({});
    localStorage.setItem('chapitres.lang', 'fr-FR');
    signInAs({ current_language: 'en_gb' });
    await followAccountLanguage(getSession()!.user);
    expect(getLocaleTag()).toBe('en-GB');
    expect(localStorage.getItem('chapitres.lang')).toBe('en-GB');
  });
});
