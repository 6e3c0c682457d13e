// The share modal (spec §2, §8). Sharing a chapter is giving it a public page: opening the modal only
// reads whether the chapter is shared already (GET …/share); the page is made (POST …/share) when the
// person presses « Créer le lien de partage » after reading what the page shows, and
// everything shared points to that page — a share text the person can change (with its length), copied
// or sent through WhatsApp, X, e-mail (subject = the title) or Facebook, and the link itself with its own
// copy button. « Ne plus partager » removes the page (DELETE …/share) after a confirmation. Without a
// connection the modal says that sharing needs one (a link asked for is made when the connection returns).
// When answers of the chapter were kept with their sound, « Ajouter ma voix » (off by default) lets the
// page play them under their questions (PATCH …/share, issue 20).
// Facebook is opened through its sharer URL, not its SDK: no third-party script runs in the app
// (privacy, offline, content security policy) — see docs/decisions.md.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useConnectivity } from '../../../offline/connectivity';
import {
  publicPageUrl,
  shareLinkKey,
  useEnsureShareLink,
  useExistingShareLink,
  useRevokeShareLink,
  useShareVoice,
  type ShareLinkWire,
} from '../api/share-link';

const EXCERPT_CHARS = 280;

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
  /** The chapter shared; the chapter page's route parameter when not given. */
  conversationId?: string;
  /** The title and text as shown (with this device's waiting corrections). */
  title: string;
  summary: string | null;
  open: boolean;
  onClose: () => void;
}

export function ShareModal({ open, onClose, conversationId, ...props }: ShareModalProps) {
  const { t } = useTranslation('conversation');
  const { conversationID = '' } = useParams();
  return (
    <Modal open={open} onClose={onClose} title={t('share.title')}>
      <ShareContent
        {...props}
        conversationId={conversationId ?? conversationID}
        onClose={onClose}
      />
    </Modal>
  );
}

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'network';
}

/** The page shows the author's name: when hers is not known, say so and where to give it. */
function NoAuthorName() {
  const { t } = useTranslation('conversation');
  const name = useSessionUser()?.name ?? '';
  if (name.trim() !== '') return null;
  return (
    <Notice tone="info">
      <p>{t('share.noAuthorName')}</p>
      <ButtonLink to="/profile" variant="secondary" className="mt-3">
        {t('share.giveName')}
      </ButtonLink>
    </Notice>
  );
}

function ShareContent({
  conversationId,
  title,
  summary,
  onClose,
}: Omit<ShareModalProps, 'open' | 'conversationId'> & { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const { online } = useConnectivity();
  const queryClient = useQueryClient();
  const ensure = useEnsureShareLink(conversationId);
  const revoke = useRevokeShareLink(conversationId);
  const { mutate: ensureLink, status, error, data: created } = ensure;
  const [stopped, setStopped] = useState(false);
  // The person pressed « Créer le lien de partage »: only then is the page made (never on opening).
  const [wanted, setWanted] = useState(false);
  // Opening only reads whether the chapter is shared already.
  const existing = useExistingShareLink(conversationId, online && !stopped);
  // The voice as last chosen in this dialog; until then, as the link says.
  const [voiceChoice, setVoiceChoice] = useState<boolean | null>(null);
  // One request at a time, also when React runs the effect twice in development.
  const requesting = useRef(false);

  const askForLink = () => {
    setWanted(true);
    requesting.current = true;
    ensureLink(undefined, {
      onSettled: () => {
        requesting.current = false;
      },
    });
  };

  // Once asked for, the page is made again when the connection returns after failing for lack of it;
  // a refusal from the server waits for « Réessayer ».
  useEffect(() => {
    if (!wanted || !online || stopped || requesting.current) return;
    if (status === 'error' && isNetworkError(error)) askForLink();
    // askForLink only wraps the stable mutate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, online, stopped, status, error]);

  if (stopped) {
    return (
      <SharingStopped
        onShareAgain={() => {
          revoke.reset();
          ensure.reset();
          setVoiceChoice(null);
          setStopped(false);
          // « Partager à nouveau » is asking for a new page.
          askForLink();
        }}
        onClose={onClose}
      />
    );
  }

  const link = created ?? existing.data ?? null;
  if (!link) {
    const checking = existing.isPending && online && !wanted;
    const waiting = status === 'pending';
    const offline =
      !waiting &&
      (!online ||
        (wanted && status === 'error' && isNetworkError(error)) ||
        (!wanted && existing.isError && isNetworkError(existing.error)));
    const failed = !waiting && !offline && wanted && status === 'error';
    const offer = !checking && !waiting && !offline && !failed;
    return (
      <div className="space-y-4" aria-live="polite">
        {checking && <Spinner label={t('share.checking')} />}
        {waiting && <Spinner label={t('share.preparing')} />}
        {offline && (
          <Notice tone="warning">{t(wanted ? 'share.offline' : 'share.offlineBefore')}</Notice>
        )}
        {failed && (
          <>
            <Notice tone="error" role="alert">
              {t('share.failed')}
            </Notice>
            <Button onClick={askForLink}>{t('share.retry')}</Button>
          </>
        )}
        {offer && (
          <div className="space-y-4" data-testid="share-offer">
            <p>{t('share.offer')}</p>
            <p>{t('share.public')}</p>
            <NoAuthorName />
            <Button onClick={askForLink}>{t('share.create')}</Button>
          </div>
        )}
        <Button variant="ghost" onClick={onClose}>
          {t('share.close')}
        </Button>
      </div>
    );
  }

  const url = publicPageUrl(link);
  const withVoice = voiceChoice ?? link.include_voice === true;
  return (
    <div className="space-y-5">
      <ShareLinkBox url={url} withVoice={withVoice} />
      <VoiceOption
        conversationId={conversationId}
        link={link}
        included={withVoice}
        onChange={setVoiceChoice}
      />
      <ShareChannels key={url} title={title} summary={summary} url={url} />
      <StopSharing
        pending={revoke.isPending}
        failure={
          revoke.isError
            ? t(isNetworkError(revoke.error) ? 'share.stopOffline' : 'share.stopFailed')
            : null
        }
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              // The page is gone: the dialog must not show the old link again.
              queryClient.setQueryData(shareLinkKey(conversationId), null);
              setWanted(false);
              setStopped(true);
            },
            onError: (failure) => console.error('Stopping sharing failed', failure),
          })
        }
        onCancel={() => revoke.reset()}
      />
      <Button variant="ghost" onClick={onClose}>
        {t('share.close')}
      </Button>
    </div>
  );
}

