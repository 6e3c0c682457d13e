// What the server's own HTML pages share: escaping text into HTML, and the headers of the public pages
// behind a token (a shared chapter, a book's listening page).
import type { FastifyInstance } from 'fastify';

/** Text made safe inside HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A public page behind a token: never indexed, never kept by a cache (revoking takes effect at once), and
 * the token never sent on as a referrer.
 */
export function publicPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });
}
