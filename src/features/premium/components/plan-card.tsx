// One offer on /subscription: its name, price, what it gives, and the button that opens the payment
// page. When the button cannot be used, the reason is written beside it (never a silent grey button).
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { CheckoutErrorNotice } from './checkout-error';

interface PlanCardProps {
  title: string;
  price: ReactNode;
  priceNote?: ReactNode;
  benefits: string[];
  actionLabel: string;
  onChoose: () => void;
  busy: boolean;
  /** Why the button cannot be pressed now; undefined when it can. */
  unavailableReason?: string;
  /** Another payment is being opened: this button waits. */
  blocked?: boolean;
  error?: unknown;
  highlighted?: boolean;
  testId: string;
}

export function PlanCard({
  title,
  price,
  priceNote,
  benefits,
  actionLabel,
  onChoose,
  busy,
  unavailableReason,
  blocked = false,
  error,
  highlighted = false,
  testId,
}: PlanCardProps) {
  const titleId = useId();
  const reasonId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className={`flex flex-col gap-4 rounded-2xl border-2 bg-surface p-5 sm:p-6 ${
        highlighted ? 'border-brand' : 'border-line'
      }`}
    >
      <h2 id={titleId} className="text-2xl">
        {title}
      </h2>
      <div>
        <p className="text-3xl font-bold text-brand-strong">{price}</p>
        {priceNote && <p className="text-ink-muted">{priceNote}</p>}
      </div>
      {benefits.length > 0 && (
        <ul className="space-y-2">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 shrink-0 text-success" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto space-y-3">
        <Button
          className="w-full"
          onClick={onChoose}
          busy={busy}
          disabled={unavailableReason !== undefined || blocked}
          aria-describedby={unavailableReason ? reasonId : undefined}
        >
          {actionLabel}
        </Button>
        {unavailableReason && (
          <p id={reasonId} className="text-ink-muted">
            {unavailableReason}
          </p>
        )}
        {error !== undefined && error !== null && <CheckoutErrorNotice error={error} />}
      </div>
    </section>
  );
}
