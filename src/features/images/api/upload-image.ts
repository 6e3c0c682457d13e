// POST /conversations/{id}/images with a file (api.md § Images), with upload progress (src/lib/upload.ts).
import { uploadForm } from '../../../lib/upload';
import type { ChapterImageResponse } from './types';

export interface UploadImageInput {
  file: File;
  /** Optional; blank is no legend. */
  legend?: string;
  /** Percent of the file sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function chapterImagesPath(conversationId: string): string {
  return `/conversations/${encodeURIComponent(conversationId)}/images`;
}

export function uploadChapterImage(
  conversationId: string,
  { file, legend, onProgress, signal }: UploadImageInput,
): Promise<ChapterImageResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const trimmed = legend?.trim();
  if (trimmed) form.append('legend', trimmed);
  return uploadForm<ChapterImageResponse>(chapterImagesPath(conversationId), form, {
    onProgress,
    signal,
  });
}
