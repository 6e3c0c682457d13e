// /circle/join?token=…: who invites and as what, said plainly; an expired, used or unknown link said
// as plainly with what to do; signed out, the way to an account that comes back here and accepts;
// signed in, « Rejoindre », then the circle's page.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatLongDate } from '../../../lib/intl';
import { useSession } from '../../../lib/session';
import { errorType, isNetworkError } from '../api/circle-errors';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { rememberJoinIntent, takeJoinIntent } from '../join-intent';

type Problem = 'expired' | 'used' | 'unknown' | 'own' | 'offline' | 'failed';

function problemOf(error: unknown): Problem {
  if (isNetworkError(error)) return 'offline';
  const type = errorType(error);
  const status = (error as { status?: number } | null)?.status;
  if (type === 'invitation_expired' || status === 410) return 'expired';
  if (type === 'invitation_used') return 'used';
  if (status === 404) return 'unknown';
  if (status === 409) return 'own';
  return 'failed';
}

function ProblemNotice({ problem, onRetry }: { problem: Problem; onRetry?: () => void }) {
  const { t } = useTranslation('circle');
  if (problem === 'offline' || problem === 'failed') {
    return (
      <div className="space-y-4">
        <Notice tone={problem === 'offline' ? 'info' : 'error'} role="alert">
          {t(problem === 'offline' ? 'join.offline' : 'join.failed')}
        </Notice>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('join.retry')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Notice
        tone={problem === 'own' ? 'info' : 'warning'}
        role="alert"
        title={t(`join.${problem}.title`)}
      >
        {t(`join.${problem}.message`)}
      </Notice>
      <div className="flex flex-wrap gap-3">
        {(problem === 'used' || problem === 'own') && (
          <ButtonLink to="/circles">{t('join.myCircles')}</ButtonLink>
        )}
        <ButtonLink to="/" variant="secondary">
          {t('join.home')}
        </ButtonLink>
      </div>
    </div>
  );
}

export function JoinPage({ token }: { token: string }) {
  const { t } = useTranslation('circle');
  const session = useSession();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const autoAccepted = useRef(false);

  const join = () =>
    accept.mutate(token, {
      onSuccess: (membership) =>
        void navigate(`/circles/${membership.storyteller_id}`, { replace: true }),
    });

  // Back from the sign-up or sign-in this invitation sent one to: accept at once, as was asked.
  const signedIn = session !== null;
  const ready = invitation.isSuccess;
  useEffect(() => {
    if (!signedIn || !ready || autoAccepted.current) return;
    if (!takeJoinIntent(token)) return;
    autoAccepted.current = true;
    join();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when both are known
  }, [signedIn, ready, token]);

  let body;
  if (!token) {
    body = <ProblemNotice problem="unknown" />;
  } else if (invitation.isPending) {
    body = (
      <p className="flex items-center gap-3 text-lg" role="status">
        <Spinner /> {t('join.loading')}
      </p>
    );
  } else if (invitation.isError) {
    body = (
      <ProblemNotice
        problem={problemOf(invitation.error)}
        onRetry={() => void invitation.refetch()}
      />
    );
  } else {
    const info = invitation.data;
    const name = info.storyteller_name;
    const contributor = info.role === 'contributor';
    body = (
      <div className="space-y-6">
        <p className="max-w-prose text-2xl font-serif">
          {t(contributor ? 'join.invitesContributor' : 'join.invitesReader', { name })}
        </p>
        <p className="max-w-prose text-lg">
          {t(contributor ? 'join.contributorExplains' : 'join.readerExplains', { name })}
        </p>
        <p className="text-ink-muted">
          {t('join.expiresOn', { date: formatLongDate(info.expires_at) ?? info.expires_at })}
        </p>
        {accept.isError && <ProblemNotice problem={problemOf(accept.error)} />}
        {signedIn ? (
          !accept.isError && (
            <Button onClick={join} busy={accept.isPending} className="text-lg">
              {t('join.join')}
            </Button>
          )
        ) : (
          <div className="space-y-4">
            <p className="max-w-prose text-lg">{t('join.signedOutLead')}</p>
            <div className="flex flex-wrap gap-3">
              <Button
                className="text-lg"
                onClick={() => {
                  rememberJoinIntent(token);
                  void navigate('/register');
                }}
              >
                {t('join.createAccount')}
              </Button>
              <Button
                variant="secondary"
                className="text-lg"
                onClick={() => {
                  rememberJoinIntent(token);
                  void navigate('/login');
                }}
              >
                {t('join.haveAccount')}
              </Button>
            </div>
          </div>
        )}
      </div>
    );
  }

  return (
    <div>
      <PageHeader title={t('join.title')} />
      {body}
    </div>
  );
}
