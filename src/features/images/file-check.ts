// The check a chosen file passes before it may be sent (spec §5 Images): a JPEG, PNG or WebP picture of
// at most 15 MB. The server checks again by content (api.md § Images); this only spares people a wait
// for an answer we already know.

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** For the file input's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_UPLOAD_MEGABYTES = 15;
export const MAX_UPLOAD_MEGAPIXELS = 40;

/** Some systems give no type for a file; its name then says what it claims to be. */
const EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export type FileProblem = 'type' | 'size' | 'empty';

export function checkImageFile(file: Pick<File, 'type' | 'name' | 'size'>): FileProblem | null {
  const type = file.type.toLowerCase();
  const accepted = type
    ? (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)
    : EXTENSIONS.test(file.name);
  if (!accepted) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}
