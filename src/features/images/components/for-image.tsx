// The hidden end of a repeated control's name ("Supprimer – image 2"), so that screen-reader users
// hear which image each button acts on while everyone sees the short label.
import { useTranslation } from 'react-i18next';

export function ForImage({ position }: { position: number }) {
  const { t } = useTranslation('images');
  return <span className="sr-only"> {t('card.forImage', { position })}</span>;
}
