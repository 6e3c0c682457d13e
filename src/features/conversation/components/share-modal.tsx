// The share modal (spec §2, §8): a share text the person can change (with its length), copied to the
// clipboard or sent through WhatsApp, X, e-mail (subject = the title) or Facebook. Every link points to
// the product's site. Facebook is opened through its sharer URL, not its SDK: no third-party script runs
// in the app (privacy, offline, content security policy) — see docs/decisions.md.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';

const EXCERPT_CHARS = 280;

/** The product's public site: the address the app is served from. */
export function siteUrl(): string {
  return `${window.location.origin}/`;
}

export function defaultShareText(title: string, summary: string | null, footer: string): string {
  const text = (summary ?? '').replace(/\s+/g, ' ').trim();
  const excerpt =
    text.length > EXCERPT_CHARS
      ? `${text.slice(0, text.lastIndexOf(' ', EXCERPT_CHARS) > 0 ? text.lastIndexOf(' ', EXCERPT_CHARS) : EXCERPT_CHARS)}…`
      : text;
  return [title, excerpt, footer].filter(Boolean).join('\n\n');
}

export function shareLinks(title: string, text: string, site: string) {
  const encoded = encodeURIComponent(text);
  return {
    whatsapp: `https://wa.me/?text=${encoded}`,
    x: `https://twitter.com/intent/tweet?text=${encoded}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encoded}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(site)}&quote=${encoded}`,
  };
}

interface ShareModalProps {
  /** The title and text as shown (with this device's waiting corrections). */
  title: string;
  summary: string | null;
  open: boolean;
  onClose: () => void;
}

export function ShareModal({ open, onClose, ...props }: ShareModalProps) {
  const { t } = useTranslation('conversation');
  return (
    <Modal open={open} onClose={onClose} title={t('share.title')}>
      <ShareContent {...props} onClose={onClose} />
    </Modal>
  );
}

function ShareContent({ title, summary, onClose }: Omit<ShareModalProps, 'open'>) {
  const { t } = useTranslation('conversation');
  const site = siteUrl();
  const [text, setText] = useState(() =>
    defaultShareText(title, summary, t('share.footer', { url: site })),
  );
  const id = useId();
  const links = shareLinks(title, text, site);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('share.copied'));
    } catch (error) {
      console.error('Copy failed', error);
      toast.error(t('share.copyFailed'));
    }
  }

  function openChannel(url: string, channel: string) {
    try {
      // With noopener the browser gives no window back, so only a refusal (a throw) can be seen.
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      console.error('Sharing failed', error);
      toast.error(t('share.channelFailed', { channel }));
    }
  }

  function shareOnFacebook() {
    try {
      const popup = window.open(links.facebook, 'facebook-share', 'width=626,height=436');
      if (!popup) throw new Error('Pop-up blocked');
      popup.opener = null;
    } catch (error) {
      console.error('Facebook sharing failed', error);
      toast.error(t('share.facebookFailed'));
    }
  }

  const linkClass = buttonClasses('secondary', 'justify-start');
  const newWindow = <span className="sr-only"> {t('share.newWindow')}</span>;

  return (
    <div className="space-y-4">
      <p>{t('share.intro')}</p>
      <div className="space-y-1">
        <label htmlFor={id} className="block text-lg font-semibold">
          {t('share.textLabel')}
        </label>
        <textarea
          id={id}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-count`}
          className="w-full rounded-lg border-2 border-line bg-surface px-4 py-2 text-base text-ink"
        />
        <p id={`${id}-count`} className="text-ink-muted">
          {t('share.count', { count: text.length })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={() => void copy()}>{t('share.copy')}</Button>
        <a
          href={links.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          onClick={(event) => {
            event.preventDefault();
            openChannel(links.whatsapp, 'WhatsApp');
          }}
        >
          {t('share.whatsapp')}
          {newWindow}
        </a>
        <a
          href={links.x}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          onClick={(event) => {
            event.preventDefault();
            openChannel(links.x, 'X');
          }}
        >
          {t('share.x')}
          {newWindow}
        </a>
        <a href={links.email} className={linkClass}>
          {t('share.email')}
        </a>
        <Button variant="secondary" onClick={shareOnFacebook}>
          {t('share.facebook')}
          {newWindow}
        </Button>
      </div>
      <Button variant="ghost" onClick={onClose}>
        {t('share.close')}
      </Button>
    </div>
  );
}
