// Route module for /terms: the terms of use and sale that sign-up asks people to accept.
import { useTranslation } from 'react-i18next';
import { LegalPage } from '../../components/layouts/legal-page';

const sectionKeys = ['service', 'account', 'content', 'premium', 'end'] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('routes.terms')}
      intro={t('legal.terms.intro')}
      sections={sectionKeys.map((key) => ({
        title: t(`legal.terms.${key}.title`),
        body: t(`legal.terms.${key}.body`),
      }))}
    />
  );
}
