// Multipart uploads with progress (chapter pictures, one's own photos): XMLHttpRequest rather than the
// api-client's fetch, since only XHR reports upload progress, which people need to see on a slow line. It
// sends what apiRequest sends (bearer token, Accept-Language) and fails with the same ApiError.
import { reportNetworkFailure, reportNetworkSuccess } from '../offline/connectivity';
import { apiUrl, ApiError, reasonForStatus, type ApiErrorDetail } from './api-client';
import { getLocaleTag } from './i18n';
import { getToken } from './session';

export interface UploadOptions {
  /** Percent of the body sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function errorDetails(text: string): ApiErrorDetail[] {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (!Array.isArray(body.detail)) return [];
    return body.detail
      .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
      .map((d) => ({
        type: typeof d.type === 'string' ? d.type : 'error',
        msg: typeof d.msg === 'string' ? d.msg : '',
        ...(Array.isArray(d.loc) ? { loc: d.loc as (string | number)[] } : {}),
      }));
  } catch {
    return [];
  }
}

function retryAfter(value: string | null): number | null {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) ? seconds : null;
}

/** POSTs `form` to `path` (under /api/v1) and resolves with the JSON answer. */
export function uploadForm<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLocaleTag());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      reportNetworkSuccess();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const answer = JSON.parse(text) as T;
          onProgress?.(100);
          resolve(answer);
        } catch {
          reject(
            new ApiError({
              reason: 'server',
              status: xhr.status,
              message: 'Invalid JSON in response',
            }),
          );
        }
        return;
      }
      const details = errorDetails(text);
      reject(
        new ApiError({
          reason: reasonForStatus(xhr.status),
          status: xhr.status,
          message: details[0]?.msg || xhr.statusText || `HTTP ${xhr.status}`,
          details,
          retryAfter: retryAfter(xhr.getResponseHeader('Retry-After')),
        }),
      );
    };
    xhr.onerror = () => {
      // No answer at all: the same "offline" signal a failed fetch gives.
      reportNetworkFailure();
      reject(new ApiError({ reason: 'network', status: null, message: 'Network error' }));
    };
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
