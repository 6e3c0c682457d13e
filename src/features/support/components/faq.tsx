// The help page's questions and answers, written for older people and their families. Each question is
// a disclosure button (aria-expanded) in a heading: Enter or Space opens and closes it, every answer can
// be open at once, and nothing depends on hovering. `/support#faq-microphone` opens that answer.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Svg, type IconProps } from '../../../components/ui/icons';

export const FAQ_ITEMS = [
  'talk',
  'microphone',
  'bookSize',
  'offline',
  'install',
  'prices',
  'printedBook',
  'sharing',
  'deleteAccount',
  'takeData',
  'giftCodes',
] as const;

export type FaqItemId = (typeof FAQ_ITEMS)[number];

/** One answer as the catalogue holds it: paragraphs, an optional list, closing paragraphs. */
interface FaqItem {
  question: string;
  body: Record<string, string>;
  list?: Record<string, { label: string; text: string }>;
  after?: Record<string, string>;
}

/** The id of a question's heading, usable as an address fragment (`#faq-microphone`). */
export function faqAnchor(id: FaqItemId): string {
  return `faq-${id}`;
}

function itemFromHash(hash: string): FaqItemId | null {
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  return FAQ_ITEMS.find((id) => faqAnchor(id) === wanted) ?? null;
}

function ChevronIcon({ open, ...props }: IconProps & { open: boolean }) {
  return (
    <Svg {...props}>
      <path d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />
    </Svg>
  );
}

export function Faq() {
  const { t } = useTranslation('support');
  const { hash } = useLocation();
  const titleId = useId();
  const [open, setOpen] = useState<ReadonlySet<FaqItemId>>(() => {
    const fromHash = itemFromHash(hash);
    return new Set(fromHash ? [fromHash] : []);
  });

  function toggle(id: FaqItemId) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <section aria-labelledby={titleId} data-testid="support-faq" className="space-y-4">
      <h2 id={titleId} className="text-2xl">
        {t('faq.title')}
      </h2>
      <p className="text-ink-muted">{t('faq.hint')}</p>
      <ul className="space-y-3">
        {FAQ_ITEMS.map((id) => (
          <FaqEntry key={id} id={id} open={open.has(id)} onToggle={() => toggle(id)} />
        ))}
      </ul>
    </section>
  );
}

function FaqEntry({ id, open, onToggle }: { id: FaqItemId; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('support');
  const panelId = `${faqAnchor(id)}-answer`;
  const item = t(`faq.items.${id}`, { returnObjects: true }) as FaqItem;
  const list = Object.entries(item.list ?? {});

  return (
    <li className="rounded-2xl border-2 border-line bg-surface">
      <h3 id={faqAnchor(id)} className="text-xl">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-target w-full items-center justify-between gap-3 rounded-2xl px-5 py-3 text-left font-semibold text-ink hover:bg-brand-soft"
        >
          <span>{item.question}</span>
          <ChevronIcon open={open} className="shrink-0 text-brand" />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="max-w-prose space-y-3 px-5 pt-1 pb-5">
        {Object.entries(item.body).map(([key, paragraph]) => (
          <p key={key}>{paragraph}</p>
        ))}
        {list.length > 0 && (
          <ul className="list-disc space-y-2 pl-6">
            {list.map(([key, { label, text }]) => (
              <li key={key}>
                <strong>{label}</strong>
                {t('faq.listSeparator')}
                {text}
              </li>
            ))}
          </ul>
        )}
        {Object.entries(item.after ?? {}).map(([key, paragraph]) => (
          <p key={key}>{paragraph}</p>
        ))}
      </div>
    </li>
  );
}
