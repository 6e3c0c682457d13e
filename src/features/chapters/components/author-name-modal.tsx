// The author-name dialog of multi-users accounts (spec §2, §5): a required name, Enter submits,
// Continue disabled while the field is empty.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { AUTHOR_NAME_MAX_LENGTH, validAuthorName } from '../access-rules';

interface AuthorNameModalProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (author: string) => void;
}

export function AuthorNameModal({ open, ...props }: AuthorNameModalProps) {
  const { t } = useTranslation('chapters');
  return (
    <Modal open={open} onClose={props.onCancel} title={t('author.title')}>
      <AuthorNameForm {...props} />
    </Modal>
  );
}

function AuthorNameForm({ busy, onCancel, onSubmit }: Omit<AuthorNameModalProps, 'open'>) {
  const { t } = useTranslation('chapters');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const author = validAuthorName(name);
  const error = tried && author === null ? t('author.required') : undefined;

  function submit() {
    setTried(true);
    if (author === null || busy) return;
    onSubmit(author);
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  // Enter submits even while Continue is disabled, so an empty name gets its message, not silence.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form noValidate onSubmit={onFormSubmit} className="space-y-5">
      <TextField
        label={t('author.label')}
        hint={t('author.hint')}
        name="conv_author"
        autoComplete="name"
        value={name}
        maxLength={AUTHOR_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        error={error}
        required
      />
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('author.cancel')}
        </Button>
        <Button type="submit" disabled={author === null} busy={busy}>
          {t('author.continue')}
        </Button>
      </div>
    </form>
  );
}
