export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`motion-safe:animate-pulse rounded-md bg-sunken ${className}`} />;
}

/** Announces loading once to assistive technology while skeletons show visually. */
export function LoadingStatus({ label = "Loading…" }: { label?: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
  );
}

/** Stable keys for a row of placeholders. */
export function placeholderKeys(count: number, prefix = "placeholder"): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
}
