// The answer kept from an earlier visit, offered back when the chat opens.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface DraftOfferProps {
  text: string;
  onResume: () => void;
  onDiscard: () => void;
}

export function DraftOffer({ text, onResume, onDiscard }: DraftOfferProps) {
  const { t } = useTranslation('interview');
  return (
    <section
      aria-labelledby="chat-draft-offer-title"
      className="space-y-3 rounded-lg border-2 border-warning-line bg-warning-soft p-4 text-warning-ink"
    >
      <h2 id="chat-draft-offer-title" className="text-xl text-warning-ink">
        {t('draft.title')}
      </h2>
      <p>{t('draft.message')}</p>
      <blockquote className="rounded-lg bg-surface p-3 whitespace-pre-wrap text-ink">
        {text}
      </blockquote>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onResume}>{t('draft.resume')}</Button>
        <Button variant="secondary" onClick={onDiscard}>
          {t('draft.discard')}
        </Button>
      </div>
    </section>
  );
}
