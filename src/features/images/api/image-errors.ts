// What an image call's failure means for the person (api.md § Conventions and § Images): one plain
// message per case, or the max-images dialog for a full chapter. The 401 logout is the global
// handling's (query-client.ts); the screen shows everything else itself.
import { ApiError } from '../../../lib/api-client';

export type ImageProblem =
  | 'offline'
  | 'tooBig'
  | 'tooManyPixels'
  | 'notAnImage'
  | 'unreadable'
  | 'legendTooLong'
  | 'gone'
  | 'busy'
  | 'unavailable'
  | 'tooManyRequests'
  | 'generic';

export type ImageFailure = { kind: 'maxImages' } | { kind: 'problem'; problem: ImageProblem };

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function imageFailure(error: unknown): ImageFailure {
  const problem = (p: ImageProblem): ImageFailure => ({ kind: 'problem', problem: p });
  if (!(error instanceof ApiError)) return problem('generic');
  if (error.reason === 'network') return problem('offline');
  const type = error.type;
  switch (error.status) {
    case 409:
      if (type === 'max_images_reached') return { kind: 'maxImages' };
      return problem(type === 'generation_in_progress' ? 'busy' : 'generic');
    case 413:
      return problem(type === 'image_too_large' ? 'tooManyPixels' : 'tooBig');
    case 415:
      return problem('notAnImage');
    case 422:
    case 400: {
      if (type === 'invalid_image') return problem('unreadable');
      const field = error.details[0]?.loc?.at(-1);
      if (field === 'legend') return problem('legendTooLong');
      return problem(field === 'file' ? 'notAnImage' : 'generic');
    }
    case 404:
      return problem('gone');
    case 429:
      return problem('tooManyRequests');
    case 503:
      return problem('unavailable');
    default:
      return problem('generic');
  }
}
