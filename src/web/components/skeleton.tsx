// Grey placeholder blocks shown while data loads, so the layout does not jump when it arrives.
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-lg bg-white/10 motion-reduce:animate-none ${className}`}
    />
  );
}
