// The help page (/support, spec §2 "Support"): questions and answers for older people and their
// families, then the ways to reach the support team (address and contact form).
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layouts/page';
import { Contact } from './contact';
import { Faq } from './faq';

export function SupportPage() {
  const { t } = useTranslation('support');
  const { t: tCommon } = useTranslation();
  return (
    <div className="space-y-10">
      <PageHeader title={tCommon('routes.support')} lead={t('lead')} />
      <Faq />
      <Contact />
    </div>
  );
}
