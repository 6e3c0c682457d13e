// Which language wins between this device and the account (issue 35): the person's latest choice,
// everywhere.
// - A choice she makes (the privacy dialog's switch, the profile's setting, the shell's toggle) is kept
//   on this device (chapitres.lang) and, when she is signed in, sent to her account as
//   current_language (PATCH /users/me), which the server's mails, book suggestions and exports follow.
// - When signed in, the account's language as last read from the server (sign-in, GET /users/me, a
//   profile change) is applied and kept on this device, so a reload agrees with it.
// - A choice that has not reached the account yet (made before signing in, or offline) waits
//   (chapitres.langPending) and is sent at the next chance, rather than undone by the account's older one.
import { apiRequest } from './api-client';
import { getLocaleTag, normaliseLocaleTag, setLanguage, storedLocaleTag } from './i18n';
import {
  getSession,
  setSessionUser,
  subscribeSession,
  userFromWire,
  type User,
  type UserWire,
} from './session';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

/** The person chose a language (« en », « en-GB »): applied and kept here, and sent to her account. */
export async function chooseLanguage(languageOrTag: string): Promise<void> {
  await setLanguage(languageOrTag);
  writeStorage(storageKeys.langPending, '1');
  await sendPendingLanguage();
}

let sending: Promise<void> | null = null;

/** Sends the device's waiting choice to the account, once at a time; kept waiting if that fails. */
export function sendPendingLanguage(): Promise<void> {
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}

async function send(): Promise<void> {
  const session = getSession();
  if (!readStorage(storageKeys.langPending) || !session) return;
  const tag = getLocaleTag();
  let user: User | null = null;
  if (normaliseLocaleTag(session.user?.currentLanguage) !== tag) {
    try {
      user = userFromWire(
        await apiRequest<UserWire>('/users/me', {
          method: 'PATCH',
          json: { current_language: tag },
        }),
      );
    } catch (error) {
      // Offline or refused: the choice stays on this device and is sent with the next account read.
      console.warn('The language could not be saved to the account', error);
      return;
    }
  }
  // A newer choice made while this one was on its way is still waiting: sent next.
  const newer = getLocaleTag() !== tag;
  if (!newer) removeStorage(storageKeys.langPending);
  if (user) setSessionUser(user);
  if (newer) await send();
}

/**
 * Follows the account's language as last read from the server, unless a choice made on this device is
 * still on its way there (then that choice is sent instead).
 */
export async function followAccountLanguage(user: User | null | undefined): Promise<void> {
  if (!user) return;
  if (readStorage(storageKeys.langPending)) return sendPendingLanguage();
  const tag = normaliseLocaleTag(user.currentLanguage);
  if (tag && (tag !== getLocaleTag() || tag !== storedLocaleTag())) await setLanguage(tag);
}

/** Applies the account's language whenever the session's user changes; returns the unsubscribe. */
export function followSessionLanguage(): () => void {
  const follow = () => {
    followAccountLanguage(getSession()?.user).catch((error: unknown) =>
      console.error('The account language could not be applied', error),
    );
  };
  follow();
  return subscribeSession(follow);
}
