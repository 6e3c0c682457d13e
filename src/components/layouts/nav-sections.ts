// The main sections of the signed-in app and which one a path belongs to (for "current" styling).

export type NavSection = 'chapters' | 'books' | 'family' | 'contact';

export const navSections: { section: NavSection; to: string }[] = [
  { section: 'chapters', to: '/' },
  { section: 'books', to: '/books' },
  { section: 'family', to: '/family' },
  { section: 'contact', to: '/support' },
];

export function sectionOf(pathname: string): NavSection | null {
  if (
    pathname === '/books' ||
    pathname.startsWith('/book/') ||
    pathname.startsWith('/conversations/book/')
  )
    return 'books';
  if (pathname === '/' || pathname.startsWith('/conversations/')) return 'chapters';
  if (pathname === '/family') return 'family';
  if (pathname === '/support') return 'contact';
  return null;
}

/** aria-current for a section link: 'page' on the section's own page, 'true' anywhere inside it. */
export function ariaCurrentFor(
  pathname: string,
  link: { section: NavSection; to: string },
): 'page' | 'true' | undefined {
  if (pathname === link.to) return 'page';
  return sectionOf(pathname) === link.section ? 'true' : undefined;
}
