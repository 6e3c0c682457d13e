// Contacting the support team: the support address from GET /config as a mailto link (with the subject
// 'Question sur Chapitres'), and a form sent to POST /support/contact. The form is prefilled with the
// signed-in person's name and address, keeps what is typed in sessionStorage until it is sent, checks
// the server's rules first, and shows the server's 422 messages under their fields.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-message';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser, type User } from '../../../lib/session';
import { useConnectivity } from '../../../offline/connectivity';
import { useSupportEmail } from '../api/get-support-config';
import {
  CONTACT_LIMITS,
  useSendContactMessage,
  type ContactField,
} from '../api/send-contact-message';
import {
  clearContactDraft,
  readContactDraft,
  writeContactDraft,
  type ContactValues,
} from '../contact-draft';
import {
  contactPayload,
  validateContact,
  type ContactError,
  type ContactErrors,
} from '../contact-validation';
import { numberFormat } from '../../../lib/intl';

const FIELD_ORDER: ContactField[] = ['name', 'email', 'subject', 'message'];

function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (FIELD_ORDER as string[]).includes(value);
}

/** The server's 422 messages by field (loc ['body', field]); the others are for the whole form. */
export function serverFieldErrors(error: ApiError): {
  fields: Partial<Record<ContactField, string>>;
  general: string[];
} {
  const fields: Partial<Record<ContactField, string>> = {};
  const general: string[] = [];
  for (const detail of error.details) {
    const [where, field] = detail.loc ?? [];
    const msg = detail.msg.trim();
    if (!msg) continue;
    if (where === 'body' && isContactField(field)) fields[field] ??= msg;
    else general.push(msg);
  }
  return { fields, general };
}

export function supportMailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

function initialValues(user: User | null): ContactValues {
  const draft = readContactDraft();
  return {
    name: draft?.name || user?.name || '',
    email: draft?.email || user?.email || '',
    subject: draft?.subject ?? '',
    message: draft?.message ?? '',
  };
}

export function Contact() {
  const { t } = useTranslation('support');
  const titleId = useId();
  const supportEmail = useSupportEmail();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="support-contact"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={titleId} className="text-2xl">
        {t('contact.title')}
      </h2>
      <p className="max-w-prose">{t('contact.lead')}</p>
      {supportEmail && (
        <p>
          {t('contact.mailIntro')}{' '}
          <a
            href={supportMailto(supportEmail, t('contact.mailSubject'))}
            className="inline-flex min-h-target items-center font-semibold [overflow-wrap:anywhere]"
            data-testid="support-mailto"
          >
            {t('contact.mailLink', { email: supportEmail })}
          </a>
        </p>
      )}
      <p>{t('contact.formIntro')}</p>
      <ContactForm supportEmail={supportEmail} />
    </section>
  );
}

function ContactForm({ supportEmail }: { supportEmail: string | null }) {
  const { t } = useTranslation('support');
  const user = useSessionUser();
  const { online } = useConnectivity();
  const sending = useSendContactMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const [values, setValues] = useState<ContactValues>(() => initialValues(user));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const clientErrors: ContactErrors = submitted ? validateContact(values) : {};
  const number = numberFormat();
  const tooLong = values.message.trim().length > CONTACT_LIMITS.message;

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  function errorText(error: ContactError | undefined): string | undefined {
    if (!error) return undefined;
    return t(`contact.errors.${error.key}`, { max: number.format(error.max ?? 0) });
  }

  function fieldError(field: ContactField): string | undefined {
    return serverErrors[field] ?? errorText(clientErrors[field]);
  }

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    writeContactDraft(next);
    setServerErrors(({ [field]: _gone, ...others }) => others);
    setFailure(null);
    setSent(false);
  }

  function focusField(field: ContactField) {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  }

  function failureText(error: unknown): string {
    if (error instanceof ApiError) {
      if (error.reason === 'network') return t('contact.errors.offline');
      if (error.reason === 'rate_limited') return t('contact.errors.tooManyRequests');
    }
    return supportEmail
      ? t('contact.errors.failedWithEmail', { email: supportEmail })
      : t('contact.errors.failed');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.isPending) return;
    setSubmitted(true);
    setFailure(null);
    setSent(false);
    const errors = validateContact(values);
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    sending.mutate(contactPayload(values, t('contact.mailSubject')), {
      onSuccess: () => {
        clearContactDraft();
        setValues((current) => ({ ...current, subject: '', message: '' }));
        setSubmitted(false);
        setServerErrors({});
        setSent(true);
      },
      onError: (error) => {
        console.error('Sending the contact message failed', error);
        if (error instanceof ApiError && error.status === 422) {
          const { fields, general } = serverFieldErrors(error);
          setServerErrors(fields);
          const first = FIELD_ORDER.find((field) => fields[field]);
          if (first) focusField(first);
          setFailure(general[0] ?? (first ? null : failureText(error)));
          return;
        }
        setFailure(failureText(error));
      },
    });
  }

  const messageError = fieldError('message');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('contact.formLabel')}
      data-testid="contact-form"
      className="space-y-5"
    >
      <TextField
        label={t('contact.name')}
        name="name"
        autoComplete="name"
        maxLength={CONTACT_LIMITS.name}
        value={values.name}
        onChange={(event) => change('name', event.target.value)}
        error={fieldError('name')}
      />
      <TextField
        label={t('contact.email')}
        hint={t('contact.emailHint')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        maxLength={CONTACT_LIMITS.email}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={fieldError('email')}
        required
      />
      <TextField
        label={t('contact.subject')}
        name="subject"
        maxLength={CONTACT_LIMITS.subject}
        value={values.subject}
        onChange={(event) => change('subject', event.target.value)}
        error={fieldError('subject')}
      />
      <div>
        <label htmlFor={messageId} className="mb-1 block font-semibold">
          {t('contact.message')}
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={8}
          value={values.message}
          onChange={(event) => change('message', event.target.value)}
          required
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${messageId}-count ${messageId}-error`}
          className="w-full rounded-lg border-2 border-line bg-surface px-4 py-2 text-base text-ink aria-invalid:border-danger"
        />
        <p
          id={`${messageId}-count`}
          data-testid="contact-message-count"
          className={tooLong ? 'font-semibold text-danger' : 'text-ink-muted'}
        >
          {t('contact.count', {
            length: number.format(values.message.length),
            max: number.format(CONTACT_LIMITS.message),
          })}
        </p>
        <FieldError id={`${messageId}-error`}>{messageError}</FieldError>
      </div>
      <p className="text-ink-muted">{t('contact.draftKept')}</p>
      {!online && <p className="text-ink-muted">{t('contact.offline')}</p>}
      <Button type="submit" busy={sending.isPending}>
        {sending.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
      <div aria-live="polite">
        {failure && (
          <Notice tone="error" role="alert">
            {failure}
          </Notice>
        )}
      </div>
      {sent && (
        <div ref={sentRef} tabIndex={-1} data-testid="contact-sent">
          <Notice tone="success" role="status">
            {t('contact.sent')}
          </Notice>
        </div>
      )}
    </form>
  );
}
