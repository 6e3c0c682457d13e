// UI state of the chapter list that outlives the page: the subscription banner, once closed, stays
// closed until the app is reloaded.
import { atom } from 'jotai';

export const subscriptionBannerClosedAtom = atom(false);
