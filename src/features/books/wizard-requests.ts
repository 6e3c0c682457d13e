// The calls only the book wizard makes: the chapters to choose from (GET /conversations), the person's
// own photos (GET /images, POST /images with upload progress), whether they may make a book
// (GET /premium-status). The creation itself is the books API's useCreateBook. For a contributor preparing
// her book (issue 31) the chapters are her released ones (GET /circles/{storytellerId}/books/chapters),
// and neither the contributor's photos nor their access are asked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CircleBookChapter, CircleBookChapterList } from '@contract/circle-books';
import { apiRequest, ApiError } from '../../lib/api-client';
import {
  getConversationsWire,
  orderedImages,
  type ConversationWire,
} from '../../lib/conversation-query';
import { uploadForm } from '../../lib/upload';
import { bookKeys } from './api/books-keys';
import { OWN_BOOKS_API, useBookTarget } from './book-target';
import type { OwnPhotoListWire, OwnPhotoWire, PremiumStatusWire } from './api/types';

export const wizardKeys = {
  all: [...bookKeys.all, 'wizard'] as const,
  chapters: (apiBase: string = OWN_BOOKS_API) =>
    apiBase === OWN_BOOKS_API
      ? ([...wizardKeys.all, 'chapters'] as const)
      : ([...wizardKeys.all, 'chapters', apiBase] as const),
  photos: () => [...wizardKeys.all, 'photos'] as const,
  access: () => [...wizardKeys.all, 'access'] as const,
};

// ---------------------------------------------------------------- chapters

export interface WizardChapterImage {
  id: string;
  url: string;
  legend: string | null;
}

/** A chapter that can go in a book: it has a title (spec §5). */
export interface WizardChapter {
  id: string;
  title: string;
  /** In their order; the first is the chapter's main picture. */
  images: WizardChapterImage[];
  /** When the chapter was begun (ISO): the wizard lists chapters oldest first. */
  createdAt: string;
  /** The chapter's text, if written (to tell whether it says « je » or « il / elle »). */
  text: string | null;
}

export function wizardChapterFromWire(wire: ConversationWire): WizardChapter | null {
  const title = wire.title_infos?.title?.trim();
  if (!title) return null;
  return {
    id: wire.id,
    title,
    images: orderedImages(wire.images ?? []).map(({ id, url, legend }) => ({ id, url, legend })),
    createdAt: wire.created_at,
    text: wire.summary_infos?.summary ?? null,
  };
}

/** Oldest first: a life story is told in the order it was lived, and so were most chapters. */
export function byCreation(
  a: Pick<WizardChapter, 'createdAt'>,
  b: Pick<WizardChapter, 'createdAt'>,
) {
  return (Date.parse(a.createdAt) || 0) - (Date.parse(b.createdAt) || 0);
}

export async function getWizardChapters(): Promise<WizardChapter[]> {
  // Every page: someone with more than 100 chapters can choose any of them. The server lists newest
  // first; the wizard shows (and orders the book) oldest first.
  return (await getConversationsWire())
    .map(wizardChapterFromWire)
    .filter((chapter): chapter is WizardChapter => chapter !== null)
    .sort(byCreation);
}

/** One of her released chapters as the circle's book calls give it (already titled, images in order). */
export function wizardChapterFromCircle(wire: CircleBookChapter): WizardChapter | null {
  const title = wire.title.trim();
  if (!title) return null;
  return {
    id: wire.id,
    title,
    images: wire.images.map(({ id, url, legend }) => ({ id, url, legend })),
    createdAt: wire.created_at,
    text: wire.text,
  };
}

/** Her chapters released to the circle, for a contributor preparing her book. */
export async function getCircleWizardChapters(apiBase: string): Promise<WizardChapter[]> {
  const answer = await apiRequest<CircleBookChapterList>(`${apiBase}/chapters`);
  return (answer?.data ?? [])
    .map(wizardChapterFromCircle)
    .filter((chapter): chapter is WizardChapter => chapter !== null)
    .sort(byCreation);
}

