// The print seam: what happens to a paid printed-book order once its files are frozen.
import type { OrderRow } from '../../modules/premium/repository.ts';

export interface PrintProvider {
  readonly kind: 'manual';
  /** Hands the order over; the order keeps the status `paid` until the printer says otherwise. */
  submit(order: OrderRow): Promise<void>;
}
