// Spec §8 "Gift code": which message a failed redemption shows, from the first item of the error detail.
import { ApiError } from '../../lib/api-client';

export type GiftCodeErrorKey =
  | 'giftCode.errors.notFound'
  | 'giftCode.errors.expired'
  | 'giftCode.errors.used'
  | 'giftCode.errors.tooManyTries'
  | 'giftCode.errors.offline'
  | 'giftCode.errors.default';

export function giftCodeErrorKey(error: unknown): GiftCodeErrorKey {
  if (!(error instanceof ApiError)) return 'giftCode.errors.default';
  switch (error.type) {
    case 'promo_code_not_found':
      return 'giftCode.errors.notFound';
    case 'promo_code_expired':
      return 'giftCode.errors.expired';
    case 'promo_code_inactive':
      return 'giftCode.errors.used';
  }
  if (error.status === 429) return 'giftCode.errors.tooManyTries';
  if (error.reason === 'network') return 'giftCode.errors.offline';
  return 'giftCode.errors.default';
}
