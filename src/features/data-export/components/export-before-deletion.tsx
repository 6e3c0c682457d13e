// The data export as the account deletion dialog offers it (issue 28): ask for it, see it prepared,
// download it — the same query and request as the profile's « Télécharger mes données », so both show
// the same export. The profile's route passes it to the dialog (features do not import each other).
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-client';
import { useDataExport, useRequestDataExport } from '../api/data-export';

export function ExportBeforeDeletion() {
  const { t } = useTranslation('dataExport');
  const current = useDataExport();
  const request = useRequestDataExport();
  const data = request.data ?? current.data;
  const expired = !!data?.expires_at && Date.parse(data.expires_at) <= Date.now();
  const ready = data?.status === 'ready' && !!data.url && !expired;
  const pending = data?.status === 'pending';
  return (
    <Notice tone="info" title={t('beforeDeletion.title')}>
      <p>{t('beforeDeletion.first')}</p>
      {ready && data?.url ? (
        <p>
          <a
            href={data.url}
            download
            className="inline-flex min-h-target items-center font-semibold"
          >
            {t('beforeDeletion.download')}
          </a>
        </p>
      ) : pending ? (
        <p role="status">{t('beforeDeletion.pending')}</p>
      ) : (
        <div className="pt-2">
          <Button
            variant="secondary"
            busy={request.isPending}
            onClick={() => {
              if (!request.isPending) request.mutate();
            }}
          >
            {t('beforeDeletion.request')}
          </Button>
        </div>
      )}
      {request.isError && (
        <p role="alert">
          {request.error instanceof ApiError && request.error.reason === 'rate_limited'
            ? t('beforeDeletion.tooMany')
            : t('beforeDeletion.failed')}
        </p>
      )}
    </Notice>
  );
}
