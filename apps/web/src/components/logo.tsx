export function LogoMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" className="fill-accent" />
      <path d="M18 16h20a8 8 0 0 1 8 8v24H26a8 8 0 0 1-8-8z" className="fill-accent-ink" />
      <path d="M24 24h16M24 31h16M24 38h10" strokeWidth="3" strokeLinecap="round" className="stroke-accent" />
    </svg>
  );
}
