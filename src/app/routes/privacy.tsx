// Route module for /privacy: what this installation keeps about people and how they can remove it.
import { useTranslation } from 'react-i18next';
import { LegalPage } from '../../components/layouts/legal-page';

const sectionKeys = ['data', 'device', 'use', 'measure', 'rights'] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('routes.privacy')}
      intro={t('legal.privacy.intro')}
      sections={sectionKeys.map((key) => ({
        title: t(`legal.privacy.${key}.title`),
        body: t(`legal.privacy.${key}.body`),
      }))}
    />
  );
}
