// Printed books sent by a person: paid orders wait, listed by `npm run cli -- orders list`; their files and
// address are exported by `orders export` for the printer, and `orders mark` records what the printer did.
import type { OrderRow } from '../../modules/premium/repository.ts';
import type { PrintProvider } from './types.ts';

export class ManualPrintProvider implements PrintProvider {
  readonly kind = 'manual' as const;

  constructor(private readonly log: (message: string) => void = console.info) {}

  async submit(order: OrderRow): Promise<void> {
    this.log(
      `[print] order ${order.id} for "${order.bookTitle}" is paid and waits to be sent to the printer (npm run cli -- orders export --id ${order.id})`,
    );
  }
}
