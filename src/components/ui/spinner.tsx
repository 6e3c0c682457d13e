// A loading spinner; with a label it is announced, without one it is decorative.
interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}

const sizes = { sm: 'size-5 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' };

export function Spinner({ size = 'md', label }: SpinnerProps) {
  return (
    <span className="inline-flex items-center gap-3" role={label ? 'status' : undefined}>
      <span
        aria-hidden="true"
        className={`${sizes[size]} inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-none`}
      />
      {label && <span>{label}</span>}
    </span>
  );
}
