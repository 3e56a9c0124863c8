import { type ReactNode, useEffect, useRef } from "react";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";

export interface AuthCardProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Links under the card ("New to Quire? Create an account"). */
  footer?: ReactNode;
  /**
   * Move focus to the heading when the card appears — for a new state of the same screen ("Check
   * your inbox"), so keyboard and screen-reader users start reading there.
   */
  focusHeading?: boolean;
  testId?: string;
}

/** The centred card every sign-in, sign-up and recovery screen sits in. */
export function AuthCard({ icon, title, description, children, footer, focusHeading = false, testId }: AuthCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    // A new state reads like a new page: from the top, not from where the last form was scrolled to.
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [focusHeading]);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-12 md:py-16" data-testid={testId}>
      <div className="rounded-3xl border border-line bg-surface p-5 shadow-card xs:p-7 sm:p-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">
            {icon}
          </span>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-balance font-semibold font-serif text-2xl text-ink tracking-tight outline-none sm:text-[1.75rem]"
          >
            {title}
          </h1>
          {description ? (
            <div className="text-pretty text-ink-muted text-[0.95rem] leading-relaxed">{description}</div>
          ) : null}
        </div>
        {children ? <div className="mt-6 flex flex-col gap-5">{children}</div> : null}
      </div>
      {footer ? (
        <div className="mt-6 flex flex-col items-center gap-2 text-center text-ink-muted text-sm">{footer}</div>
      ) : null}
    </div>
  );
}

/** An inline text link in the auth screens' style. */
export const AUTH_LINK = "font-medium text-accent underline-offset-4 hover:underline";

/** The card's shape while a link from an email is being checked. */
export function AuthCardSkeleton({ label }: { label: string }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-12 md:py-16">
      <LoadingStatus label={label} />
      <div
        aria-hidden="true"
        className="flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface p-8 shadow-card"
      >
        <Skeleton className="size-12 rounded-full" />
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
        <p className="mt-2 text-ink-muted text-sm">{label}</p>
      </div>
    </div>
  );
}
