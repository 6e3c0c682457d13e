// Gift-code redemption (spec §2 Profile and Subscription, §5 non-empty, §8 messages): one field, one
// button; the premium status is asked again after a code is accepted (the mutation does it).
import { useId, useState, type FormEvent } from 'react';
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
    redeem.mutate(trimmed, { onSuccess: () => setCode('') });
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="gift-code-form"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="mb-4 text-2xl">
        {t('giftCode.title')}
      </h2>
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
            if (redeem.isError || redeem.isSuccess) redeem.reset();
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
          {redeem.isSuccess && <Notice tone="success">{t('giftCode.success')}</Notice>}
          {redeem.isError && <Notice tone="error">{t(giftCodeErrorKey(redeem.error))}</Notice>}
        </div>
      </form>
    </section>
  );
}
