// The voice kept (issue 20) — « Réécouter »: on the chapter page, the answers whose sound was kept, each
// under the question asked, with a plain player. Nothing at all when no answer was kept with its sound.
import { useTranslation } from 'react-i18next';
import { useRecordedAnswers } from '../api/recorded-answers';
import { AnswerPlayer } from './answer-player';

export function HeardAgain({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const answers = useRecordedAnswers(conversationId);
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="chapter-voice" className="space-y-4">
      <h2 id="chapter-voice" className="text-2xl">
        {t('heard.title')}
      </h2>
      <p className="max-w-prose text-lg">{t('heard.intro', { count: answers.length })}</p>
      <ol className="space-y-5">
        {answers.map((answer) => (
          <li
            key={answer.id}
            className="space-y-3 rounded-lg border-2 border-line bg-surface p-4"
            data-testid="recorded-answer"
          >
            <p className="text-xl">
              <span className="font-semibold">{t('heard.question')} </span>
              {answer.question ?? t('heard.noQuestion')}
            </p>
            <AnswerPlayer recording={answer.recording} question={answer.question} />
          </li>
        ))}
      </ol>
    </section>
  );
}
