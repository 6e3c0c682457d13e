// The account card: the name and the email address, both editable. A new email needs the current
// password; the server mails the previous address a link that undoes the change, and signs the other
// devices out (this one stays signed in with the token of the answer).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import type { User } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useResendValidationMutation } from '../api/resend-validation';
import { useUpdateMeMutation } from '../api/update-me';

export const NAME_MAX_LENGTH = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type EmailErrorKey =
  | 'account.emailErrors.wrongPassword'
  | 'account.emailErrors.taken'
  | 'account.emailErrors.tooMany'
  | 'account.emailErrors.invalid'
  | 'account.emailErrors.generic';

/** Which message the email form shows for a failed change. */
export function emailChangeErrorKey(error: unknown): EmailErrorKey {
  if (error instanceof ApiError) {
    if (error.type === 'incorrect_password') return 'account.emailErrors.wrongPassword';
    if (error.type === 'user_email_already_exists') return 'account.emailErrors.taken';
    if (error.status === 429) return 'account.emailErrors.tooMany';
    if (error.status === 422) return 'account.emailErrors.invalid';
  }
  return 'account.emailErrors.generic';
}

function EmailForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMeMutation({ showErrors: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = email.trim();
  const emailError =
    touched && !EMAIL_PATTERN.test(trimmed)
      ? t('account.emailInvalid')
      : touched && trimmed.toLowerCase() === user.email
        ? t('account.emailSame')
        : undefined;
  const passwordError = touched && password === '' ? t('account.passwordRequired') : undefined;
  const failure = update.isError ? emailChangeErrorKey(update.error) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!EMAIL_PATTERN.test(trimmed) || trimmed.toLowerCase() === user.email || password === '')
      return;
    update.mutate(
      { email: trimmed, current_password: password },
      {
        onSuccess: (updated) => {
          toast.success(t('account.emailSaved', { email: updated.email }));
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label={t('account.newEmail')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        autoFocus
        required
      />
      <PasswordField
        label={t('account.currentPassword')}
        name="current-password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={t('account.currentPasswordHint')}
        error={
          passwordError ??
          (failure === 'account.emailErrors.wrongPassword' ? t(failure) : undefined)
        }
        required
      />
      {failure && failure !== 'account.emailErrors.wrongPassword' && (
        <Notice tone="error" role="alert">
          {t(failure)}
        </Notice>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={update.isPending}>
          {t('account.saveEmail')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('account.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** An address not confirmed yet: why it matters (no reset link) and a new confirmation message. */
function UnconfirmedEmail({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const resend = useResendValidationMutation();
  const failure =
    resend.error instanceof ApiError && resend.error.status === 429
      ? t('account.validationTooMany')
      : resend.isError
        ? t('account.validationFailed')
        : null;
  return (
    <Notice tone="warning">
      <div className="space-y-3">
        <p>{t('account.emailUnconfirmed')}</p>
        {resend.isSuccess ? (
          <p role="status">
            {resend.data.message === 'already_verified'
              ? t('account.validationAlready')
              : t('account.validationSent', { email: user.email })}
          </p>
        ) : (
          <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
            {t('account.resendValidation')}
          </Button>
        )}
        {failure && <p role="alert">{failure}</p>}
      </div>
    </Notice>
  );
}

export function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMeMutation();
  const [editing, setEditing] = useState(false);
  const [editingEmail, setEditingEmail] = useState(false);
  const [name, setName] = useState(user.name);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const nameError = touched && trimmed === '' ? t('account.nameRequired') : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (trimmed === '') return;
    update.mutate(
      { full_name: trimmed },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('account.nameSaved'));
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="account-title"
      className="rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="account-title" className="mb-4 text-2xl">
        {t('account.title')}
      </h2>
      {editing ? (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label={t('account.name')}
            name="full_name"
            autoComplete="name"
            value={name}
            maxLength={NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            error={nameError}
            autoFocus
            required
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={update.isPending}>
              {t('account.saveName')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setName(user.name);
                setTouched(false);
              }}
            >
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="space-y-4">
          <div>
            <dt className="font-semibold">{t('account.name')}</dt>
            <dd className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <span>{user.name || <em className="text-ink-muted">{t('account.noName')}</em>}</span>
              <Button
                variant="secondary"
                onClick={() => {
                  setName(user.name);
                  setEditing(true);
                }}
              >
                {t('account.editName')}
              </Button>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t('account.email')}</dt>
            <dd className="space-y-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <span className="[overflow-wrap:anywhere]">{user.email}</span>
                {!editingEmail && (
                  <Button variant="secondary" onClick={() => setEditingEmail(true)}>
                    {t('account.editEmail')}
                  </Button>
                )}
              </div>
              {!user.emailVerified && !editingEmail && <UnconfirmedEmail user={user} />}
              {editingEmail && <EmailForm user={user} onDone={() => setEditingEmail(false)} />}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
