// The list page '/' ("Mes histoires", spec §2 Home): loading overlay, new chapter / new book, the card
// grid, the empty and offline states, the delete confirmation, the author and premium dialogs, the
// progress card, and the subscription banner 3 s after the list loads without full access.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListSection, type ListView } from '../../../components/layouts/list-section';
import { PageHeader } from '../../../components/layouts/page';
import { Button } from '../../../components/ui/button';
import { isNewChapterShortcut, shortcutQuestionId } from '../../../app/new-chapter-intent';
import { ApiError } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/idle';
import { useSessionUser } from '../../../lib/session';
import { useConnectivity } from '../../../offline/connectivity';
import { NO_PENDING_EDITS, usePendingEditsByChapter } from '../../../offline/pending-chapter-edits';
import { useStoredChapters } from '../../../offline/stored-chapters';
import { BOOK_MIN_CHAPTERS, showsSubscriptionBanner } from '../access-rules';
import { useAccessStatus } from '../api/get-access-status';
import { useConversations } from '../api/get-conversations';
import { chapterFromStored, newestFirst, type Chapter } from '../chapter';
import { useElapsed } from '../hooks/use-elapsed';
import { useNewChapter } from '../hooks/use-new-chapter';
import { subscriptionBannerClosedAtom } from '../state';
import { AuthorNameModal } from './author-name-modal';
import { ChapterCard } from './chapter-card';
import { ProgressCard } from './completion';
import { DeleteChapterDialog } from './delete-chapter-dialog';
import { BookIcon, PlusIcon } from '../../../components/ui/icons';
import { PremiumRequiredModal } from './premium-required-modal';
import { SubscriptionBanner } from './subscription-banner';

export const SUBSCRIPTION_BANNER_DELAY_MS = 3000;
export const LIST_HEADING_ID = 'chapters-list-heading';

interface HomePageProps {
  /** From the onboarding answers (progress card); undefined while they load. */
  hasOnboardingAnswers: boolean | undefined;
  /** The terms-acceptance dialog, shown once the list has loaded (spec §4 Authentication). */
  termsDialog?: ReactNode;
  /** What the page shows beside her own chapters (the circles one belongs to), from the route. */
  circleLinks?: ReactNode;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'network';
}

/** The state another page (the chapter page's "Nouveau chapitre") sends to start a chapter here. */
export const NEW_CHAPTER_STATE = { newChapter: true } as const;

/**
 * Starts a chapter once, when the page was opened with NEW_CHAPTER_STATE or from the home-screen
 * shortcut (`/?action=new-chapter`) and the access is known; the request is then taken out of the
 * address, so going back or reloading does not start another.
 */
function useNewChapterRequest(
  accessKnown: boolean,
  startChapter: (linkQuestion: string | null) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested =
    (location.state as { newChapter?: boolean } | null)?.newChapter === true ||
    isNewChapterShortcut(location.search);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || !accessKnown || handled.current === location.key) return;
    handled.current = location.key;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: null });
    startChapter(shortcutQuestionId(location.search));
  }, [
    requested,
    accessKnown,
    startChapter,
    navigate,
    location.key,
    location.pathname,
    location.search,
  ]);
}

