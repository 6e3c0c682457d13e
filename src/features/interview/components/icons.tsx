// Icons of the chat's controls. Decorative (aria-hidden): each button carries its name in words.
import { Svg, type IconProps } from '../../../components/ui/icons';

export function MicrophoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </Svg>
  );
}

export function StopIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </Svg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12 20 4l-5 16-3.5-6.5z" />
      <path d="M11.5 13.5 20 4" />
    </Svg>
  );
}

export function InterruptIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 10v4h3l4 4V6L8 10z" />
      <path d="m16 9.5 5 5M21 9.5l-5 5" />
    </Svg>
  );
}

export function HistoryIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 5h11a3 3 0 0 1 3 3v5a3 3 0 0 1-3 3H9l-5 4z" />
      <path d="M8 9h6M8 12h4" />
    </Svg>
  );
}

export function PauseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 6v12M15 6v12" />
    </Svg>
  );
}

export function ResumeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8 5.5v13l10-6.5z" />
    </Svg>
  );
}

export function ClearIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13" />
    </Svg>
  );
}

export function ReplayIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12a8 8 0 1 0 2.4-5.7" />
      <path d="M4 4v4.5h4.5" />
      <path d="m10.5 9 4 3-4 3z" />
    </Svg>
  );
}

export function EndIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10 5H5.5A1.5 1.5 0 0 0 4 6.5v11A1.5 1.5 0 0 0 5.5 19H10" />
      <path d="M14 8l-4 4 4 4M10 12h10" />
    </Svg>
  );
}
