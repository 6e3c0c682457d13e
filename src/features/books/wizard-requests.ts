// The calls only the book wizard makes: the chapters to choose from (GET /conversations), the person's
// own photos (GET /images, POST /images with upload progress), whether they may make a book
// (GET /premium-status). The creation itself is the books API's useCreateBook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../lib/api-client';
import {
  getConversationsWire,
  orderedImages,
  type ConversationWire,
} from '../../lib/conversation-query';
import { uploadForm } from '../../lib/upload';
import { bookKeys } from './api/books-keys';
import type { OwnPhotoListWire, OwnPhotoWire, PremiumStatusWire } from './api/types';

export const wizardKeys = {
  all: [...bookKeys.all, 'wizard'] as const,
  chapters: () => [...wizardKeys.all, 'chapters'] as const,
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

export function useWizardChapters() {
  return useQuery(
    queryOptions({
      queryKey: wizardKeys.chapters(),
      queryFn: getWizardChapters,
      // Asked afresh each time the wizard opens: the saved choices are checked against it (a chapter
      // deleted since is dropped), so an old copy must not decide. The wizard shows its own errors.
      staleTime: 0,
      meta: { globalErrorToast: false, persist: false },
    }),
  );
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

export function useFullAccess() {
  return useQuery({
    queryKey: wizardKeys.access(),
    queryFn: getFullAccess,
    staleTime: 0,
    meta: { globalErrorToast: false },
  });
}

// ---------------------------------------------------------------- creation
