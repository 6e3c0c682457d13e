// The voice kept (issue 20) — « Réécouter »: a plain player for one recorded answer, made for an old
// tablet and an unsteady hand: one large button (Écouter / Pause, 56 px, keyboard, its name saying which
// answer), the time heard and the length written out, a bar showing how far it is, and « Depuis le début »
// once started. No slider to aim at. One answer plays at a time. The sound is loaded only when asked for
// (an old tablet, a slow line); once heard it is kept on the device by the service worker.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Svg } from '../../../components/ui/icons';
import { buttonClasses } from '../../../components/ui/button';
import { useConnectivity } from '../../../offline/connectivity';
import type { MessageRecordingWire } from '../api/recorded-answers';

/** 65.4 s → « 1:05 ». */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Pausing the others when one starts: one voice at a time. */
const PLAYER_ATTRIBUTE = 'data-answer-player';

function PlayIcon() {
  return (
    <Svg fill="currentColor" stroke="none">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.5-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </Svg>
  );
}

function PauseIcon() {
  return (
    <Svg fill="currentColor" stroke="none">
      <rect x="6" y="5" width="4.5" height="14" rx="1" />
      <rect x="13.5" y="5" width="4.5" height="14" rx="1" />
    </Svg>
  );
}

interface AnswerPlayerProps {
  recording: MessageRecordingWire;
  /** What the answer answers, for the button's name (« Écouter la réponse à : … »). */
  question: string | null;
}

export function AnswerPlayer({ recording, question }: AnswerPlayerProps) {
  const { t } = useTranslation('conversation');
  const { online } = useConnectivity();
  const audioRef = useRef<HTMLAudioElement>(null);
  const timeId = useId();
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState<number | null>(
    recording.duration_ms ? recording.duration_ms / 1000 : null,
  );
  const [failed, setFailed] = useState(false);

  // A new link for the same answer (re-signed) or another answer: start again from nothing.
  useEffect(() => {
    setFailed(false);
    setCurrent(0);
    setPlaying(false);
  }, [recording.url]);

  async function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    setFailed(false);
    document.querySelectorAll<HTMLAudioElement>(`audio[${PLAYER_ATTRIBUTE}]`).forEach((other) => {
      if (other !== audio && !other.paused) other.pause();
    });
    try {
      await audio.play();
    } catch (error) {
      console.error('Playing a recording failed', error);
      setPlaying(false);
      setFailed(true);
    }
  }

  function restart() {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    setCurrent(0);
    if (audio.paused) void toggle();
  }

  // Each button named after its answer (the visible word first, as it is said).
  const names = question
    ? {
        play: t('heard.playNamed', { question }),
        pause: t('heard.pauseNamed', { question }),
        restart: t('heard.restartNamed', { question }),
      }
    : {
        play: t('heard.playPlain'),
        pause: t('heard.pausePlain'),
        restart: t('heard.restartPlain'),
      };
  const total = duration !== null && Number.isFinite(duration) ? duration : null;
  const shown = Math.min(current, total ?? current);

  return (
    <div className="space-y-3">
      <audio
        ref={audioRef}
        {...{ [PLAYER_ATTRIBUTE]: '' }}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setCurrent(0);
          if (audioRef.current) audioRef.current.currentTime = 0;
        }}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          if (Number.isFinite(length) && length > 0) setDuration(length);
        }}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      >
        <source src={recording.url} type={recording.mime_type} />
      </audio>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          onClick={() => void toggle()}
          aria-label={playing ? names.pause : names.play}
          aria-describedby={timeId}
          className={buttonClasses('primary', 'min-h-14 min-w-40 text-lg')}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? t('heard.pause') : t('heard.play')}
        </button>
        <p id={timeId} className="text-lg tabular-nums">
          {total !== null
            ? t('heard.time', { current: clock(shown), total: clock(total) })
            : t('heard.timeOnly', { current: clock(shown) })}
        </p>
        {(current > 0 || playing) && (
          <button
            type="button"
            onClick={restart}
            aria-label={names.restart}
            className={buttonClasses('secondary')}
          >
            {t('heard.restart')}
          </button>
        )}
      </div>
      {total !== null && (
        <div
          className="h-3 w-full max-w-md overflow-hidden rounded-full bg-line"
          aria-hidden="true"
        >
          <div
            className="h-full bg-brand"
            style={{ width: `${Math.min(100, (shown / total) * 100)}%` }}
          />
        </div>
      )}
      {failed && (
        <p role="alert" className="text-lg text-danger">
          {online ? t('heard.failed') : t('heard.offline')}
        </p>
      )}
    </div>
  );
}