export function useWizardChapters() {
  const { apiBase, circle } = useBookTarget();
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.chapters(apiBase),
      queryFn: () => (circle ? getCircleWizardChapters(apiBase) : getWizardChapters()),
      // Asked afresh each time the wizard opens: the saved choices are checked against it (a chapter
      // deleted since is dropped), so an old copy must not decide. The wizard shows its own errors.
      staleTime: 0,
      meta: { globalErrorToast: false, persist: false },
    }),
  );
}

// ---------------------------------------------------------------- one voice for the book (issue 30 #6)

/**
 * Rewrites a chapter's text in one person from its current text (POST /conversations/{id}/generate, the
 * text only, with the control center's own instruction), so a book's chapters can all say « je » or all
 * « il / elle ». Earlier versions stay on the chapter's page (« Annuler »). The answer's warnings say
 * when the writer could not (the built-in writer does not put a third-person text back into « je »).
 */
export async function rewriteInPerson(
  id: string,
  person: 'first' | 'third',
): Promise<{ chapter: ConversationWire; applied: boolean }> {
  const chapter = await apiRequest<ConversationWire>(
    `/conversations/${encodeURIComponent(id)}/generate`,
    {
      method: 'POST',
      query: { do_title: false, do_keywords: false, do_image: false, do_summary: true },
      json: {
        summary_kwargs: {
          user_instructions: `Générer un résumé avec perspective ${person === 'first' ? 'premiere' : 'troisieme'}`,
          use_previous_summary: true,
        },
      },
    },
  );
  const warnings = chapter.summary_infos?.warnings ?? [];
  return { chapter, applied: !warnings.includes('perspective_not_applied') };
}

// ---------------------------------------------------------------- the person's own photos

export async function getOwnPhotos(): Promise<OwnPhotoWire[]> {
  const answer = await apiRequest<OwnPhotoListWire>('/images');
  return answer?.data ?? [];
}

export function useOwnPhotos(enabled: boolean) {
  return useQuery({
    queryKey: wizardKeys.photos(),
    queryFn: getOwnPhotos,
    enabled,
    staleTime: 0,
    meta: { globalErrorToast: false, persist: false },
    // Spec §8: the wizard's own photo loading fails quietly; the chapter pictures are still offered.
  });
}

export const WIZARD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const WIZARD_ACCEPT_ATTRIBUTE = WIZARD_ACCEPTED_TYPES.join(',');
export const WIZARD_MAX_UPLOAD_MEGABYTES = 15;

/** JPEG, PNG or WebP of at most 15 MB (api.md § Images); the server checks again by content. */
export function wizardFileProblem(
  file: Pick<File, 'type' | 'name' | 'size'>,
): 'type' | 'size' | null {
  const type = file.type.toLowerCase();
  const accepted = type
    ? (WIZARD_ACCEPTED_TYPES as readonly string[]).includes(type)
    : /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!accepted) return 'type';
  if (file.size === 0 || file.size > WIZARD_MAX_UPLOAD_MEGABYTES * 1024 * 1024) return 'size';
  return null;
}

/** POST /images (multipart field `file`) with upload progress (src/lib/upload.ts). */
export async function uploadOwnPhoto(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<OwnPhotoWire> {
  const form = new FormData();
  form.append('file', file, file.name);
  const photo = await uploadForm<OwnPhotoWire>('/images', form, { onProgress });
  if (typeof photo?.id !== 'string')
    throw new ApiError({ reason: 'server', status: 201, message: 'Invalid JSON' });
  return photo;
}

// ---------------------------------------------------------------- access

/** True or false when the server says; null when it cannot tell (no premium module, offline). */
export async function getFullAccess(): Promise<boolean | null> {
  try {
    const status = await apiRequest<PremiumStatusWire>('/premium-status');
    return status?.is_full_access_granted === true;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === null)) return null;
    throw error;
  }
}

/** The person's own access: not asked when preparing her book (the server checks hers). */
export function useFullAccess() {
  const { circle } = useBookTarget();
  return useQuery({
    queryKey: wizardKeys.access(),
    queryFn: getFullAccess,
    enabled: !circle,
    staleTime: 0,
    meta: { globalErrorToast: false },
  });
}

// ---------------------------------------------------------------- creation
