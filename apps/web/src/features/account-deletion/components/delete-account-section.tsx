import { ACCOUNT_DELETION_VALIDITY_HOURS } from "@quire/core/constants";
import { Trash2 } from "lucide-react";
import { FormAlert } from "../../../components/form-alert";
import { SettingsCard } from "../../../components/settings-card";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/errors";
import { useRequestAccountDeletion } from "../queries";

/** What an account deletion removes (the server's AccountDeletionRepository.deleteUser does exactly this). */
const REMOVED = [
  "Your profile, your password and any Google or Apple sign-in",
  "Your shelves and reading progress",
  "The books you starred, who you follow and who follows you",
  "Your profile picture and cover image",
  "Book launch notifications you asked for",
];

/**
 * For the account settings page: explains what deleting the account removes and sends the emailed
 * confirmation link (SPEC §4: a request valid 24 hours, confirmed with a captcha).
 */
export function DeleteAccountSection() {
  const request = useRequestAccountDeletion();
  return (
    <SettingsCard
      id="delete"
      title="Delete account"
      description={
        <>
          Deleting your account can't be undone. We'll email you a link to confirm; it works for{" "}
          {ACCOUNT_DELETION_VALIDITY_HOURS} hours.
        </>
      }
    >
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-medium text-ink">This removes, for good:</p>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-ink-muted">
          {REMOVED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div role="status" className="empty:-mt-5">
        {request.isSuccess ? (
          <FormAlert tone="success" live={false} testId="deletion-link-sent">
            We emailed a link to <strong className="break-all">{request.data.email}</strong>. Open it within{" "}
            {ACCOUNT_DELETION_VALIDITY_HOURS} hours to delete your account.
          </FormAlert>
        ) : null}
      </div>
      {request.isError ? <FormAlert>{errorMessage(request.error)}</FormAlert> : null}
      {request.isSuccess ? null : (
        <SubmitButton
          type="button"
          variant="secondary"
          pending={request.isPending}
          pendingLabel="Sending the link…"
          onClick={() => request.mutate()}
          className="self-start border-danger/40 text-danger-ink hover:bg-danger-soft"
          testId="delete-account"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my account
        </SubmitButton>
      )}
    </SettingsCard>
  );
}
