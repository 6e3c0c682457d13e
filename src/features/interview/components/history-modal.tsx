// The whole conversation as bubbles (spec §2): the person on the right, the biographer on the left,
// each bubble also saying who speaks (not position or colour alone).
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { ChatMessageWire } from '../api/types';
import { keepTogether } from '../../../lib/typography';

interface HistoryModalProps {
  open: boolean;
  onClose: () => void;
  messages: ChatMessageWire[] | undefined;
  loading: boolean;
  failed: boolean;
}

export function HistoryModal({ open, onClose, messages, loading, failed }: HistoryModalProps) {
  const { t } = useTranslation('interview');
  return (
    <Modal open={open} onClose={onClose} title={t('history.title')}>
      {messages === undefined ? (
        loading ? (
          <div className="text-brand">
            <Spinner label={t('history.loading')} />
          </div>
        ) : (
          <p>{failed ? t('history.unavailable') : t('history.empty')}</p>
        )
      ) : messages.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('history.title')}>
          {messages.map((message) => {
            const mine = message.type === 'user';
            return (
              <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                <div
                  className={`max-w-[85%] rounded-2xl px-4 py-3 ${
                    mine
                      ? 'rounded-br-sm bg-brand text-white'
                      : 'rounded-bl-sm border-2 border-line bg-paper text-ink'
                  }`}
                  data-speaker={message.type}
                >
                  <p className="text-base font-semibold">
                    {mine ? t('history.you') : t('history.assistant')}
                  </p>
                  <p className="whitespace-pre-wrap">{keepTogether(message.content)}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}
