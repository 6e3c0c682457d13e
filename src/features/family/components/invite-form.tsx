// « Inviter un proche »: the address, who they are to her (optional), and the role as two large
// choices that say what each may do. The address and the relation are drafts (src/offline/use-draft):
// a reload or a closed tab loses nothing. A sent invitation clears the form and the list shows it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CircleRole } from '@contract/circle';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { formatLongDate } from '../../../lib/intl';
import { useDraft } from '../../../offline/use-draft';
import { useInviteMember } from '../api/members';
import { circleFailure, looksLikeEmail } from '../failure';

/** The contract's MAX_RELATION_LENGTH (a value, which the app does not import from the server). */
const MAX_RELATION_LENGTH = 60;
const EMAIL_DRAFT = 'invite:email';
const RELATION_DRAFT = 'invite:relation';

type Outcome =
  { kind: 'sent'; email: string; expiresAt: string | null } | { kind: 'already'; email: string };

export function InviteForm({ online }: { online: boolean }) {
  const { t } = useTranslation('family');
  const invite = useInviteMember();
  const [email, setEmail, clearEmail, emailDraft] = useDraft(EMAIL_DRAFT);
  const [relation, setRelation, clearRelation, relationDraft] = useDraft(RELATION_DRAFT);
  const [role, setRole] = useState<CircleRole>('reader');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const legendId = useId();
  const roleName = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setOutcome(null);
    setFailure(null);
    if (!address) return setFieldError(t('invite.emailMissing'));
    if (!looksLikeEmail(address)) return setFieldError(t('invite.emailInvalid'));
    setFieldError(null);
    const said = relation.trim();
    invite.mutate(
      { email: address, role, ...(said ? { relation: said } : {}) },
      {
        onSuccess: async ({ member, alreadyThere }) => {
          await Promise.all([clearEmail(), clearRelation()]);
          setRole('reader');
          setOutcome(
            alreadyThere
              ? { kind: 'already', email: member.email }
              : { kind: 'sent', email: member.email, expiresAt: member.invite_expires_at },
          );
        },
        onError: (error) => {
          const kind = circleFailure(error);
          if (kind === 'invalid') setFieldError(t('invite.emailInvalid'));
          else
            setFailure(
              kind === 'offline'
                ? t('invite.offline')
                : kind === 'too_many'
                  ? t('invite.tooMany')
                  : t('invite.failed'),
            );
        },
      },
    );
  }

  const expiry = outcome?.kind === 'sent' ? formatLongDate(outcome.expiresAt) : null;
  const draftError = emailDraft.saveError ?? relationDraft.saveError;

  return (
    <section
      aria-labelledby="circle-invite"
      className="space-y-4 rounded-2xl border-2 border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="circle-invite" className="text-2xl">
        {t('invite.title')}
      </h2>
      <form noValidate onSubmit={submit} className="max-w-prose space-y-5">
        <TextField
          label={t('invite.email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          disabled={!emailDraft.loaded}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <TextField
          label={t('invite.relation')}
          hint={t('invite.relationHint')}
          value={relation}
          maxLength={MAX_RELATION_LENGTH}
          disabled={!relationDraft.loaded}
          onChange={(event) => setRelation(event.target.value)}
        />
        <fieldset aria-labelledby={legendId} className="space-y-3">
          <legend id={legendId} className="mb-1 font-semibold">
            {t('invite.roleLegend')}
          </legend>
          {(['reader', 'contributor'] as const).map((choice) => (
            <label
              key={choice}
              className="flex min-h-target cursor-pointer items-start gap-4 rounded-xl border-2 border-line p-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name={roleName}
                value={choice}
                checked={role === choice}
                onChange={() => setRole(choice)}
                className="mt-1 size-7 shrink-0 accent-brand"
              />
              <span>
                <span className="block text-lg font-semibold">{t(`invite.${choice}Label`)}</span>
                <span className="block">{t(`invite.${choice}Help`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div aria-live="polite" className="space-y-3">
          {outcome && (
            <Notice tone="success">
              {outcome.kind === 'already'
                ? t('invite.alreadyThere', { email: outcome.email })
                : expiry
                  ? t('invite.sent', { email: outcome.email, date: expiry })
                  : t('invite.sentNoDate', { email: outcome.email })}
            </Notice>
          )}
          {failure && <Notice tone={online ? 'error' : 'info'}>{failure}</Notice>}
          {draftError && <Notice tone="warning">{t('invite.draftNotSaved')}</Notice>}
        </div>
        <Button type="submit" busy={invite.isPending} disabled={!online}>
          {t('invite.submit')}
        </Button>
      </form>
    </section>
  );
}
