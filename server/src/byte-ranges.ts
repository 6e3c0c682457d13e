// Byte ranges (RFC 9110 § 14): a browser plays sound by asking for parts of the file (`Range: bytes=0-`),
// and Safari plays nothing from a server that ignores them. One range is served (206); a malformed or
// multiple-range header gets the whole file (200), as the RFC allows; a range past the end gets 416.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The part of a `size`-byte file a `Range` header asks for, 'unsatisfiable', or null for the whole file. */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sends bytes whole or in the one range asked for, saying that ranges are accepted. */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer,
  contentType: string,
) {
  reply.header('Accept-Ranges', 'bytes').header('Content-Type', contentType);
  const range = requestedRange(request.headers.range, bytes.length);
  if (range === 'unsatisfiable')
    return reply.code(416).header('Content-Range', `bytes */${bytes.length}`).send();
  if (!range) return reply.header('Content-Length', bytes.length).send(bytes);
  const part = bytes.subarray(range.start, range.end + 1);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${bytes.length}`)
    .header('Content-Length', part.length)
    .send(part);
}
