// What went wrong with a call of the circle, in the words the screens choose from: no connection, too
// many at once (429), refused as invalid (422), a book helper who is no contributor (409
// contributor_only), a chapter with all its pictures (409 max_images_reached), or anything else.
import { ApiError } from '../../lib/api-client';

export type CircleFailure =
  'offline' | 'too_many' | 'invalid' | 'contributor_only' | 'max_images' | 'other';

export function circleFailure(error: unknown): CircleFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.reason === 'network') return 'offline';
  if (error.reason === 'rate_limited') return 'too_many';
  if (error.reason === 'validation') return 'invalid';
  if (error.type === 'contributor_only') return 'contributor_only';
  if (error.type === 'max_images_reached') return 'max_images';
  return 'other';
}

/** A plain check before sending: something@something.something, without spaces. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
