// « Ma voix » (issue 20): whether the sound of spoken answers is kept, the choice the chat asks once.
// A switch; the account's answer replaces the stored user, so the chat follows at once.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../lib/session';
import { useUpdateMeMutation } from '../api/update-me';

export function VoiceSetting({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMeMutation();
  const helpId = useId();
  const stateId = useId();
  // A server that keeps no sound (an older one) has nothing to set here.
  if (user.recordAnswers === undefined) return null;
  const pending = update.isPending ? update.variables?.record_answers : undefined;
  const on = (typeof pending === 'boolean' ? pending : user.recordAnswers) === true;
  const state =
    user.recordAnswers === null && pending === undefined
      ? t('voice.notAsked')
      : on
        ? t('voice.on')
        : t('voice.off');

  return (
    <section
      aria-labelledby="voice-title"
      className="space-y-3 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="voice-title" className="font-serif text-2xl">
        {t('voice.title')}
      </h2>
      <label className="inline-flex min-h-target cursor-pointer items-center gap-4 text-lg font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          aria-describedby={`${stateId} ${helpId}`}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ record_answers: event.target.checked })}
          className="size-7 accent-brand"
        />
        {t('voice.switch')}
      </label>
      <p id={stateId} role="status" className="text-lg">
        {state}
      </p>
      <p id={helpId} className="text-base text-ink-muted">
        {t('voice.help')}
      </p>
    </section>
  );
}