/** Said once the page is gone; focus goes to the message, since the button pressed has gone too. */
function SharingStopped({
  onShareAgain,
  onClose,
}: {
  onShareAgain: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('conversation');
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <div className="space-y-4">
      <div ref={messageRef} tabIndex={-1} data-testid="share-stopped">
        <Notice tone="success" role="status">
          {t('share.stopped')}
        </Notice>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onShareAgain}>{t('share.shareAgain')}</Button>
        <Button variant="ghost" onClick={onClose}>
          {t('share.close')}
        </Button>
      </div>
    </div>
  );
}

/** The public page's address, readable and selectable, with a copy button and a way to see the page. */
function ShareLinkBox({ url, withVoice }: { url: string; withVoice: boolean }) {
  const { t } = useTranslation('conversation');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // The waiting message and its button have just gone: keep the focus in the dialog (Escape and Tab
  // are handled there), on the link that has just arrived.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) inputRef.current?.focus();
  }, []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.linkCopied'));
    } catch (error) {
      console.error('Copy failed', error);
      toast.error(t('share.copyFailed'));
    }
  }

  return (
    <div className="space-y-2" data-testid="share-link">
      <p>{t(withVoice ? 'share.publicWithVoice' : 'share.public')}</p>
      <label htmlFor={id} className="block text-lg font-semibold">
        {t('share.linkLabel')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
        className={inputClasses}
        data-testid="share-link-url"
      />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copyLink()}>{t('share.copyLink')}</Button>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary')}
        >
          {t('share.openPage')}
          <span className="sr-only"> {t('share.newWindow')}</span>
        </a>
      </div>
    </div>
  );
}

/**
 * « Ajouter ma voix »: offered only when answers of the chapter were kept with their sound. The box shows
 * the choice at once and goes back, with a plain message, if the server could not keep it.
 */
function VoiceOption({
  conversationId,
  link,
  included,
  onChange,
}: {
  conversationId: string;
  link: ShareLinkWire;
  included: boolean;
  onChange: (included: boolean) => void;
}) {
  const { t } = useTranslation('conversation');
  const voice = useShareVoice(conversationId);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const count = link.recording_count ?? 0;
  if (count === 0 && !included) return null;

  function choose(checked: boolean) {
    // One choice at a time: the answers cannot arrive out of order.
    if (voice.isPending) return;
    setFailure(null);
    setSaid(null);
    onChange(checked);
    voice.mutate(checked, {
      onSuccess: (updated) => {
        const kept = updated.include_voice === true;
        onChange(kept);
        setSaid(t(kept ? 'share.voiceOn' : 'share.voiceOff'));
      },
      onError: (error) => {
        console.error('Changing the voice of the shared page failed', error);
        onChange(!checked);
        setFailure(t(isNetworkError(error) ? 'share.voiceOffline' : 'share.voiceFailed'));
      },
    });
  }

  return (
    <div
      className="space-y-2 rounded-lg border-2 border-line p-4"
      aria-busy={voice.isPending || undefined}
      data-testid="share-voice"
    >
      <CheckboxField
        checked={included}
        onChange={(event) => choose(event.target.checked)}
        label={
          <>
            <span className="block text-lg font-semibold">{t('share.voiceLabel')}</span>
            <span className="block">{t('share.voiceHelp', { count })}</span>
          </>
        }
      />
      <p role="status" className="font-semibold">
        {said}
      </p>
      {failure && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
    </div>
  );
}

function StopSharing({
  pending,
  failure,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  failure: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('conversation');
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus goes to « Annuler » when the question appears (nothing is removed by a stray Enter), and
  // back to « Ne plus partager » when it goes.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) stopRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={stopRef}
        type="button"
        className={buttonClasses('danger')}
        onClick={() => setConfirming(true)}
      >
        {t('share.stop')}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-testid="share-stop-confirm"
      className="space-y-3 rounded-lg border-2 border-danger bg-danger-soft p-4"
    >
      <p id={titleId} className="text-lg font-semibold">
        {t('share.stopTitle')}
      </p>
      <p>{t('share.stopWarning')}</p>
      {failure && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="danger" busy={pending} onClick={onConfirm}>
          {t('share.stopConfirm')}
        </Button>
        <button
          ref={cancelRef}
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => {
            onCancel();
            setConfirming(false);
          }}
        >
          {t('share.stopCancel')}
        </button>
      </div>
    </div>
  );
}

/** The share text (made once from the page's address, then the person's) and the ways to send it. */
function ShareChannels({
  title,
  summary,
  url,
}: {
  title: string;
  summary: string | null;
  url: string;
}) {
  const { t } = useTranslation('conversation');
  const [text, setText] = useState(() =>
    defaultShareText(title, summary, t('share.footer', { url })),
  );
  const id = useId();
  const links = shareLinks(title, text, url);

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
    </div>
  );
}
