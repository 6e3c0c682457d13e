// « Ma famille » (/family, issue 31): the storyteller's circle — who is in it and what each may do, the
// invitation form, and the questions her family asked. Offline, what was last seen stays readable and
// every change says plainly that it needs the Internet; the invitation being written is kept.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layouts/page';
import { Notice } from '../../../components/ui/notice';
import { useConnectivity } from '../../../offline/connectivity';
import { FamilyQuestions } from './family-questions';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';

export function FamilyPage() {
  const { t } = useTranslation('family');
  const { online } = useConnectivity();
  return (
    <div className="space-y-8">
      <PageHeader title={t('page.title')} lead={t('page.lead')} />
      {!online && (
        <Notice tone="info" role="status">
          {t('page.offline')}
        </Notice>
      )}
      <MemberList online={online} />
      <InviteForm online={online} />
      <FamilyQuestions online={online} />
    </div>
  );
}
