// Audio elements ask for byte ranges (`Range: bytes=0-`, then further on when the person moves the
// playhead). A recording kept whole in the cache answers them with the part asked for (206), as the
// server does: Safari plays nothing from a 200 answered to a range request, others cannot move in it.
// Workbox's own range handling cuts the part; kept free of worker globals so tests/sw can run it.
import { createPartialResponse } from 'workbox-range-requests';

/**
 * The part of `full` (a whole 200 answer, cached or just fetched) that `request` asks for (206, or 416
 * when it cannot be met); `full` itself when no range is asked or the answer is not whole.
 */
export function partialResponse(request: Request, full: Response): Promise<Response> | Response {
  return full.status === 200 && request.headers.has('range')
    ? createPartialResponse(request, full)
    : full;
}
