// The loading overlay of the chat (spec §2, §9): a spinner with what is happening, and one of the
// 10 tips, changing every 8 s.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useRotatingIndex } from '../hooks/use-rotating-index';

export const TIP_KEYS = [
  'chapters',
  'images',
  'no_response',
  'finish_chapter',
  'voice_recognition',
  'pause_resume',
  'edit_response',
  'interrupt',
  'history',
  'end_chat',
] as const;
export type TipKey = (typeof TIP_KEYS)[number];
export const TIP_INTERVAL_MS = 8000;

// Each showing continues where the last one stopped, so the same tip does not greet every wait.
let nextFirstTip = 0;

export function LoadingTips({ message }: { message: string }) {
  const { t } = useTranslation('interview');
  const [first] = useState(() => {
    const start = nextFirstTip;
    nextFirstTip = (nextFirstTip + 1) % TIP_KEYS.length;
    return start;
  });
  const index = useRotatingIndex(TIP_KEYS.length, TIP_INTERVAL_MS, true, first);
  const tip = TIP_KEYS[index]!;
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center rounded-2xl bg-paper/95 p-4">
      <div className="max-w-prose space-y-4 text-center">
        <div className="text-brand">
          <Spinner size="lg" label={message} />
        </div>
        <p data-tip={tip} className="text-lg">
          <span className="font-semibold">{t('loading.tipLabel')}</span> {t(`tips.${tip}`)}
        </p>
      </div>
    </div>
  );
}
