// « Une question par semaine » (issue 31): she chooses a day and how the question comes (an e-mail, a
// notification on this device), or stops it. Choosing the notification asks the browser's permission and
// subscribes this device first; a refusal is said plainly and nothing is saved.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { pushSupported, subscribeThisDevice } from '../api/push-subscription';
import { useRhythm, useSaveRhythm, useStopRhythm, type Rhythm } from '../api/rhythm';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof WEEKDAYS)[number];

export function RhythmSetting() {
  const { t } = useTranslation('profile');
  const rhythm = useRhythm();
  return (
    <section
      aria-labelledby="rhythm-title"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="rhythm-title" className="font-serif text-2xl">
        {t('rhythm.title')}
      </h2>
      <p className="text-lg">{t('rhythm.intro')}</p>
      {rhythm.isPending ? (
        <Spinner label={t('loading')} />
      ) : rhythm.isError ? (
        <Notice tone="error">{t('rhythm.loadFailed')}</Notice>
      ) : (
        // Remounted with what the server says, so the form starts from her current choice.
        <RhythmForm key={JSON.stringify(rhythm.data)} current={rhythm.data} />
      )}
    </section>
  );
}

function RhythmForm({ current }: { current: Rhythm | null }) {
  const { t } = useTranslation('profile');
  const save = useSaveRhythm();
  const stop = useStopRhythm();
  const [weekday, setWeekday] = useState<Weekday | null>((current?.weekday as Weekday) ?? null);
  const [byEmail, setByEmail] = useState(current?.by_email ?? true);
  const [byPush, setByPush] = useState(current?.by_push ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const legendId = useId();
  const canPush = pushSupported();

  const submit = async () => {
    setProblem(null);
    if (weekday === null) return setProblem(t('rhythm.chooseDay'));
    if (!byEmail && !byPush) return setProblem(t('rhythm.chooseChannel'));
    if (byPush) {
      setSubscribing(true);
      try {
        const outcome = await subscribeThisDevice();
        if (outcome === 'denied') return setProblem(t('rhythm.pushDenied'));
        if (outcome === 'unsupported') return setProblem(t('rhythm.pushUnsupported'));
      } catch {
        return setProblem(t('rhythm.pushFailed'));
      } finally {
        setSubscribing(false);
      }
    }
    save.mutate({ weekday, by_email: byEmail, by_push: byPush });
  };

  const status = current
    ? t('rhythm.statusOn', {
        day: t(`rhythm.daysInSentence.${current.weekday as Weekday}`),
        channels: [
          ...(current.by_email ? [t('rhythm.byEmailShort')] : []),
          ...(current.by_push ? [t('rhythm.byPushShort')] : []),
        ].join(t('rhythm.and')),
      })
    : t('rhythm.statusOff');

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p role="status" className="text-lg font-semibold">
        {status}
      </p>
      <fieldset aria-labelledby={legendId} className="space-y-2">
        <legend id={legendId} className="text-lg font-semibold">
          {t('rhythm.day')}
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              className="flex min-h-target cursor-pointer items-center gap-3 rounded-lg border-2 border-line px-4 py-2 text-lg has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name="rhythm-weekday"
                value={day}
                checked={weekday === day}
                onChange={() => setWeekday(day)}
                className="size-6 accent-brand"
              />
              {t(`rhythm.days.${day}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <CheckboxField
        label={<span className="text-lg">{t('rhythm.byEmail')}</span>}
        checked={byEmail}
        onChange={(event) => setByEmail(event.target.checked)}
      />
      <CheckboxField
        label={
          <span className="text-lg">
            {t('rhythm.byPush')}
            {!canPush && (
              <span className="block text-base text-ink-muted">{t('rhythm.pushUnsupported')}</span>
            )}
          </span>
        }
        checked={byPush}
        disabled={!canPush}
        onChange={(event) => setByPush(event.target.checked)}
      />
      {(problem || save.isError) && (
        <Notice tone="error" role="alert">
          {problem ?? t('rhythm.saveFailed')}
        </Notice>
      )}
      {save.isSuccess && !problem && <Notice tone="success">{t('rhythm.saved')}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={subscribing || save.isPending}>
          {t('rhythm.save')}
        </Button>
        {current && (
          <Button variant="secondary" busy={stop.isPending} onClick={() => stop.mutate()}>
            {t('rhythm.stop')}
          </Button>
        )}
      </div>
    </form>
  );
}