export function HomePage({ hasOnboardingAnswers, termsDialog, circleLinks }: HomePageProps) {
  const { t } = useTranslation('chapters');
  const user = useSessionUser();
  const { online } = useConnectivity();
  const conversations = useConversations();
  // The device's copy of the list is the page only when the server's cannot be had.
  const stored = useStoredChapters({ enabled: !conversations.data });
  const pendingEdits = usePendingEditsByChapter();
  const access = useAccessStatus();
  const newChapter = useNewChapter();
  useNewChapterRequest(access.isFetched, newChapter.startChapter);
  const [toDelete, setToDelete] = useState<Chapter | null>(null);
  // The first card's picture is the largest thing on the screen: the others wait until it is drawn (the
  // browser's next idle moment after it loaded), so they take neither bandwidth nor time from it.
  const [firstPictureSettled, setFirstPictureSettled] = useState(false);
  const settleFirstPicture = useCallback(() => {
    whenIdle(() => setFirstPictureSettled(true));
  }, []);
  const [bannerClosed, setBannerClosed] = useAtom(subscriptionBannerClosedAtom);
  const focusListHeading = useRef(false);

  const unreachable =
    !online || conversations.fetchStatus === 'paused' || isNetworkError(conversations.error);

  let view: ListView;
  let chapters: Chapter[] = [];
  if (conversations.data) {
    chapters = conversations.data;
    view = chapters.length > 0 ? 'list' : 'empty';
  } else if (unreachable) {
    chapters = newestFirst((stored ?? []).map(chapterFromStored));
    view = stored === undefined ? 'loading' : chapters.length > 0 ? 'list' : 'offline';
  } else if (conversations.isError) {
    view = 'error';
  } else {
    view = 'loading';
  }
  const listLoaded = conversations.isSuccess;

  // Back online after a failed load: try again without asking.
  const { refetch } = conversations;
  const failed = conversations.isError;
  useEffect(() => {
    if (online && failed) void refetch();
  }, [online, failed, refetch]);

  useEffect(() => {
    if (!focusListHeading.current) return;
    focusListHeading.current = false;
    document.getElementById(LIST_HEADING_ID)?.focus();
  });

  const bannerDue = useElapsed(
    SUBSCRIPTION_BANNER_DELAY_MS,
    listLoaded && showsSubscriptionBanner(access.data),
  );
  const showBanner = bannerDue && !bannerClosed && access.data !== undefined;
  const multiUsers = user?.accountType === 'multi-users';
  // Said beside the book's chapter count: the free chapters do not make a book (issue 35).
  const noFullAccess = access.data !== undefined && !access.data.isFullAccessGranted;
  const dialog = newChapter.dialog;

  return (
    <div>
      <PageHeader title={t('home.title')} lead={t('home.lead')} />
      {circleLinks}

      {view === 'list' && (
        <div className="mb-6 space-y-3">
          <div role="group" aria-label={t('home.actionsLabel')} className="flex flex-wrap gap-3">
            <Button
              onClick={() => void newChapter.startChapter()}
              busy={newChapter.creating && dialog === null}
              disabled={!online}
            >
              <PlusIcon />
              {t('home.newChapter')}
            </Button>
            {chapters.length >= BOOK_MIN_CHAPTERS && (
              <Button variant="secondary" onClick={newChapter.startBook} disabled={!online}>
                <BookIcon />
                {t('home.newBook')}
              </Button>
            )}
          </div>
          {chapters.length > 0 && chapters.length < BOOK_MIN_CHAPTERS && (
            <p className="text-ink-muted">
              {t(noFullAccess ? 'home.bookNeedsMoreAndAccess' : 'home.bookNeedsMore', {
                count: BOOK_MIN_CHAPTERS - chapters.length,
                min: BOOK_MIN_CHAPTERS,
              })}
            </p>
          )}
          {chapters.length >= BOOK_MIN_CHAPTERS && noFullAccess && (
            <p className="text-ink-muted">{t('home.bookNeedsAccess')}</p>
          )}
          {!online && <p className="text-ink-muted">{t('home.needsNetwork')}</p>}
        </div>
      )}

      <ListSection
        headingId={LIST_HEADING_ID}
        view={view}
        listTitle={t('home.listTitle')}
        loadingLabel={t('home.loading')}
        offlineNote={unreachable ? t('home.offlineNote') : null}
        empty={{
          title: t('empty.title'),
          message: t('empty.message'),
          action: (
            <>
              <Button
                onClick={() => void newChapter.startChapter()}
                busy={newChapter.creating && dialog === null}
                disabled={!online}
                className="text-lg"
              >
                <PlusIcon />
                {t('empty.start')}
              </Button>
              {!online && <p className="mt-3 text-ink-muted">{t('home.needsNetwork')}</p>}
            </>
          ),
        }}
        offline={{ title: t('offline.title'), message: t('offline.message') }}
        error={{
          title: t('loadError.title'),
          message: t('loadError.message'),
          retry: t('loadError.retry'),
          onRetry: () => void refetch(),
          retrying: conversations.isFetching,
        }}
      >
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {chapters.map((chapter, index) => (
            <li
              key={chapter.conversationID}
              className={index === 0 ? 'sm:col-span-2 lg:col-span-3' : undefined}
            >
              <ChapterCard
                chapter={chapter}
                featured={index === 0}
                showAuthor={multiUsers}
                pending={pendingEdits.get(chapter.conversationID) ?? NO_PENDING_EDITS}
                onDelete={setToDelete}
                deferPicture={index > 0 && !firstPictureSettled}
                onPictureSettled={index === 0 ? settleFirstPicture : undefined}
              />
            </li>
          ))}
        </ul>
      </ListSection>

      <div className="mt-10">
        <ProgressCard hasOnboardingAnswers={hasOnboardingAnswers} />
      </div>

      <DeleteChapterDialog
        chapter={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          // The card and its button are gone: start again from the list's heading.
          focusListHeading.current = true;
        }}
      />
      <AuthorNameModal
        open={dialog?.kind === 'author'}
        busy={newChapter.creating}
        onCancel={newChapter.closeDialog}
        onSubmit={(author) => newChapter.createChapter(author)}
      />
      <PremiumRequiredModal
        open={dialog?.kind === 'premium'}
        reason={dialog?.kind === 'premium' ? dialog.reason : 'chapter'}
        freeChaptersLeft={dialog?.kind === 'premium' ? dialog.freeChaptersLeft : undefined}
        onClose={newChapter.closeDialog}
      />
      {showBanner && access.data && (
        <SubscriptionBanner
          freeChaptersLeft={access.data.freeChaptersAllowed}
          onClose={() => setBannerClosed(true)}
        />
      )}
      {listLoaded && termsDialog}
    </div>
  );
}
