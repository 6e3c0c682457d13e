// Route module for /conversations/book/create (BookCreation): the book wizard arrives with the books feature; until then, its heading.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layouts/page';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.bookCreation')} />;
}
