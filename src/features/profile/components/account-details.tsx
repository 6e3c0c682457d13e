// The account card: the name (editable) and the email address.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { User } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useUpdateMeMutation } from '../api/update-me';

export const NAME_MAX_LENGTH = 100;

export function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMeMutation();
  const [editing, setEditing] = useState(false);
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
            <dd className="break-all">{user.email}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
