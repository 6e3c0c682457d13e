// A chapter's picture that falls back to the default image when it cannot be loaded (spec §8) and then
// says so once with a toast ('Impossible de charger l'image', given by the caller's catalogue). Offline,
// a picture that was never cached is expected to be missing: the fallback is shown without a toast.
import { useState, type ImgHTMLAttributes } from 'react';
import { toast } from '../../lib/toast';
import { isOnline } from '../../offline/connectivity';

export const DEFAULT_IMAGE_URL = '/images/default-image.svg';

export interface ChapterImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'onError'
> {
  /** The picture's address; none shows the fallback at once, without a toast. */
  src: string | null | undefined;
  alt: string;
  /** The toast said when the picture fails (already translated); none for a silent fallback. */
  failedMessage?: string;
  /** Shown instead of a picture that fails; the default image unless told otherwise. */
  fallbackSrc?: string;
  /** Called once when the picture fails. */
  onFailed?: () => void;
}

export function ChapterImage({
  src,
  alt,
  failedMessage,
  fallbackSrc = DEFAULT_IMAGE_URL,
  onFailed,
  ...props
}: ChapterImageProps) {
  // The address that failed: a new address (the picture was replaced) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <img
      {...props}
      src={failed ? fallbackSrc : src}
      alt={alt}
      data-failed={(src && failed) || undefined}
      onError={() => {
        if (failed) return;
        setFailedSrc(src);
        onFailed?.();
        if (failedMessage && isOnline()) toast.error(failedMessage);
      }}
    />
  );
}
