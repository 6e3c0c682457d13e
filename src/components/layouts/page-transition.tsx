// A short fade-in when the page changes (skipped when the person asked for reduced motion).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="motion-safe:animate-page-in">
      {children}
    </div>
  );
}
