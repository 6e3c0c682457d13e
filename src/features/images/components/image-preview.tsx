// A small picture of the image a dialog is about, so the person sees which one they act on (the
// default image, silently, if it cannot be loaded: the card already said so).
import { ChapterImage } from '../../../components/ui/chapter-image';

export function ImagePreview({ src, alt }: { src: string; alt: string }) {
  return (
    <ChapterImage
      src={src}
      alt={alt}
      className="max-h-56 w-full rounded-lg border-2 border-line bg-brand-soft object-contain"
    />
  );
}
