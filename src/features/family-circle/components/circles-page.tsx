// /circles: the circles one belongs to (usually one; both grandmothers possible), each with when its
// news comes (at once, weekly, never) and a way out after a question; the device's copy of the list
// when offline or when the request fails. At the end, « Raconter ma propre histoire »: `/` leads a
// member without a story of her own here (src/app/routes/home-loader.ts), this leads her to her own.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CircleNotify, Membership } from '@contract/circle';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { isNetworkError } from '../api/circle-errors';
import { useLeaveCircle, useMemberships, useUpdateNotify } from '../api/memberships';
import { useStoredCircles } from '../hooks/use-stored-circle';
import { rememberOwnStoryIntent } from '../own-story-intent';

const NOTIFY_CHOICES: CircleNotify[] = ['immediate', 'weekly', 'never'];

function NotifyChoice({ membership }: { membership: Membership }) {
  const { t } = useTranslation('circle');
  const update = useUpdateNotify(membership.storyteller_id);
  const name = membership.storyteller_name;
  const chosen = update.isPending ? update.variables : membership.notify;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-lg font-semibold">{t('circles.notify.legend', { name })}</legend>
      {NOTIFY_CHOICES.map((choice) => (
        <label
          key={choice}
          className="flex min-h-target cursor-pointer items-center gap-3 rounded-lg px-2 text-lg hover:bg-brand-soft"
        >
          <input
            type="radio"
            name={`notify-${membership.storyteller_id}`}
            value={choice}
            checked={chosen === choice}
            disabled={update.isPending}
            onChange={() =>
              update.mutate(choice, {
                onSuccess: () => toast.success(t('circles.notify.saved')),
              })
            }
            className="size-6 accent-brand"
          />
          {t(`circles.notify.${choice}`)}
        </label>
      ))}
      <div aria-live="polite">
        {update.isError && (
          <Notice tone={isNetworkError(update.error) ? 'info' : 'error'}>
            {t(
              isNetworkError(update.error)
                ? 'circles.leaveConfirm.offline'
                : 'circles.notify.failed',
            )}
          </Notice>
        )}
      </div>
    </fieldset>
  );
}

export function CirclesPage() {
  const { t } = useTranslation('circle');
  const navigate = useNavigate();
  const memberships = useMemberships();
  const stored = useStoredCircles();
  const leave = useLeaveCircle();
  const [toLeave, setToLeave] = useState<Membership | null>(null);

  const unreachable = isNetworkError(memberships.error) || memberships.fetchStatus === 'paused';
  // No answer from the server (offline, or the request failed): the device's copy, if it holds any.
  const noAnswer = !memberships.data && (unreachable || memberships.isError);
  const shown =
    memberships.data?.data ?? (noAnswer && stored && stored.length > 0 ? stored : undefined);

  let body;
  if (shown) {
    const list = shown;
    body =
      list.length === 0 ? (
        <Notice tone="info" title={t('circles.empty.title')}>
          {t('circles.empty.message')}
        </Notice>
      ) : (
        <>
          {noAnswer && (
            <div className="mb-6">
              <Notice tone="info">
                {t(unreachable ? 'circles.offlineNote' : 'circles.staleNote')}
              </Notice>
            </div>
          )}
          <ul className="space-y-6">
            {list.map((membership) => {
              const name = membership.storyteller_name;
              return (
                <li key={membership.storyteller_id}>
                  <section
                    aria-labelledby={`circle-${membership.storyteller_id}`}
                    className="space-y-5 rounded-2xl border-2 border-line bg-surface p-5"
                  >
                    <h2 id={`circle-${membership.storyteller_id}`} className="text-2xl">
                      {t('circles.circleOf', { name })}
                    </h2>
                    <p className="text-lg">
                      {t(
                        membership.role === 'contributor'
                          ? 'circles.roleContributor'
                          : 'circles.roleReader',
                      )}
                    </p>
                    <ButtonLink to={`/circles/${membership.storyteller_id}`} className="text-lg">
                      {t('circles.open', { name })}
                    </ButtonLink>
                    <NotifyChoice membership={membership} />
                    <Button variant="ghost" onClick={() => setToLeave(membership)}>
                      {t('circles.leave')}
                    </Button>
                  </section>
                </li>
              );
            })}
          </ul>
        </>
      );
  } else if (noAnswer && stored !== undefined) {
    body = (
      <div className="space-y-4">
        <Notice tone={unreachable ? 'info' : 'error'} role="alert">
          {t(unreachable ? 'join.offline' : 'circles.loadError')}
        </Notice>
        <Button variant="secondary" onClick={() => void memberships.refetch()}>
          {t('circles.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <p className="flex items-center gap-3 text-lg" role="status">
        <Spinner /> {t('circles.loading')}
      </p>
    );
  }

  const leaveFailure = leave.isError
    ? {
        offline: isNetworkError(leave.error),
        text: t(
          isNetworkError(leave.error)
            ? 'circles.leaveConfirm.offline'
            : 'circles.leaveConfirm.failed',
        ),
      }
    : null;

  return (
    <div>
      <PageHeader title={t('circles.title')} lead={t('circles.lead')} />
      {body}
      <section
        aria-labelledby="circles-own-story-title"
        className="mt-10 space-y-3 border-t-2 border-line pt-8"
      >
        <h2 id="circles-own-story-title" className="text-2xl">
          {t('circles.ownStory.title')}
        </h2>
        <p className="max-w-prose text-lg">{t('circles.ownStory.lead')}</p>
        <Button
          variant="secondary"
          className="text-lg"
          onClick={() => {
            rememberOwnStoryIntent();
            void navigate('/');
          }}
        >
          {t('circles.ownStory.start')}
        </Button>
      </section>
      <ConfirmDialog
        open={toLeave !== null}
        title={t('circles.leaveConfirm.title')}
        message={t('circles.leaveConfirm.message', { name: toLeave?.storyteller_name ?? '' })}
        detail={t('circles.leaveConfirm.detail')}
        danger
        confirmLabel={t('circles.leaveConfirm.confirm')}
        cancelLabel={t('circles.leaveConfirm.cancel')}
        busy={leave.isPending}
        failure={leaveFailure}
        onConfirm={() => {
          if (!toLeave) return;
          const name = toLeave.storyteller_name;
          leave.mutate(toLeave.storyteller_id, {
            onSuccess: () => {
              setToLeave(null);
              toast.success(t('circles.left', { name }));
            },
          });
        }}
        onClose={() => {
          setToLeave(null);
          leave.reset();
        }}
      />
    </div>
  );
}
