// The privacy choice (spec §2 Profile, §4 "Other"): what is used by default, the one optional purpose
// (audience measurement), and two buttons of equal weight. At the first visit only a choice closes it
// (no close button, Escape and clicks outside do nothing); reopened from the profile it shows the
// current choice and Escape closes it unchanged. Focus stays inside and the rest of the page is inert.
// Its own dialog rather than the shared Modal, whose close button and Escape cannot be turned off.
// Where the server records visits (PostHog, POSTHOG_SESSION_RECORDING) a box, unticked by default, adds
// that recording to the acceptance; refusing refuses both.
// At the top, Français / English: the first visit opens in the browser's language, and she can switch
// before she answers (issue 35); the switch is her choice of language (src/lib/language-choice.ts).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { usePublicConfig } from '../../../lib/public-config';
import { currentLanguage, languages } from '../../../lib/i18n';
import { formatLongDate } from '../../../lib/intl';
import { chooseLanguage } from '../../../lib/language-choice';
import { saveConsent, type ConsentChoice } from '../../../lib/consent';
import { saveTrackingChoice } from '../api/save-tracking-choice';
import { toast } from '../../../lib/toast';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Both choices look exactly the same: neither is pushed on the person (equal prominence). */
export const CONSENT_CHOICE_CLASSES = buttonClasses('primary', 'w-full text-lg sm:flex-1');

interface ConsentDialogProps {
  /** The choice on this device; null at the first visit. */
  current: ConsentChoice | null;
  /** Given when the dialog was reopened: Escape closes it without changing anything. */
  onClose?: () => void;
  /** Called after a choice was saved. */
  onChosen?: (choice: ConsentChoice) => void;
}

/** Makes everything beside the dialog inert (unreachable by keyboard, mouse and screen readers). */
function useInertSiblings(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const own = ref.current;
    if (!own) return;
    const made: Element[] = [];
    for (const sibling of document.body.children) {
      if (sibling === own || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT')
        continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, [ref]);
}

/** Français / English, each named in its own language: large buttons, the one in use pressed. */
function LanguageSwitch() {
  const { t } = useTranslation('privacy');
  const labelId = useId();
  const selected = currentLanguage();
  return (
    <div role="group" aria-labelledby={labelId} className="mb-4">
      <p id={labelId} className="mb-2 text-lg font-semibold">
        {t('dialog.language.label')}
      </p>
      <div className="flex flex-wrap gap-3">
        {languages.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={selected === language}
            data-testid={`consent-language-${language}`}
            onClick={() => {
              if (language !== selected) void chooseLanguage(language);
            }}
            className={buttonClasses(
              selected === language ? 'primary' : 'secondary',
              'min-w-36 text-lg',
            )}
          >
            {t(`dialog.language.${language}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

export function ConsentDialog({ current, onClose, onChosen }: ConsentDialogProps) {
  const { t, i18n } = useTranslation('privacy');
  const titleId = useId();
  const descriptionId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useInertSiblings(layerRef);
  // Offered only where the server is set up for it; the choice is asked whatever /config answers.
  const config = usePublicConfig();
  const recordingOffered = config?.analytics?.session_recording === true;
  const [recording, setRecording] = useState(current?.recording ?? false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The dialog itself first, so that a screen reader reads the explanation before the buttons.
    dialogRef.current?.focus();
    return () => {
      // Back where it was; at the first visit nothing had the focus, so the page's content takes it
      // rather than leaving it on <body> (issue 35 #9).
      const back =
        previous && previous !== document.body && previous.isConnected
          ? previous
          : document.querySelector<HTMLElement>('main[tabindex]');
      back?.focus({ preventScroll: true });
    };
  }, []);

  function choose(analytics: boolean) {
    const choice = saveConsent(analytics, {
      recording: analytics && recordingOffered && recording,
    });
    void saveTrackingChoice(analytics);
    // Read at the moment of the choice, in the language the dialog is in now (she may just have switched).
    const tNow = i18n.getFixedT(null, 'privacy');
    toast.success(
      tNow(
        choice.recording
          ? 'dialog.saved.acceptedWithRecording'
          : analytics
            ? 'dialog.saved.accepted'
            : 'dialog.saved.refused',
      ),
    );
    onChosen?.(choice);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose?.();
      return;
    }
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusables = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusables.length === 0) return;
    // Focus moves here by hand, so that it never leaves the dialog even where inert is not supported.
    event.preventDefault();
    const at = focusables.indexOf(document.activeElement as HTMLElement);
    const next =
      at === -1
        ? event.shiftKey
          ? focusables.length - 1
          : 0
        : (at + (event.shiftKey ? -1 : 1) + focusables.length) % focusables.length;
    focusables[next].focus();
  }

  // In the person's language and region (« 26 November 2026 » in Britain).
  const decidedOn = current ? (formatLongDate(current.decided_at) ?? '') : '';

  return createPortal(
    <div
      ref={layerRef}
      // A click beside the dialog neither closes it nor takes the focus out of it.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) event.preventDefault();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-ink/60 pt-3 sm:items-center sm:p-6"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="consent-dialog"
        // Never taller than the screen: the text scrolls inside, the two choices stay in view below it.
        className="flex max-h-full w-full max-w-2xl flex-col rounded-t-2xl bg-surface text-ink shadow-xl outline-none focus-visible:ring-4 focus-visible:ring-brand sm:rounded-2xl"
      >
        <div
          data-testid="consent-dialog-body"
          className="min-h-0 flex-1 overflow-y-auto p-5 sm:p-8 sm:pb-4"
        >
          <LanguageSwitch />
          <h2 id={titleId} className="mb-4 text-2xl sm:text-3xl">
            {t('dialog.title')}
          </h2>
          <div id={descriptionId} className="space-y-3 text-lg">
            <p>{t('dialog.necessary')}</p>
            <p>{t('dialog.analytics')}</p>
            <p>{t('dialog.reassure')}</p>
          </div>
          {recordingOffered && (
            <CheckboxField
              className="mt-4 rounded-xl border-2 border-line p-4 text-lg"
              checked={recording}
              onChange={(event) => setRecording(event.target.checked)}
              data-testid="consent-recording"
              label={t('dialog.recording')}
            />
          )}
          {current && (
            <p
              className="mt-4 rounded-xl border-2 border-line p-4 text-lg font-semibold"
              role="status"
            >
              {t(
                current.recording
                  ? 'dialog.current.acceptedWithRecording'
                  : current.analytics
                    ? 'dialog.current.accepted'
                    : 'dialog.current.refused',
                { date: decidedOn },
              )}
            </p>
          )}
          <p className="mt-4">
            {/* A plain link: this dialog may sit above the router. The dialog steps aside on that page. */}
            <a href="/privacy" className="inline-flex min-h-target items-center text-lg">
              {t('dialog.learnMore')}
            </a>
          </p>
        </div>
        <div
          data-testid="consent-dialog-footer"
          className="flex shrink-0 flex-col gap-3 border-t-2 border-line p-5 sm:flex-row sm:px-8 sm:pt-4 sm:pb-8"
        >
          <button
            type="button"
            className={CONSENT_CHOICE_CLASSES}
            data-testid="consent-refuse"
            onClick={() => choose(false)}
          >
            {t('dialog.refuse')}
          </button>
          <button
            type="button"
            className={CONSENT_CHOICE_CLASSES}
            data-testid="consent-accept"
            onClick={() => choose(true)}
          >
            {t('dialog.accept')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
