// 'par {author}' under the title, for multi-user accounts (spec §2), with its inline editor: Enter
// confirms, Escape cancels. The name goes through the outbox like every chapter edit, so it is kept
// offline and sent once.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { queueChapterEdit } from '../../../offline/chapter-edits';

interface AuthorLineProps {
  conversationId: string;
  author: string | null;
  /** The server's author, the base of the edit. */
  serverAuthor: string | null;
  updatedAt: string;
}

export function AuthorLine({ conversationId, author, serverAuthor, updatedAt }: AuthorLineProps) {
  const { t } = useTranslation('conversation');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  function start() {
    setValue(author ?? '');
    setEmpty(false);
    setEditing(true);
  }

  function stop() {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function confirm() {
    const name = value.trim();
    if (!name) {
      setEmpty(true);
      return;
    }
    if (name === (author ?? '')) {
      stop();
      return;
    }
    try {
      await queueChapterEdit(
        conversationId,
        { field: 'conv_author', value: name, base: serverAuthor },
        updatedAt,
      );
      toast.success(t('author.saved'));
      stop();
    } catch (error) {
      console.error('Author name not kept', error);
      toast.error(t('author.failed'));
    }
  }

  if (!editing) {
    return (
      <p className="flex flex-wrap items-center gap-3 text-xl text-ink-muted">
        <span>{t('by', { author: author || '…' })}</span>
        <button
          ref={editButton}
          type="button"
          onClick={start}
          className={buttonClasses('ghost', 'underline')}
        >
          {t('author.edit')}
        </button>
      </p>
    );
  }

  return (
    <div className="max-w-md space-y-2">
      <label htmlFor={id} className="block font-semibold">
        {t('author.label')}
      </label>
      <p id={`${id}-help`} className="text-ink-muted">
        {t('author.help')}
      </p>
      <input
        id={id}
        autoFocus
        value={value}
        maxLength={255}
        aria-describedby={`${id}-help${empty ? ` ${id}-error` : ''}`}
        aria-invalid={empty || undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setEmpty(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void confirm();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            stop();
          }
        }}
        className="min-h-target w-full rounded-lg border-2 border-line bg-surface px-4 py-2 text-base text-ink aria-invalid:border-danger"
      />
      {empty && (
        <p id={`${id}-error`} role="alert" className="font-semibold text-danger">
          {t('author.required')}
        </p>
      )}
      <div className="flex gap-3">
        <Button onClick={() => void confirm()}>{t('author.confirm')}</Button>
        <Button variant="secondary" onClick={stop}>
          {t('author.cancel')}
        </Button>
      </div>
    </div>
  );
}
