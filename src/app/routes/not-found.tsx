// Route module for any unknown path: the 404 page.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl space-y-4 py-6 text-center">
      <h1 className="text-4xl">{t('notFound.title')}</h1>
      <p className="text-lg">{t('notFound.message')}</p>
      <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
    </div>
  );
}
