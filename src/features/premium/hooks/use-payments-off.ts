// PAYMENTS=off on the server (a family server, issue 28): every account has full access, nothing is sold,
// so no price, plan nor order button is shown. Read from GET /config (`payment_provider: 'off'`).
import { usePublicConfig } from '../../../lib/public-config';

/** True once the server said it has no payments; false before it answers (prices shown as usual). */
export function usePaymentsOff(): boolean {
  return usePublicConfig()?.payment_provider === 'off';
}
