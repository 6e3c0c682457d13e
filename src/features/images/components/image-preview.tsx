// A small picture of the image a dialog is about, so the person sees which one they act on.
import { useState } from 'react';
import { DEFAULT_IMAGE } from './image-card';

export function ImagePreview({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? DEFAULT_IMAGE : src}
      alt={alt}
      onError={() => setFailed(true)}
      className="max-h-56 w-full rounded-lg border-2 border-line bg-brand-soft object-contain"
    />
  );
}
