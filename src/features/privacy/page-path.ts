// What a page_view says about where the person is: the route's shape, never what identifies a chapter,
// a book or a link token (no query string, no fragment, ids replaced by :id).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PATH_LENGTH = 200;

/** A segment that names one thing rather than a page: a uuid, a number, a long token with digits. */
function looksLikeId(segment: string): boolean {
  return (
    UUID.test(segment) ||
    /^\d+$/.test(segment) ||
    (segment.length >= 16 && /\d/.test(segment)) ||
    segment.length > 40
  );
}

export function normalisePath(input: string): string {
  const path = input.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  const shaped: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const first = segments[0];
    // Spec §2 routes whose second segment is always an id (/conversations/book/create is a page).
    if (
      index === 1 &&
      ((first === 'conversations' && segment !== 'book') || first === 'book' || first === 's')
    ) {
      shaped.push(':id');
    } else if (first === 'email-validation' && index >= 1) {
      // Whatever follows is the validation token.
      if (index === 1) shaped.push(':token');
    } else {
      shaped.push(looksLikeId(segment) ? ':id' : segment);
    }
  }
  return `/${shaped.join('/')}`.slice(0, MAX_PATH_LENGTH);
}
