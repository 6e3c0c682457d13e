// The chat's control bar (spec §2): history, pause/resume, the main button, clear, replay. Every control
// is a labelled button of 44 px or more; the main button says what it will do, in words.
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { mainActionFor, type ChatMachine, type MainAction } from '../chat-state';
import {
  ClearIcon,
  HistoryIcon,
  InterruptIcon,
  MicrophoneIcon,
  PauseIcon,
  ReplayIcon,
  ResumeIcon,
  SendIcon,
  StopIcon,
} from './icons';

const MAIN_ICONS: Record<MainAction, ComponentType<SVGProps<SVGSVGElement>>> = {
  start: MicrophoneIcon,
  stop: StopIcon,
  send: SendIcon,
  interrupt: InterruptIcon,
};

// Each state's button has its own colour too; the words and the help text say the same.
const MAIN_COLOURS: Record<MainAction, string> = {
  start: 'bg-brand border-brand hover:bg-brand-strong',
  stop: 'bg-success border-success hover:bg-[#154a28]',
  send: 'bg-info border-info hover:bg-[#133552]',
  interrupt: 'bg-danger border-danger hover:bg-[#7f1c12]',
};

interface ControlBarProps {
  machine: ChatMachine;
  /** Whether the main button may be pressed (an answer is being composed, nothing is on its way). */
  mainEnabled: boolean;
  canPause: boolean;
  canClear: boolean;
  canReplay: boolean;
  helpId: string;
  onHistory: () => void;
  onTogglePause: () => void;
  onMain: () => void;
  onClear: () => void;
  onReplay: () => void;
}

function SideButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex min-h-target min-w-target flex-col items-center justify-center gap-1 rounded-xl border-2 border-brand bg-surface px-2 py-2 text-base font-semibold text-brand hover:bg-brand-soft disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted disabled:hover:bg-surface"
    >
      {children}
    </button>
  );
}

export function ControlBar({
  machine,
  mainEnabled,
  canPause,
  canClear,
  canReplay,
  helpId,
  onHistory,
  onTogglePause,
  onMain,
  onClear,
  onReplay,
}: ControlBarProps) {
  const { t } = useTranslation('interview');
  const action = mainActionFor[machine.state];
  const MainIcon = MAIN_ICONS[action];
  const paused = machine.state === 'user-talking' && machine.paused;
  return (
    // Container queries in rem: with large text the bar folds into two columns, then one.
    <div className="@container">
      <div
        role="group"
        aria-label={t('controls.label')}
        className="grid grid-cols-1 items-stretch gap-3 @2xs:grid-cols-2 @2xl:flex @2xl:flex-wrap @2xl:items-center @2xl:justify-center"
      >
        <SideButton onClick={onHistory}>
          <HistoryIcon />
          {t('controls.history')}
        </SideButton>
        <SideButton onClick={onTogglePause} disabled={!canPause}>
          {paused ? <ResumeIcon /> : <PauseIcon />}
          {paused ? t('controls.resume') : t('controls.pause')}
        </SideButton>
        <button
          type="button"
          onClick={onMain}
          disabled={!mainEnabled}
          aria-busy={machine.sending || undefined}
          aria-describedby={helpId}
          data-action={action}
          className={`inline-flex min-h-20 flex-col items-center justify-center gap-1 rounded-full border-4 px-4 py-3 text-xl font-bold text-white disabled:cursor-not-allowed disabled:opacity-60 @2xs:col-span-2 @2xs:flex-row @2xs:gap-3 @2xl:min-w-64 @2xl:px-8 @2xl:tracking-wide ${MAIN_COLOURS[action]}`}
        >
          {machine.sending ? <Spinner size="sm" /> : <MainIcon width="1.75em" height="1.75em" />}
          {t(`states.${machine.state}.button`)}
        </button>
        <SideButton onClick={onClear} disabled={!canClear}>
          <ClearIcon />
          {t('controls.clear')}
        </SideButton>
        <SideButton onClick={onReplay} disabled={!canReplay}>
          <ReplayIcon />
          {t('controls.replay')}
        </SideButton>
      </div>
    </div>
  );
}
