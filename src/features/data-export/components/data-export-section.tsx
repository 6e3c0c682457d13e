// « Télécharger mes données » on the profile: what the ZIP holds, a button that asks for it, and the
// export's state — being prepared (the page asks again every 5 s, a mail also says when it is ready),
// ready (the download link and until when it works), failed or expired (ask again). It works whatever
// the subscription: taking one's data away never depends on paying.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useConnectivity } from '../../../offline/connectivity';
import { useDataExport, useRequestDataExport, type DataExportWire } from '../api/data-export';
import { dateFormat } from '../../../lib/intl';

const CONTENTS = ['chapters', 'transcripts', 'onboarding', 'books'] as const;

/** A date and time as people read them; an unreadable value gives ''. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A ready export whose link has passed its expiry date can no longer be downloaded. */
export function isExpired(current: DataExportWire, now: number = Date.now()): boolean {
  if (!current.expires_at) return false;
  const expiry = Date.parse(current.expires_at);
  return !Number.isNaN(expiry) && expiry <= now;
}

export function DataExportSection() {
  const { t } = useTranslation('dataExport');
  const titleId = useId();
  const offlineId = useId();
  const { online } = useConnectivity();
  const current = useDataExport();
  const request = useRequestDataExport();
  const data = current.data;
  // A first load waiting for the connection is not shown as loading: the button says why it waits.
  const loading = current.isPending && current.fetchStatus === 'fetching';

  function ask() {
    if (request.isPending) return;
    request.mutate(undefined, {
      onError: (error) => console.error('Asking for the data export failed', error),
    });
  }

  function requestError(): string | null {
    if (!request.isError) return null;
    const error = request.error;
    if (error instanceof ApiError && error.reason === 'network') return t('errors.offline');
    if (error instanceof ApiError && error.reason === 'rate_limited')
      return t('errors.tooManyRequests');
    return t('errors.failed');
  }

  const pending = data?.status === 'pending';
  const ready = data?.status === 'ready' && !!data.url && !isExpired(data);
  const expired = data?.status === 'ready' && !ready;
  const failed = data?.status === 'failed';
  const askLabel = failed ? t('retry') : ready || expired ? t('requestAgain') : t('request');
  const error = requestError();

  return (
    <section
      aria-labelledby={titleId}
      data-testid="data-export"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-2xl">
        {t('title')}
      </h2>
      <p className="max-w-prose">{t('lead')}</p>
      <ul className="max-w-prose list-disc space-y-1 pl-6">
        {CONTENTS.map((item) => (
          <li key={item}>{t(`contents.${item}`)}</li>
        ))}
      </ul>
      <p className="max-w-prose">{t('afterSubscription')}</p>

      <div aria-live="polite" className="space-y-3">
        {loading && <Spinner label={t('loading')} />}
        {pending && (
          <Notice tone="info" role="status">
            <p>{t('pending')}</p>
            <p>{t('pendingHint')}</p>
          </Notice>
        )}
        {ready && data?.url && (
          <Notice tone="success" title={t('ready')}>
            <p>
              <a
                href={data.url}
                download
                className="inline-flex min-h-target items-center font-semibold"
                data-testid="data-export-download"
              >
                {t('download')}
              </a>
            </p>
            {data.expires_at && formatDateTime(data.expires_at) && (
              <p>{t('expires', { date: formatDateTime(data.expires_at) })}</p>
            )}
          </Notice>
        )}
        {expired && <Notice tone="warning">{t('expired')}</Notice>}
        {failed && (
          <Notice tone="error" role="alert">
            {t('failed')}
          </Notice>
        )}
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
      </div>

      {!loading && !pending && (
        <div className="space-y-2">
          <Button
            variant={ready ? 'secondary' : 'primary'}
            busy={request.isPending}
            disabled={!online}
            aria-describedby={online ? undefined : offlineId}
            onClick={ask}
          >
            {askLabel}
          </Button>
          {!online && (
            <p id={offlineId} className="text-ink-muted">
              {t('errors.offline')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
