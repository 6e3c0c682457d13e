// A finished book with voice codes (issue 20): which chapters' codes open a listening page, each with the
// page itself and a way to take it down (the printed code then opens a plain « no longer available »
// page; asking a new book makes a new one).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useListenLinks, useRevokeListenLink, type ChapterListenLink } from '../api/listen-links';
import type { BookWire } from '../api/types';

export function VoiceCodesSection({ book }: { book: BookWire }) {
  const { t } = useTranslation('books');
  const links = useListenLinks(book.id, book.conversation_ids, book.voice_codes === true);
  const revoke = useRevokeListenLink(book.id);
  const [toRevoke, setToRevoke] = useState<ChapterListenLink | null>(null);
  const offline = revoke.error instanceof ApiError && revoke.error.reason === 'network';
  if (!book.voice_codes) return null;

  return (
    <section aria-labelledby="voice-codes-heading" className="space-y-4">
      <h2 id="voice-codes-heading" className="text-2xl">
        {t('voiceCodes.title')}
      </h2>
      <p>{t('voiceCodes.intro')}</p>
      {links.isPending ? (
        <div className="flex justify-center p-4 text-brand">
          <Spinner label={t('voiceCodes.loading')} />
        </div>
      ) : links.isError ? (
        <Notice tone="warning" title={t('voiceCodes.loadFailed')}>
          <Button variant="secondary" onClick={() => void links.refetch()}>
            {t('voiceCodes.retry')}
          </Button>
        </Notice>
      ) : links.data.length === 0 ? (
        <Notice tone="info" title={t('voiceCodes.none')} />
      ) : (
        <ul className="space-y-3">
          {links.data.map((link) => (
            <li
              key={link.conversationId}
              className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-line bg-surface p-4"
            >
              <span className="flex-1 text-lg font-semibold">
                {t('voiceCodes.chapter', { position: link.position })}
              </span>
              <a
                href={link.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-target items-center rounded-lg px-3 font-semibold text-brand underline"
              >
                {t('voiceCodes.open')}
              </a>
              <Button variant="secondary" onClick={() => setToRevoke(link)}>
                {t('voiceCodes.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('voiceCodes.confirmTitle')}
        message={t('voiceCodes.confirmMessage', { position: toRevoke?.position ?? 0 })}
        detail={t('voiceCodes.confirmDetail')}
        danger
        confirmLabel={t('voiceCodes.confirm')}
        cancelLabel={t('voiceCodes.cancel')}
        busy={revoke.isPending}
        failure={
          revoke.isError
            ? { offline, text: offline ? t('voiceCodes.offline') : t('voiceCodes.revokeFailed') }
            : null
        }
        onConfirm={() => {
          if (!toRevoke) return;
          revoke.mutate(toRevoke.conversationId, {
            onSuccess: () => {
              revoke.reset();
              setToRevoke(null);
              toast.success(t('voiceCodes.revoked'));
            },
            onError: (error) => console.error('Taking the listening page down failed', error),
          });
        }}
        onClose={() => {
          setToRevoke(null);
          revoke.reset();
        }}
      />
    </section>
  );
}
