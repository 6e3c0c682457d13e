// Audio elements ask for byte ranges (`Range: bytes=0-`, then further on when the person moves the
// playhead). A recording kept whole in the cache answers them with the part asked for (206), as the
// server would: Safari plays nothing from a 200 answered to a range request, others cannot move in it.
// Kept free of worker globals so tests/sw can run it directly.

function unsatisfiable(size: number): Response {
  return new Response(null, {
    status: 416,
    statusText: 'Range Not Satisfiable',
    headers: { 'Content-Range': `bytes */${size}` },
  });
}

/**
 * The part of `full` (a whole, cached 200 answer) that `range` asks for; `full` itself when there is no
 * range to answer (no header, or an answer that is not whole). One range only, as media elements ask.
 */
export async function partialResponse(range: string | null, full: Response): Promise<Response> {
  if (!range || full.status !== 200) return full;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const blob = await full.blob();
  const size = blob.size;
  if (!match || (match[1] === '' && match[2] === '')) return unsatisfiable(size);
  let start: number;
  let end: number;
  if (match[1] === '') {
    // « bytes=-500 »: the last 500 bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return unsatisfiable(size);
  const headers = new Headers(full.headers);
  headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  headers.set('Content-Length', String(end - start + 1));
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    statusText: 'Partial Content',
    headers,
  });
}
