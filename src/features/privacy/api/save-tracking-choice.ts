// A choice made while signed in also goes to the account (PATCH /users/me `opt_in_tracking`), so the
// server's record matches the device's. Best effort: the device's choice is what the app obeys, and a
// failure (offline, expired session) only leaves the account's older value.
import type { UpdateMeBody } from '@contract/accounts';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

export async function saveTrackingChoice(analytics: boolean): Promise<void> {
  if (!getToken()) return;
  try {
    await apiRequest('/users/me', {
      method: 'PATCH',
      json: { opt_in_tracking: analytics } satisfies UpdateMeBody,
    });
  } catch (error) {
    console.warn('The privacy choice could not be saved to the account', error);
  }
}
