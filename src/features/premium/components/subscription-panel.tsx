// The profile's subscription status panel (spec §4 "Subscription status"): none → free chapters left and
// the way to the plans; subscribed → active, and cancel (confirmed); canceled → the end date, and
// resume (confirmed); annual → full access until its end date. Printed books left to order are named.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usePremiumStatus } from '../api/get-premium-status';
import { useSubscriptionChange, type SubscriptionChange } from '../api/subscription-changes';
import { PRICES, type PremiumStatusWire } from '../api/types';
import { formatDate, formatMoney } from '../format';
import { BOOKS_PATH, SUBSCRIPTION_PATH } from '../paths';
import { subscriptionState, type SubscriptionKind } from '../subscription-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePaymentsOff } from '../hooks/use-payments-off';

export function SubscriptionPanel() {
  const { t } = useTranslation('premium');
  const titleId = useId();
  const status = usePremiumStatus();
  const paymentsOff = usePaymentsOff();

  let body;
  if (paymentsOff) {
    // PAYMENTS=off: full access for everyone, nothing to subscribe to or cancel.
    body = (
      <Notice tone="info" title={t('noPayments.title')}>
        <p>{t('noPayments.message')}</p>
      </Notice>
    );
  } else if (status.data) {
    body = <PanelBody status={status.data} />;
  } else if (status.isError) {
    body = (
      <Notice tone="info">
        <p>{t('panel.loadFailed')}</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void status.refetch()}
          busy={status.isFetching}
        >
          {t('panel.retry')}
        </Button>
      </Notice>
    );
  } else {
    body = (
      <div className="text-brand">
        <Spinner label={t('panel.loading')} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="subscription-panel"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="mb-4 text-2xl">
        {t('panel.title')}
      </h2>
      {body}
    </section>
  );
}

function PanelBody({ status }: { status: PremiumStatusWire }) {
  const { t } = useTranslation('premium');
  const state = subscriptionState(status);
  const [dialog, setDialog] = useState<SubscriptionChange | null>(null);
  // The button that opened the dialog is replaced by the other one once the change is made: focus goes
  // to the new state's title instead of being lost.
  const stateTitleRef = useRef<HTMLParagraphElement>(null);
  const [focusState, setFocusState] = useState(false);
  useEffect(() => {
    if (focusState && dialog === null) {
      stateTitleRef.current?.focus();
      setFocusState(false);
    }
  }, [focusState, dialog, state.kind]);

  return (
    <div className="space-y-4" data-state={state.kind}>
      <StateDetails
        kind={state.kind}
        status={status}
        cancelAt={state.cancelAt}
        premiumEndDate={state.premiumEndDate}
        titleRef={stateTitleRef}
        onCancel={() => setDialog('cancellation')}
        onRestore={() => setDialog('restoration')}
      />
      {status.book_credits > 0 && (
        <div className="space-y-2 rounded-lg bg-brand-soft p-4">
          <p className="font-semibold">{t('status.credits', { count: status.book_credits })}</p>
          <p>{t('panel.creditsHint')}</p>
          <ButtonLink to={BOOKS_PATH} variant="secondary">
            {t('panel.creditsLink')}
          </ButtonLink>
        </div>
      )}
      <ChangeDialog
        change="cancellation"
        open={dialog === 'cancellation'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          setFocusState(true);
        }}
      />
      <ChangeDialog
        change="restoration"
        open={dialog === 'restoration'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          setFocusState(true);
        }}
      />
    </div>
  );
}

interface StateDetailsProps {
  kind: SubscriptionKind;
  status: PremiumStatusWire;
  cancelAt: string | null;
  premiumEndDate: string | null;
  titleRef: RefObject<HTMLParagraphElement | null>;
  onCancel: () => void;
  onRestore: () => void;
}

function StateDetails({
  kind,
  status,
  cancelAt,
  premiumEndDate,
  titleRef,
  onCancel,
  onRestore,
}: StateDetailsProps) {
  const { t } = useTranslation('premium');
  const title = (text: string) => (
    <p ref={titleRef} tabIndex={-1} className="text-xl font-semibold">
      {text}
    </p>
  );
  switch (kind) {
    case 'none':
      return (
        <>
          {title(t('panel.none.title'))}
          <p>{t('panel.none.text')}</p>
          <p className="font-semibold">
            {status.free_chapters_allowed > 0
              ? t('status.freeLeft', { count: status.free_chapters_allowed })
              : t('status.noneLeft')}
          </p>
          <ButtonLink to={SUBSCRIPTION_PATH}>{t('panel.none.subscribe')}</ButtonLink>
        </>
      );
    case 'subscribed':
      return (
        <>
          {title(t('panel.subscribed.title'))}
          <p>{t('panel.subscribed.text')}</p>
          <Button variant="secondary" onClick={onCancel}>
            {t('panel.subscribed.cancel')}
          </Button>
        </>
      );
    case 'canceled': {
      const date = cancelAt ? formatDate(cancelAt) : '';
      return (
        <>
          {title(t('panel.canceled.title'))}
          <p>{date ? t('panel.canceled.text', { date }) : t('panel.canceled.textNoDate')}</p>
          <Button onClick={onRestore}>{t('panel.canceled.restore')}</Button>
        </>
      );
    }
    case 'annual': {
      const date = premiumEndDate ? formatDate(premiumEndDate) : '';
      return (
        <>
          {title(t('panel.annual.title'))}
          <p className="text-lg">
            {date ? t('panel.annual.until', { date }) : t('panel.annual.noDate')}
          </p>
        </>
      );
    }
  }
}

function ChangeDialog({
  change,
  open,
  onClose,
  onDone,
}: {
  change: SubscriptionChange;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('premium');
  const mutation = useSubscriptionChange(change);
  const cancellation = change === 'cancellation';

  function close() {
    mutation.reset();
    onClose();
  }

  function confirm() {
    if (mutation.isPending) return;
    mutation.mutate(undefined, {
      onSuccess: () => {
        mutation.reset();
        toast.success(cancellation ? t('panel.cancelDialog.done') : t('panel.restoreDialog.done'));
        onDone();
      },
    });
  }

  let error: string | undefined;
  if (mutation.error instanceof ApiError && mutation.error.reason === 'network') {
    error = t('panel.changeOffline');
  } else if (mutation.error) {
    const serverMessage =
      mutation.error instanceof ApiError ? mutation.error.details[0]?.msg.trim() : '';
    error = serverMessage || t('panel.changeFailed');
  }

  return (
    <ConfirmDialog
      open={open}
      title={cancellation ? t('panel.cancelDialog.title') : t('panel.restoreDialog.title')}
      message={
        cancellation
          ? t('panel.cancelDialog.message')
          : t('panel.restoreDialog.message', { price: formatMoney(PRICES.subscription) })
      }
      confirmLabel={
        cancellation ? t('panel.cancelDialog.confirm') : t('panel.restoreDialog.confirm')
      }
      cancelLabel={cancellation ? t('panel.cancelDialog.keep') : t('panel.restoreDialog.cancel')}
      onConfirm={confirm}
      onClose={close}
      busy={mutation.isPending}
      failure={error ? { offline: false, text: error } : null}
    />
  );
}
