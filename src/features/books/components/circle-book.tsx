// Issue 31: a contributor she allowed prepares the storyteller's book. The wizard and the book's page are
// the person's own ones, pointed at `/circles/{storytellerId}/books…` (book-target.ts); the route modules
// give the storyteller's name and whether the circle lets this member do it (the family-circle feature
// knows the membership), and the circle page places PrepareBookLink.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { BookIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import {
  BookTargetContext,
  bookBackPath,
  circleBookTarget,
  circleWizardPath,
} from '../book-target';
import { BackIcon } from './book-list-icons';
import { BookViewPage } from './book-view-page';
import { BookWizard } from './wizard/book-wizard';

/** The big link « Préparer son livre » to the wizard for her book (shown only when the member may). */
export function PrepareBookLink({
  storytellerId,
  storytellerName,
}: {
  storytellerId: string;
  storytellerName: string;
}) {
  const { t } = useTranslation('books');
  return (
    <ButtonLink to={circleWizardPath(storytellerId)} data-testid="prepare-book-link">
      <BookIcon />
      {storytellerName ? t('circle.prepareLabel', { name: storytellerName }) : t('circle.prepare')}
    </ButtonLink>
  );
}

interface CircleBookProps {
  storytellerId: string;
  /** Her name, from the membership; null when one is not (or no longer) in her circle. */
  storytellerName: string | null;
  /** The membership's `can_make_book`. */
  allowed: boolean;
}

function CircleTarget({
  storytellerId,
  storytellerName,
  allowed,
  children,
}: CircleBookProps & { children: ReactNode }) {
  const { t } = useTranslation('books');
  const target = useMemo(
    () => circleBookTarget(storytellerId, storytellerName ?? ''),
    [storytellerId, storytellerName],
  );
  if (storytellerName === null || !allowed)
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        <Notice tone="info" title={t('circle.notAllowedTitle')}>
          <p>{t('circle.notAllowedMessage')}</p>
        </Notice>
        <ButtonLink
          to={storytellerName === null ? '/circles' : bookBackPath(target)}
          variant="secondary"
        >
          <BackIcon />
          {t('circle.backToCircles')}
        </ButtonLink>
      </div>
    );
  return <BookTargetContext.Provider value={target}>{children}</BookTargetContext.Provider>;
}

/** `/circles/{storytellerId}/book/new`: the book wizard on her released chapters. */
/** While the member's circles load (the routes need her name and the right first). */
export function CircleSeatLoading() {
  const { t } = useTranslation('books');
  return (
    <div className="p-6 text-brand">
      <Spinner label={t('circle.loading')} />
    </div>
  );
}

export function CircleBookWizard(props: CircleBookProps) {
  return (
    <CircleTarget {...props}>
      <BookWizard />
    </CircleTarget>
  );
}

/** `/circles/{storytellerId}/books/{bookId}`: the book this member prepared for her. */
export function CircleBookView({ bookID, ...props }: CircleBookProps & { bookID: string }) {
  return (
    <CircleTarget {...props}>
      <BookViewPage bookID={bookID} />
    </CircleTarget>
  );
}
