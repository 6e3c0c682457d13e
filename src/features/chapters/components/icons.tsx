// Icons of the chapter list (decorative: the control around each one carries its name).
import { Svg, type IconProps } from '../../../components/ui/icons';

export function OpenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Svg>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 5h16v11H9l-5 4z" />
    </Svg>
  );
}

export function PagesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 3h9l4 4v14H7z" />
      <path d="M16 3v4h4M10 12h7M10 16h7" />
      <path d="M4 6v15h12" />
    </Svg>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}
