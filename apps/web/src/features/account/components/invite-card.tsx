import { Check, Copy } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "../../../components/button";
import { SettingsCard } from "../../../components/settings-card";
import { TextField } from "../../../components/text-field";
import { siteUrl } from "../../../lib/native/config";

/** A user's invite link: a sign-up arriving through it counts for them (the server keeps `ref` in a cookie). */
export const inviteLinkFor = (username: string) => siteUrl(`/?ref=${encodeURIComponent(username)}`);

export const friendsJoinedText = (count: number) =>
  count === 0 ? "No friends have joined yet." : `${count} ${count === 1 ? "friend" : "friends"} joined`;

/** Settings → Invite friends: the link, a Copy button and how many people joined through it. */
export function InviteCard({ username, nReferredUsers }: { username: string; nReferredUsers: number }) {
  const link = inviteLinkFor(username);
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<"copied" | "failed" | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus("copied");
    } catch {
      // Without the Clipboard API (an insecure context, a refused permission) the selected text can still be copied.
      input.current?.select();
      setStatus(document.execCommand?.("copy") ? "copied" : "failed");
    }
  };

  return (
    <SettingsCard
      id="invite"
      title="Invite friends"
      description="Share your link: friends who sign up through it are counted here."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          ref={input}
          label="Your invite link"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
          data-testid="invite-link"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {status === "copied" ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {status === "copied" ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="invite-copy-status">
        {status === "copied" ? "Copied" : status === "failed" ? "Copying failed: select the link and copy it." : ""}
      </p>
      <p className="font-medium text-ink" data-testid="invite-count">
        {friendsJoinedText(nReferredUsers)}
      </p>
    </SettingsCard>
  );
}
