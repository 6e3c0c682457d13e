// POST /circles/{storytellerId}/chapters/{id}/photos (multipart: file, legend): a contributor offers a
// photo; it waits for her answer before it joins the chapter. Online only, with progress (src/lib/upload).
import { useMutation } from '@tanstack/react-query';
import type { SuggestedPhoto } from '@contract/circle';
import { uploadForm } from '../../../lib/upload';

export interface PhotoInput {
  file: File;
  legend: string;
}

export function offerPhoto(
  storytellerId: string,
  chapterId: string,
  { file, legend }: PhotoInput,
  onProgress?: (percent: number) => void,
): Promise<SuggestedPhoto> {
  const form = new FormData();
  form.append('file', file);
  if (legend.trim()) form.append('legend', legend.trim());
  return uploadForm<SuggestedPhoto>(
    `/circles/${storytellerId}/chapters/${chapterId}/photos`,
    form,
    { onProgress },
  );
}

export function useOfferPhoto(
  storytellerId: string,
  chapterId: string,
  onProgress?: (percent: number) => void,
) {
  return useMutation({
    mutationFn: (input: PhotoInput) => offerPhoto(storytellerId, chapterId, input, onProgress),
    meta: { globalErrorToast: false },
  });
}
