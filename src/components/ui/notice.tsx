// A panel for a status or a problem on the page (not a toast): icon + title + text, never colour alone.
import type { ReactNode } from 'react';
import { CheckIcon, CrossCircleIcon, InfoIcon, WarningIcon } from './icons';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<NoticeTone, { box: string; Icon: typeof InfoIcon }> = {
  info: { box: 'border-info bg-info-soft text-ink', Icon: InfoIcon },
  success: { box: 'border-success bg-success-soft text-ink', Icon: CheckIcon },
  warning: { box: 'border-warning-line bg-warning-soft text-warning-ink', Icon: WarningIcon },
  error: { box: 'border-danger bg-danger-soft text-ink', Icon: CrossCircleIcon },
};

interface NoticeProps {
  tone: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** 'alert' interrupts the screen reader; use it for errors that block the task. */
  role?: 'status' | 'alert';
  id?: string;
}

export function Notice({ tone, title, children, role, id }: NoticeProps) {
  const { box, Icon } = tones[tone];
  return (
    <div id={id} role={role} className={`flex gap-3 rounded-lg border-2 p-4 ${box}`}>
      <Icon className="mt-0.5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
