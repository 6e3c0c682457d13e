// Who is in her circle: each person's name (or address while invited), who they are to her, their role
// in words, the invitation's state with « Renvoyer l'invitation », the role change, and removal after a
// confirmation that says access ends at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CircleMember } from '@contract/circle';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatLongDate } from '../../../lib/intl';
import { toast } from '../../../lib/toast';
import { useMembers, useRemoveMember, useResendInvitation, useUpdateMember } from '../api/members';
import { circleFailure } from '../failure';
import { ListFailed, ListLoading } from './load-state';

export function memberName(member: Pick<CircleMember, 'name' | 'email'>): string {
  return member.name?.trim() || member.email;
}

export function MemberList({ online }: { online: boolean }) {
  const { t } = useTranslation('family');
  const members = useMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<CircleMember | null>(null);
  const [removeFailure, setRemoveFailure] = useState<{ offline: boolean; text: string } | null>(
    null,
  );

  function closeRemove() {
    setRemoving(null);
    setRemoveFailure(null);
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    setRemoveFailure(null);
    remove.mutate(member.id, {
      onSuccess: () => {
        closeRemove();
        toast.success(t('members.removed', { name: memberName(member) }));
      },
      onError: (error) => {
        const offline = circleFailure(error) === 'offline';
        setRemoveFailure({
          offline,
          text: offline ? t('members.removeDialog.offline') : t('members.removeDialog.failed'),
        });
      },
    });
  }

  let body;
  if (members.data) {
    body =
      members.data.data.length === 0 ? (
        <p className="text-lg">{t('members.empty')}</p>
      ) : (
        <ul className="space-y-4">
          {members.data.data.map((member) => (
            <MemberItem
              key={member.id}
              member={member}
              online={online}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      );
  } else if (members.isError) {
    body = <ListFailed message={t('page.loadError')} onRetry={() => void members.refetch()} />;
  } else {
    body = online ? <ListLoading /> : null;
  }

  const removingName = removing ? memberName(removing) : '';
  return (
    <section aria-labelledby="circle-members" className="space-y-4">
      <h2 id="circle-members" className="text-2xl">
        {t('members.title')}
      </h2>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={t('members.removeDialog.title', { name: removingName })}
        message={t('members.removeDialog.message', { name: removingName })}
        detail={t('members.removeDialog.detail')}
        danger
        confirmLabel={t('members.removeDialog.confirm')}
        cancelLabel={t('members.removeDialog.cancel')}
        busy={remove.isPending}
        failure={removeFailure}
        onConfirm={confirmRemove}
        onClose={closeRemove}
      />
    </section>
  );
}

function MemberItem({
  member,
  online,
  onRemove,
}: {
  member: CircleMember;
  online: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('family');
  const update = useUpdateMember();
  const resend = useResendInvitation();
  const [sendingCanMakeBook, setSendingCanMakeBook] = useState<boolean | null>(null);
  const name = memberName(member);
  const headingId = `member-${member.id}`;
  const otherRole = member.role === 'reader' ? 'contributor' : 'reader';
  const expires = member.invite_expires_at ? new Date(member.invite_expires_at) : null;
  const expired = expires !== null && expires.getTime() < Date.now();

  function changeRole() {
    update.mutate(
      { memberId: member.id, body: { role: otherRole } },
      {
        onSuccess: (changed) =>
          toast.success(t('members.roleChanged', { role: t(`roles.${changed.role}`) })),
        onError: () => toast.error(t('members.roleFailed')),
      },
    );
  }

  function setCanMakeBook(value: boolean) {
    setSendingCanMakeBook(value);
    update.mutate(
      { memberId: member.id, body: { can_make_book: value } },
      {
        onSettled: () => setSendingCanMakeBook(null),
        onError: (error) =>
          toast.error(
            circleFailure(error) === 'contributor_only'
              ? t('members.contributorOnly')
              : t('members.roleFailed'),
          ),
      },
    );
  }

  function sendAgain() {
    resend.mutate(member.id, {
      onSuccess: () => toast.success(t('members.resent', { email: member.email })),
      onError: (error) =>
        toast.error(
          circleFailure(error) === 'too_many' ? t('invite.tooMany') : t('members.resendFailed'),
        ),
    });
  }

  return (
    <li
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border-2 border-line bg-surface p-5"
    >
      <div className="space-y-1">
        <h3 id={headingId} className="text-xl font-semibold break-words">
          {name}
          {member.relation && (
            <span className="font-normal text-ink-muted"> — {member.relation}</span>
          )}
        </h3>
        {member.name && <p className="break-words text-ink-muted">{member.email}</p>}
        <p className="text-lg">{t(`roles.${member.role}Explained`)}</p>
        {member.status === 'invited' ? (
          <p className="text-lg">
            {expired
              ? t('members.expired', { date: formatLongDate(member.invite_expires_at) })
              : t('members.invited', { date: formatLongDate(member.invite_expires_at) })}
          </p>
        ) : (
          member.accepted_at && (
            <p className="text-ink-muted">
              {t('members.joined', { date: formatLongDate(member.accepted_at) })}
            </p>
          )
        )}
      </div>
      {member.role === 'contributor' && (
        <CheckboxField
          label={t('members.canMakeBook')}
          // The box ticks at once: the value being sent is shown until the answer comes (and the
          // server's value again if it fails).
          checked={sendingCanMakeBook ?? member.can_make_book}
          disabled={!online || update.isPending}
          onChange={(event) => setCanMakeBook(event.target.checked)}
        />
      )}
      <div className="flex flex-wrap gap-3">
        {member.status === 'invited' && (
          <Button
            variant="secondary"
            disabled={!online}
            busy={resend.isPending}
            aria-describedby={headingId}
            onClick={sendAgain}
          >
            {t('members.resend')}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={!online}
          busy={update.isPending && update.variables?.body.role !== undefined}
          aria-describedby={headingId}
          onClick={changeRole}
        >
          {otherRole === 'contributor' ? t('members.makeContributor') : t('members.makeReader')}
        </Button>
        <Button variant="danger" disabled={!online} aria-describedby={headingId} onClick={onRemove}>
          {t('members.remove')}
        </Button>
      </div>
    </li>
  );
}
