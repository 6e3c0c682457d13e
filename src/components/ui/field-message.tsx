// The error line under a field. The live region exists before the error does, so it is announced.
import type { ReactNode } from 'react';
import { CrossCircleIcon } from './icons';

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {children ? (
        <p className="mt-1 flex items-start gap-2 font-semibold text-danger">
          <CrossCircleIcon className="mt-0.5 shrink-0" width="1.25em" height="1.25em" />
          <span>{children}</span>
        </p>
      ) : null}
    </div>
  );
}
