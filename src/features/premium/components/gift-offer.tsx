// A gift from a relative (issue 31): a year of Chapitres with one printed book, at the 12-month pack's
// price. With a storyteller (on her circle's page), two big choices: applied to her account at once, or a
// gift code mailed to the buyer to give; without (the plans page), only the code. Each button opens the
// payment page as the plan cards do; offline they wait, saying why. PAYMENTS=off: nothing is sold.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConnectivity } from '../../../offline/connectivity';
import type { GiftFor } from '../api/checkout';
import { PRICES } from '../api/types';
import { formatMoney } from '../format';
import { useCheckout } from '../hooks/use-checkout';
import { usePaymentsOff } from '../hooks/use-payments-off';
import { CheckoutErrorNotice } from './checkout-error';

export interface GiftOfferProps {
  /** The storyteller whose circle this is: the gift can then be applied to her account. */
  storytellerId?: string;
  /** Her name, as the circle shows it. */
  storytellerName?: string;
}

export function GiftOffer({ storytellerId, storytellerName }: GiftOfferProps) {
  const { t } = useTranslation('premium');
  const { online } = useConnectivity();
  const paymentsOff = usePaymentsOff();
  const checkout = useCheckout();
  const [chosen, setChosen] = useState<GiftFor['for'] | null>(null);
  const titleId = useId();
  const reasonId = useId();
  if (paymentsOff) return null;

  const name = storytellerName?.trim() ?? '';
  const price = formatMoney(PRICES.gift);
  const opening = checkout.activeProduct === 'gift';
  const failed = checkout.failedProduct === 'gift';
  const offlineReason = online ? undefined : t('gift.offline');
  const disabled = offlineReason !== undefined || checkout.activeProduct !== undefined;

  function start(gift: GiftFor) {
    setChosen(gift.for);
    checkout.start({ product: 'gift', gift });
  }

  const choices: {
    key: GiftFor['for'];
    label: string;
    explanation: string;
    gift: GiftFor;
  }[] = [];
  if (storytellerId)
    choices.push({
      key: 'storyteller',
      label: name ? t('gift.forStoryteller', { name }) : t('gift.forStorytellerNoName'),
      explanation: name ? t('gift.forStorytellerHow', { name }) : t('gift.forStorytellerHowNoName'),
      gift: {
        for: 'storyteller',
        storytellerID: storytellerId,
        ...(name ? { storytellerName: name } : {}),
      },
    });
  choices.push({
    key: 'code',
    label: t('gift.code'),
    explanation: t('gift.codeHow'),
    gift: { for: 'code' },
  });

  return (
    <section
      aria-labelledby={titleId}
      data-testid="gift-offer"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-2xl">
        {t('gift.title')}
      </h2>
      <p className="text-lg" data-testid="gift-offer-what">
        {t('gift.what', { price })}
      </p>
      <div className="space-y-4">
        {choices.map((choice, index) => (
          <div key={choice.key} className="space-y-2">
            <Button
              className="w-full text-left"
              variant={index === 0 ? 'primary' : 'secondary'}
              onClick={() => start(choice.gift)}
              busy={opening && chosen === choice.key}
              disabled={disabled}
              aria-describedby={offlineReason ? reasonId : undefined}
              data-testid={`gift-offer-${choice.key}`}
            >
              {choice.label}
            </Button>
            <p className="text-ink-muted">{choice.explanation}</p>
          </div>
        ))}
      </div>
      {offlineReason && (
        <p id={reasonId} className="text-ink-muted">
          {offlineReason}
        </p>
      )}
      {failed && <CheckoutErrorNotice error={checkout.error} />}
    </section>
  );
}
