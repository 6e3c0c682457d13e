// The frame of the account screens: one centred card with the page's h1.
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-xl">
      <div className="rounded-2xl border-2 border-line bg-surface px-4 py-5 shadow-sm sm:p-8">
        <h1 className="mb-2 text-3xl">{title}</h1>
        {lead && <p className="mb-6 text-ink-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
