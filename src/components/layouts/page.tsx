// The top of a page: its one h1 and an optional lead paragraph.
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 space-y-2">
      <h1 className="text-3xl sm:text-4xl">{title}</h1>
      {lead && <p className="max-w-prose text-lg text-ink-muted">{lead}</p>}
      {children}
    </div>
  );
}
