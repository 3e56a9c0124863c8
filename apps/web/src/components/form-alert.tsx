import { AlertTriangle, CheckCircle2, Info } from "lucide-react";
import type { ReactNode } from "react";

export type FormAlertTone = "error" | "success" | "info";

const TONES: Record<FormAlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: "border-danger/35 bg-danger-soft text-danger-ink", Icon: AlertTriangle },
  success: { box: "border-sage-ink/25 bg-sage-soft text-sage-ink", Icon: CheckCircle2 },
  info: { box: "border-sky-ink/25 bg-sky-soft text-sky-ink", Icon: Info },
};

export interface FormAlertProps {
  tone?: FormAlertTone;
  children: ReactNode;
  /** Controls under the message (a resend button); outside the live region so they are not re-announced. */
  action?: ReactNode;
  testId?: string;
  /**
   * Give the message its own live role (default). Pass false when the alert sits inside a live
   * region that is always on the page — a status region must exist before its text changes for
   * every screen reader to announce it.
   */
  live?: boolean;
}

/** A message about a whole form: errors are alerts, confirmations are polite status messages. */
export function FormAlert({ tone = "error", children, action, testId = "form-alert", live = true }: FormAlertProps) {
  const { box, Icon } = TONES[tone];
  return (
    <div className={`flex gap-3 rounded-xl border p-3.5 text-sm ${box}`} data-testid={testId}>
      <Icon aria-hidden="true" className="mt-0.5 size-[1.1rem] shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div role={live ? (tone === "error" ? "alert" : "status") : undefined} className="leading-relaxed">
          {children}
        </div>
        {action}
      </div>
    </div>
  );
}
