// Gift-code redemption (spec §2 Profile and Subscription, §5 non-empty, §8 messages): one field, one
// button; the premium status is asked again after a code is accepted (the mutation does it).
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useConnectivity } from '../../../offline/connectivity';
import { useRedeemGiftCode } from '../api/redeem-gift-code';
import { giftCodeErrorKey } from '../gift-code-errors';

/** The server refuses longer codes (PromoCodeQuery maxLength). */
export const GIFT_CODE_MAX_LENGTH = 64;

export function GiftCodeForm() {
  const { t } = useTranslation('premium');
  const titleId = useId();
  const offlineId = useId();
  const { online } = useConnectivity();
  const redeem = useRedeemGiftCode();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = code.trim();
  const requiredError = submitted && trimmed === '' ? t('giftCode.required') : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (trimmed === '' || redeem.isPending || !online) return;
    redeem.mutate(trimmed, {
      onSuccess: () => {
        // The emptied field is not a mistake: no « please enter your code » after a success.
        setCode('');
        setSubmitted(false);
      },
    });
  }

  // After a success the form gives way to the message, brought into view and focused (it was below
  // the button, off-screen on a phone).
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!redeem.isSuccess) return;
    const box = successRef.current;
    box?.focus();
    box?.scrollIntoView?.({ block: 'center' });
  }, [redeem.isSuccess]);

  if (redeem.isSuccess)
    return (
      <GiftCodeSection titleId={titleId}>
        <div ref={successRef} tabIndex={-1} role="status" className="space-y-4 focus:outline-none">
          <Notice tone="success">{t('giftCode.success')}</Notice>
          <Button variant="secondary" onClick={() => redeem.reset()}>
            {t('giftCode.another')}
          </Button>
        </div>
      </GiftCodeSection>
    );

  return (
    <GiftCodeSection titleId={titleId}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('giftCode.label')}
          hint={t('giftCode.hint')}
          name="gift_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          maxLength={GIFT_CODE_MAX_LENGTH}
          onChange={(event) => {
            setCode(event.target.value);
            if (redeem.isError) redeem.reset();
          }}
          error={requiredError}
          required
        />
        <Button
          type="submit"
          busy={redeem.isPending}
          disabled={!online}
          aria-describedby={online ? undefined : offlineId}
        >
          {t('giftCode.submit')}
        </Button>
        {!online && (
          <p id={offlineId} className="text-ink-muted">
            {t('giftCode.offline')}
          </p>
        )}
        <div aria-live="polite">
          {redeem.isError && <Notice tone="error">{t(giftCodeErrorKey(redeem.error))}</Notice>}
        </div>
      </form>
    </GiftCodeSection>
  );
}

/** The card around the form and, after a success, around its message. */
function GiftCodeSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  const { t } = useTranslation('premium');
  return (
    <section
      aria-labelledby={titleId}
      data-testid="gift-code-form"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="mb-4 text-2xl">
        {t('giftCode.title')}
      </h2>
      {children}
    </section>
  );
}
